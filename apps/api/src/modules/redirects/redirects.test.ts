import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await t.createUser(['manage-redirects'])).token;
});
afterAll(() => t.close());

const create = (body: unknown, locale = 'en') => t.request('POST', '/api/v1/redirects', { token, body, locale });

describe('redirects', () => {
  it('creates with 301 when the code is missing, null or empty, and 302 when asked', async () => {
    for (const [code, expected] of [[undefined, 301], [null, 301], ['', 301], [302, 302], [301, 301]] as const) {
      const response = await create({ source: `/old-${String(code)}`, destination: '/new', ...(code === undefined ? {} : { code }) });
      expect(response.statusCode).toBe(201);
      expect(response.json().data.code).toBe(expected);
    }
  });

  it('refuses bad input with the texts of the request language and stores nothing', async () => {
    const before = await countRows(t, 'redirects');
    const empty = await create({});
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({
      source: ['Please enter the source address!'],
      destination: ['Please enter the destination address!'],
    });
    expect((await create({ source: '/a', destination: '/b', code: 307 })).json().errors.code).toEqual(['The code must be 301 or 302.']);
    expect((await create({ source: '/a', destination: '/b', code: '301' })).statusCode).toBe(422);
    expect((await create({ source: 5, destination: '/b' })).statusCode).toBe(422);
    expect((await create({ source: '/same', destination: '/same' })).json().errors.destination).toEqual(['The source and the destination must differ.']);
    const vi = await create({ source: '', destination: '/b' }, 'vi');
    expect(vi.json().errors.source).toEqual(['Vui lòng nhập đường dẫn nguồn!']);
    const ja = await create({ destination: '/b' }, 'ja');
    expect(ja.json().errors.source).toEqual(['転送元のアドレスを入力してください！']);
    const duplicate = await create({ source: '/old-302', destination: '/x' });
    expect(duplicate.json().errors.source).toEqual(['A redirect from this address already exists.']);
    expect(await countRows(t, 'redirects')).toBe(before);
  });

  it('updates only what is sent, and deletes', async () => {
    const id = (await create({ source: '/p1', destination: '/q1' })).json().data.id;
    const patched = await t.request('PATCH', `/api/v1/redirects/${id}`, { token, body: { code: 302 } });
    expect(patched.json().data).toMatchObject({ source: '/p1', destination: '/q1', code: 302 });
    const moved = await t.request('PATCH', `/api/v1/redirects/${id}`, { token, body: { destination: '/q2', unknown: 'ignored' } });
    expect(moved.json().data).toMatchObject({ destination: '/q2', code: 302 });
    expect(moved.json().data).not.toHaveProperty('unknown');
    expect((await t.request('GET', `/api/v1/redirects/${id}`, { token })).json().data.destination).toBe('/q2');
    expect((await t.request('DELETE', `/api/v1/redirects/${id}`, { token })).statusCode).toBe(204);
    expect((await t.request('GET', `/api/v1/redirects/${id}`, { token })).statusCode).toBe(404);
    expect((await t.request('PATCH', `/api/v1/redirects/${id}`, { token, body: { code: 301 } })).statusCode).toBe(404);
    expect((await t.request('DELETE', `/api/v1/redirects/abc`, { token })).statusCode).toBe(404);
  });

  it('lists with pagination, sorting, search and the contract limits', async () => {
    for (let i = 1; i <= 25; i++) await create({ source: `/ca-phe-${i}`, destination: `/Cà Phê Sữa Đá ${i}` });
    const page = await t.request('GET', '/api/v1/redirects?page=2&limit=10', { token });
    const body = page.json();
    expect(body.data).toHaveLength(10);
    expect(body.meta.pagination).toMatchObject({ count: 10, per_page: 10, current_page: 2, total: await countRows(t, 'redirects') });
    expect(body.meta.pagination.total_pages).toBe(Math.ceil(body.meta.pagination.total / 10));

    const sorted = (await t.request('GET', '/api/v1/redirects?orderBy=source&sortedBy=asc&limit=100', { token })).json().data;
    const sources = sorted.map((r: { source: string }) => r.source);
    expect(sources).toEqual([...sources].sort());

    const folded = (await t.request('GET', `/api/v1/redirects?search=${encodeURIComponent('sua da 17')}`, { token })).json();
    expect(folded.data.map((r: { source: string }) => r.source)).toEqual(['/ca-phe-17']);
    const field = (await t.request('GET', `/api/v1/redirects?search=${encodeURIComponent('source:phe-2;code:301')}&limit=100`, { token })).json();
    expect(field.data.length).toBeGreaterThan(0);
    expect(field.data.every((r: { source: string; code: number }) => r.source.includes('phe-2') && r.code === 301)).toBe(true);

    const errors = async (query: string) => (await t.request('GET', `/api/v1/redirects?${query}`, { token, locale: 'en' })).json();
    expect((await errors('limit=0')).errors.limit).toEqual(['This list cannot be loaded without a page size.']);
    expect((await errors('limit=101')).errors.limit).toEqual(['The page size must be a whole number from 1 to 100.']);
    expect((await errors('orderBy=password')).errors.orderBy).toEqual(['The list cannot be sorted by "password".']);
    expect((await errors('include=users')).errors.include).toEqual(['Unknown include: "users".']);
    expect((await errors('search=secret:1')).errors.search).toEqual(['The list cannot be searched by "secret".']);
    expect((await errors('page=0')).errors.page).toBeDefined();
    expect((await errors('sortedBy=up')).errors.sortedBy).toBeDefined();
  });
});
