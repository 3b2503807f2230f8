import { sql } from 'kysely';
import {
  addRowCount,
  addSearchIndex,
  withId,
  withTimestamps,
  type MigrationDb,
} from '../migration-kit';

// The product options a fresh site starts with (contract defaults), so screens and codes read them at once.
const PRODUCT_DEFAULTS: Record<string, string> = {
  product_code_syntax: 'SP{N:6}',
  order_code_syntax: 'DH{YY}{MM}{DD}',
  order_code_syntax_footer: '{N:4}',
  money_unit: 'đ',
};

export const up = async (db: MigrationDb) => {
  await withTimestamps(
    db,
    withId(db, db.schema.createTable('feedback'))
      .addColumn('type', 'text')
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('phone', 'text')
      .addColumn('email', 'text')
      .addColumn('address', 'text')
      .addColumn('content', 'text')
      .addColumn('status', 'text', (c) =>
        c
          .notNull()
          .defaultTo('none')
          .check(sql`status in ('none', 'done')`),
      )
      .addColumn('search_text', 'text', (c) => c.notNull().defaultTo('')),
  ).execute();
  for (const column of ['created_at', 'name', 'status', 'type'])
    await db.schema
      .createIndex(`feedback_${column}`)
      .on('feedback')
      .columns([column, 'id'])
      .execute();
  await addRowCount(db, 'feedback', { by: ['status'] });
  await addSearchIndex(db, 'feedback');

  const stamp = new Date().toISOString();
  for (const [key, value] of Object.entries(PRODUCT_DEFAULTS)) {
    const exists = await db
      .selectFrom('settings')
      .select('id')
      .where('key', '=', key)
      .executeTakeFirst();
    if (!exists)
      await db
        .insertInto('settings')
        .values({ key, title: null, value, created_at: stamp, updated_at: stamp })
        .execute();
  }
};
