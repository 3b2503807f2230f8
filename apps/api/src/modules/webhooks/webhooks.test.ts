import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { emit } from '../../core/events';
import { openDatabase } from '../../db/connection';
import { inTransaction } from '../../db/transaction';
import { countRows, createTestApp, type TestApp } from '../../test/test-app';
import type { ResolvedAddress } from './address-guard';

/**
 * Nothing here leaves this machine: receivers listen on loopback, and host names are answered
 * by a stub resolver (loopback, private, link-local or a public number that is never called).
 */
type Received = { headers: IncomingHttpHeaders; body: string; url: string };

const receivers: Server[] = [];
/** A loopback listener answering `answer()` (a status, or 'hang' to never answer). */
const listen = async (
  answer: () => number | 'hang' | { status: number; location: string } = () => 200,
) => {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body, url: request.url ?? '' });
      const what = answer();
      if (what === 'hang') return;
      if (typeof what === 'object') response.writeHead(what.status, { location: what.location });
      else response.writeHead(what);
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receivers.push(server);
  const { port } = server.address() as AddressInfo;
  return { received, port };
};

const answers: Record<string, ResolvedAddress[]> = {
  'site.example.test': [{ address: '127.0.0.1', family: 4 }],
  'private.example.test': [{ address: '10.0.0.7', family: 4 }],
  'metadata.example.test': [{ address: '169.254.169.254', family: 4 }],
  'v6-link-local.example.test': [{ address: 'fe80::1', family: 6 }],
  'mapped.example.test': [{ address: '::ffff:127.0.0.1', family: 6 }],
  'mixed.example.test': [
    { address: '93.184.215.14', family: 4 },
    { address: '192.168.1.10', family: 4 },
  ],
  'public.example.test': [{ address: '93.184.215.14', family: 4 }],
};
const resolveHost = async (hostname: string) => {
  const found = answers[hostname];
  if (!found) throw Object.assign(new Error(`ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return found;
};

/** The apps' clock, moved forward by the retry tests. */
let offsetMs = 0;
const clock = { now: () => new Date(Date.now() + offsetMs) };

let t: TestApp;
let strict: TestApp;
beforeAll(async () => {
  [t, strict] = await Promise.all([
    createTestApp({ WEBHOOK_ALLOW_PRIVATE: 'true' }, { clock, resolveHost, webhookTimeoutMs: 500 }),
    createTestApp({}, { resolveHost }),
  ]);
});
afterAll(async () => {
  await Promise.all([t?.close(), strict?.close()]);
  for (const server of receivers) server.close();
});
afterEach(async () => {
  offsetMs = 0;
  // deliveries go with their webhook
  await t.db.deleteFrom('webhooks').execute();
  await strict.db.deleteFrom('webhooks').execute();
});

const create = (app: TestApp, body: unknown, token = app.adminToken, locale = 'en') =>
  app.request('POST', '/api/v1/webhooks', { token, body, locale });

const hook = async (port: number, events: string[], path = '/hook') => {
  const response = await create(t, { url: `http://site.example.test:${port}${path}`, events });
  expect(response.statusCode).toBe(201);
  return response.json().data as { id: number; secret: string };
};

const deliveries = async (app: TestApp, id: number) => {
  const response = await app.request('GET', `/api/v1/webhooks/${id}/deliveries`, {
    token: app.adminToken,
  });
  expect(response.statusCode).toBe(200);
  return response.json().data as Array<{
    event: string;
    event_id: string;
    status: string;
    attempts: number;
    next_attempt_at: string | null;
    tries: Array<{ attempt: number; status_code: number | null; error: string | null }>;
  }>;
};

const addMenu = async (key: string) => {
  const response = await t.request('POST', '/api/v1/menus', {
    token: t.adminToken,
    body: { key, title: `Menu ${key}` },
  });
  expect(response.statusCode).toBe(201);
  return response.json().data.id as number;
};

const signature = (body: string, secret: string) =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

describe('managing webhooks', () => {
  it('shows the signing secret once, in the answer that made the webhook', async () => {
    const made = await create(t, {
      url: 'http://site.example.test:9/hook',
      events: ['post.published', 'menu.updated'],
    });
    expect(made.statusCode).toBe(201);
    const { id, secret, ...rest } = made.json().data;
    expect(secret).toMatch(/^whsec_[\w-]{32}$/);
    expect(rest).toMatchObject({ enabled: true, events: ['post.published', 'menu.updated'] });

    const shown = await t.request('GET', `/api/v1/webhooks/${id}`, { token: t.adminToken });
    expect(shown.json().data).not.toHaveProperty('secret');
    const listed = await t.request('GET', '/api/v1/webhooks', { token: t.adminToken });
    expect(listed.json().data[0]).not.toHaveProperty('secret');
    expect(JSON.stringify(listed.json())).not.toContain(secret);

    const renewed = await t.request('POST', `/api/v1/webhooks/${id}/secret`, {
      token: t.adminToken,
    });
    expect(renewed.json().data.secret).toMatch(/^whsec_/);
    expect(renewed.json().data.secret).not.toBe(secret);

    const off = await t.request('PATCH', `/api/v1/webhooks/${id}`, {
      token: t.adminToken,
      body: { enabled: false },
    });
    expect(off.json().data).toMatchObject({ enabled: false });
    expect(off.json().data).not.toHaveProperty('secret');
  });

  it('refuses a bad address, no events, an unknown event or field, in the reader’s language', async () => {
    const bad = await create(t, { url: 'ftp://site.example.test/x', events: [] });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      url: ['The address must be an http:// or https:// URL.'],
      events: ['Please choose at least one event!'],
    });
    const vi = await create(
      t,
      { url: 'http://site.example.test/', events: [] },
      t.adminToken,
      'vi',
    );
    expect(vi.json().errors.events).toEqual(['Vui lòng chọn ít nhất một sự kiện!']);
    const unknown = await create(t, { url: 'http://site.example.test/', events: ['post.viewed'] });
    expect(unknown.json().errors['events.0']).toEqual(['This event does not exist.']);
    const extra = await create(t, {
      url: 'http://site.example.test/',
      events: ['post.published'],
      secret: 'mine',
    });
    expect(extra.statusCode).toBe(422);
    expect(Object.keys(extra.json().errors)).toEqual(['secret']);
    expect(await countRows(t, 'webhooks')).toBe(0);
  });

  it('needs the webhooks permissions on every route', async () => {
    const { id } = await hook(9, ['menu.updated']);
    const reader = (await t.createUser(['webhooks.list'])).token;
    expect((await t.request('GET', '/api/v1/webhooks', { token: reader })).statusCode).toBe(200);
    expect(
      (await t.request('GET', `/api/v1/webhooks/${id}/deliveries`, { token: reader })).statusCode,
    ).toBe(200);
    for (const [method, url] of [
      ['POST', '/api/v1/webhooks'],
      ['PATCH', `/api/v1/webhooks/${id}`],
      ['DELETE', `/api/v1/webhooks/${id}`],
      ['POST', `/api/v1/webhooks/${id}/test`],
      ['POST', `/api/v1/webhooks/${id}/secret`],
    ] as const)
      expect(
        (
          await t.request(method, url, {
            token: reader,
            ...(method === 'POST' && url.endsWith('webhooks')
              ? { body: { url: 'http://site.example.test/', events: ['menu.updated'] } }
              : method === 'PATCH'
                ? { body: { enabled: false } }
                : {}),
          })
        ).statusCode,
      ).toBe(403);
    const nobody = (await t.createUser([])).token;
    expect((await t.request('GET', '/api/v1/webhooks', { token: nobody })).statusCode).toBe(403);
    const keys = (await t.request('GET', '/api/v1/permissions', { token: t.adminToken })).body;
    for (const key of ['webhooks.list', 'webhooks.create', 'webhooks.update', 'webhooks.delete'])
      expect(keys).toContain(key);
  });
});

