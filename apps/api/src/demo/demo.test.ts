import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopDay } from '@backoffice/shared/code-syntax';
import { loadConfig, type Config } from '../config';
import { openDatabase, type DatabaseHandle } from '../db/connection';
import { createPostgresDatabase, ENGINE } from '../test/test-app';
import { DemoRefused, runDemo } from './run-demo';

/** The full shop takes a minute; the same steps at a small size prove the same things. */
const SMALL_SHOP = { products: 20, courses: 2, articles: 10, members: 4, orders: 60, pictures: 3 };

let config: Config;
let database: DatabaseHandle;
let dataDir: string;
let dropPostgres: (() => Promise<void>) | undefined;
const steps: string[] = [];
let result: Awaited<ReturnType<typeof runDemo>>;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'bo-demo-'));
  const pgDatabase = ENGINE === 'postgres' ? await createPostgresDatabase() : undefined;
  dropPostgres = pgDatabase?.drop;
  config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: pgDatabase?.url ?? `sqlite:${join(dataDir, 'demo.db')}`,
    APP_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    LOG_LEVEL: 'silent',
  });
  database = openDatabase(config.databaseUrl);
  result = await runDemo(config, database, SMALL_SHOP, (step) => steps.push(step));
}, 240_000);

afterAll(async () => {
  await database.close();
  await dropPostgres?.();
  rmSync(dataDir, { recursive: true, force: true });
});

const count = async (query: string) =>
  Number((await sql<{ n: number }>`${sql.raw(query)}`.execute(database.db)).rows[0]!.n);

