import { listResponse } from '@backoffice/shared/list-query.schema';
import { serviceContext, type ServiceContext } from '../../core/context';
import { supplierProductView, viewPage } from './cost-view';
import { idParam } from '@backoffice/shared/schema-kit';
import {
  supplierProductRecordSchema,
  type SupplierProduct,
} from '@backoffice/shared/supplier-stock.schema';
import { notFound } from '../../core/errors';
import { defineReport } from '../../core/list-engine';
import type { Db } from '../../db/connection';
import '../suppliers/suppliers.table';
import './warehouse-changes.table';
import type { TypedApp } from '../../core/typed-app';

/** The complete import lines of one supplier: what it actually delivered. */
const deliveredLines = (db: Db, supplierId: number) =>
  db
    .selectFrom('warehouse_change_items as i')
    .innerJoin('warehouse_changes as c', 'c.id', 'i.change_id')
    .where('c.supplier_id', '=', supplierId)
    .where('c.style', '=', 'import')
    .where('c.status', '=', 'complete');

/** Per delivered product of one supplier: the units, the latest date and change, the slips. */
const deliveredProducts = (db: Db, supplierId: number) =>
  // Joined to posts here too, so the total counts the rows the page can show.
  deliveredLines(db, supplierId)
    .innerJoin('posts as gp', 'gp.id', 'i.post_id')
    .select((eb) => [
      'i.post_id',
      eb.fn.sum<number | string>('i.number').as('number'),
      eb.fn.max('c.date').as('date'),
      eb.fn.max('c.id').as('last_change_id'),
      eb.fn.count<number | string>('c.id').distinct().as('slips'),
    ])
    .groupBy('i.post_id');

/**
 * `GET /suppliers/{id}/products`: per product the units, the latest price and date and the
 * number of slips, newest delivery first. Its import history is the slip list filtered by
 * `supplier_id`, so it is not repeated here. No filters: a page of one supplier's products.
 */
export const supplierProductsReport = defineReport({
  from: (ctx: ServiceContext, supplierId: number) => ({
    db: ctx.db,
    supplierId,
    grouped: deliveredProducts(ctx.db, supplierId),
  }),
  filters: {},
  read: async ({ db, supplierId, grouped }, { limit, offset }): Promise<SupplierProduct[]> => {
    const rows = await db
      .selectFrom(grouped.as('g'))
      .innerJoin('posts as p', 'p.id', 'g.post_id')
      .select((eb) => [
        'g.post_id',
        'p.product_code as code',
        'p.title',
        'g.number',
        'g.date',
        'g.slips',
        // Slips may be dated back, so "latest" is by date first, as the list shows them.
        eb
          .selectFrom('warehouse_change_items as li')
          .innerJoin('warehouse_changes as lc', 'lc.id', 'li.change_id')
          .select('li.price')
          .whereRef('li.post_id', '=', 'g.post_id')
          .where('lc.supplier_id', '=', supplierId)
          .where('lc.style', '=', 'import')
          .where('lc.status', '=', 'complete')
          .orderBy('lc.date', 'desc')
          .orderBy('lc.id', 'desc')
          .orderBy('li.sort', 'desc')
          .limit(1)
          .as('price'),
      ])
      .orderBy('g.date', 'desc')
      .orderBy('g.last_change_id', 'desc')
      .orderBy('g.post_id')
      .limit(limit)
      .offset(offset)
      .execute();
    return rows.map((row) => ({
      post_id: row.post_id,
      code: row.code,
      title: row.title,
      number: Number(row.number),
      price: Number(row.price ?? 0),
      date: String(row.date),
      slips: Number(row.slips),
    }));
  },
  count: async ({ db, grouped }) =>
    Number(
      (
        await db
          .selectFrom(grouped.as('g'))
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
});

const supplierExists = async (db: Db, supplierId: number) =>
  (await db
    .selectFrom('suppliers')
    .select('id')
    .where('id', '=', supplierId)
    .executeTakeFirst()) !== undefined;

/** A supplier's deliveries, seen like the stock: with `manage-warehouses`. */
export const supplierReadsRoutes = async (app: TypedApp) => {
  app.get('/api/v1/suppliers/:id/products', {
    config: { permission: 'manage-warehouses' },
    schema: {
      tags: ['warehouses/changes'],
      operationId: 'listSupplierProducts',
      summary: 'The products a supplier delivered: units, latest price and date, slips',
      params: idParam,
      querystring: supplierProductsReport.querystring,
      response: { 200: listResponse(supplierProductRecordSchema) },
    },
    handler: async (request) => {
      const ctx = serviceContext(request);
      const supplierId = request.params.id;
      if (!(await supplierExists(ctx.db, supplierId))) throw notFound();
      const page = await supplierProductsReport.list(ctx, request.query, supplierId);
      return viewPage(page, (row) => supplierProductView(ctx, row));
    },
  });
};
