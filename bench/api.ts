import { sql } from 'kysely';
import { searchText } from '../apps/api/src/core/search';
import { measure, startServer, type BenchScenario, type Measurement } from './harness';

const REDIRECTS = 100_000;

const table = (rows: Measurement[], baseline: Measurement) =>
  [
    '| route | requests/s | p50 ms | p99 ms | non-2xx | vs health (req/s) |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map(
      (row) =>
        `| ${row.name} | ${row.requestsPerSecond} | ${row.p50Ms} | ${row.p99Ms} | ${row.errors} | ${(baseline.requestsPerSecond / row.requestsPerSecond).toFixed(2)}x slower |`,
    ),
  ].join('\n');

/** GET /languages and a 50-row page of 100,000 redirects next to the bare health route. */
export const apiScenario: BenchScenario = {
  section: 'API on SQLite',
  run: async ({ database, dataDir }) => {
    const stamp = new Date().toISOString();
    const { db } = database;
    for (let start = 0; start < REDIRECTS; start += 5000) {
      const rows = Array.from({ length: 5000 }, (_, i) => {
        const n = start + i;
        const source = `/san-pham/ca-phe-sua-da-${n}`;
        const destination = `/products/iced-coffee-${n}`;
        return {
          source,
          destination,
          code: n % 2 === 0 ? 301 : 302,
          search_text: searchText(source, destination),
          created_at: stamp,
          updated_at: stamp,
        };
      });
      await db.insertInto('redirects').values(rows).execute();
    }
    await sql`PRAGMA optimize`.execute(db);
    await database.close();

    const server = await startServer(dataDir);
    const auth = { authorization: `Bearer ${server.token}` };
    try {
      // Warm-up so the first measurement does not pay for JIT and caches.
      await measure('warm-up', `${server.base}/api/v1/redirects?limit=50`, auth, { duration: 3 });
      const health = await measure('GET /api/v1/health', `${server.base}/api/v1/health`);
      const rows = [
        health,
        await measure('GET /api/v1/languages', `${server.base}/api/v1/languages`, auth),
        await measure(
          'GET /api/v1/redirects?limit=50 (page 1 of 100,000 rows)',
          `${server.base}/api/v1/redirects?limit=50`,
          auth,
        ),
        await measure(
          'GET /api/v1/redirects?limit=50&page=1000 (deep page)',
          `${server.base}/api/v1/redirects?limit=50&page=1000`,
          auth,
        ),
        await measure(
          'GET /api/v1/redirects?limit=50&orderBy=source',
          `${server.base}/api/v1/redirects?limit=50&orderBy=source&sortedBy=asc`,
          auth,
        ),
        await measure(
          'GET /api/v1/redirects?search=sua da 4242',
          `${server.base}/api/v1/redirects?limit=50&search=sua%20da%204242`,
          auth,
        ),
      ];
      return [
        `${REDIRECTS.toLocaleString('en')} redirects; 10 connections, 10 s per route (autocannon).`,
        '',
        table(rows, health),
      ].join('\n');
    } finally {
      await server.stop();
    }
  },
};
