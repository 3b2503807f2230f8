import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { sql, type KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { openDatabase, type DatabaseHandle, type Db } from '../db/connection';
import { KEPT_ANSWERS_SIZE, keptAnswers } from './public';
import { makePublicShop, SECRETS, type PublicFixture } from '../test/public-fixture';
import { createTestApp, ENGINE, type TestApp } from '../test/test-app';

/**
 * The ETag of a public answer is known before the answer is built (from the content's
 * revision and the next moment time changes an answer): these tests prove that it is never
 * the ETag of other bytes, whatever changed the content and on whichever instance.
 */
let at = Date.now();
const clock = { now: () => new Date(at) };
let t: TestApp;
let shop: PublicFixture;
// A second instance of the server on the same database.
let other: FastifyInstance;
let otherDatabase: DatabaseHandle;
// A third, whose database runs `racingWrite` (once) right after a request's stamp is read.
let racing: FastifyInstance;
let racingDatabase: DatabaseHandle;
let racingWrite: (() => Promise<unknown>) | undefined;
// A fourth, whose database counts the statements it is sent.
let counting: FastifyInstance;
let countingDatabase: DatabaseHandle;
let statements = 0;
const countStatements: KyselyPlugin = {
  transformQuery: ({ node }) => node,
  transformResult: async ({ result }) => {
    statements++;
    return result;
  },
};
const writeAfterStamp: KyselyPlugin = {
  transformQuery: ({ node }) => node,
  transformResult: async ({ result }) => {
    const write = racingWrite;
    if (write && result.rows[0] && 'revision' in result.rows[0]) {
      racingWrite = undefined;
      await write();
    }
    return result;
  },
};

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  shop = await makePublicShop(t);
  /** Another instance of the app on the same database. */
  const instanceOn = async (database: DatabaseHandle) => {
    const app = await buildApp({
      config: t.config,
      database,
      clock,
      adminDist: join(t.dataDir, 'no-admin'),
    });
    await app.ready();
    return app;
  };
  otherDatabase = openDatabase(t.config.databaseUrl);
  other = await instanceOn(otherDatabase);
  const opened = openDatabase(t.config.databaseUrl);
  racingDatabase = { ...opened, db: opened.db.withPlugin(writeAfterStamp) };
  racing = await instanceOn(racingDatabase);
  const forCounting = openDatabase(t.config.databaseUrl);
  countingDatabase = { ...forCounting, db: forCounting.db.withPlugin(countStatements) };
  counting = await instanceOn(countingDatabase);
}, 60_000);
afterAll(async () => {
  await other.close();
  await otherDatabase.close();
  await racing.close();
  await racingDatabase.close();
  await counting.close();
  await countingDatabase.close();
  await t.close();
});

const PRODUCT = '/api/v1/public/posts/san-pham/iphone-16-pro';

/** Asks again with the ETag of `first`: a 200 with the new bytes under a new ETag. */
const expectChanged = async (url: string, etag: string, app?: FastifyInstance) => {
  const again = app
    ? await app.inject({ url, headers: { 'if-none-match': etag } })
    : await t.request('GET', url, { headers: { 'if-none-match': etag } });
  expect(again.statusCode, url).toBe(200);
  expect(again.headers.etag).not.toBe(etag);
  return again.json().data;
};

const etagOf = async (url: string) => {
  const answer = await t.request('GET', url);
  expect(answer.statusCode, url).toBe(200);
  const etag = answer.headers.etag as string;
  expect((await t.request('GET', url, { headers: { 'if-none-match': etag } })).statusCode).toBe(
    304,
  );
  return etag;
};

