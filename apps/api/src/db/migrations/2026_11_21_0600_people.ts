import { timestampType, withId, withTimestamps, type MigrationDb } from '../migration-kit';

/** People: agencies and their users, password reset links, the mail outbox. */
export const up = async (db: MigrationDb) => {
  const ts = timestampType(db);

  await withTimestamps(
    db,
    withId(db, db.schema.createTable('agencies'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('description', 'text')
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0)),
  ).execute();
  await db.schema.createIndex('agencies_sort').on('agencies').columns(['sort', 'id']).execute();

  await db.schema
    .createTable('agency_users')
    .addColumn('agency_id', 'integer', (c) =>
      c.notNull().references('agencies.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('agency_users_pk', ['agency_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('agency_users_user')
    .on('agency_users')
    .columns(['user_id'])
    .execute();

  await withId(db, db.schema.createTable('password_resets'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('expires_at', ts, (c) => c.notNull())
    .addColumn('used_at', ts)
    .execute();
  await db.schema
    .createIndex('password_resets_user')
    .on('password_resets')
    .columns(['user_id'])
    .execute();

  await withId(db, db.schema.createTable('mail_outbox'))
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('mail_outbox_created_at')
    .on('mail_outbox')
    .columns(['created_at', 'id'])
    .execute();
};
