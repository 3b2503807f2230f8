import {
  EXPIRY_ALERT_DAYS,
  LOW_STOCK_DEFAULT,
  SLIP_STYLES,
  type Movement,
  type StockAlerts,
  type StockRow,
} from '@backoffice/shared/warehouse-change.schema';
import { integerParam } from '@backoffice/shared/list-query.schema';
import { z } from 'zod';
import type { ServiceContext } from '../../core/context';
import { defineReport } from '../../core/list-engine';
import { addDays } from '../../core/shop-days';
import type { Db } from '../../db/connection';
import { shopDate } from './warehouse-changes.service';
import './warehouse-changes.table';

const id = () => integerParam();

/** The running totals of products in warehouses that ever received units. */
const stockLevels = (db: Db) => db.selectFrom('stock_levels as l').where('l.imported', '>', 0);
type StockLevels = ReturnType<typeof stockLevels>;

/** The figures of one product in one warehouse, beside its running totals. */
const figures = (levels: StockLevels, today: string) =>
  levels
    .innerJoin('posts as p', 'p.id', 'l.post_id')
    .innerJoin('warehouses as w', 'w.id', 'l.warehouse_id')
    .select((eb) => [
      'l.warehouse_id',
      'w.name as warehouse_name',
      'l.post_id',
      'p.product_code as code',
      'p.title as name',
      'l.imported',
      'l.exported',
      'l.in_stock',
      'l.revenue',
      'l.cost_out',
      // The price of the last import still standing.
      eb
        .selectFrom('warehouse_change_items as i')
        .innerJoin('warehouse_changes as c', 'c.id', 'i.change_id')
        .select('i.price')
        .whereRef('c.warehouse_id', '=', 'l.warehouse_id')
        .whereRef('i.post_id', '=', 'l.post_id')
        .where('c.style', '=', 'import')
        .where('c.status', '=', 'complete')
        .orderBy('c.id', 'desc')
        .orderBy('i.sort', 'desc')
        .limit(1)
        .as('price'),
      eb
        .selectFrom('stock_lots as s')
        .select((inner) => inner.fn.min('s.expiry').as('e'))
        .whereRef('s.warehouse_id', '=', 'l.warehouse_id')
        .whereRef('s.post_id', '=', 'l.post_id')
        .where('s.remaining', '>', 0)
        .where('s.expiry', 'is not', null)
        .as('expiry'),
      eb
        .selectFrom('stock_lots as s')
        .select((inner) => inner.fn.sum<number>('s.remaining').as('n'))
        .whereRef('s.warehouse_id', '=', 'l.warehouse_id')
        .whereRef('s.post_id', '=', 'l.post_id')
        .where('s.remaining', '>', 0)
        .where('s.expiry', '<', today)
        .as('expired'),
    ]);

type FigureRow = {
  warehouse_id: number;
  warehouse_name: string;
  post_id: number;
  code: string | null;
  name: string;
  imported: number | string;
  exported: number | string;
  in_stock: number | string;
  revenue: number | string;
  cost_out: number | string;
  price: number | string | null;
  expiry: string | null;
  expired: number | string | null;
};

const toStockRow = (row: FigureRow): StockRow => ({
  warehouse_id: row.warehouse_id,
  warehouse_name: row.warehouse_name,
  post_id: row.post_id,
  code: row.code,
  name: row.name,
  price: Number(row.price ?? 0),
  number: Number(row.imported),
  in_stock: Number(row.in_stock),
  export: Number(row.exported),
  expiry: row.expiry,
  expired: Number(row.expired ?? 0),
  revenue: Number(row.revenue),
  profit: Number(row.revenue) - Number(row.cost_out),
});

/**
 * `GET /warehouses/products`: one row per product and warehouse that ever received units, by
 * product name; its export reads the same rows.
 */
