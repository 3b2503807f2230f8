import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../db/transaction';
import { createTestApp, type TestApp } from '../test/test-app';
import { systemClock } from './services';

/**
 * The list engine through real resources on both engines: seos (indexed folded
 * search, a filter with maintained counts by type), redirects (literal characters in
 * an indexed search), roles (a small table searched by column).
 */
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = t.adminToken;
});
afterAll(() => t.close());

const get = (url: string) => t.request('GET', url, { token, locale: 'en' });
const seo = (n: number, type: string, title: string) =>
  t.request('POST', '/api/v1/seos', {
    token,
    body: { url: `/page-${n}`, type, title, image: '/i.png' },
  });

/** A service context without an actor, reading through `db` (a watched handle, say). */
const listContext = (db: typeof t.db) => ({
  db,
  engine: t.engine,
  clock: systemClock,
  actor: null,
  audit: { userId: null, ip: null },
  locale: 'vi' as const,
  transaction: <T>(work: (tx: typeof t.db) => Promise<T>) => inTransaction(t.db, t.engine, work),
});

describe('the list engine', () => {
  beforeAll(async () => {
    const types = [
      'website',
      'article',
      'article',
      'book',
      'article',
      'profile',
      'article',
      'website',
    ];
    for (const [n, type] of types.entries())
      expect((await seo(n, type, `Trang số ${n} ${type}`)).statusCode).toBe(201);
  });

  it('pages with a total, whether the page is full, partial or past the end', async () => {
    const first = (await get('/api/v1/seos?limit=3')).json();
    expect(first.data).toHaveLength(3);
    expect(first.meta.pagination).toEqual({
      count: 3,
      total: 8,
      per_page: 3,
      current_page: 1,
      total_pages: 3,
    });
    const last = (await get('/api/v1/seos?limit=3&page=3')).json();
    expect(last.meta.pagination).toEqual({
      count: 2,
      total: 8,
      per_page: 3,
      current_page: 3,
      total_pages: 3,
    });
    const beyond = (await get('/api/v1/seos?limit=3&page=9')).json();
    expect(beyond.data).toEqual([]);
    expect(beyond.meta.pagination.total).toBe(8);
  });

  it('orders by a declared column with id breaking ties, and refuses any other', async () => {
    const asc = (await get('/api/v1/seos?orderBy=type&sortedBy=asc&limit=100')).json().data;
    const types = asc.map((r: { type: string }) => r.type);
    expect(types).toEqual([...types].sort());
    const articles = asc
      .filter((r: { type: string }) => r.type === 'article')
      .map((r: { id: number }) => r.id);
    expect(articles).toEqual([...articles].sort((a: number, b: number) => a - b));
    const refused = await get('/api/v1/seos?orderBy=search_text');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.orderBy).toEqual(['The list cannot be sorted by "search_text".']);
    expect((await get('/api/v1/seos?include=owner')).statusCode).toBe(422);
    expect((await get('/api/v1/seos?search=image:x')).statusCode).toBe(422);
  });

  it('filters, and keeps the filtered totals right through creates, moves and deletes', async () => {
    const total = async (query: string) =>
      (await get(`/api/v1/seos?${query}&limit=2`)).json().meta.pagination.total;
    expect(await total('type=article')).toBe(4);
    expect(await total('type=book')).toBe(1);
    const one = (await get('/api/v1/seos?type=article&limit=1')).json().data[0];
    await t.request('PATCH', `/api/v1/seos/${one.id}`, { token, body: { type: 'book' } });
    expect(await total('type=article')).toBe(3);
    expect(await total('type=book')).toBe(2);
    await t.request('DELETE', `/api/v1/seos/${one.id}`, { token });
    expect(await total('type=book')).toBe(1);
    expect(await total('type=website')).toBe(2);
    // The maintained counts agree with counting the rows.
    const { rows } = await sql<{
      type: string;
      n: number;
    }>`select type, count(*) as n from seos group by type`.execute(t.db);
    for (const row of rows) expect(await total(`type=${row.type}`)).toBe(Number(row.n));
    expect((await get('/api/v1/seos?type=video')).statusCode).toBe(422);
  });

  it('searches folded words in any order, combined with filters', async () => {
    const found = (await get(`/api/v1/seos?search=${encodeURIComponent('so 3 trang')}`)).json();
    expect(found.data.map((r: { title: string }) => r.title)).toEqual(['Trang số 3 book']);
    const filtered = (await get('/api/v1/seos?search=trang&type=website')).json();
    expect(filtered.meta.pagination.total).toBe(2);
    expect(filtered.data.every((r: { type: string }) => r.type === 'website')).toBe(true);
  });

  it('finds the rows having every word when one word is in over a thousand rows and another in few', async () => {
    // Past a thousand rows a word counts as common: only the rare one goes through the index,
    // and the others are checked on its rows; the answer must not change.
    const stamp = new Date().toISOString();
    const rows = Array.from({ length: 1_050 }, (_, n) => ({
      url: `/common-${n}`,
      type: 'article',
      title: `Đường phố ${n}`,
      image: '/i.png',
      keywords: '[]',
      search_text: `duong pho ${n}`,
      created_at: stamp,
      updated_at: stamp,
    }));
    rows.push(
      ...['Đường hiếm 7777', 'Phố hiếm 7777', 'Con đường hiếm 77777'].map((title, n) => ({
        ...rows[0]!,
        url: `/rare-${n}`,
        title,
        search_text: title
          .normalize('NFD')
          .replace(/[\u0300-\u036f]/g, '')
          .replace(/đ/gi, 'd')
          .toLowerCase(),
      })),
    );
    for (let start = 0; start < rows.length; start += 200)
      await t.db
        .insertInto('seos')
        .values(rows.slice(start, start + 200) as never)
        .execute();
    const titles = async (term: string) =>
      (
        await get(
          `/api/v1/seos?limit=100&orderBy=title&sortedBy=asc&search=${encodeURIComponent(term)}`,
        )
      )
        .json()
        .data.map((r: { title: string }) => r.title);
    expect(await titles('đường 7777')).toEqual(['Con đường hiếm 77777', 'Đường hiếm 7777']);
    expect(await titles('7777 hiem duong')).toEqual(['Con đường hiếm 77777', 'Đường hiếm 7777']);
    expect(await titles('pho 7777')).toEqual(['Phố hiếm 7777']);
    // Both words common: every one of their rows still counts.
    const both = (await get('/api/v1/seos?limit=1&search=duong%20pho')).json();
    expect(both.meta.pagination.total).toBe(1_050);
  });

  it('asks the index once for the rarest word, counting the others only while it is not rare, and checks every word on its rows', async () => {
    const { planSearch, matchSearchText } = await import('./search');
    // The rows of the previous test: 1,050 "duong pho n", and 7777 in three rows.
    const asked: Array<{ sql: string; parameters: readonly unknown[] }> = [];
    const kinds = new Map<unknown, unknown>();
    const watched = t.db.withPlugin({
      transformQuery: (args) => {
        kinds.set(args.queryId, args.node);
        return args.node;
      },
      transformResult: async (args) => {
        const { sql: text, parameters } = t.db
          .getExecutor()
          .compileQuery(kinds.get(args.queryId) as never, args.queryId);
        asked.push({ sql: text, parameters });
        return args.result;
      },
    });
    const plan = await planSearch(watched, t.engine, 'seos', 'đường 7777');
    if (t.engine === 'postgres') {
      // pg_trgm's index answers every word and PostgreSQL's planner combines them.
      expect(plan).toEqual({ indexed: [], checked: ['duong', '7777'], visitsEveryMatch: false });
      expect(asked).toEqual([]);
      return;
    }
    // The number first, though typed second; in three rows it is rare enough that "duong" is
    // not counted at all (its 1,050 rows would only be counted up to 3).
    expect(asked.map((query) => query.parameters)).toEqual([['"7777"', 1000]]);
    expect(plan.indexed).toEqual([]);
    expect(plan.checked).toEqual(['duong', '7777']);
    const rare = await t.db
      .selectFrom('seos')
      .select(['id', 'title'])
      .where('search_text', 'like', '%7777%')
      .orderBy('id')
      .execute();
    expect(JSON.parse(plan.rows!)).toEqual(rare.map((row) => row.id));
    // The page reads those rows without asking the index again, and checks every word on
    // them: a row that lost the rare word since the plan was made is not found.
    const changed = rare.find((row) => row.title === 'Đường hiếm 7777')!;
    await t.db
      .updateTable('seos')
      .set({ search_text: 'duong hiem' })
      .where('id', '=', changed.id)
      .execute();
    asked.length = 0;
    const found = await watched
      .selectFrom('seos')
      .select('title')
      .where(() => matchSearchText('seos', plan))
      .execute();
    expect(found.map((row) => row.title)).toEqual(['Con đường hiếm 77777']);
    expect(asked[0]!.sql).not.toContain('match');
    // Two common words: each is counted (up to 1,000), and the index answers both.
    asked.length = 0;
    const common = await planSearch(watched, t.engine, 'seos', 'duong pho');
    expect(asked.map((query) => query.parameters)).toEqual([
      ['"duong"', 1000],
      ['"pho"', 1000],
    ]);
    expect(common.indexed).toEqual(['duong', 'pho']);
    await t.db
      .updateTable('seos')
      .set({ search_text: 'duong hiem 7777' })
      .where('id', '=', changed.id)
      .execute();
  });

  it('takes _, % and \\ in a search as themselves, on an indexed list and on a column list', async () => {
    for (const source of ['/a_b-x', '/aXb-x', '/100%-x', '/1000-x', '/back\\slash', '/backXslash'])
      expect(
        (
          await t.request('POST', '/api/v1/redirects', {
            token,
            body: { source, destination: '/z' },
          })
        ).statusCode,
      ).toBe(201);
    const sources = async (term: string) =>
      (await get(`/api/v1/redirects?search=${encodeURIComponent(term)}`))
        .json()
        .data.map((r: { source: string }) => r.source);
    expect(await sources('a_b')).toEqual(['/a_b-x']);
    expect(await sources('100%')).toEqual(['/100%-x']);
    expect(await sources('k\\s')).toEqual(['/back\\slash']);
    expect(await sources('source:_b')).toEqual(['/a_b-x']);

    for (const name of ['ab_cd', 'abXcd', 'ef%gh', 'efXXgh'])
      await t.request('POST', '/api/v1/roles', {
        token,
        body: { name, description: 'd', permissions: ['posts.list'] },
      });
    const roles = async (term: string) =>
      (await get(`/api/v1/roles?search=${encodeURIComponent(term)}`))
        .json()
        .data.map((r: { name: string }) => r.name);
    expect(await roles('ab_cd')).toEqual(['ab_cd']);
    expect(await roles('f%g')).toEqual(['ef%gh']);
  });

  it('finds text of any script whatever its case in a column search, as PostgreSQL does on SQLite too', async () => {
    for (const name of ['Đại lý Hà Nội', 'ĐẠI LÝ ĐÀ NẴNG', 'Dai ly ASCII', 'Ωmega Ärger'])
      expect(
        (
          await t.request('POST', '/api/v1/roles', {
            token,
            body: { name, description: 'd', permissions: ['posts.list'] },
          })
        ).statusCode,
      ).toBe(201);
    const roles = async (term: string) =>
      (await get(`/api/v1/roles?search=${encodeURIComponent(term)}&limit=100`))
        .json()
        .data.map((r: { name: string }) => r.name)
        .sort();
    expect(await roles('đại')).toEqual(['ĐẠI LÝ ĐÀ NẴNG', 'Đại lý Hà Nội']);
    expect(await roles('ĐẠI LÝ HÀ')).toEqual(['Đại lý Hà Nội']);
    expect(await roles('đà nẵng')).toEqual(['ĐẠI LÝ ĐÀ NẴNG']);
    expect(await roles('ωMEGA äR')).toEqual(['Ωmega Ärger']);
    // A column search is literal: no accent folding there (the search index does that).
    expect(await roles('dai ly')).toEqual(['Dai ly ASCII']);

    // A field search that matches a part of a column (`name:` on users) folds case alike.
    expect(
      (
        await t.request('POST', '/api/v1/register', {
          token,
          body: { name: 'Đặng Thị Ánh', email: 'anh@example.com', password: 'Mat-khau-123' },
        })
      ).statusCode,
    ).toBe(201);
    const users = (await get(`/api/v1/users?search=${encodeURIComponent('name:THỊ ÁNH')}`)).json()
      .data;
    expect(users.map((u: { name: string }) => u.name)).toEqual(['Đặng Thị Ánh']);
  });

  it('gives everything with limit=0 only where a resource allows it', async () => {
    const all = (await get('/api/v1/roles?limit=0')).json();
    expect(all.meta.pagination.total).toBe(all.data.length);
    const refused = await get('/api/v1/seos?limit=0');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.limit).toEqual([
      'This list cannot be loaded without a page size.',
    ]);
  });
});

