import { integerParam, itemResponse, listResponse } from '@backoffice/shared/list-query.schema';
import { translate } from '@backoffice/shared/messages/catalog';
import { idParam } from '@backoffice/shared/schema-kit';
import {
  movementRecordSchema,
  slipCreateSchema,
  slipRecordSchema,
  stockAlertsSchema,
  stockRecordSchema,
  type Slip,
  type StockRow,
  stockCountSchema,
  type StockCount,
} from '@backoffice/shared/warehouse-change.schema';
import { z } from 'zod';
import { serviceContext } from '../../core/context';
import { exportColumns, exportQuerySchema, registerExport } from '../../core/export/export-route';
import { registerResource } from '../../core/resource-routes';
import { countedWarehouse, countState, lastCost } from './stock-count';
import { movementReport, stockAlerts, stockReport } from './stock-reads';
import { cancelSlip, createSlip, createSlipIn, slipsResource } from './warehouse-changes.service';
import { optionalCell, registerImport, wholeNumber } from '../../core/import/import-route';
import { invalid } from '../../core/errors';
import type { ExportColumn } from '../../core/export/export-route';
import { movementView, seesCosts, slipView, stockView, viewPage } from './cost-view';
import type { TypedApp } from '../../core/typed-app';

/** Export columns of purchase costs and profit go only to readers who see them. */
const costColumns = <T>(keys: readonly string[], columns: Array<ExportColumn<T>>) =>
  columns.map((column) =>
    keys.some((key) => column.header === `export.column.${key}`)
      ? { ...column, shown: seesCosts }
      : column,
  );

const id = () => integerParam().optional();

/**
 * Slips and stock: `GET /warehouses/changes` from the declaration (one slip is `?id=`: a
 * `/warehouses/changes/{id}` would read the same as `/warehouses/{id}/change`); creating, cancelling and the stock reads here. `manage-warehouses` sees,
 * `edit-warehouses` creates and cancels.
 */
