import { MONEY_MAX } from '@backoffice/shared/order-money';
import type { SlipStyle } from '@backoffice/shared/warehouse-change.schema';
import type { Engine, Db } from '../../db/connection';
import { invalid, type FieldMessage } from '../../core/errors';
import { preparedInsert, preparedQuery, type Arg } from '../../db/prepared';
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

type Level = { post_id: number; in_stock: number; revenue: number; cost_out: number };

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
  const read = () =>
    tx
      .selectFrom('stock_levels')
      .select(['post_id', 'in_stock', 'revenue', 'cost_out'])
      .where('warehouse_id', '=', warehouseId)
      .where('post_id', 'in', ids)
      .orderBy('post_id')
      .$if(engine === 'postgres', (query) => query.forUpdate())
      .execute();
  let rows = await read();
  // A product's first movement in a warehouse makes its row; later ones find it.
  if (rows.length < ids.length) {
    await tx
      .insertInto('stock_levels')
      .values(ids.map((post_id) => ({ warehouse_id: warehouseId, post_id })))
      .onConflict((conflict) => conflict.columns(['warehouse_id', 'post_id']).doNothing())
      .execute();
    rows = await read();
  }
  return new Map(
    rows.map((row) => [
      row.post_id,
      {
        post_id: row.post_id,
        in_stock: Number(row.in_stock),
        revenue: Number(row.revenue),
        cost_out: Number(row.cost_out),
      },
    ]),
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
  if (style !== 'export') return levels;
  const left = new Map([...levels].map(([id, level]) => [id, level.in_stock]));
  const short: Record<string, FieldMessage> = {};
  lines.forEach((line, index) => {
    const available = left.get(line.post_id) ?? 0;
    // The message says what is on hand, so the person can change the quantity at once.
    if (line.number > available)
      short[`products.${index}.number`] = {
        key: 'slip.not_enough_stock',
        params: { count: levels.get(line.post_id)?.in_stock ?? 0 },
      };
    left.set(line.post_id, available - line.number);
  });
  if (Object.keys(short).length > 0) throw invalid(short);
  return levels;
};

/**
 * A product's revenue and the cost of its exports in a warehouse are running totals: an
 * export that would take either past the money bound is refused on its first line of that
 * product, so the stock figures and the profit between them stay exact numbers.
 */
export const checkRunningTotals = (levels: ReadonlyMap<number, Level>, plan: StockPlan) => {
  const added = new Map<number, { index: number; money: number; cost: number }>();
  plan.lines.forEach((line, index) => {
    const sum = added.get(line.post_id) ?? { index, money: 0, cost: 0 };
    sum.money += line.money;
    sum.cost += line.cost;
    added.set(line.post_id, sum);
  });
  const refused: Record<string, string> = {};
  for (const [postId, sum] of added) {
    const level = levels.get(postId);
    if (!level) continue;
    if (level.revenue + sum.money > MONEY_MAX || level.cost_out + sum.cost > MONEY_MAX)
      refused[`products.${sum.index}.price`] = 'slip.total_too_large';
  }
  if (Object.keys(refused).length > 0) throw invalid(refused);
};

/** Units an export line takes from one lot, at the lot's price. */
type Take = { lot_id: number; number: number; price: number };

/** A slip line with what it will write: its money, its cost, its first expiry and its takes. */
export type PlannedLine = LedgerLine & { money: number; cost: number; takes: Take[] };

/** A planned line as its slip keeps it (and answers it). */
export const slipLine = (line: PlannedLine) => ({
  post_id: line.post_id,
  code: line.code,
  title: line.title,
  price: line.price,
  number: line.number,
  expiry: line.expiry,
  cost: line.cost,
});

export type StockPlan = { lines: PlannedLine[]; money: number; profit: number };

const LOT_BATCH = 200;

type LotPage = { warehouseId: number; postId: number; limit: number };

const lotsOf = (db: Db, arg: Arg<LotPage>) =>
  db
    .selectFrom('stock_lots')
    .select(['id', 'price', 'remaining', 'expiry', 'expiry_sort'])
    .where('warehouse_id', '=', arg('warehouseId'))
    .where('post_id', '=', arg('postId'))
    .where('remaining', '>', 0)
    .orderBy('expiry_sort')
    .orderBy('id')
    .limit(arg('limit'));

