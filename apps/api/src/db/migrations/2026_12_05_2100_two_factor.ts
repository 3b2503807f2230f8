import { timestampType, withId, type MigrationDb } from '../migration-kit';

/**
 * Two-factor sign-in: a user's authenticator secret (sealed with a key made from the app
 * secret) and the last time step a code was accepted in, so each code works once; one-time
 * recovery codes, kept as hashes; and the roles whose holders must have it.
 */
export const up = async (db: MigrationDb) => {
  const ts = timestampType(db);
  await db.schema
    .createTable('two_factor_secrets')
    .addColumn('user_id', 'integer', (c) =>
      c.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('secret', 'text')
    .addColumn('pending_secret', 'text')
    .addColumn('enabled_at', ts)
    .addColumn('last_step', 'integer')
    .execute();
  await withId(db, db.schema.createTable('recovery_codes'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('used_at', ts)
    .execute();
  await db.schema
    .createIndex('recovery_codes_user_id')
    .on('recovery_codes')
    .columns(['user_id', 'code_hash'])
    .execute();
  await db.schema
    .alterTable('roles')
    .addColumn('require_2fa', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
};