describe('deliveries', () => {
  it('posts each event after its change commits, signed with the secret, to the resolved address', async () => {
    const site = await listen();
    const { id, secret } = await hook(site.port, [
      'post.published',
      'post.updated',
      'post.unpublished',
      'post.deleted',
    ]);
    const typeId = Number(
      (
        await sql<{ id: number }>`insert into post_types
          (style, sort, title, slug, sitemap, features, custom_fields, created_at, updated_at)
          values ('article', 0, 'Tin tức', 'tin-tuc', ${true}, '[]', '[]', ${clock.now().toISOString()}, ${clock.now().toISOString()})
          returning id`.execute(t.db)
      ).rows[0]!.id,
    );
    const admin = { token: t.adminToken };
    // a draft tells the website nothing
    const draft = await t.request('POST', '/api/v1/posts', {
      ...admin,
      body: { type_id: typeId, title: 'Bản nháp', status: 'draft' },
    });
    expect(draft.statusCode).toBe(201);
    const post = await t.request('POST', '/api/v1/posts', {
      ...admin,
      body: { type_id: typeId, title: 'Khai trương cửa hàng', status: 'published' },
    });
    expect(post.statusCode).toBe(201);
    const postId = post.json().data.id;
    expect(await t.app.webhookQueue.runOnce()).toBe(1);
    expect(site.received).toHaveLength(1);

    const [first] = site.received;
    // connected to 127.0.0.1 (the stub's answer), while the request names the site
    expect(first!.headers.host).toBe(`site.example.test:${site.port}`);
    expect(first!.url).toBe('/hook');
    expect(first!.headers['content-type']).toBe('application/json');
    expect(first!.headers['x-webhook-signature']).toBe(signature(first!.body, secret));
    const body = JSON.parse(first!.body);
    expect(Object.keys(body)).toEqual(['event', 'id', 'at', 'data']);
    expect(body).toMatchObject({
      event: 'post.published',
      data: {
        id: postId,
        type: 'tin-tuc',
        slug: 'khai-truong-cua-hang',
        path: '/tin-tuc/khai-truong-cua-hang',
      },
    });
    expect(first!.headers['x-webhook-id']).toBe(body.id);

    await t.request('PATCH', `/api/v1/posts/${postId}`, {
      ...admin,
      body: { title: 'Khai trương', slug: 'khai-truong' },
    });
    await t.request('PATCH', `/api/v1/posts/${postId}`, { ...admin, body: { status: 'draft' } });
    await t.request('DELETE', `/api/v1/posts/${draft.json().data.id}`, admin);
    await t.request('PATCH', `/api/v1/posts/${postId}`, {
      ...admin,
      body: { status: 'published' },
    });
    await t.request('DELETE', `/api/v1/posts/${postId}`, admin);
    expect(await t.app.webhookQueue.runOnce()).toBe(4);
    const events = site.received.slice(1).map((r) => JSON.parse(r.body));
    expect(events.map((e) => e.event).sort()).toEqual(
      ['post.deleted', 'post.published', 'post.unpublished', 'post.updated'].sort(),
    );
    expect(events.find((e) => e.event === 'post.updated').data).toMatchObject({
      path: '/tin-tuc/khai-truong',
      previous_path: '/tin-tuc/khai-truong-cua-hang',
    });
    for (const r of site.received)
      expect(r.headers['x-webhook-signature']).toBe(signature(r.body, secret));

    const log = await deliveries(t, id);
    expect(log).toHaveLength(5);
    expect(log.every((d) => d.status === 'delivered' && d.attempts === 1)).toBe(true);
    expect(log[0]!.tries).toEqual([
      expect.objectContaining({ attempt: 1, status_code: 200, error: null }),
    ]);
  });

  it.each([
    ['a day ahead', 86_400_000],
    ['a day behind (as the demo shop travels)', -86_400_000],
  ])('tells an event at the app’s moment when its clock is %s', async (_, offset) => {
    offsetMs = offset;
    const site = await listen();
    await hook(site.port, ['post.published', 'post.updated']);
    const stamp = clock.now().toISOString();
    const section = offset > 0 ? 'tin-ngay-mai' : 'tin-hom-qua';
    const typeId = Number(
      (
        await sql<{ id: number }>`insert into post_types
          (style, sort, title, slug, sitemap, features, custom_fields, created_at, updated_at)
          values ('article', 0, 'Tin tức', ${section}, ${true}, '[]', '[]', ${stamp}, ${stamp})
          returning id`.execute(t.db)
      ).rows[0]!.id,
    );
    const post = await t.request('POST', '/api/v1/posts', {
      token: t.adminToken,
      body: { type_id: typeId, title: 'Khai trương', status: 'published' },
    });
    expect(post.statusCode).toBe(201);
    const renamed = await t.request('PATCH', `/api/v1/posts/${post.json().data.id}`, {
      token: t.adminToken,
      body: { slug: 'khai-truong-moi' },
    });
    expect(renamed.statusCode).toBe(200);
    // a post published at the app's "now" is shown at once, and its deliveries are due at once
    expect(await t.app.webhookQueue.runOnce()).toBe(2);
    const bodies = site.received.map((r) => JSON.parse(r.body));
    // sent side by side: they arrive in either order
    expect(bodies.map((b) => b.event).sort()).toEqual(['post.published', 'post.updated']);
    for (const body of bodies)
      expect(Math.abs(Date.parse(body.at) - clock.now().getTime())).toBeLessThan(60_000);
    // the old address's redirect is dated by the same clock
    const redirect = await t.db
      .selectFrom('redirects')
      .select('created_at')
      .where('source', '=', `/${section}/khai-truong`)
      .executeTakeFirstOrThrow();
    expect(Math.abs(Date.parse(redirect.created_at) - clock.now().getTime())).toBeLessThan(60_000);
  });

  it('sends only the events a webhook chose, and nothing to a disabled one', async () => {
    const site = await listen();
    const menus = await hook(site.port, ['menu.updated'], '/menus');
    const sliders = await hook(site.port, ['slider.updated'], '/sliders');
    const off = await hook(site.port, ['menu.updated'], '/off');
    await t.request('PATCH', `/api/v1/webhooks/${off.id}`, {
      token: t.adminToken,
      body: { enabled: false },
    });
    const menuId = await addMenu('main');
    await t.request('PATCH', `/api/v1/menus/${menuId}`, {
      token: t.adminToken,
      body: { title: 'Menu chính' },
    });
    await t.request('PATCH', '/api/v1/settings', {
      token: t.adminToken,
      body: { settings: [{ key: 'site_name', value: 'Cửa hàng' }] },
    });
    await t.app.webhookQueue.runOnce();
    expect(site.received.map((r) => r.url)).toEqual(['/menus', '/menus']);
    expect(JSON.parse(site.received[0]!.body).data).toEqual({ id: menuId, key: 'main' });
    expect(await deliveries(t, sliders.id)).toEqual([]);
    expect(await deliveries(t, off.id)).toEqual([]);
    expect(await deliveries(t, menus.id)).toHaveLength(2);
  });

  it('sends nothing for a change whose transaction rolled back', async () => {
    const site = await listen();
    await hook(site.port, ['menu.updated']);
    await expect(
      inTransaction(t.db, t.engine, async (tx) => {
        await emit('menu.updated', { id: 1, key: 'main' }, tx, clock.now());
        expect(await countRows({ ...t, db: tx }, 'webhook_deliveries')).toBe(1);
        throw new Error('the change failed after its event');
      }),
    ).rejects.toThrow('the change failed');
    expect(await countRows(t, 'webhook_deliveries')).toBe(0);
    expect(await t.app.webhookQueue.runOnce()).toBe(0);
    expect(site.received).toHaveLength(0);
  });

  it('tries a failing receiver again after 1, 5, 30, 120 and 360 minutes, then gives up', async () => {
    const site = await listen(() => 500);
    const { id } = await hook(site.port, ['menu.updated']);
    await addMenu('retry');
    expect(await t.app.webhookQueue.runOnce()).toBe(1);
    for (const minutes of [1, 5, 30, 120, 360]) {
      offsetMs += (minutes * 60 - 1) * 1000;
      // not yet due a second before its time
      expect(await t.app.webhookQueue.runOnce()).toBe(0);
      offsetMs += 1000;
      expect(await t.app.webhookQueue.runOnce()).toBe(1);
    }
    offsetMs += 24 * 3600_000;
    expect(await t.app.webhookQueue.runOnce()).toBe(0);
    // a finished delivery stays in the log for 30 days
    expect(await t.app.webhookQueue.prune()).toBe(0);
    expect(site.received).toHaveLength(6);
    // the same body, event id and signature every time
    expect(new Set(site.received.map((r) => r.body)).size).toBe(1);
    const [delivery] = await deliveries(t, id);
    expect(delivery).toMatchObject({ status: 'failed', attempts: 6, next_attempt_at: null });
    expect(delivery!.tries.map((x) => [x.attempt, x.status_code])).toEqual([
      [1, 500],
      [2, 500],
      [3, 500],
      [4, 500],
      [5, 500],
      [6, 500],
    ]);
    offsetMs += 30 * 86_400_000;
    expect(await t.app.webhookQueue.prune()).toBe(1);
    expect(await deliveries(t, id)).toEqual([]);
    expect(await countRows(t, 'webhook_tries')).toBe(0);
  });

  it('counts a receiver that does not answer in time, or redirects, as a failed try', async () => {
    const slow = await listen(() => 'hang');
    const elsewhere = await listen();
    const moved = await listen(() => ({
      status: 302,
      location: `http://127.0.0.1:${elsewhere.port}/stolen`,
    }));
    const hanging = await hook(slow.port, ['menu.updated']);
    const redirecting = await hook(moved.port, ['menu.updated']);
    await addMenu('slow');
    await t.app.webhookQueue.runOnce();
    const [late] = await deliveries(t, hanging.id);
    expect(late).toMatchObject({ status: 'pending', attempts: 1 });
    expect(late!.tries[0]).toMatchObject({ status_code: null, error: 'timeout' });
    const due = new Date(late!.next_attempt_at!).getTime() - Date.now();
    expect(due).toBeGreaterThan(55_000);
    expect(due).toBeLessThan(65_000);

    const [redirected] = await deliveries(t, redirecting.id);
    expect(redirected).toMatchObject({ status: 'pending', attempts: 1 });
    expect(redirected!.tries[0]).toMatchObject({ status_code: 302 });
    expect(moved.received).toHaveLength(1);
    expect(elsewhere.received).toHaveLength(0);
  });

  it('sends a test at once and answers it with its try', async () => {
    const site = await listen();
    const { id, secret } = await hook(site.port, ['post.published']);
    const sent = await t.request('POST', `/api/v1/webhooks/${id}/test`, { token: t.adminToken });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().data).toMatchObject({
      event: 'webhook.test',
      status: 'delivered',
      attempts: 1,
      tries: [{ attempt: 1, status_code: 200, error: null }],
    });
    expect(site.received).toHaveLength(1);
    expect(site.received[0]!.headers['x-webhook-signature']).toBe(
      signature(site.received[0]!.body, secret),
    );
    // the queue never sends it a second time
    expect(await t.app.webhookQueue.runOnce()).toBe(0);

    const down = await hook(1, ['post.published']);
    const failed = await t.request('POST', `/api/v1/webhooks/${down.id}/test`, {
      token: t.adminToken,
    });
    // a test is tried once: no retries follow it
    expect(failed.json().data).toMatchObject({
      status: 'failed',
      next_attempt_at: null,
      tries: [{ status_code: null, error: 'connection_failed' }],
    });
    expect(
      (await t.request('POST', '/api/v1/webhooks/999999/test', { token: t.adminToken })).statusCode,
    ).toBe(404);
  });
});

