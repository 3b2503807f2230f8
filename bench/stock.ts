import { spawn } from 'node:child_process';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { createFirstAdmin } from '../apps/api/src/bootstrap';
import { openDatabase } from '../apps/api/src/db/connection';
import { migrate } from '../apps/api/src/db/migrate';
import { ADMIN, freePort, root, startServer, type BenchScenario } from './harness';
import { createBenchDatabase, postgresBaseUrl, postgresUnreachable, shownUrl } from './postgres';
import { seed } from './stock-reference';
import { checkStock, seedProductLots } from './stock-seed';

const DURATION = 10;
const CLIENTS = 50;
const LOTS = 100_000;
const UNITS_PER_LOT = 10;

type Reply<T> = { data: T };
type Figures = { perSecond: number; p50: number; p99: number; errors: number };

const EXPORT_LINE = (postId: number) =>
  JSON.stringify({ style: 'export', products: [{ post_id: postId, price: 2000, number: 1 }] });

const load = async (url: string, body: string, headers: Record<string, string> = {}) => {
  const result = await autocannon({
    url,
    duration: DURATION,
    connections: CLIENTS,
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });
  return {
    perSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx + result.timeouts,
  };
};

/** The product: its real server on `target`, one product with LOTS lots, exports under load. */
const runProduct = async (target: string, dataDir: string) => {
  const server = await startServer(dataDir, { DATABASE_URL: target });
  const api = async <T>(path: string, body: unknown) => {
    const response = await fetch(`${server.base}/api/v1${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (response.status !== 201)
      throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return ((await response.json()) as Reply<T>).data;
  };
  const direct = openDatabase(target);
  try {
    const warehouse = await api<{ id: number }>('/warehouses', {
      name: 'Kho Bench',
      province_code: '01',
      ward_code: '00004',
      address: '1 Điện Biên Phủ',
    });
    const type = await api<{ id: number }>('/types', { style: 'product', title: 'Bench' });
    const product = await api<{ id: number }>('/posts', {
      type_id: type.id,
      title: 'Sữa bench',
      product: { code: 'BENCH-1', price: 1 },
    });
    // One import slip of 100,000 lines through the API would be one request of 100,000
    // lines; the lots are written straight to the database as that slip would write them.
    const first = await api<{ id: number }>(`/warehouses/${warehouse.id}/change`, {
      style: 'import',
      products: [{ post_id: product.id, price: 1000, number: UNITS_PER_LOT, expiry: '2030-01-01' }],
    });
    await seedProductLots(direct.db, {
      warehouseId: warehouse.id,
      postId: product.id,
      changeId: first.id,
      lots: LOTS,
      units: UNITS_PER_LOT,
    });
    const figures = await load(
      `${server.base}/api/v1/warehouses/${warehouse.id}/change`,
      EXPORT_LINE(product.id),
      { authorization: `Bearer ${server.token}` },
    );
    const stock = await checkStock(direct.db, direct.engine, product.id);
    return { figures, stock };
  } finally {
    await direct.close();
    await server.stop();
  }
};

/** The bare reference in its own process, as the product's server is, on `target`. */
const runReference = async (target: string) => {
  await seed(target, LOTS, UNITS_PER_LOT);
  const port = await freePort();
  const child = spawn(
    join(root, 'node_modules/.bin/tsx'),
    [join(root, 'bench/stock-reference.ts'), target, String(port)],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const base = `http://127.0.0.1:${port}`;
  try {
    for (let i = 0; i < 150; i++) {
      if (
        await fetch(`${base}/health`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    return await load(`${base}/export`, EXPORT_LINE(1));
  } finally {
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  }
};

const row = (name: string, product: Figures, reference: Figures) =>
  `| ${name} | ${product.perSecond} | ${product.p50} | ${product.p99} | ${product.errors} | ${reference.perSecond} | ${reference.p50} | ${reference.p99} | ${reference.errors} | ${reference.perSecond > 0 ? `${(product.perSecond / reference.perSecond).toFixed(2)}×` : '—'} |`;

/**
 * Export slips of one unit from 50 concurrent clients, all on one product with 100,000 lots
 * (each export takes its lot first-expiry-first-out under the product's lock), on SQLite and
 * PostgreSQL, each beside a bare node:http server doing the same export the naive way in the
 * same run; then the product's stock invariant: per lot, units in = units out + units on
 * hand; per product, the level agrees.
 */
export const stockScenario: BenchScenario = {
  section: 'Export slips',
  run: async ({ database, dataDir }) => {
    await database.close();
    const rows: string[] = [];
    const checks: string[] = [];
    const sqlite = await runProduct(`sqlite:${join(dataDir, 'backoffice.db')}`, dataDir);
    const sqliteReference = await runReference(`sqlite:${join(dataDir, 'reference.db')}`);
    rows.push(row('SQLite', sqlite.figures, sqliteReference));
    checks.push(`- SQLite: ${sqlite.stock}`);

    const down = await postgresUnreachable();
    if (down) {
      checks.push(
        `- PostgreSQL at ${shownUrl(postgresBaseUrl())} was not reachable (${down}): not measured.`,
      );
    } else {
      const [productDb, referenceDb] = await Promise.all([
        createBenchDatabase('product'),
        createBenchDatabase('reference'),
      ]);
      try {
        const prepared = openDatabase(productDb.url);
        await migrate(prepared.db);
        await createFirstAdmin(prepared, {
          adminEmail: ADMIN.email,
          adminPassword: ADMIN.password,
        });
        await prepared.close();
        const postgres = await runProduct(productDb.url, dataDir);
        const postgresReference = await runReference(referenceDb.url);
        rows.push(row('PostgreSQL', postgres.figures, postgresReference));
        checks.push(`- PostgreSQL: ${postgres.stock}`);
      } finally {
        await Promise.all([productDb.drop(), referenceDb.drop()]);
      }
    }
    return [
      `\`npx tsx bench/run.ts "export slips"\`: POST /api/v1/warehouses/{id}/change (an export of one unit) from ${CLIENTS} connections for ${DURATION} s (autocannon), one product with ${LOTS.toLocaleString('en')} lots of ${UNITS_PER_LOT} units, on each database: the product (the real server, authenticated) and then, in the same run, a bare reference (node:http with better-sqlite3 in WAL with synchronous=FULL, or pg with \`select … for update\` on the level; no framework, auth or validation) doing the same export naively in one transaction on the same lots: lock, first lot with units left by expiry, decrement it, slip, line, one movement, level.`,
      '',
      '| database | product slips/s | p50 ms | p99 ms | errors | reference slips/s | ref p50 ms | ref p99 ms | ref errors | product / reference |',
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
      ...rows,
      '',
      "Stock invariant of the product after each run (per lot: units in = units out + units on hand; the product's level = the sum of its lots = the export slips made):",
      '',
      ...checks,
    ].join('\n');
  },
};
