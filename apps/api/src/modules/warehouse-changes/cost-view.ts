import { COSTS_PERMISSION } from '@backoffice/shared/warehouse-change.schema';
import type { Movement, Slip, StockRow } from '@backoffice/shared/warehouse-change.schema';
import type { SupplierProduct } from '@backoffice/shared/supplier-stock.schema';
import type { ServiceContext } from '../../core/context';

/**
 * What a reader sees of slips and stock: purchase costs (an import's prices and money, the
 * last import price, the cost of what left) and profit only with `edit-warehouses`. A sales
 * role that sees stock (`manage-warehouses`) sees what is on hand and what was sold, not the
 * margins. What an export was sold at stays: it is the order's price, which sales set.
 */
export const seesCosts = (ctx: Pick<ServiceContext, 'actor'>) =>
  !ctx.actor || ctx.actor.permissions.has(COSTS_PERMISSION);

export const slipView = (ctx: Pick<ServiceContext, 'actor'>, slip: Slip): Slip => {
  if (seesCosts(ctx)) return slip;
  const { money, profit: _profit, products, ...rest } = slip;
  return {
    ...rest,
    ...(slip.style === 'export' ? { money } : {}),
    products: products.map(({ price, cost: _cost, ...line }) => ({
      ...line,
      ...(slip.style === 'export' ? { price } : {}),
    })),
  };
};

export const stockView = (ctx: Pick<ServiceContext, 'actor'>, row: StockRow): StockRow => {
  if (seesCosts(ctx)) return row;
  const { price: _price, profit: _profit, ...rest } = row;
  return rest;
};

export const movementView = (ctx: Pick<ServiceContext, 'actor'>, row: Movement): Movement => {
  if (seesCosts(ctx) || row.style === 'export') return row;
  const { price: _price, ...rest } = row;
  return rest;
};

export const supplierProductView = (
  ctx: Pick<ServiceContext, 'actor'>,
  row: SupplierProduct,
): SupplierProduct => {
  if (seesCosts(ctx)) return row;
  const { price: _price, ...rest } = row;
  return rest;
};

/** A list answer with each row seen by the reader. */
export const viewPage = <T, M>(page: { data: T[]; meta: M }, view: (row: T) => T) => ({
  data: page.data.map(view),
  meta: page.meta,
});
