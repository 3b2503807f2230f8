import autocannon from 'autocannon';
import { join } from 'node:path';
import { openDatabase } from '../apps/api/src/db/connection';
import { startServer, type BenchScenario } from './harness';

const DURATION = 10;
const CLIENTS = 50;
const LOTS = 100_000;
const UNITS_PER_LOT = 10;

type Reply<T> = { data: T };

/**
 * Export slips of one unit from 50 concurrent clients, all on one product with 100,000 lots
 * (each export takes its lot first-expiry-first-out under the product's lock), then the stock
 * invariant: per lot, units in = units out + units on hand; per product, the level agrees.
 */
export const stockScenario: BenchScenario = {
  section: 'Export slips on SQLite',
  run: async ({ database, dataDir }) => {
    await database.close();
    const server = await startServer(dataDir);
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
      const seed = await api<{ id: number }>(`/warehouses/${warehouse.id}/change`, {
        style: 'import',
        products: [
          { post_id: product.id, price: 1000, number: UNITS_PER_LOT, expiry: '2030-01-01' },
        ],
      });
      const direct = openDatabase(`sqlite:${join(dataDir, 'backoffice.db')}`);
      const stamp = new Date().toISOString();
      await direct.db.transaction().execute(async (tx) => {
        const item = await tx
          .selectFrom('warehouse_change_items')
          .select('id')
          .where('change_id', '=', seed.id)
          .executeTakeFirstOrThrow();
        for (let start = 1; start < LOTS; start += 500) {
          const count = Math.min(500, LOTS - start);
          const lots = await tx
            .insertInto('stock_lots')
            .values(
              Array.from({ length: count }, (_, i) => {
                const day = new Date(Date.UTC(2030, 0, 1) + (start + i) * 3_600_000)
                  .toISOString()
                  .slice(0, 10);
                return {
                  warehouse_id: warehouse.id,
                  post_id: product.id,
                  change_id: seed.id,
                  price: 1000 + ((start + i) % 7) * 100,
                  number: UNITS_PER_LOT,
                  remaining: UNITS_PER_LOT,
                  expiry: day,
                  expiry_sort: day,
                  created_at: stamp,
                };
              }),
            )
            .returning('id')
            .execute();
          await tx
            .insertInto('stock_movements')
            .values(
              lots.map((lot) => ({
                lot_id: lot.id,
                change_id: seed.id,
                item_id: item.id,
                number: UNITS_PER_LOT,
                price: 1000,
                cost: 1000,
                reversal: false,
                created_at: stamp,
              })),
            )
            .execute();
        }
        await tx
          .updateTable('stock_levels')
          .set((eb) => ({
            imported: eb('imported', '+', (LOTS - 1) * UNITS_PER_LOT),
            in_stock: eb('in_stock', '+', (LOTS - 1) * UNITS_PER_LOT),
          }))
          .where('warehouse_id', '=', warehouse.id)
          .where('post_id', '=', product.id)
          .execute();
      });

      const body = JSON.stringify({
        style: 'export',
        products: [{ post_id: product.id, price: 2000, number: 1 }],
      });
      const result = await autocannon({
        url: `${server.base}/api/v1/warehouses/${warehouse.id}/change`,
        duration: DURATION,
        connections: CLIENTS,
        method: 'POST',
        headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' },
        body,
      });

      // Answers still in flight when autocannon stops commit afterwards: every figure is read
      // in one read transaction, from one snapshot of the database.
      const figures = await direct.db.transaction().execute(async (db) => {
        const broken = await db
          .selectFrom('stock_lots as s')
          .select(['s.id', 's.number', 's.remaining'])
          .select((eb) =>
            eb
              .selectFrom('stock_movements as m')
              .select((inner) => inner.fn.sum<number>('m.number').as('n'))
              .whereRef('m.lot_id', '=', 's.id')
              .as('moved'),
          )
          .where('s.post_id', '=', product.id)
          .execute();
        const badLots = broken.filter(
          (lot) =>
            Number(lot.moved) !== lot.remaining || lot.remaining < 0 || lot.remaining > lot.number,
        ).length;
        const level = await db
          .selectFrom('stock_levels')
          .selectAll()
          .where('post_id', '=', product.id)
          .executeTakeFirstOrThrow();
        const onHand = broken.reduce((sum, lot) => sum + lot.remaining, 0);
        const imported = broken.reduce((sum, lot) => sum + lot.number, 0);
        const exportedSlips = await db
          .selectFrom('warehouse_changes')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('style', '=', 'export')
          .executeTakeFirstOrThrow();
        const levelAgrees =
          Number(level.in_stock) === onHand &&
          Number(level.imported) === imported &&
          Number(level.exported) === imported - onHand &&
          Number(exportedSlips.n) === imported - onHand;
        return { badLots, levelAgrees, exportedSlips, onHand };
      });
      const { badLots, levelAgrees, exportedSlips, onHand } = figures;
      await direct.close();
      return [
        `POST /api/v1/warehouses/{id}/change (an export of one unit) from ${CLIENTS} connections for ${DURATION} s (autocannon), one product with ${LOTS.toLocaleString('en')} lots of ${UNITS_PER_LOT} units.`,
        '',
        '| export slips | per second | p50 ms | p99 ms | errors |',
        '| --- | ---: | ---: | ---: | ---: |',
        `| SQLite | ${Math.round(result.requests.average)} | ${result.latency.p50} | ${result.latency.p99} | ${result.errors + result.non2xx + result.timeouts} |`,
        '',
        `Stock invariant after the run (per lot: units in = units out + units on hand; the product's level = the sum of its lots = the export slips made): **${badLots === 0 && levelAgrees ? 'holds' : 'BROKEN'}** (${Number(exportedSlips.n).toLocaleString('en')} export slips, ${onHand.toLocaleString('en')} units on hand, ${badLots} lots out of line).`,
      ].join('\n');
    } finally {
      await server.stop();
    }
  },
};