describe('a list that finds the page ids first', () => {
  it('answers the same pages, totals and orders as reading whole rows', async () => {
    const { createListEngine } = await import('./list-engine');
    const ctx = listContext(t.db);
    for (let n = 100; n < 112; n++) await seo(n, n % 2 ? 'article' : 'book', `Bài ${n} cà phê`);
    const def = {
      columns: ['title', 'type', 'created_at'] as const,
      search: 'index' as const,
      sortable: ['title', 'type'] as const,
      defaultOrder: ['id', 'desc'] as const,
      filters: {},
    };
    const plain = createListEngine('seos', def, (row) => row);
    const idsFirst = createListEngine('seos', { ...def, idsFirst: true }, (row) => row);
    for (const query of [
      { limit: '5', page: '2' },
      { limit: '4', orderBy: 'title', sortedBy: 'asc', page: '3' },
      { limit: '3', search: 'ca phe', orderBy: 'type', sortedBy: 'desc' },
      { limit: '100' },
    ]) {
      const a = await plain.list(ctx, query);
      const b = await idsFirst.list(ctx, query);
      expect(b).toEqual(a);
      expect(b.data.length).toBeGreaterThan(0);
    }
  });
});

describe('a searched list', () => {
  it('counts the matches in the same pass as its page on SQLite, with the same rows, order and total', async () => {
    const { createListEngine } = await import('./list-engine');
    // Every SELECT the list runs (the search plan's own counts on SQLite are raw SQL): a
    // builder's subqueries pass through transformQuery too, only run queries give results.
    let selects = 0;
    const kinds = new Map<unknown, string>();
    const counted = t.db.withPlugin({
      transformQuery: (args) => {
        kinds.set(args.queryId, args.node.kind);
        return args.node;
      },
      transformResult: async (args) => {
        if (kinds.get(args.queryId) === 'SelectQueryNode') selects++;
        return args.result;
      },
    });
    const ctx = listContext(counted);
    const made: number[] = [];
    for (let n = 0; n < 7; n++) {
      const created = await seo(200 + n, n % 3 ? 'article' : 'book', `Quán trà ${n} phố cổ`);
      made.push(created.json().data.id);
    }
    const def = {
      columns: ['title', 'type'] as const,
      search: 'index' as const,
      defaultOrder: ['id', 'desc'] as const,
      filters: {},
    };
    const newest = [...made].reverse();
    for (const engine of [
      createListEngine('seos', def, (row) => row),
      createListEngine('seos', { ...def, idsFirst: true }, (row) => row),
    ]) {
      const page = async (query: Record<string, string>) => {
        selects = 0;
        const answer = await engine.list(ctx, { search: 'quan tra', limit: '3', ...query });
        return {
          ids: answer.data.map((row) => row.id),
          total: answer.meta.pagination.total,
          selects,
        };
      };
      // On SQLite a full page knows its total without a second query (PostgreSQL's planner
      // answers the page and the count each its own way).
      const full = t.engine === 'sqlite' ? 1 : 2;
      expect(await page({})).toEqual({ ids: newest.slice(0, 3), total: 7, selects: full });
      expect(await page({ page: '2' })).toEqual({
        ids: newest.slice(3, 6),
        total: 7,
        selects: full,
      });
      expect(await page({ page: '3' })).toEqual({ ids: newest.slice(6), total: 7, selects: 1 });
      // Past the end no row carries the total: it is counted.
      expect(await page({ page: '4' })).toEqual({ ids: [], total: 7, selects: 2 });
      // Words of one or two letters are no index's: the rows are read in the list's order,
      // which may stop at the page's last one, and the total is counted apart.
      const short = await page({ search: 'co' });
      expect(short.selects).toBe(2);
      expect(short.total).toBeGreaterThanOrEqual(7);
      // The count is no row of the table.
      const answer = await engine.list(ctx, { search: 'tra pho', limit: '2' });
      expect(Object.keys(answer.data[0]!).sort()).toEqual(['id', 'title', 'type']);
    }
  });
});

