import { sql } from 'kysely';
import { SUPER_ADMIN_ROLE } from '@backoffice/shared/permissions';
import { buildApp } from '../app';
import { createFirstAdmin, prepareDatabase } from '../bootstrap';
import type { Config } from '../config';
import { createTokenSigner } from '../core/auth/tokens';
import type { DatabaseHandle } from '../db/connection';
import { revokeSessions, startSession } from '../modules/auth/sessions';
import { createDemoClient } from './demo-client';
import { buildDemoShop, type DemoSize } from './demo-shop';

export class DemoRefused extends Error {}

/** A shop already started has types, posts, orders or more than its first administrator. */
const holdsData = async ({ db }: DatabaseHandle) => {
  const count = async (table: 'post_types' | 'posts' | 'orders' | 'users') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select(sql<number>`count(*)`.as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return (
    (await count('post_types')) > 0 ||
    (await count('posts')) > 0 ||
    (await count('orders')) > 0 ||
    (await count('users')) > 1
  );
};

const firstAdministrator = ({ db }: DatabaseHandle) =>
  db
    .selectFrom('users')
    .innerJoin('user_roles', 'user_roles.user_id', 'users.id')
    .innerJoin('roles', 'roles.id', 'user_roles.role_id')
    .where('roles.name', '=', SUPER_ADMIN_ROLE)
    .select(['users.id', 'users.email', 'users.must_change_password'])
    .orderBy('users.id')
    .executeTakeFirstOrThrow();

/** The sale runs since last month (a new discount may only start in the future). */
const startSaleLastMonth = async ({ db }: DatabaseHandle, saleId: number) => {
  await db
    .updateTable('discounts')
    .set({ start_at: new Date(Date.now() - 30 * 86_400_000).toISOString() })
    .where('id', '=', saleId)
    .execute();
};

/**
 * Fills an empty database with the demo shop, as the first administrator (created here when
 * there is none). Refuses a database that holds a shop already: nothing is written then.
 */
export const runDemo = async (
  config: Config,
  database: DatabaseHandle,
  size: DemoSize,
  say: (line: string) => void,
) => {
  await prepareDatabase(database);
  // A demo that stops half-way is thrown away and made again: it need not wait for the disk
  // after every write, which made it several times slower.
  if (database.engine === 'sqlite') await sql`pragma synchronous = OFF`.execute(database.db);
  if (await holdsData(database))
    throw new DemoRefused(
      'This database already holds data: the demo fills only an empty one (set DATA_DIR or DATABASE_URL to a new one).',
    );
  const admin = await createFirstAdmin(database, config);
  const user = await firstAdministrator(database);
  // The generated password must still be changed at the first sign-in; the demo itself signs in
  // with a session of its own, ended when it is done.
  await database.db
    .updateTable('users')
    .set({ must_change_password: false })
    .where('id', '=', user.id)
    .execute();
  const signer = createTokenSigner(config.appSecret);
  const tokens = await startSession(database.db, signer, user.id, {
    ip: null,
    userAgent: 'npm run demo',
  });
  const sessionId = (
    await database.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', user.id)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow()
  ).id;
  // The app's clock, moved back to the moment of each step of the shop's year (the opening
  // stock, each order): every time, code and day the services write is that moment's.
  let travelledTo: Date | undefined;
  const app = await buildApp({
    config,
    database,
    logger: false,
    clock: { now: () => travelledTo ?? new Date() },
  });
  // the staff the demo signed in as: their sessions end with the administrator's
  const staffSessions: number[] = [];
  try {
    await app.ready();
    const client = createDemoClient(app, () => tokens.access_token);
    // A staff member's password was set by the owner, so it must be changed at their first
    // sign-in; the demo's own session of theirs is let through meanwhile, as the owner's is.
    const actAs = async (userId: number) => {
      await database.db
        .updateTable('users')
        .set({ must_change_password: false })
        .where('id', '=', userId)
        .execute();
      staffSessions.push(userId);
      const session = await startSession(database.db, signer, userId, {
        ip: null,
        userAgent: 'npm run demo',
      });
      return createDemoClient(app, () => session.access_token);
    };
    const { sale } = await buildDemoShop(client, size, say, actAs, (at) => {
      travelledTo = at;
    });
    await startSaleLastMonth(database, sale.id);
  } finally {
    await app.close();
    await database.db
      .updateTable('users')
      .set({ must_change_password: Boolean(user.must_change_password) })
      .where('id', '=', user.id)
      .execute();
    await revokeSessions(database.db, { sessionId });
    for (const userId of staffSessions) {
      await revokeSessions(database.db, { userId });
      await database.db
        .updateTable('users')
        .set({ must_change_password: true })
        .where('id', '=', userId)
        .execute();
    }
  }
  return { email: user.email, generatedPassword: admin.generatedPassword, created: admin.created };
};