describe('several instances and restarts', () => {
  /** Another server process on the same database (its own connections, its own queue). */
  const instance = async (now: () => Date = clock.now) => {
    const database = openDatabase(t.config.databaseUrl);
    const app = await buildApp({
      config: t.config,
      database,
      clock: { now },
      resolveHost,
      webhookTimeoutMs: 2000,
    });
    await app.ready();
    return {
      app,
      close: async () => {
        await app.close();
        await database.close();
      },
    };
  };

  it('two instances polling one database send each delivery once', async () => {
    let inFlight = 0;
    const site = await listen(() => {
      inFlight++;
      return 200;
    });
    await hook(site.port, ['menu.updated']);
    for (let i = 0; i < 24; i++) await addMenu(`m${i}`);
    const [a, b] = await Promise.all([instance(), instance()]);
    try {
      // both ask at once, again and again, until nothing is left
      for (let round = 0; round < 10; round++) {
        const [x, y] = await Promise.all([
          a.app.webhookQueue.runOnce(),
          b.app.webhookQueue.runOnce(),
        ]);
        if (x + y === 0) break;
      }
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
    const ids = site.received.map((r) => JSON.parse(r.body).id);
    expect(ids).toHaveLength(24);
    expect(new Set(ids).size).toBe(24);
    expect(inFlight).toBe(24);
    const tries = await t.db
      .selectFrom('webhook_tries')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(tries.n)).toBe(24);
  });

  it('a retry that was due when the server stopped is sent after it starts again', async () => {
    let down = true;
    const site = await listen(() => (down ? 503 : 200));
    const { id } = await hook(site.port, ['menu.updated']);
    await addMenu('restart');
    const before = await instance();
    expect(await before.app.webhookQueue.runOnce()).toBe(1);
    await before.close();
    down = false;
    const [pending] = await deliveries(t, id);
    expect(pending).toMatchObject({ status: 'pending', attempts: 1 });

    // started again two minutes later: its own polling finds the retry that is due
    const after = await instance(() => new Date(Date.now() + 2 * 60_000));
    try {
      after.app.webhookQueue.start();
      for (let waited = 0; site.received.length < 2 && waited < 5000; waited += 50)
        await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      await after.close();
    }
    expect(site.received).toHaveLength(2);
    const [done] = await deliveries(t, id);
    expect(done).toMatchObject({ status: 'delivered', attempts: 2 });
    expect(done!.tries.map((x) => x.status_code)).toEqual([503, 200]);
  });
});