describe('a search without an order of the reader’s choosing', () => {
  it('shows first the rows holding the words as typed, then the rest, each part in the list’s order', async () => {
    const { createListEngine } = await import('./list-engine');
    const titles = ['Ngô Ngọc Long', 'Hồ Ngọc Long', 'An Ngô Thị', 'Võ Ngọc Long', 'Lan Ngô Thị'];
    for (const [n, title] of titles.entries())
      expect((await seo(300 + n, 'profile', title)).statusCode).toBe(201);
    const found = async (query: string) =>
      (await get(`/api/v1/seos?type=profile&${query}`))
        .json()
        .data.map((r: { title: string }) => r.title);
    // "ngo" is inside every "ngọc": all three match, the one typed comes first
    expect(await found('search=ngo%20ngoc%20long')).toEqual([
      'Ngô Ngọc Long',
      'Võ Ngọc Long',
      'Hồ Ngọc Long',
    ]);
    // typed with its marks, in another Unicode form, the same
    expect((await found(`search=${encodeURIComponent('Ngô Ngọc Long'.normalize('NFD'))}`))[0]).toBe(
      'Ngô Ngọc Long',
    );
    // one word: those where a word starts with it first ("an" is inside "lan" and "trang")
    expect(await found('search=an')).toEqual(['An Ngô Thị', 'Lan Ngô Thị', 'Trang số 5 profile']);
    // an order the reader chose is kept as it is
    expect(await found('search=ngo%20ngoc%20long&orderBy=id&sortedBy=desc')).toEqual([
      'Võ Ngọc Long',
      'Hồ Ngọc Long',
      'Ngô Ngọc Long',
    ]);
    // the same when the page's ids are found first
    const def = {
      columns: ['title', 'type'] as const,
      search: 'index' as const,
      defaultOrder: ['id', 'desc'] as const,
      filters: {},
      idsFirst: true,
    };
    const engine = createListEngine('seos', def, (row) => row);
    const page = await engine.list(listContext(t.db), { search: 'ngo ngoc long', limit: '2' });
    expect(page.data.map((row) => row.title)).toEqual(['Ngô Ngọc Long', 'Võ Ngọc Long']);
    expect(page.meta.pagination.total).toBe(3);
  });
});
