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
    .select(['users.id', 'users.email'])
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
  const signer = createTokenSigner(config.appSecret);
  // Whoever the demo works as (the administrator, then each of the staff) signs in with a
  // session of its own, ended when it is done. A password someone else set (the generated one,
  // the staff's) must still be changed at the first sign-in: the flag is lifted for the demo's
  // session and put back as it was.
  const signedIn: Array<{ userId: number; sessionId: string; mustChange: boolean }> = [];
  const signIn = async (userId: number) => {
    const { must_change_password } = await database.db
      .selectFrom('users')
      .select('must_change_password')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    await database.db
      .updateTable('users')
      .set({ must_change_password: false })
      .where('id', '=', userId)
      .execute();
    const tokens = await startSession(database.db, signer, userId, {
      ip: null,
      userAgent: 'npm run demo',
    });
    const { id } = await database.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    signedIn.push({ userId, sessionId: id, mustChange: Boolean(must_change_password) });
    return tokens.access_token;
  };
  // The app's clock, moved back to the moment of each step of the shop's year (the opening
  // stock, each order): every time, code and day the services write is that moment's.
  let travelledTo: Date | undefined;
  const app = await buildApp({
    config,
    database,
    logger: false,
    clock: { now: () => travelledTo ?? new Date() },
  });
  try {
    await app.ready();
    const actAs = async (userId: number) => {
      const token = await signIn(userId);
      return createDemoClient(app, () => token);
    };
    const { sale } = await buildDemoShop(await actAs(user.id), size, say, actAs, (at) => {
      travelledTo = at;
    });
    await startSaleLastMonth(database, sale.id);
  } finally {
    await app.close();
    for (const { userId, sessionId, mustChange } of signedIn) {
      await revokeSessions(database.db, { sessionId });
      await database.db
        .updateTable('users')
        .set({ must_change_password: mustChange })
        .where('id', '=', userId)
        .execute();
    }
  }
  return { email: user.email, generatedPassword: admin.generatedPassword, created: admin.created };
};
