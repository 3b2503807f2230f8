import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, createTestApp, type TestApp } from '../../test/test-app';
import { followRedirects } from './redirect-rules';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await t.createUser(['manage-redirects'])).token;
});
afterAll(() => t.close());

const create = (body: unknown, locale = 'en') =>
  t.request('POST', '/api/v1/redirects', { token, body, locale });

describe('redirects', () => {
  it('creates with 301 when the code is missing, null or empty, and 302 when asked', async () => {
    for (const [code, expected] of [
      [undefined, 301],
      [null, 301],
      ['', 301],
      [302, 302],
      [301, 301],
    ] as const) {
      const response = await create({
        source: `/old-${String(code)}`,
        destination: '/new',
        ...(code === undefined ? {} : { code }),
      });
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
    expect(
      (await create({ source: '/a', destination: '/b', code: 307 })).json().errors.code,
    ).toEqual(['The code must be 301 or 302.']);
    expect((await create({ source: '/a', destination: '/b', code: '301' })).statusCode).toBe(422);
    expect((await create({ source: 5, destination: '/b' })).statusCode).toBe(422);
    expect(
      (await create({ source: '/same', destination: '/same' })).json().errors.destination,
    ).toEqual(['The source and the destination must differ.']);
    const vi = await create({ source: '', destination: '/b' }, 'vi');
    expect(vi.json().errors.source).toEqual(['Vui lòng nhập đường dẫn nguồn!']);
    const ja = await create({ destination: '/b' }, 'ja');
    expect(ja.json().errors.source).toEqual(['転送元のアドレスを入力してください！']);
    const duplicate = await create({ source: '/old-302', destination: '/x' });
    expect(duplicate.json().errors.source).toEqual([
      'A redirect from this address already exists.',
    ]);
    expect(await countRows(t, 'redirects')).toBe(before);
  });

  it('updates only what is sent, and deletes', async () => {
    const id = (await create({ source: '/p1', destination: '/q1' })).json().data.id;
    const patched = await t.request('PATCH', `/api/v1/redirects/${id}`, {
      token,
      body: { code: 302 },
    });
    expect(patched.json().data).toMatchObject({ source: '/p1', destination: '/q1', code: 302 });
    const refused = await t.request('PATCH', `/api/v1/redirects/${id}`, {
      token,
      locale: 'en',
      body: { destination: '/q2', unknown: 'x' },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ unknown: ['This field is not accepted.'] });
    const moved = await t.request('PATCH', `/api/v1/redirects/${id}`, {
      token,
      body: { destination: '/q2' },
    });
    expect(moved.json().data).toMatchObject({ destination: '/q2', code: 302 });
    expect(
      (await t.request('GET', `/api/v1/redirects/${id}`, { token })).json().data.destination,
    ).toBe('/q2');
    expect((await t.request('DELETE', `/api/v1/redirects/${id}`, { token })).statusCode).toBe(204);
    expect((await t.request('GET', `/api/v1/redirects/${id}`, { token })).statusCode).toBe(404);
    expect(
      (await t.request('PATCH', `/api/v1/redirects/${id}`, { token, body: { code: 301 } }))
        .statusCode,
    ).toBe(404);
    expect((await t.request('DELETE', `/api/v1/redirects/abc`, { token })).statusCode).toBe(404);
  });

  it('lists with pagination, sorting, search and the contract limits', async () => {
    for (let i = 1; i <= 25; i++)
      await create({ source: `/ca-phe-${i}`, destination: `/Cà Phê Sữa Đá ${i}` });
    const page = await t.request('GET', '/api/v1/redirects?page=2&limit=10', { token });
    const body = page.json();
    expect(body.data).toHaveLength(10);
    expect(body.meta.pagination).toMatchObject({
      count: 10,
      per_page: 10,
      current_page: 2,
      total: await countRows(t, 'redirects'),
    });
    expect(body.meta.pagination.total_pages).toBe(Math.ceil(body.meta.pagination.total / 10));

    const sorted = (
      await t.request('GET', '/api/v1/redirects?orderBy=source&sortedBy=asc&limit=100', { token })
    ).json().data;
    const sources = sorted.map((r: { source: string }) => r.source);
    expect(sources).toEqual([...sources].sort());

    const folded = (
      await t.request('GET', `/api/v1/redirects?search=${encodeURIComponent('sua da 17')}`, {
        token,
      })
    ).json();
    expect(folded.data.map((r: { source: string }) => r.source)).toEqual(['/ca-phe-17']);
    const field = (
      await t.request(
        'GET',
        `/api/v1/redirects?search=${encodeURIComponent('source:phe-2;code:301')}&limit=100`,
        { token },
      )
    ).json();
    expect(field.data.length).toBeGreaterThan(0);
    expect(
      field.data.every(
        (r: { source: string; code: number }) => r.source.includes('phe-2') && r.code === 301,
      ),
    ).toBe(true);

    const errors = async (query: string) =>
      (await t.request('GET', `/api/v1/redirects?${query}`, { token, locale: 'en' })).json();
    expect((await errors('limit=0')).errors.limit).toEqual([
      'This list cannot be loaded without a page size.',
    ]);
    expect((await errors('limit=101')).errors.limit).toEqual([
      'The page size must be a whole number from 1 to 100.',
    ]);
    expect((await errors('orderBy=password')).errors.orderBy).toEqual([
      'The list cannot be sorted by "password".',
    ]);
    expect((await errors('include=users')).errors.include).toEqual(['Unknown include: "users".']);
    expect((await errors('search=secret:1')).errors.search).toEqual([
      'The list cannot be searched by "secret".',
    ]);
    expect((await errors('page=0')).errors.page).toBeDefined();
    expect((await errors('sortedBy=up')).errors.sortedBy).toBeDefined();
  });
});

describe('where redirects may send visitors', () => {
  const update = (id: number, body: unknown) =>
    t.request('PATCH', `/api/v1/redirects/${id}`, { token, body, locale: 'en' });
  const SCHEME = ['The destination must be a path or an http(s) address.'];

  it('only to paths and web addresses: javascript:, data: and vbscript: in any case are refused on create and update', async () => {
    const before = await countRows(t, 'redirects');
    for (const destination of [
      'javascript:alert(1)',
      '  JavaScript:alert(document.cookie)',
      'JAVA\tSCRIPT:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'Data:text/html;base64,PHNjcmlwdD4=',
      'vbscript:msgbox(1)',
      'VBScript:msgbox(1)',
    ]) {
      const response = await create({
        source: `/bad-${before}-${destination.length}`,
        destination,
      });
      expect(response.statusCode, destination).toBe(422);
      expect(response.json().errors.destination, destination).toEqual(SCHEME);
    }
    expect(await countRows(t, 'redirects')).toBe(before);
    const vi = await create({ source: '/bad-vi', destination: 'javascript:alert(1)' }, 'vi');
    expect(vi.json().errors.destination).toEqual([
      'Đích chuyển hướng phải là một đường dẫn hoặc một địa chỉ http(s).',
    ]);

    for (const destination of [
      '/khuyen-mai',
      'https://shop.example.vn/sale?a=1',
      'HTTP://shop.example.vn',
      'tin-tuc/moi',
    ])
      expect(
        (
          await create({
            source: `/ok-${destination.length}-${destination.charCodeAt(0)}`,
            destination,
          })
        ).statusCode,
        destination,
      ).toBe(201);
    const id = (await create({ source: '/to-be-changed', destination: '/fine' })).json().data.id;
    expect(
      (await update(id, { destination: 'javascript:alert(1)' })).json().errors.destination,
    ).toEqual(SCHEME);
    expect(
      (await t.request('GET', `/api/v1/redirects/${id}`, { token })).json().data.destination,
    ).toBe('/fine');
  });

  it('never in a loop, on create or update', async () => {
    expect((await create({ source: '/loop-a', destination: '/loop-b' })).statusCode).toBe(201);
    expect((await create({ source: '/loop-b', destination: '/loop-c' })).statusCode).toBe(201);
    const closing = await create({ source: '/loop-c', destination: '/loop-a' });
    expect(closing.statusCode).toBe(422);
    expect(closing.json().errors.destination).toEqual([
      'This redirect would lead back to where it starts.',
    ]);
    expect((await create({ source: '/loop-b2', destination: '/loop-a' })).statusCode).toBe(201);

    const other = (await create({ source: '/loop-c', destination: '/loop-end' })).json().data.id;
    const turned = await update(other, { destination: '/loop-b' });
    expect(turned.json().errors.destination).toEqual([
      'This redirect would lead back to where it starts.',
    ]);
    // A new source can close a loop as well: /loop-end → /loop-a → /loop-b → /loop-c → /loop-end.
    const entry = (await create({ source: '/loop-y', destination: '/loop-a' })).json().data.id;
    const moved = await update(entry, { source: '/loop-end' });
    expect(moved.json().errors.destination).toEqual([
      'This redirect would lead back to where it starts.',
    ]);
  });

  it('never through a chain of more than 5 hops, whichever end grows', async () => {
    for (let i = 1; i <= 5; i++)
      expect((await create({ source: `/hop-${i}`, destination: `/hop-${i + 1}` })).statusCode).toBe(
        201,
      );
    const TOO_LONG = ['This redirect would make a chain of more than 5 redirects.'];
    const longer = await create({ source: '/hop-6', destination: '/hop-7' });
    expect(longer.statusCode).toBe(422);
    expect(longer.json().errors.destination).toEqual(TOO_LONG);
    expect(
      (await create({ source: '/hop-0', destination: '/hop-1' })).json().errors.destination,
    ).toEqual(TOO_LONG);
    // A branch into the middle is fine as long as its own path stays within 5 hops.
    expect((await create({ source: '/hop-side', destination: '/hop-3' })).statusCode).toBe(201);
    const loose = (await create({ source: '/hop-x', destination: '/elsewhere' })).json().data.id;
    expect((await update(loose, { destination: '/hop-1' })).json().errors.destination).toEqual(
      TOO_LONG,
    );
  });

  it('keeps the rules when two writes arrive at once', async () => {
    const [first, second] = await Promise.all([
      create({ source: '/race-a', destination: '/race-b' }),
      create({ source: '/race-b', destination: '/race-a' }),
    ]);
    expect([first!.statusCode, second!.statusCode].sort()).toEqual([201, 422]);
  });

  it('moves a whole section with a /* rule, exact redirects first, without loops', async () => {
    const rule = await create({ source: '/old-shop/*', destination: '/shop/*' });
    expect(rule.statusCode, rule.body).toBe(201);
    const exact = await create({ source: '/old-shop/sale', destination: '/khuyen-mai' });
    expect(exact.statusCode).toBe(201);
    const follow = async (address: string) => followRedirects(t.db, address);
    expect(await follow('/old-shop/category/ca-phe')).toEqual({
      address: '/shop/category/ca-phe',
      hops: 1,
    });
    // The exact redirect wins over the section; the section's own path is not in it.
    expect(await follow('/old-shop/sale')).toEqual({ address: '/khuyen-mai', hops: 1 });
    expect(await follow('/old-shop')).toEqual({ address: '/old-shop', hops: 0 });
    // A fixed destination takes the whole section there.
    expect((await create({ source: '/closed/*', destination: '/' })).statusCode).toBe(201);
    expect(await follow('/closed/a/b?x=1')).toEqual({ address: '/', hops: 1 });

    const wildcard = await create({ source: '/a*b', destination: '/c' });
    expect(wildcard.json().errors.source).toEqual([
      'A * may only end the source, after a / (/old-section/* redirects everything under /old-section/).',
    ]);
    const carried = await create({ source: '/one', destination: '/two/*' });
    expect(carried.json().errors.destination).toEqual([
      'The destination may end in /* only when the source does (the rest of the address is carried over).',
    ]);
    const LOOP = ['This redirect would lead back to where it starts.'];
    // Into itself: /in/x → /in/deeper/x → /in/deeper/deeper/x …
    expect(
      (await create({ source: '/in/*', destination: '/in/deeper/*' })).json().errors.destination,
    ).toEqual(LOOP);
    expect(
      (await create({ source: '/shop/*', destination: '/old-shop/*' })).json().errors.destination,
    ).toEqual(LOOP);
    // An exact redirect into a moved section is followed through it.
    expect(
      (await create({ source: '/shop/x', destination: '/old-shop/x' })).json().errors.destination,
    ).toEqual(LOOP);
    // The chain through a section counts its hops.
    for (let i = 1; i <= 2; i++)
      await create({ source: `/shop-hop-${i}`, destination: `/shop-hop-${i + 1}` });
    await create({ source: '/shop-hop-3', destination: '/old-shop/deal' });
    const TOO_LONG = ['This redirect would make a chain of more than 5 redirects.'];
    expect((await create({ source: '/shop/deal', destination: '/shop-deal-2' })).statusCode).toBe(
      201,
    );
    expect(await follow('/shop-hop-1')).toEqual({ address: '/shop-deal-2', hops: 5 });
    expect(
      (await create({ source: '/shop-deal-2', destination: '/shop-deal-3' })).json().errors
        .destination,
    ).toEqual(TOO_LONG);
  });
});
