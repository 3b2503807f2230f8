import type { Db, Engine } from '../apps/api/src/db/connection';
import '../apps/api/src/modules/warehouse-changes/warehouse-changes.table';

/**
 * The product's lots written as one import slip of `lots` lines would write them: the first
 * lot came from the API with `changeId`, the others are added beside it, an hour apart.
 */
export const seedProductLots = (
  db: Db,
  seed: { warehouseId: number; postId: number; changeId: number; lots: number; units: number },
) => {
  const stamp = new Date().toISOString();
  return db.transaction().execute(async (tx) => {
    const item = await tx
      .selectFrom('warehouse_change_items')
      .select('id')
      .where('change_id', '=', seed.changeId)
      .executeTakeFirstOrThrow();
    for (let start = 1; start < seed.lots; start += 500) {
      const count = Math.min(500, seed.lots - start);
      const lots = await tx
        .insertInto('stock_lots')
        .values(
          Array.from({ length: count }, (_, i) => {
            const day = new Date(Date.UTC(2030, 0, 1) + (start + i) * 3_600_000)
              .toISOString()
              .slice(0, 10);
            return {
              warehouse_id: seed.warehouseId,
              post_id: seed.postId,
              change_id: seed.changeId,
              price: 1000 + ((start + i) % 7) * 100,
              number: seed.units,
              remaining: seed.units,
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
            change_id: seed.changeId,
            item_id: item.id,
            number: seed.units,
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
        imported: eb('imported', '+', (seed.lots - 1) * seed.units),
        in_stock: eb('in_stock', '+', (seed.lots - 1) * seed.units),
      }))
      .where('warehouse_id', '=', seed.warehouseId)
      .where('post_id', '=', seed.postId)
      .execute();
  });
};

/**
 * The stock invariant, as one line: per lot, units in = units out + units on hand; the
 * product's level = the sum of its lots = the export slips made.
 */
export const checkStock = async (db: Db, engine: Engine, postId: number) => {
  // Answers still in flight when autocannon stops commit afterwards: every figure is read in
  // one transaction from one snapshot (SQLite's read transaction is one by itself).
  const reader = db.transaction();
  const snapshot = engine === 'postgres' ? reader.setIsolationLevel('repeatable read') : reader;
  const { badLots, levelAgrees, exportSlips, onHand } = await snapshot.execute(async (tx) => {
    const lots = await tx
      .selectFrom('stock_lots as s')
      .select(['s.id', 's.number', 's.remaining'])
      .select((eb) =>
        eb
          .selectFrom('stock_movements as m')
          .select((inner) => inner.fn.sum<number>('m.number').as('n'))
          .whereRef('m.lot_id', '=', 's.id')
          .as('moved'),
      )
      .where('s.post_id', '=', postId)
      .execute();
    const level = await tx
      .selectFrom('stock_levels')
      .selectAll()
      .where('post_id', '=', postId)
      .executeTakeFirstOrThrow();
    const slips = await tx
      .selectFrom('warehouse_changes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('style', '=', 'export')
      .executeTakeFirstOrThrow();
    const held = lots.reduce((sum, lot) => sum + lot.remaining, 0);
    const imported = lots.reduce((sum, lot) => sum + lot.number, 0);
    return {
      badLots: lots.filter(
        (lot) =>
          Number(lot.moved) !== lot.remaining || lot.remaining < 0 || lot.remaining > lot.number,
      ).length,
      levelAgrees:
        Number(level.in_stock) === held &&
        Number(level.imported) === imported &&
        Number(level.exported) === imported - held &&
        Number(slips.n) === imported - held,
      exportSlips: Number(slips.n),
      onHand: held,
    };
  });
  return `**${badLots === 0 && levelAgrees ? 'holds' : 'BROKEN'}** (${exportSlips.toLocaleString('en')} export slips, ${onHand.toLocaleString('en')} units on hand, ${badLots} lots out of line).`;
};
