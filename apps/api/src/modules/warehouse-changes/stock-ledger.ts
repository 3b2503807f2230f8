import { MONEY_MAX } from '@backoffice/shared/order-money';
import type { SlipStyle } from '@backoffice/shared/warehouse-change.schema';
import type { Engine, Db } from '../../db/connection';
import { invalid } from '../../core/errors';
import './warehouse-changes.table';

/** A lot without an expiry sorts after every dated one. */
export const NO_EXPIRY_SORT = '9999-12-31';

export type LedgerLine = {
  post_id: number;
  code: string | null;
  title: string;
  price: number;
  number: number;
  expiry: string | null;
};

type Level = { post_id: number; in_stock: number };

/**
 * Takes the lock of each product's stock in a warehouse (creating its row the first time),
 * in the order of the product ids so two writers never wait on each other in a circle.
 * On SQLite the transaction already holds the write lock.
 */
export const lockLevels = async (
  tx: Db,
  engine: Engine,
  warehouseId: number,
  postIds: readonly number[],
): Promise<Map<number, Level>> => {
  const ids = [...new Set(postIds)].sort((a, b) => a - b);
  await tx
    .insertInto('stock_levels')
    .values(ids.map((post_id) => ({ warehouse_id: warehouseId, post_id })))
    .onConflict((conflict) => conflict.columns(['warehouse_id', 'post_id']).doNothing())
    .execute();
  const rows = await tx
    .selectFrom('stock_levels')
    .select(['post_id', 'in_stock'])
    .where('warehouse_id', '=', warehouseId)
    .where('post_id', 'in', ids)
    .orderBy('post_id')
    .$if(engine === 'postgres', (query) => query.forUpdate())
    .execute();
  return new Map(
    rows.map((row) => [row.post_id, { post_id: row.post_id, in_stock: Number(row.in_stock) }]),
  );
};

const tooLarge = (value: number, field: string) => {
  if (value > MONEY_MAX) throw invalid({ [field]: 'slip.amount_too_large' });
  return value;
};

/**
 * Takes the products' locks and checks that an export's lines are in stock: each line that is
 * short is named (two lines of one product share its stock). Runs first in a slip's
 * transaction, so exports of one product are decided one after the other on its level.
 */
export const lockAndCheck = async (
  tx: Db,
  engine: Engine,
  style: SlipStyle,
  warehouseId: number,
  lines: readonly LedgerLine[],
) => {
  const levels = await lockLevels(
    tx,
    engine,
    warehouseId,
    lines.map((line) => line.post_id),
  );
  if (style !== 'export') return;
  const left = new Map([...levels].map(([id, level]) => [id, level.in_stock]));
  const short: Record<string, string> = {};
  lines.forEach((line, index) => {
    const available = left.get(line.post_id) ?? 0;
    if (line.number > available) short[`products.${index}.number`] = 'slip.not_enough_stock';
    left.set(line.post_id, available - line.number);
  });
  if (Object.keys(short).length > 0) throw invalid(short);
};

/**
 * Writes the lines of a new slip and moves the stock: an import line makes a lot; an export
 * line takes units from the lots first-expiry-first-out (undated lots last, ties by age).
 * The caller has run `lockAndCheck` in the same transaction. Returns the money and profit.
 */
