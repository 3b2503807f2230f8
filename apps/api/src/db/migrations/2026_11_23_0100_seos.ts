import { sql } from 'kysely';
import {
  addRowCount,
  addSearchIndex,
  jsonType,
  withId,
  withTimestamps,
  type MigrationDb,
} from '../migration-kit';

export const up = async (db: MigrationDb) => {
  await withTimestamps(
    db,
    withId(db, db.schema.createTable('seos'))
      .addColumn('url', 'text', (c) => c.notNull().unique())
      .addColumn('type', 'text', (c) =>
        c.notNull().check(sql`type in ('website', 'article', 'profile', 'book')`),
      )
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('image', 'text', (c) => c.notNull())
      .addColumn('description', 'text')
      .addColumn('keywords', jsonType(db), (c) => c.notNull())
      .addColumn('search_text', 'text', (c) => c.notNull().defaultTo('')),
  ).execute();
  // Every sort the list offers finishes on an index.
  for (const column of ['created_at', 'title', 'url', 'type'])
    await db.schema.createIndex(`seos_${column}`).on('seos').columns([column, 'id']).execute();
  await addRowCount(db, 'seos', { by: ['type'] });
  await addSearchIndex(db, 'seos');
};