/** The first lots of a product an export takes, in the order it takes them. */
const firstLots = preparedQuery((db, arg: Arg<LotPage>) => lotsOf(db, arg));

/** The lots after the last one read (an export of more than LOT_BATCH lots). */
const nextLots = preparedQuery((db, arg: Arg<LotPage & { afterSort: string; afterId: number }>) =>
  lotsOf(db, arg).where((eb) =>
    eb.or([
      eb('expiry_sort', '>', arg('afterSort')),
      eb.and([eb('expiry_sort', '=', arg('afterSort')), eb('id', '>', arg('afterId'))]),
    ]),
  ),
);

/**
 * The lots an export of `need` units of one product takes, first expiry first (undated lots
 * last, ties by age), read in pages of at most LOT_BATCH lots. The caller holds the
 * product's lock and `lockAndCheck` has said the units are there.
 */
const lotsToTake = async (tx: Db, warehouseId: number, postId: number, need: number) => {
  const taken: Array<{ id: number; price: number; remaining: number; expiry: string | null }> = [];
  let after: { expiry_sort: string; id: number } | undefined;
  while (need > 0) {
    const page = { warehouseId, postId, limit: Math.min(need, LOT_BATCH) };
    const lots = after
      ? await nextLots.execute(tx, { ...page, afterSort: after.expiry_sort, afterId: after.id })
      : await firstLots.execute(tx, page);
    // The level and the lots move together; a gap between them is a bug, never a sale.
    if (lots.length === 0) throw new Error(`stock of product ${postId} is short of its lots`);
    for (const lot of lots) {
      taken.push({ ...lot, price: Number(lot.price) });
      need -= Math.min(need, lot.remaining);
      if (need === 0) break;
    }
    const last = lots[lots.length - 1]!;
    after = { expiry_sort: last.expiry_sort, id: last.id };
  }
  return taken;
};

/**
 * Works out everything a new slip writes before it writes anything: each line's money, an
 * import line's cost (what it was bought at), an export line's takes from the lots and their
 * cost; two lines of one product take one after the other. Reads only; the caller has run
 * `lockAndCheck` in the same transaction. Amounts over the money bound are refused here.
 */
export const planStock = async (
  tx: Db,
  style: SlipStyle,
  warehouseId: number,
  lines: readonly LedgerLine[],
): Promise<StockPlan> => {
  let money = 0;
  const planned: PlannedLine[] = lines.map((line, index) => {
    const lineMoney = tooLarge(line.price * line.number, `products.${index}.price`);
    money = tooLarge(money + lineMoney, 'products');
    return {
      ...line,
      expiry: style === 'import' ? line.expiry : null,
      money: lineMoney,
      cost: style === 'import' ? lineMoney : 0,
      takes: [],
    };
  });
  if (style === 'import') return { lines: planned, money, profit: 0 };
  const needs = new Map<number, number>();
  for (const line of lines) needs.set(line.post_id, (needs.get(line.post_id) ?? 0) + line.number);
  let cost = 0;
  for (const [postId, need] of needs) {
    const lots = await lotsToTake(tx, warehouseId, postId, need);
    const left = lots.map((lot) => lot.remaining);
    let at = 0;
    for (const line of planned.filter((candidate) => candidate.post_id === postId)) {
      let want = line.number;
      while (want > 0) {
        const lot = lots[at]!;
        const take = Math.min(want, left[at]!);
        want -= take;
        left[at] = left[at]! - take;
        line.takes.push({ lot_id: lot.id, number: take, price: lot.price });
        line.cost += take * lot.price;
        line.expiry ??= lot.expiry;
        if (left[at] === 0) at += 1;
      }
      cost += line.cost;
    }
  }
  return { lines: planned, money, profit: money - cost };
};

// The rows every slip line writes, each built and compiled once.
const insertItem = preparedInsert(
  'warehouse_change_items',
  ['change_id', 'sort', 'post_id', 'code', 'title', 'price', 'number', 'expiry', 'cost'],
  ['id'],
);

const insertLot = preparedQuery(
  (
    db,
    arg: Arg<{
      warehouse_id: number;
      post_id: number;
      change_id: number;
      price: number;
      number: number;
      expiry: string | null;
      expiry_sort: string;
      created_at: string;
    }>,
  ) =>
    db
      .insertInto('stock_lots')
      .values({
        warehouse_id: arg('warehouse_id'),
        post_id: arg('post_id'),
        change_id: arg('change_id'),
        price: arg('price'),
        number: arg('number'),
        remaining: arg('number'),
        expiry: arg('expiry'),
        expiry_sort: arg('expiry_sort'),
        created_at: arg('created_at'),
      })
      .returning('id'),
);

