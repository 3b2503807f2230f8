import type { MigrationDb } from '../migration-kit';

/**
 * Comment moderation: each comment is `pending`, `approved` or `spam`. Comments written
 * before moderation existed were already shown, so they stay approved. The index answers the
 * moderation queue (the pending count in the sidebar and the list filtered by status). The
 * `comments_need_approval` setting starts on, so the settings screen shows its value.
 */
export const up = async (db: MigrationDb) => {
  await db.schema
    .alterTable('comments')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('approved'))
    .execute();
  await db.schema.createIndex('comments_status').on('comments').columns(['status', 'id']).execute();
  const exists = await db
    .selectFrom('settings')
    .select('id')
    .where('key', '=', 'comments_need_approval')
    .executeTakeFirst();
  if (!exists) {
    const stamp = new Date().toISOString();
    await db
      .insertInto('settings')
      .values({
        key: 'comments_need_approval',
        title: null,
        value: 'true',
        created_at: stamp,
        updated_at: stamp,
      })
      .execute();
  }
};