describe('npm run demo', () => {
  it('fills an empty database with a shop and says how to sign in', async () => {
    expect(result.created).toBe(true);
    expect(result.email).toBe('admin@example.com');
    expect(result.generatedPassword).toMatch(/.{12,}/);
    expect(steps.at(-1)).toMatch(/menu/);
    expect(await count(`select count(*) as n from post_types`)).toBe(3);
    const products = await count(
      `select count(*) as n from posts p join post_types t on t.id = p.type_id where t.style = 'product'`,
    );
    expect(products).toBe(SMALL_SHOP.products);
    expect(await count(`select count(*) as n from orders`)).toBe(SMALL_SHOP.orders);
    expect(await count(`select count(*) as n from warehouses`)).toBe(2);
    expect(await count(`select count(*) as n from media`)).toBe(SMALL_SHOP.pictures);
    expect(await count(`select count(*) as n from menus`)).toBe(1);
    expect(await count(`select count(*) as n from comments`)).toBeGreaterThan(0);
    expect(await count(`select count(*) as n from feedback`)).toBe(4);
    // a shop's members may sign in (the default status, disabled, left every one of them out)
    expect(
      await count(
        `select count(*) as n from users u where status = 'enable' and id <> 1
         and not exists (select 1 from user_roles r where r.user_id = u.id)`,
      ),
    ).toBe(SMALL_SHOP.members - 1);
  });

  it("shows every post's text in its editor: a type whose posts hold content sections has them on", async () => {
    const types = (
      await sql<{ title: string; features: string; with_contents: number }>`
        select t.title, t.features,
          (select count(*) from posts p where p.type_id = t.id and p.contents not in ('[]', 'null'))
            as with_contents
        from post_types t`.execute(database.db)
    ).rows;
    const hidden = types
      .filter((type) => Number(type.with_contents) > 0)
      .filter((type) => {
        const features = (
          typeof type.features === 'string' ? JSON.parse(type.features) : type.features
        ) as Array<{ key: string; enabled: boolean }>;
        return !features.some((feature) => feature.key === 'contents' && feature.enabled);
      })
      .map((type) => type.title);
    expect(types.some((type) => Number(type.with_contents) > 0)).toBe(true);
    expect(hidden).toEqual([]);
  });

  it('divides the work among staff: three roles beside the owner’s, one person in each', async () => {
    const { rows } = await sql<{ name: string; people: number; keys: number }>`
      select r.name, count(distinct ur.user_id) as people, count(distinct rp.permission_key) as keys
      from roles r
      left join user_roles ur on ur.role_id = r.id
      left join role_permissions rp on rp.role_id = r.id
      where r.name <> 'super-admin'
      group by r.name order by r.name`.execute(database.db);
    expect(rows.map((row) => [row.name, Number(row.people)])).toEqual([
      ['Biên tập viên', 1],
      ['Nhân viên bán hàng', 1],
      ['Thủ kho', 1],
    ]);
    for (const row of rows) expect(Number(row.keys)).toBeGreaterThan(5);
  });

  it('lets each of the staff do their part: the editor writes, the storekeeper imports, the clerk sells', async () => {
    const byEmail = async (email: string) =>
      (
        await database.db
          .selectFrom('users')
          .select('id')
          .where('email', '=', email)
          .executeTakeFirstOrThrow()
      ).id;
    const [editor, storekeeper, clerk] = await Promise.all(
      ['bientap@example.vn', 'thukho@example.vn', 'banhang@example.vn'].map(byEmail),
    );
    const articles = await count(
      `select count(*) as n from posts p join post_types t on t.id = p.type_id
       where t.style = 'article' and p.author_id = ${editor}`,
    );
    expect(articles).toBe(SMALL_SHOP.articles);
    expect(
      await count(
        `select count(*) as n from warehouse_changes where order_id is null and user_id = ${storekeeper}`,
      ),
    ).toBe(await count(`select count(*) as n from warehouse_changes where order_id is null`));
    expect(
      await count(
        `select count(*) as n from warehouse_changes where order_id is not null and user_id <> ${clerk}`,
      ),
    ).toBe(0);
    expect(
      await count(
        `select count(*) as n from audit_logs where entity = 'order' and action = 'create' and user_id = ${clerk}`,
      ),
    ).toBe(SMALL_SHOP.orders);
    // none of them may work before choosing their own password, and the demo's sessions are over
    expect(
      await count(
        `select count(*) as n from users where id in (${editor}, ${storekeeper}, ${clerk}) and must_change_password = ${database.engine === 'postgres' ? 'true' : '1'}`,
      ),
    ).toBe(3);
    expect(
      await count(
        `select count(*) as n from sessions where user_id in (${editor}, ${storekeeper}, ${clerk}) and revoked_at is null`,
      ),
    ).toBe(0);
  });

  it('names the shop and fills the details a printed order and a VietQR code need', async () => {
    const { rows } = await sql<{ key: string; value: string }>`
      select key, value from settings where key in ('site_name', 'company_name', 'bank_bin', 'bank_account')`.execute(
      database.db,
    );
    const settings = Object.fromEntries(rows.map((row) => [row.key, row.value]));
    expect(settings).toMatchObject({ site_name: 'Cà phê & Quà Việt', bank_bin: '970436' });
    expect(settings.company_name).toBeTruthy();
    expect(settings.bank_account).toMatch(/^\d+$/);
  });

  it('has members write the comments, the shop approve and answer them, and the last few wait', async () => {
    const byMember = `comments c where c.comment_id is null
      and not exists (select 1 from user_roles r where r.user_id = c.user_id)`;
    const written = await count(`select count(*) as n from ${byMember}`);
    expect(written).toBe(
      await count(`select count(*) as n from comments where comment_id is null`),
    );
    expect(await count(`select count(*) as n from ${byMember} and c.status = 'pending'`)).toBe(5);
    expect(await count(`select count(*) as n from ${byMember} and c.status = 'approved'`)).toBe(
      written - 5,
    );
    // the answers are the staff's, under approved comments only
    expect(
      await count(
        `select count(*) as n from comments a join comments c on c.id = a.comment_id
         where c.status <> 'approved'
            or not exists (select 1 from user_roles r where r.user_id = a.user_id)`,
      ),
    ).toBe(0);
  });

  it('has lots of food that expire soon, and no tool with an expiry', async () => {
    const lots = await sql<{ category: string }>`
      select c.title as category from stock_lots l
      join posts p on p.id = l.post_id join categories c on c.id = p.primary_category_id
      where l.expiry is not null`.execute(database.db);
    expect(lots.rows.length).toBeGreaterThan(0);
    expect(lots.rows.filter((lot) => lot.category === 'Dụng cụ pha chế')).toEqual([]);
  });

  it('spreads the orders over the last year, with delivered ones carrying their export slips', async () => {
    const { rows } = await sql<{ first: string; last: string }>`
      select min(created_at) as first, max(created_at) as last from orders`.execute(database.db);
    const days = (Date.parse(rows[0]!.last) - Date.parse(rows[0]!.first)) / 86_400_000;
    expect(days).toBeGreaterThan(300);
    const shipped = await count(
      `select count(*) as n from orders where status in ('delivery', 'delivered')`,
    );
    expect(shipped).toBeGreaterThan(SMALL_SHOP.orders / 2);
    const exportSlips = await count(
      `select count(*) as n from warehouse_changes where style = 'export' and order_id is not null`,
    );
    expect(exportSlips).toBe(shipped);
  });

  it('gives every order and slip the day it happened: its code, its slip’s day, code and note', async () => {
    const orders = await database.db
      .selectFrom('orders')
      .select(['id', 'code', 'created_at'])
      .execute();
    for (const order of orders) {
      // DH + the order's own day (yymmdd) on the shop's clock
      const day = shopDay(new Date(order.created_at)).replace(/-/g, '').slice(2);
      expect(order.code.slice(0, 8), `order ${order.id}`).toBe(`DH${day}`);
    }
    const slips = await database.db
      .selectFrom('warehouse_changes as c')
      .innerJoin('orders as o', 'o.id', 'c.order_id')
      .select(['c.code', 'c.date', 'c.note', 'o.code as order_code', 'o.created_at'])
      .execute();
    expect(slips.length).toBeGreaterThan(0);
    for (const slip of slips) {
      expect(slip.date).toBe(shopDay(new Date(slip.created_at)));
      expect(slip.code.slice(2, 8)).toBe(slip.date.replace(/-/g, '').slice(2));
      expect(slip.note).toBe(`Đơn hàng ${slip.order_code}`);
    }
    // the activity log tells the same story: each order's entry at the order's moment
    const logged = await database.db
      .selectFrom('audit_logs as l')
      .innerJoin('orders as o', (join) => join.on(sql`l.entity_id`, '=', sql`cast(o.id as text)`))
      .select(['l.created_at as logged', 'o.created_at as made'])
      .where('l.entity', '=', 'order')
      .where('l.action', '=', 'create')
      .execute();
    expect(logged).toHaveLength(orders.length);
    for (const entry of logged)
      expect(new Date(entry.logged).toISOString()).toBe(new Date(entry.made).toISOString());
    // the opening stock came in before the first order
    const opening = await database.db
      .selectFrom('warehouse_changes')
      .select(['created_at'])
      .where('order_id', 'is', null)
      .execute();
    const first = Math.min(...orders.map((order) => Date.parse(order.created_at)));
    for (const slip of opening) expect(Date.parse(slip.created_at)).toBeLessThan(first);
  });

  it('takes payment as a shop does: by the courier, by transfer, in cash, paid once settled', async () => {
    const methods = await sql<{ payment_method: string }>`
      select distinct payment_method from orders`.execute(database.db);
    expect(methods.rows.map((row) => row.payment_method).sort()).toEqual(
      expect.arrayContaining(['bank_transfer', 'cod']),
    );
    // every delivered order is paid; an order not yet on its way is not
    expect(
      await count(
        `select count(*) as n from orders where status = 'delivered' and payment_status <> 'paid'`,
      ),
    ).toBe(0);
    expect(
      await count(
        `select count(*) as n from orders where status = 'new' and payment_status = 'paid'`,
      ),
    ).toBe(0);
    expect(
      await count(`select count(*) as n from orders where payment_status = 'paid'`),
    ).toBeGreaterThan(0);
    // paid on the order's own day, not when the demo ran
    expect(
      await count(
        `select count(*) as n from orders where paid_at is not null and paid_at <> created_at`,
      ),
    ).toBe(0);
  });

  it('leaves the administrator to change the generated password, with no session of its own', async () => {
    const admin = await database.db
      .selectFrom('users')
      .select(['id', 'must_change_password'])
      .where('email', '=', 'admin@example.com')
      .executeTakeFirstOrThrow();
    expect(Boolean(admin.must_change_password)).toBe(true);
    const open = await count(
      `select count(*) as n from sessions where user_id = ${admin.id} and revoked_at is null`,
    );
    expect(open).toBe(0);
  });

  it('refuses a database that already holds data, writing nothing', async () => {
    const before = await count(`select count(*) as n from posts`);
    await expect(runDemo(config, database, SMALL_SHOP, () => {})).rejects.toBeInstanceOf(
      DemoRefused,
    );
    expect(await count(`select count(*) as n from posts`)).toBe(before);
  });
});