export const moveStock = async (
  tx: Db,
  slip: { id: number; style: SlipStyle; warehouse_id: number; created_at: string },
  lines: readonly LedgerLine[],
) => {
  let money = 0;
  let cost = 0;
  for (const [index, line] of lines.entries()) {
    const lineMoney = tooLarge(line.price * line.number, `products.${index}.price`);
    money = tooLarge(money + lineMoney, 'products');
    const item = await tx
      .insertInto('warehouse_change_items')
      .values({
        change_id: slip.id,
        sort: index,
        post_id: line.post_id,
        code: line.code,
        title: line.title,
        price: line.price,
        number: line.number,
        expiry: slip.style === 'import' ? line.expiry : null,
        cost: slip.style === 'import' ? lineMoney : 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const level = tx
      .updateTable('stock_levels')
      .where('warehouse_id', '=', slip.warehouse_id)
      .where('post_id', '=', line.post_id);
    if (slip.style === 'import') {
      const lot = await tx
        .insertInto('stock_lots')
        .values({
          warehouse_id: slip.warehouse_id,
          post_id: line.post_id,
          change_id: slip.id,
          price: line.price,
          number: line.number,
          remaining: line.number,
          expiry: line.expiry,
          expiry_sort: line.expiry ?? NO_EXPIRY_SORT,
          created_at: slip.created_at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await tx
        .insertInto('stock_movements')
        .values({
          lot_id: lot.id,
          change_id: slip.id,
          item_id: item.id,
          number: line.number,
          price: line.price,
          cost: line.price,
          reversal: false,
          created_at: slip.created_at,
        })
        .execute();
      await level
        .set((eb) => ({
          imported: eb('imported', '+', line.number),
          in_stock: eb('in_stock', '+', line.number),
        }))
        .execute();
      continue;
    }
    const taken = await takeLots(tx, slip, item.id, line);
    cost += taken.cost;
    await tx
      .updateTable('warehouse_change_items')
      .set({ cost: taken.cost, expiry: taken.firstExpiry })
      .where('id', '=', item.id)
      .execute();
    await level
      .set((eb) => ({
        exported: eb('exported', '+', line.number),
        in_stock: eb('in_stock', '-', line.number),
        revenue: eb('revenue', '+', lineMoney),
        cost_out: eb('cost_out', '+', taken.cost),
      }))
      .execute();
  }
  return { money, profit: slip.style === 'export' ? money - cost : 0 };
};

const LOT_BATCH = 200;

/** Takes `line.number` units from the lots, first expiry first; the level says they are there. */
const takeLots = async (
  tx: Db,
  slip: { id: number; warehouse_id: number; created_at: string },
  itemId: number,
  line: LedgerLine,
) => {
  let need = line.number;
  let cost = 0;
  let firstExpiry: string | null | undefined;
  while (need > 0) {
    const lots = await tx
      .selectFrom('stock_lots')
      .select(['id', 'price', 'remaining', 'expiry'])
      .where('warehouse_id', '=', slip.warehouse_id)
      .where('post_id', '=', line.post_id)
      .where('remaining', '>', 0)
      .orderBy('expiry_sort')
      .orderBy('id')
      .limit(Math.min(need, LOT_BATCH))
      .execute();
    // The level and the lots move together; a gap between them is a bug, never a sale.
    if (lots.length === 0) throw new Error(`stock of product ${line.post_id} is short of its lots`);
    for (const lot of lots) {
      if (need === 0) break;
      const take = Math.min(need, lot.remaining);
      need -= take;
      cost += take * Number(lot.price);
      if (firstExpiry === undefined) firstExpiry = lot.expiry;
      await tx
        .updateTable('stock_lots')
        .set((eb) => ({ remaining: eb('remaining', '-', take) }))
        .where('id', '=', lot.id)
        .execute();
      await tx
        .insertInto('stock_movements')
        .values({
          lot_id: lot.id,
          change_id: slip.id,
          item_id: itemId,
          number: -take,
          price: line.price,
          cost: lot.price,
          reversal: false,
          created_at: slip.created_at,
        })
        .execute();
    }
  }
  return { cost, firstExpiry: firstExpiry ?? null };
};

/**
 * Reverses a slip's movements by adding the opposite ones. The caller holds the slip's lock
 * and has checked that it is not canceled yet. An import whose units have (partly) left is
 * refused: the exports that took them would lose their lots.
 */
export const reverseStock = async (
  tx: Db,
  engine: Engine,
  slip: { id: number; style: SlipStyle; warehouse_id: number },
  at: string,
) => {
  const items = await tx
    .selectFrom('warehouse_change_items')
    .select(['id', 'post_id', 'price', 'number', 'cost'])
    .where('change_id', '=', slip.id)
    .execute();
  await lockLevels(
    tx,
    engine,
    slip.warehouse_id,
    items.map((item) => item.post_id),
  );
  const movements = await tx
    .selectFrom('stock_movements')
    .innerJoin('stock_lots', 'stock_lots.id', 'stock_movements.lot_id')
    .select([
      'stock_movements.lot_id',
      'stock_movements.item_id',
      'stock_movements.number',
      'stock_movements.price',
      'stock_movements.cost',
      'stock_lots.remaining',
      'stock_lots.number as lot_number',
    ])
    .where('stock_movements.change_id', '=', slip.id)
    .where('stock_movements.reversal', '=', false)
    .orderBy('stock_movements.id')
    .execute();
  if (slip.style === 'import' && movements.some((m) => m.remaining !== m.lot_number))
    throw invalid({ status: 'slip.units_left' });
  for (const movement of movements) {
    await tx
      .updateTable('stock_lots')
      .set((eb) => ({ remaining: eb('remaining', '-', movement.number) }))
      .where('id', '=', movement.lot_id)
      .execute();
    await tx
      .insertInto('stock_movements')
      .values({
        lot_id: movement.lot_id,
        change_id: slip.id,
        item_id: movement.item_id,
        number: -movement.number,
        price: movement.price,
        cost: movement.cost,
        reversal: true,
        created_at: at,
      })
      .execute();
  }
  for (const item of items) {
    const level = tx
      .updateTable('stock_levels')
      .where('warehouse_id', '=', slip.warehouse_id)
      .where('post_id', '=', item.post_id);
    if (slip.style === 'import') {
      await level
        .set((eb) => ({
          imported: eb('imported', '-', item.number),
          in_stock: eb('in_stock', '-', item.number),
        }))
        .execute();
    } else {
      const money = Number(item.price) * item.number;
      await level
        .set((eb) => ({
          exported: eb('exported', '-', item.number),
          in_stock: eb('in_stock', '+', item.number),
          revenue: eb('revenue', '-', money),
          cost_out: eb('cost_out', '-', Number(item.cost)),
        }))
        .execute();
    }
  }
};
