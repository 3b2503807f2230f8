import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { loadConfig } from '../apps/api/src/config';
import { runDemo } from '../apps/api/src/demo/run-demo';
import { freePort, measure, root, startServer, type BenchScenario } from './harness';

/** The shop the dashboard summarizes: the demo's, with its 2,000 orders over the last year. */
const SHOP = { products: 60, courses: 0, articles: 0, members: 10, orders: 2000, pictures: 2 };

const waitFor = async (url: string) => {
  for (let i = 0; i < 300; i += 1) {
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer`);
};

const row = (name: string, m: Awaited<ReturnType<typeof measure>>) =>
  `| ${name} | ${m.requestsPerSecond} | ${m.p50Ms} | ${m.p99Ms} | ${m.errors} |`;

export const dashboardScenario: BenchScenario = {
  section: 'Dashboard',
  run: async ({ database, dataDir }) => {
    const file = join(dataDir, 'backoffice.db');
    const config = loadConfig({
      DATA_DIR: dataDir,
      DATABASE_URL: `sqlite:${file}`,
      LOG_LEVEL: 'silent',
    });
    await runDemo(config, database, SHOP, () => {});
    const to = new Date().toISOString().slice(0, 10);
    const from = new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);
    const month = `${to.slice(0, 8)}01`;

    const server = await startServer(dataDir);
    const auth = { authorization: `Bearer ${server.token}` };
    const product = {
      year: await measure('year', `${server.base}/api/v1/dashboard?from=${from}&to=${to}`, auth),
      month: await measure('month', `${server.base}/api/v1/dashboard?from=${month}&to=${to}`, auth),
    };
    await server.stop();

    const port = await freePort();
    const reference = spawn(
      join(root, 'node_modules/.bin/tsx'),
      [join(root, 'bench/dashboard-reference.ts'), file, String(port)],
      { stdio: ['ignore', 'ignore', 'inherit'] },
    );
    try {
      const base = `http://127.0.0.1:${port}`;
      await waitFor(`${base}/health`);
      const bare = {
        year: await measure('year', `${base}/?from=${from}&to=${to}`),
        month: await measure('month', `${base}/?from=${month}&to=${to}`),
      };
      return [
        `\`GET /api/v1/dashboard\` as the administrator (every figure) on a SQLite shop made by the demo's own steps with ${SHOP.orders.toLocaleString('en')} orders spread over the last year (${SHOP.products} products, two warehouses), 10 connections for 10 s each, beside a bare node:http + better-sqlite3 server answering the order figures and the stock counts with the same SQL from the same file (\`bench/dashboard-reference.ts\`, no sign-in, no permission checks, no settings read).`,
        '',
        '| range | requests/s | p50 ms | p99 ms | errors |',
        '| --- | --- | --- | --- | --- |',
        row('a year (product)', product.year),
        row('a year (bare reference)', bare.year),
        row('this month (product)', product.month),
        row('this month (bare reference)', bare.month),
      ].join('\n');
    } finally {
      reference.kill('SIGTERM');
    }
  },
};