describe('the address guard', () => {
  it('refuses loopback, private and link-local addresses when saved, unless allowed', async () => {
    const refusedUrls = [
      'http://127.0.0.1:8080/hook',
      'http://[::1]/hook',
      'http://2130706433/hook',
      'http://private.example.test/hook',
      'http://metadata.example.test/latest/meta-data',
      'http://v6-link-local.example.test/',
      'http://mapped.example.test/',
      'http://mixed.example.test/',
    ];
    for (const url of refusedUrls) {
      const response = await create(strict, { url, events: ['menu.updated'] });
      expect(response.statusCode, url).toBe(422);
      expect(response.json().errors.url, url).toEqual([
        'This address is on a loopback, private or link-local network: webhooks may not call it.',
      ]);
    }
    const unknown = await create(strict, {
      url: 'http://nowhere.example.test/',
      events: ['menu.updated'],
    });
    expect(unknown.json().errors.url).toEqual(['The host name of this address cannot be found.']);
    expect(await countRows(strict, 'webhooks')).toBe(0);
    // a public address is accepted (and never called: created switched off)
    const fine = await create(strict, {
      url: 'https://public.example.test/hook',
      events: ['menu.updated'],
      enabled: false,
    });
    expect(fine.statusCode).toBe(201);
    // the allowance lets a site on this machine or network be called
    expect(
      (await create(t, { url: 'http://private.example.test/', events: ['menu.updated'] }))
        .statusCode,
    ).toBe(201);
  });

  it('checks the address again when sending: a name that now answers loopback is not called', async () => {
    const site = await listen();
    answers['rebind.example.test'] = [{ address: '93.184.215.14', family: 4 }];
    const made = await create(strict, {
      url: `http://rebind.example.test:${site.port}/hook`,
      events: ['menu.updated'],
    });
    expect(made.statusCode).toBe(201);
    answers['rebind.example.test'] = [{ address: '127.0.0.1', family: 4 }];
    const sent = await strict.request('POST', `/api/v1/webhooks/${made.json().data.id}/test`, {
      token: strict.adminToken,
    });
    expect(sent.json().data).toMatchObject({
      status: 'failed',
      tries: [{ status_code: null, error: 'refused_address' }],
    });
    expect(site.received).toHaveLength(0);
  });
});
