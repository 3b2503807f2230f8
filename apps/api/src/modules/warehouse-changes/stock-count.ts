import { foldCase } from '@backoffice/shared/search-fold';
import type { SlipLineInput, StockCount } from '@backoffice/shared/warehouse-change.schema';
import { sql } from 'kysely';
import type { ServiceContext } from '../../core/context';
import { invalid } from '../../core/errors';

/** What a stock-count import gathers: each warehouse's counted lines, and the warehouses' names once read. */
export const countState = () => ({
  lines: new Map<number, SlipLineInput[]>(),
  warehouses: undefined as Array<{ id: number; name: string }> | undefined,
});
type CountState = ReturnType<typeof countState>;

/**
 * The warehouse a counted line names: by its number, or by its name in any case and Unicode
 * form (the stock export's "Kho" column); a name two warehouses share is refused, not guessed.
 * The names are read once per file, not once per row.
 */
export const countedWarehouse = async (
  ctx: ServiceContext,
  count: StockCount,
  state: CountState,
) => {
  if (count.warehouse_id !== undefined) {
    const warehouse = await ctx.db
      .selectFrom('warehouses')
      .select('id')
      .where('id', '=', count.warehouse_id)
      .executeTakeFirst();
    if (!warehouse) throw invalid({ warehouse_id: 'import.warehouse_missing' });
    return warehouse.id;
  }
  state.warehouses ??= await ctx.db.selectFrom('warehouses').select(['id', 'name']).execute();
  const wanted = foldCase(count.warehouse!);
  const named = state.warehouses.filter((warehouse) => foldCase(warehouse.name) === wanted);
  if (named.length === 0) throw invalid({ warehouse: 'import.warehouse_missing' });
  if (named.length > 1) throw invalid({ warehouse: 'import.warehouse_ambiguous' });
  return named[0]!.id;
};

/**
 * What a counted product cost when no price is written: the unit cost of its newest lot from a
 * standing import, in this warehouse first, then in any; 0 for a product never imported. A
 * count without prices must not make its units free, which would count their sale as all profit.
 */
export const lastCost = async (ctx: ServiceContext, postId: number, warehouseId: number) => {
  const lot = await ctx.db
    .selectFrom('stock_lots as s')
    .innerJoin('warehouse_changes as c', 'c.id', 's.change_id')
    .select('s.price')
    .where('s.post_id', '=', postId)
    .where('c.style', '=', 'import')
    .where('c.status', '=', 'complete')
    .orderBy(sql`case when s.warehouse_id = ${warehouseId} then 0 else 1 end`)
    .orderBy('s.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return lot ? Number(lot.price) : 0;
};