export const warehouseChangesRoutes = async (app: TypedApp) => {
  registerResource(app, slipsResource, {
    view: slipView,
    export: costColumns(
      ['money', 'profit'],
      exportColumns<Slip>(
        {
          code: (slip) => slip.code,
          style: (slip) => slip.style,
          date: (slip) => slip.date,
          number: (slip) => slip.number,
          warehouse: (slip) => slip.warehouse?.name,
          supplier: (slip) => slip.supplier?.name,
          order: (slip) => slip.order?.code,
          staff: (slip) => slip.user?.name,
          money: (slip) => slip.money,
          profit: (slip) => slip.profit,
          status: (slip) => slip.status,
          note: (slip) => slip.note,
        },
        { style: 'warehouse_change.style', status: 'warehouse_change.status' },
      ),
    ),
  });
  registerExport(app, {
    path: 'warehouses/products',
    permission: 'manage-warehouses',
    querystring: exportQuerySchema.pick({ format: true }).extend(stockReport.filterShape),
    columns: costColumns(
      ['price', 'profit'],
      exportColumns<StockRow>({
        code: (row) => row.code,
        product: (row) => row.name,
        warehouse: (row) => row.warehouse_name,
        price: (row) => row.price,
        imported: (row) => row.number,
        exported: (row) => row.export,
        in_stock: (row) => row.in_stock,
        expiry: (row) => row.expiry,
        expired: (row) => row.expired,
        revenue: (row) => row.revenue,
        profit: (row) => row.profit,
      }),
    ),
    rows: (ctx, query) => stockReport.pages(ctx, query),
    total: (ctx, query) => stockReport.count(ctx, query),
  });
  app.post('/api/v1/warehouses/:id/change', {
    config: { permission: 'edit-warehouses' },
    schema: {
      tags: ['warehouses/changes'],
      operationId: 'createSlip',
      summary: 'Create an import or export slip in a warehouse (the stock moves with it)',
      params: idParam,
      body: slipCreateSchema,
      response: { 201: itemResponse(slipRecordSchema) },
    },
    handler: async (request, reply) => {
      const { id } = request.params;
      const ctx = serviceContext(request);
      const slip = await createSlip(ctx, id, request.body);
      return reply.status(201).send({ data: slipView(ctx, slip) });
    },
  });
  app.post('/api/v1/warehouses/change/:id/cancel', {
    config: { permission: 'edit-warehouses' },
    schema: {
      tags: ['warehouses/changes'],
      operationId: 'cancelSlip',
      summary: 'Cancel a slip: its stock movements are reversed, once',
      params: idParam,
      response: { 200: itemResponse(slipRecordSchema) },
    },
    handler: async (request) => {
      const ctx = serviceContext(request);
      const slip = await cancelSlip(ctx, request.params.id);
      return { data: slipView(ctx, slip) };
    },
  });
  app.get('/api/v1/warehouses/products', {
    config: { permission: 'manage-warehouses' },
    schema: {
      tags: ['warehouses/changes'],
      operationId: 'listStock',
      summary: 'Stock figures per product and warehouse',
      querystring: stockReport.querystring,
      response: { 200: listResponse(stockRecordSchema) },
    },
    handler: async (request) => {
      const ctx = serviceContext(request);
      const page = await stockReport.list(ctx, request.query);
      return viewPage(page, (row) => stockView(ctx, row));
    },
  });
  registerImport(app, {
    path: 'warehouses/products',
    permission: 'edit-warehouses',
    days: ['expiry'],
    columns: { number: 'quantity' },
    parse: (cells) =>
      stockCountSchema.safeParse({
        code: cells.code ?? '',
        warehouse_id: wholeNumber(cells.warehouse_id),
        warehouse: optionalCell(cells.warehouse),
        // the units counted: a `number` column, or one headed Số lượng / Quantity / 数量
        number: wholeNumber(cells.quantity ?? cells.number),
        price: wholeNumber(cells.price),
        expiry: optionalCell(cells.expiry),
      }),
    start: countState,
    write: async (ctx, count: StockCount, _query, state) => {
      const product = await ctx.db
        .selectFrom('posts')
        .select('id')
        .where('product_code', '=', count.code)
        .executeTakeFirst();
      if (!product) throw invalid({ code: 'import.product_unknown' });
      const warehouseId = await countedWarehouse(ctx, count, state);
      const line = {
        post_id: product.id,
        price: count.price ?? (await lastCost(ctx, product.id, warehouseId)),
        number: count.number,
        expiry: count.expiry ?? null,
      };
      const lines = state.lines.get(warehouseId);
      if (lines) lines.push(line);
      else state.lines.set(warehouseId, [line]);
      return 'created';
    },
    // One import slip per warehouse of the units counted.
    finish: async (ctx, _query, state) => {
      for (const [warehouseId, products] of state.lines)
        await createSlipIn(ctx.db, ctx, warehouseId, {
          style: 'import',
          number: null,
          note: translate(ctx.locale, 'slip.note_stock_count'),
          products,
        });
    },
  });

  app.get('/api/v1/warehouses/change/items', {
    config: { permission: 'manage-warehouses' },
    schema: {
      tags: ['warehouses/changes'],
      operationId: 'listMovements',
      summary: "A product's movements: the lines of the slips that name it",
      querystring: movementReport.querystring,
      response: { 200: listResponse(movementRecordSchema) },
    },
    handler: async (request) => {
      const ctx = serviceContext(request);
      const page = await movementReport.list(ctx, request.query);
      return viewPage(page, (row) => movementView(ctx, row));
    },
  });
  app.get('/api/v1/warehouses/alerts', {
    config: { permission: 'manage-warehouses' },
    schema: {
      tags: ['warehouses/changes'],
      operationId: 'stockAlerts',
      summary: 'Products low on stock and lots expiring within 30 days',
      querystring: z.strictObject({
        warehouse_id: id(),
        low_stock: integerParam('list.filter', 1_000_000).optional(),
      }),
      response: { 200: itemResponse(stockAlertsSchema) },
    },
    handler: async (request) => ({
      data: await stockAlerts(request.server.db, request.server.clock.now(), request.query),
    }),
  });
};
