import { sql } from 'kysely';
import {
  addRowCount,
  addSearchIndex,
  jsonType,
  timestampType,
  withId,
  withTimestamps,
  type MigrationDb,
} from '../migration-kit';

export const up = async (db: MigrationDb) => {
  await withTimestamps(
    db,
    withId(db, db.schema.createTable('discounts'))
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('start_at', timestampType(db), (c) => c.notNull())
      .addColumn('end_at', timestampType(db), (c) => c.notNull())
      .addColumn('config', jsonType(db), (c) => c.notNull())
      .addColumn('status', 'text', (c) =>
        c
          .notNull()
          .defaultTo('enable')
          .check(sql`status in ('enable', 'disable')`),
      )
      .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
      .addCheckConstraint('discounts_end_after_start', sql`end_at > start_at`),
  ).execute();
  // Every sort the list offers finishes on an index; the phase filter reads start_at and end_at.
  for (const column of ['created_at', 'title', 'start_at', 'end_at', 'status'])
    await db.schema
      .createIndex(`discounts_${column}`)
      .on('discounts')
      .columns([column, 'id'])
      .execute();
  await addRowCount(db, 'discounts', { by: ['status'] });
  await addSearchIndex(db, 'discounts');
};
