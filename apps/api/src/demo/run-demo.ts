import { sql } from 'kysely';
import { shopDay } from '@backoffice/shared/code-syntax';
import { SUPER_ADMIN_ROLE } from '@backoffice/shared/permissions';
import { buildApp } from '../app';
import { createFirstAdmin, prepareDatabase } from '../bootstrap';
import type { Config } from '../config';
import { createTokenSigner } from '../core/auth/tokens';
import { searchText } from '../core/search';
import type { DatabaseHandle, Db } from '../db/connection';
import { revokeSessions, startSession } from '../modules/auth/sessions';
import { nextOrderCode } from '../modules/orders/order-codes';
import { nextSlipCode } from '../modules/warehouse-changes';
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

/** A slip moved to another time: its code, its day and the times of its units' movements. */
const moveSlip = async (db: Db, slip: Slip, at: Date, note = slip.note) => {
  const stamp = at.toISOString();
  const code = await nextSlipCode(db, slip.style, at);
  await db
    .updateTable('warehouse_changes')
    .set({
      code,
      note,
      date: shopDay(at),
      search_text: searchText(code, slip.number, note),
      created_at: stamp,
      updated_at: stamp,
    })
    .where('id', '=', slip.id)
    .execute();
  await db
    .updateTable('stock_movements')
    .set({ created_at: stamp })
    .where('change_id', '=', slip.id)
    .execute();
};

const slipsOf = (db: Db, orderId: number | null) =>
  db
    .selectFrom('warehouse_changes')
    .select(['id', 'style', 'number', 'note'])
    .where('order_id', orderId === null ? 'is' : '=', orderId)
    .orderBy('id')
    .execute();
type Slip = Awaited<ReturnType<typeof slipsOf>>[number];

/**
 * A shop's history: the orders were made just now, one after another; spread them over the last
 * year in the same order (the newest stays today), each with what its day gives it: its code
 * (`DH` and that day), its payment, its export slip (code, day, note) and the stock's movements.
 * The opening stock came in the day before the first order, and the sale runs since last month.
 */
const spreadOverTheYear = async ({ db }: DatabaseHandle, orderIds: number[], saleId: number) => {
  const day = 86_400_000;
  const end = Date.now();
  const opening = new Date(end - 366 * day);
  for (const slip of await slipsOf(db, null)) await moveSlip(db, slip, opening);
  await db.updateTable('stock_lots').set({ created_at: opening.toISOString() }).execute();
  for (const [index, id] of orderIds.entries()) {
    const at = new Date(end - ((orderIds.length - 1 - index) / orderIds.length) * 365 * day);
    const stamp = at.toISOString();
    const order = await db
      .selectFrom('orders')
      .select(['code', 'name', 'phone', 'email', 'paid_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const code = await nextOrderCode(db, at);
    await db
      .updateTable('orders')
      .set({
        code,
        search_text: searchText(code, order.name, order.phone, order.email),
        created_at: stamp,
        updated_at: stamp,
        // a paid order was paid on its day, not when the demo ran
        paid_at: order.paid_at === null ? null : stamp,
      })
      .where('id', '=', id)
      .execute();
    for (const slip of await slipsOf(db, id))
      await moveSlip(db, slip, at, slip.note?.replace(order.code, code) ?? null);
  }
  await db
    .updateTable('discounts')
    .set({ start_at: new Date(end - 30 * day).toISOString() })
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
  const app = await buildApp({ config, database, logger: false });
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
    const { orders, sale } = await buildDemoShop(client, size, say, actAs);
    await spreadOverTheYear(
      database,
      orders.map((order) => order.id),
      sale.id,
    );
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
