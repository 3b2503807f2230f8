import type { StockCount } from '@backoffice/shared/warehouse-change.schema';
import type { ServiceContext } from '../../core/context';
import { invalid } from '../../core/errors';

const sameName = (name: string) => name.normalize('NFC').trim().toLocaleLowerCase('vi');

/**
 * The warehouse a counted line names: by its number, or by its name in any case and Unicode
 * form (the stock export's "Kho" column); a name two warehouses share is refused, not guessed.
 */
export const countedWarehouse = async (ctx: ServiceContext, count: StockCount) => {
  if (count.warehouse_id !== undefined) {
    const warehouse = await ctx.db
      .selectFrom('warehouses')
      .select('id')
      .where('id', '=', count.warehouse_id)
      .executeTakeFirst();
    if (!warehouse) throw invalid({ warehouse_id: 'import.warehouse_missing' });
    return warehouse.id;
  }
  const wanted = sameName(count.warehouse!);
  const named = (await ctx.db.selectFrom('warehouses').select(['id', 'name']).execute()).filter(
    (warehouse) => sameName(warehouse.name) === wanted,
  );
  if (named.length === 0) throw invalid({ warehouse: 'import.warehouse_missing' });
  if (named.length > 1) throw invalid({ warehouse: 'import.warehouse_ambiguous' });
  return named[0]!.id;
};