describe('public ETags', () => {
  it('change the moment a scheduled post appears and a discount ends, with no write at all', async () => {
    const list = '/api/v1/public/posts?type=san-pham';
    const before = await etagOf(list);
    const page = await etagOf(PRODUCT);
    expect((await t.request('GET', PRODUCT)).json().data.sale_price).toBe(27_000_000);

    at = Date.parse(shop.posts.scheduled.published_at as string);
    const listed = await expectChanged(list, before);
    expect(listed.map((post: { slug: string }) => post.slug)).toContain(SECRETS.scheduledSlug);

    const discount = await t.db
      .selectFrom('discounts')
      .select('end_at')
      .where('title', '=', 'Giảm 10%')
      .executeTakeFirstOrThrow();
    at = Date.parse(String(discount.end_at));
    expect((await expectChanged(PRODUCT, page)).sale_price).toBe(30_000_000);
    at = Date.now();
  });

  it('change at once whatever writes the content: the API, plain SQL as an import would, a delete of a referenced record', async () => {
    const settings = '/api/v1/public/settings';
    let etag = await etagOf(settings);
    const saved = await t.request('PATCH', '/api/v1/settings', {
      token: t.adminToken,
      body: { settings: [{ key: 'site_name', value: 'Cửa hàng Lê' }] },
    });
    expect(saved.statusCode).toBe(200);
    expect((await expectChanged(settings, etag)).site_name).toBe('Cửa hàng Lê');

    etag = await etagOf(PRODUCT);
    await t.request('POST', '/api/v1/ratings', {
      token: t.adminToken,
      body: { post_id: shop.posts.product.id, author_name: 'Khách 4', score: 3 },
    });
    expect((await expectChanged(PRODUCT, etag)).rating.count).toBe(3);

    etag = await etagOf(PRODUCT);
    await t.db
      .updateTable('post_groups')
      .set({ title: 'Táo' })
      .where('id', '=', shop.groups.apple.id as number)
      .execute();
    expect((await expectChanged(PRODUCT, etag)).trademark.title).toBe('Táo');

    etag = await etagOf(PRODUCT);
    await t.db
      .deleteFrom('post_groups')
      .where('id', '=', shop.groups.apple.id as number)
      .execute();
    expect((await expectChanged(PRODUCT, etag)).trademark).toBeNull();
  });

  it('are the same on every instance, and a change made on one is seen at once on another', async () => {
    const mine = await t.request('GET', PRODUCT);
    const theirs = await other.inject({ url: PRODUCT });
    expect(theirs.body).toBe(mine.body);
    expect(theirs.headers.etag).toBe(mine.headers.etag);
    const etag = mine.headers.etag as string;

    await t.request('PATCH', `/api/v1/posts/${shop.posts.product.id}`, {
      token: t.adminToken,
      body: { title: 'iPhone 16 Pro Max' },
    });
    expect((await expectChanged(PRODUCT, etag, other)).title).toBe('iPhone 16 Pro Max');
  });

  it('never name what was read after a write with the ETag of the content before it', async () => {
    let n = 0;
    for (const url of [
      '/api/v1/public/posts/tin-tuc/ra-mat-iphone-16',
      '/api/v1/public/posts?type=tin-tuc',
    ]) {
      // Asked on another instance: the racing one has kept no answer for this request.
      const before = await other.inject({ url });
      expect(before.statusCode, url).toBe(200);
      const title = `Ra mắt iPhone 16 (${++n})`;
      // Committed after the request's stamp is read and before its answer is.
      racingWrite = () =>
        t.db
          .updateTable('posts')
          .set({ title })
          .where('id', '=', shop.posts.article.id as number)
          .execute();
      const raced = await racing.inject({ url });
      expect(racingWrite, url).toBeUndefined();
      expect(JSON.stringify(raced.json().data), url).toContain(title);
      expect(raced.headers.etag, url).not.toBe(before.headers.etag);
    }

    // An answer the instance kept: a request stamped before the write gets the bytes of its
    // stamp under their own ETag, and the next request the new content under a new one.
    const url = '/api/v1/public/posts/tin-tuc/ra-mat-iphone-16';
    const kept = await racing.inject({ url });
    racingWrite = () =>
      t.db
        .updateTable('posts')
        .set({ title: 'Ra mắt iPhone 16 (kept)' })
        .where('id', '=', shop.posts.article.id as number)
        .execute();
    const raced = await racing.inject({ url });
    expect(racingWrite).toBeUndefined();
    expect(raced.body).toBe(kept.body);
    expect(raced.headers.etag).toBe(kept.headers.etag);
    const next = await racing.inject({ url });
    expect(next.json().data.title).toBe('Ra mắt iPhone 16 (kept)');
    expect(next.headers.etag).not.toBe(kept.headers.etag);
  });

  it('name bytes an instance answers again without building them, until the content changes', async () => {
    for (const url of [
      PRODUCT,
      '/api/v1/public/posts?type=san-pham',
      '/api/v1/public/menus/main',
    ]) {
      statements = 0;
      const first = await counting.inject({ url });
      expect(first.statusCode, url).toBe(200);
      expect(statements, url).toBeGreaterThan(1);
      statements = 0;
      const again = await counting.inject({ url });
      // the content's revision only: nothing of the answer is read again
      expect(statements, url).toBe(1);
      expect(again.body, url).toBe(first.body);
      expect(again.headers.etag, url).toBe(first.headers.etag);
    }
    // Another language is another answer.
    const english = await counting.inject({ url: PRODUCT, headers: { locale: 'en' } });
    expect(english.headers.etag).not.toBe((await counting.inject({ url: PRODUCT })).headers.etag);

    const before = await counting.inject({ url: PRODUCT });
    await t.request('PATCH', `/api/v1/posts/${shop.posts.product.id}`, {
      token: t.adminToken,
      body: { title: 'iPhone 16 Pro (2026)' },
    });
    const after = await counting.inject({ url: PRODUCT });
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.json().data.title).toBe('iPhone 16 Pro (2026)');
  });

  // Streaming is how exports read SQLite; on PostgreSQL a stream has a connection of its own.
  it.runIf(ENGINE === 'sqlite')(
    'see what another instance committed while a streamed read holds an older snapshot',
    async () => {
      const settings = '/api/v1/public/settings';
      const etag = await etagOf(settings);
      const rows = t.db.selectFrom('posts').select('id').stream()[Symbol.asyncIterator]();
      await rows.next();
      // Committed through another connection to the same file while the stream reads on.
      await otherDatabase.db
        .updateTable('settings')
        .set({ value: 'Cửa hàng trong lúc xuất' })
        .where('key', '=', 'site_name')
        .execute();
      const meanwhile = t.request('GET', settings, { headers: { 'if-none-match': etag } });
      await new Promise((resolve) => setTimeout(resolve, 20));
      await rows.return?.();
      const answer = await meanwhile;
      expect(answer.statusCode).toBe(200);
      expect(answer.json().data.site_name).toBe('Cửa hàng trong lúc xuất');
    },
  );

  it('never name what a transaction has not committed', async () => {
    const settings = '/api/v1/public/settings';
    const etag = await etagOf(settings);
    // A write that is rolled back never gives its revision to an answer.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const rolledBack = t.db
      .transaction()
      .execute(async (trx) => {
        await trx
          .updateTable('settings')
          .set({ value: 'Cửa hàng không lưu' })
          .where('key', '=', 'site_name')
          .execute();
        await held;
        throw new Error('rolled back');
      })
      .catch(() => 'rolled back');
    const during = t.request('GET', settings, { headers: { 'if-none-match': etag } });
    await new Promise((resolve) => setTimeout(resolve, 20));
    release();
    expect(await rolledBack).toBe('rolled back');
    expect((await during).statusCode).toBe(304);
    const after = await t.request('GET', settings);
    expect(after.headers.etag).toBe(etag);
    expect(after.json().data.site_name).not.toBe('Cửa hàng không lưu');
  });

  it('keep the bodies of the newest revision only, within their size', () => {
    const db = {} as Db;
    const atFive = keptAnswers(db, 5)!;
    atFive.set('"a"', 'x'.repeat(1000));
    expect(keptAnswers(db, 5)!.get('"a"')).toHaveLength(1000);
    // a request stamped before a newer one neither reads nor keeps
    const atSix = keptAnswers(db, 6)!;
    expect(atSix.get('"a"')).toBeUndefined();
    expect(keptAnswers(db, 5)).toBeUndefined();
    for (let n = 0; n < 40; n++) atSix.set(`"${n}"`, 'y'.repeat(KEPT_ANSWERS_SIZE / 16));
    expect(atSix.calculatedSize).toBeLessThanOrEqual(KEPT_ANSWERS_SIZE);
    expect(atSix.get('"39"')).toHaveLength(KEPT_ANSWERS_SIZE / 16);
    expect(atSix.get('"0"')).toBeUndefined();
  });

  it('never answer 304 to `If-None-Match: *` for what does not exist', async () => {
    const missing = await t.request('GET', '/api/v1/public/posts/san-pham/no-such-post', {
      headers: { 'if-none-match': '*' },
    });
    expect(missing.statusCode).toBe(404);
    const draft = await t.request('GET', `/api/v1/public/posts/san-pham/${SECRETS.draftSlug}`, {
      headers: { 'if-none-match': '*' },
    });
    expect(draft.statusCode).toBe(404);
    expect(
      (await t.request('GET', PRODUCT, { headers: { 'if-none-match': '*' } })).statusCode,
    ).toBe(304);
  });

  it('count every table a public answer reads as content: each write to it grows the revision', async () => {
    const src = join(dirname(fileURLToPath(import.meta.url)), '..');
    const readers = [
      ...readdirSync(join(src, 'modules'), { recursive: true, encoding: 'utf8' })
        .filter((file) => file.endsWith('.public.ts'))
        .map((file) => join(src, 'modules', file)),
      join(src, 'modules/discounts/discount-tiers.ts'),
      join(src, 'modules/posts/category-public-page.ts'),
      join(src, 'core/post-visibility.ts'),
    ];
    const named = new Set<string>();
    for (const file of readers) {
      const code = readFileSync(file, 'utf8');
      for (const match of code.matchAll(
        /(?:selectFrom|innerJoin|leftJoin)\(\s*'([a-z_]+)|\b(?:from|join)\s+([a-z_]+)\b/g,
      ))
        named.add(match[1] ?? match[2]!);
    }
    const tables =
      ENGINE === 'sqlite'
        ? await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(
            t.db,
          )
        : await sql<{
            name: string;
          }>`select table_name as name from information_schema.tables where table_schema = 'public'`.execute(
            t.db,
          );
    const read = [...named].filter((name) => tables.rows.some((table) => table.name === name));
    expect(read).toContain('posts');
    expect(read).toContain('menu_items');
    const triggered =
      ENGINE === 'sqlite'
        ? await sql<{
            name: string;
          }>`select distinct tbl_name as name from sqlite_master where type = 'trigger' and name like '%public_revision%'`.execute(
            t.db,
          )
        : await sql<{
            name: string;
          }>`select distinct event_object_table as name from information_schema.triggers where trigger_name like '%public_revision%'`.execute(
            t.db,
          );
    // Maintained counts change only with the rows they count, and `category_posts` only with
    // the posts, links and categories it is kept from: their writes count already.
    const counted = new Set([
      ...triggered.rows.map((row) => row.name),
      'row_counts',
      'category_posts',
    ]);
    expect(read.filter((table) => !counted.has(table))).toEqual([]);
  });
});