/** Units out of a lot (negative: back into it). */
const takeFromLot = preparedQuery((db, arg: Arg<{ lot_id: number; number: number }>) =>
  db
    .updateTable('stock_lots')
    .set((eb) => ({ remaining: eb('remaining', '-', arg('number')) }))
    .where('id', '=', arg('lot_id')),
);

const insertMovement = preparedInsert('stock_movements', [
  'lot_id',
  'change_id',
  'item_id',
  'number',
  'price',
  'cost',
  'reversal',
  'created_at',
]);

type LevelKey = { warehouse_id: number; post_id: number };

const levelImported = preparedQuery((db, arg: Arg<LevelKey & { number: number }>) =>
  db
    .updateTable('stock_levels')
    .set((eb) => ({
      imported: eb('imported', '+', arg('number')),
      in_stock: eb('in_stock', '+', arg('number')),
    }))
    .where('warehouse_id', '=', arg('warehouse_id'))
    .where('post_id', '=', arg('post_id')),
);

const levelExported = preparedQuery(
  (db, arg: Arg<LevelKey & { number: number; money: number; cost: number }>) =>
    db
      .updateTable('stock_levels')
      .set((eb) => ({
        exported: eb('exported', '+', arg('number')),
        in_stock: eb('in_stock', '-', arg('number')),
        revenue: eb('revenue', '+', arg('money')),
        cost_out: eb('cost_out', '+', arg('cost')),
      }))
      .where('warehouse_id', '=', arg('warehouse_id'))
      .where('post_id', '=', arg('post_id')),
);

/**
 * Writes a new slip's lines as planned and moves the stock: an import line makes a lot; an
 * export line takes its planned units from the lots. Each row is written once.
 */
export const writeStock = async (
  tx: Db,
  slip: { id: number; style: SlipStyle; warehouse_id: number; created_at: string },
  lines: readonly PlannedLine[],
) => {
  for (const [index, line] of lines.entries()) {
    const [item] = await insertItem.execute(tx, {
      change_id: slip.id,
      sort: index,
      ...slipLine(line),
    });
    const level = { warehouse_id: slip.warehouse_id, post_id: line.post_id };
    if (slip.style === 'import') {
      const [lot] = await insertLot.execute(tx, {
        ...level,
        change_id: slip.id,
        price: line.price,
        number: line.number,
        expiry: line.expiry,
        expiry_sort: line.expiry ?? NO_EXPIRY_SORT,
        created_at: slip.created_at,
      });
      await insertMovement.run(tx, {
        lot_id: lot!.id,
        change_id: slip.id,
        item_id: item!.id,
        number: line.number,
        price: line.price,
        cost: line.price,
        reversal: false,
        created_at: slip.created_at,
      });
      await levelImported.run(tx, { ...level, number: line.number });
      continue;
    }
    for (const take of line.takes) {
      await takeFromLot.run(tx, { lot_id: take.lot_id, number: take.number });
      await insertMovement.run(tx, {
        lot_id: take.lot_id,
        change_id: slip.id,
        item_id: item!.id,
        number: -take.number,
        price: line.price,
        cost: take.price,
        reversal: false,
        created_at: slip.created_at,
      });
    }
    await levelExported.run(tx, {
      ...level,
      number: line.number,
      money: line.money,
      cost: line.cost,
    });
  }
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
    await takeFromLot.run(tx, { lot_id: movement.lot_id, number: movement.number });
    await insertMovement.run(tx, {
      lot_id: movement.lot_id,
      change_id: slip.id,
      item_id: movement.item_id,
      number: -movement.number,
      price: movement.price,
      cost: movement.cost,
      reversal: true,
      created_at: at,
    });
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

/** The units of a product still in stock, all warehouses together. */
export const unitsInStock = async (db: Db, postId: number) => {
  const row = await db
    .selectFrom('stock_levels')
    .select((eb) => eb.fn.sum<number | string>('in_stock').as('units'))
    .where('post_id', '=', postId)
    .executeTakeFirst();
  return Number(row?.units ?? 0);
};
