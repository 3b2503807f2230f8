import { timestampType, type MigrationDb } from '../migration-kit';

/**
 * Sign-in limits count an attempt before the password is checked, in one counter row per
 * address and per email-and-address that a single statement increments (so parallel
 * attempts, on any number of instances, each see their own count). Captcha ids verify
 * themselves; only a spent one is remembered, until it expires.
 */
export const up = async (db: MigrationDb) => {
  const ts = timestampType(db);
  await db.schema
    .createTable('login_counters')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('window_start', ts, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('login_counters_window_start')
    .on('login_counters')
    .column('window_start')
    .execute();
  await db.schema
    .createTable('spent_captchas')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('expires_at', ts, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('spent_captchas_expires_at')
    .on('spent_captchas')
    .column('expires_at')
    .execute();
  await db.schema.dropTable('login_attempts').execute();
  await db.schema.dropTable('captchas').execute();
};