export const stockReport = defineReport({
  from: (ctx: ServiceContext) => stockLevels(ctx.db),
  filters: {
    warehouse_id: {
      schema: id(),
      where: (levels: StockLevels, warehouseId: number) =>
        levels.where('l.warehouse_id', '=', warehouseId),
    },
    post_id: {
      schema: id(),
      where: (levels: StockLevels, postId: number) => levels.where('l.post_id', '=', postId),
    },
  },
  read: async (levels, { limit, offset }, ctx) =>
    (
      (await figures(levels, shopDate(ctx.clock.now()))
        .orderBy('p.title')
        .orderBy('l.post_id')
        .orderBy('l.warehouse_id')
        .limit(limit)
        .offset(offset)
        .execute()) as FigureRow[]
    ).map(toStockRow),
  count: async (levels) =>
    Number(
      (await levels.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n,
    ),
});

const slipLines = (db: Db) =>
  db
    .selectFrom('warehouse_change_items as i')
    .innerJoin('warehouse_changes as c', 'c.id', 'i.change_id');
type SlipLines = ReturnType<typeof slipLines>;

/** `GET /warehouses/change/items`: a product's movements, newest slip first. */
export const movementReport = defineReport({
  from: (ctx: ServiceContext) => slipLines(ctx.db),
  filters: {
    post_id: {
      schema: id(),
      where: (lines: SlipLines, postId: number) => lines.where('i.post_id', '=', postId),
    },
    warehouse_id: {
      schema: id(),
      where: (lines: SlipLines, warehouseId: number) =>
        lines.where('c.warehouse_id', '=', warehouseId),
    },
    // A supplier's import history.
    supplier_id: {
      schema: id(),
      where: (lines: SlipLines, supplierId: number) =>
        lines.where('c.supplier_id', '=', supplierId),
    },
    style: {
      schema: z.enum(SLIP_STYLES, { error: 'validation.invalid_value' }),
      where: (lines: SlipLines, style: (typeof SLIP_STYLES)[number]) =>
        lines.where('c.style', '=', style),
    },
  },
  read: async (lines, { limit, offset }): Promise<Movement[]> =>
    (
      await lines
        .select([
          'c.id as change_id',
          'c.code',
          'c.style',
          'c.date',
          'c.warehouse_id',
          'c.supplier_id',
          'c.status',
          'i.post_id',
          'i.title',
          'i.price',
          'i.number',
          'i.expiry',
        ])
        .orderBy('c.id', 'desc')
        .orderBy('i.sort')
        .limit(limit)
        .offset(offset)
        .execute()
    ).map((row) => ({ ...row, price: Number(row.price) })),
  count: async (lines) =>
    Number(
      (await lines.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n,
    ),
});

const ALERTS_MAX = 200;

/** Products low on stock and lots that expire within 30 days (or already have). */
export const stockAlerts = async (
  db: Db,
  at: Date,
  query: { warehouse_id?: number; low_stock?: number },
): Promise<StockAlerts> => {
  const today = shopDate(at);
  const threshold = query.low_stock ?? LOW_STOCK_DEFAULT;
  let low = figures(stockLevels(db).where('l.in_stock', '<=', threshold), today);
  if (query.warehouse_id !== undefined) low = low.where('l.warehouse_id', '=', query.warehouse_id);
  let expiring = db
    .selectFrom('stock_lots as s')
    .innerJoin('posts as p', 'p.id', 's.post_id')
    .innerJoin('warehouse_changes as c', 'c.id', 's.change_id')
    .innerJoin('warehouses as w', 'w.id', 's.warehouse_id')
    .select([
      's.id as lot_id',
      's.warehouse_id',
      'w.name as warehouse_name',
      's.post_id',
      'p.product_code as code',
      'p.title as name',
      'c.code as slip_code',
      's.expiry_sort as expiry',
      's.remaining as in_stock',
    ])
    .where('s.remaining', '>', 0)
    .where('s.expiry_sort', '<=', addDays(today, EXPIRY_ALERT_DAYS));
  if (query.warehouse_id !== undefined)
    expiring = expiring.where('s.warehouse_id', '=', query.warehouse_id);
  const [lowRows, lots] = await Promise.all([
    low.orderBy('l.in_stock').orderBy('l.post_id').limit(ALERTS_MAX).execute(),
    expiring.orderBy('s.expiry_sort').orderBy('s.id').limit(ALERTS_MAX).execute(),
  ]);
  return {
    low_stock: (lowRows as FigureRow[]).map(toStockRow),
    expiring: lots.map((lot) => ({ ...lot, expired: lot.expiry < today })),
  };
};
