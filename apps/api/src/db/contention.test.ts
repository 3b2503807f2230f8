import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, createTestApp, ENGINE, type TestApp } from '../test/test-app';

/**
 * Writes under contention end in 0 errors: every create and every update of a record that
 * many clients change at once is retried or queued by the database layer, never a 500. The
 * full load (200 clients at once creating 1,200 records, and 200 updates of one record at
 * once) runs on PostgreSQL, where concurrent transactions really conflict: the conflicts come
 * from the 200 clients in flight together, not from how many records each makes. SQLite, with
 * one writer at a time, runs a quarter of the clients.
 */
const LOAD =
  ENGINE === 'postgres'
    ? { creates: 1200, clients: 200, updates: 200 }
    : { creates: 400, clients: 50, updates: 50 };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Runs `jobs` with at most `clients` of them in flight at once. */
const runWith = async <T>(clients: number, jobs: Array<() => Promise<T>>) => {
  const results: T[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < jobs.length) {
        const index = next++;
        results[index] = await jobs[index]!();
      }
    }),
  );
  return results;
};

describe('writes under contention', () => {
  it(
    `answers ${LOAD.creates} mixed creates from ${LOAD.clients} clients and ${LOAD.updates} simultaneous updates of one record without an error`,
    { timeout: 240_000 },
    async () => {
      const before = {
        redirects: await countRows(t, 'redirects'),
        agencies: await countRows(t, 'agencies'),
        roles: await countRows(t, 'roles'),
      };
      const post = (url: string, body: unknown) => () =>
        t.request('POST', url, { token: t.adminToken, body });
      const jobs = Array.from({ length: LOAD.creates }, (_, i) => {
        switch (i % 3) {
          case 0:
            return post('/api/v1/redirects', {
              source: `/load/${i}`,
              destination: `/load/${i}/new`,
            });
          case 1:
            return post('/api/v1/agencies', { name: `Đại lý ${i}`, sort: i });
          default:
            return post('/api/v1/roles', {
              name: `load-${i}`,
              description: 'Vai trò thử tải',
              permissions: ['posts.list'],
            });
        }
      });
      const created = await runWith(LOAD.clients, jobs);
      const failed = created.filter((response) => response.statusCode !== 201);
      expect(
        failed.map((response) => `${response.statusCode} ${response.body}`).slice(0, 3),
      ).toEqual([]);
      const made = (index: number) => Math.ceil((LOAD.creates - index) / 3);
      expect(await countRows(t, 'redirects')).toBe(before.redirects + made(0));
      expect(await countRows(t, 'agencies')).toBe(before.agencies + made(1));
      expect(await countRows(t, 'roles')).toBe(before.roles + made(2));
      // The maintained count that unfiltered lists show kept pace with every insert.
      const listed = await t.request('GET', '/api/v1/redirects?limit=1&page=2', {
        token: t.adminToken,
      });
      expect(listed.json().meta.pagination.total).toBe(before.redirects + made(0));

      const target = created[0]!.json().data.id as number;
      const updates = await Promise.all(
        Array.from({ length: LOAD.updates }, (_, i) =>
          t.request('PATCH', `/api/v1/redirects/${target}`, {
            token: t.adminToken,
            body: { destination: `/load/0/update-${i}`, code: i % 2 === 0 ? 302 : 301 },
          }),
        ),
      );
      expect(
        updates
          .filter((response) => response.statusCode !== 200)
          .map((r) => `${r.statusCode} ${r.body}`)
          .slice(0, 3),
      ).toEqual([]);
      const final = (
        await t.request('GET', `/api/v1/redirects/${target}`, { token: t.adminToken })
      ).json().data;
      // The record holds exactly one of the updates, whole.
      const index = Number(/update-(\d+)$/.exec(final.destination)![1]);
      expect(final.code).toBe(index % 2 === 0 ? 302 : 301);
      const audit = await t.db
        .selectFrom('audit_logs')
        .select('id')
        .where('entity', '=', 'redirect')
        .where('entity_id', '=', String(target))
        .where('action', '=', 'update')
        .execute();
      expect(audit).toHaveLength(LOAD.updates);
    },
  );
});
