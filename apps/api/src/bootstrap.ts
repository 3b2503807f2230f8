import { randomBytes } from 'node:crypto';
import { PERMISSIONS, SUPER_ADMIN_ROLE } from '@backoffice/shared/permissions';
import type { Config } from './config';
import { hashPassword } from './core/auth/passwords';
import { searchText } from './core/search';
import type { DatabaseHandle } from './db/connection';
import { migrate } from './db/migrate';
import { inTransaction } from './db/transaction';
import { now } from './db/types';

/**
 * Creates the first administrator when there is no user. A
 * generated password must be changed at the first sign-in; one given in
 * ADMIN_PASSWORD need not. Returns the generated password, to print once.
 */
export const createFirstAdmin = async (
  { db, engine }: DatabaseHandle,
  config: Pick<Config, 'adminEmail' | 'adminPassword'>,
): Promise<{ created: boolean; generatedPassword?: string }> => {
  const anyUser = (tx: typeof db) =>
    tx.selectFrom('users').select('id').limit(1).executeTakeFirst();
  // the hash is slow on purpose; a start with users does not need it
  if (await anyUser(db)) return { created: false };
  const generated = config.adminPassword ? undefined : randomBytes(12).toString('base64url');
  const password = config.adminPassword ?? generated!;
  const passwordHash = await hashPassword(password);
  return inTransaction(db, engine, async (tx) => {
    if (await anyUser(tx)) return { created: false }; // another start made one meanwhile
    const stamp = now();
    // in the shop's default language, until its owner gives their own name in the account
    const name = 'Quản trị viên';
    const user = await tx
      .insertInto('users')
      .values({
        name,
        email: config.adminEmail,
        password_hash: passwordHash,
        status: 'enable',
        must_change_password: generated !== undefined,
        password_changed_at: stamp,
        search_text: searchText(name, config.adminEmail),
        created_at: stamp,
        updated_at: stamp,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const role = await tx
      .selectFrom('roles')
      .select('id')
      .where('name', '=', SUPER_ADMIN_ROLE)
      .executeTakeFirstOrThrow();
    await tx.insertInto('user_roles').values({ user_id: user.id, role_id: role.id }).execute();
    return { created: true, generatedPassword: generated };
  });
};

/**
 * Brings every permission key the code declares into the database. Runs at every
 * start, so a database made by an older release gains the keys added since (a role
 * can be given them at once); keys are data, not the result of a migration.
 */
export const syncPermissionKeys = async ({ db }: Pick<DatabaseHandle, 'db'>) => {
  const stamp = now();
  await db
    .insertInto('permissions')
    .values(PERMISSIONS.map((key) => ({ key, created_at: stamp })))
    .onConflict((conflict) => conflict.column('key').doNothing())
    .execute();
};

/** What every start does to the database before serving: migrations, then the permission keys. */
export const prepareDatabase = async (database: DatabaseHandle) => {
  await migrate(database.db);
  await syncPermissionKeys(database);
};
