import {
  SLIP_STATUSES,
  SLIP_STYLES,
  slipCreateSchema,
  slipListFilters,
  slipRecordSchema,
  type Slip,
  type SlipCreate,
  type SlipLine,
  type SlipStyle,
} from '@backoffice/shared/warehouse-change.schema';
import { shopDay } from '@backoffice/shared/code-syntax';
import { z } from 'zod';
import type { ServiceContext } from '../../core/context';
import { writeAudit } from '../../core/audit';
import { takeCode } from '../../core/code-sequences';
import { invalid, notFound } from '../../core/errors';
import { equalsFilter } from '../../core/list-engine';
import { createResourceService } from '../../core/resource';
import { searchText } from '../../core/search';
import type { Db } from '../../db/connection';
import { preparedInsert, preparedQuery, type Arg } from '../../db/prepared';
import { inLockingTransaction } from '../../db/transaction';
import {
  checkRunningTotals,
  lockAndCheck,
  planStock,
  reverseStock,
  slipLine,
  writeStock,
  type LedgerLine,
} from './stock-ledger';
import './warehouse-changes.table';

/** Import slips are `PN…` (phiếu nhập), export slips `PX…` (phiếu xuất), numbered per day. */
const SLIP_CODE_SYNTAX: Record<SlipStyle, string> = {
  import: 'PN{YY}{MM}{DD}{N:4}',
  export: 'PX{YY}{MM}{DD}{N:4}',
};

/** The calendar day in Vietnam, `YYYY-MM-DD`. */
export const shopDate = (at: Date) => shopDay(at);

const nextSlipCode = (tx: Db, style: SlipStyle, at: Date) =>
  takeCode(tx, SLIP_CODE_SYNTAX[style], at);

const warehouseById = preparedQuery((db, arg: Arg<{ id: number }>) =>
  db.selectFrom('warehouses').select(['id', 'name']).where('id', '=', arg('id')),
);

const insertSlip = preparedInsert(
  'warehouse_changes',
  [
    'code',
    'style',
    'date',
    'number',
    'warehouse_id',
    'supplier_id',
    'order_id',
    'user_id',
    'note',
    'money',
    'profit',
    'status',
    'created_at',
    'updated_at',
    'search_text',
  ],
  ['id'],
);

const linesOf = async (db: Db, ids: readonly number[]) => {
  const byChange = new Map<number, SlipLine[]>();
  if (ids.length === 0) return byChange;
  const rows = await db
    .selectFrom('warehouse_change_items')
    .selectAll()
    .where('change_id', 'in', [...ids])
    .orderBy('change_id')
    .orderBy('sort')
    .execute();
  for (const row of rows) {
    const lines = byChange.get(row.change_id) ?? [];
    lines.push({
      post_id: row.post_id,
      code: row.code,
      title: row.title,
      price: Number(row.price),
      number: row.number,
      expiry: row.expiry,
      cost: Number(row.cost),
    });
    byChange.set(row.change_id, lines);
  }
  return byChange;
};

const namesOf = async <T extends 'warehouses' | 'suppliers' | 'users'>(
  db: Db,
  table: T,
  ids: Array<number | null>,
) => {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map<number, { id: number; name: string }>();
  const rows = await db
    .selectFrom(table as 'warehouses')
    .select(['id', 'name'])
    .where('id', 'in', wanted)
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
};

const idFilter = (column: 'warehouse_id' | 'supplier_id' | 'order_id') =>
  equalsFilter<'warehouse_changes'>(column, slipListFilters[column]);

/** Slips: the list and one slip from the declaration; creating and cancelling are below. */
export const slipsResource = createResourceService({
  path: 'warehouses/changes',
  table: 'warehouse_changes',
  entity: 'warehouse_change',
  labels: { one: 'slip', many: 'slips' },
  permissions: {
    list: 'manage-warehouses',
    show: 'manage-warehouses',
    create: 'edit-warehouses',
    update: 'edit-warehouses',
    delete: 'edit-warehouses',
  },
  routes: ['list'],
  schemas: { create: slipCreateSchema, update: slipCreateSchema, record: slipRecordSchema },
  list: {
    search: 'index',
    searchFields: { code: { column: 'code', match: 'exact' } },
    sortable: ['code', 'date', 'money'],
    defaultOrder: ['id', 'desc'],
    filters: {
      id: equalsFilter<'warehouse_changes'>('id', slipListFilters.id),
      warehouse_id: idFilter('warehouse_id'),
      supplier_id: idFilter('supplier_id'),
      order_id: idFilter('order_id'),
      style: equalsFilter<'warehouse_changes'>(
        'style',
        z.enum(SLIP_STYLES, { error: 'validation.invalid_value' }),
      ),
      status: equalsFilter<'warehouse_changes'>(
        'status',
        z.enum(SLIP_STATUSES, { error: 'validation.invalid_value' }),
      ),
    },
    counted: { by: ['style', 'status'] },
  },
  toRecord: (row): Slip => ({
    id: row.id,
    code: row.code,
    style: row.style,
    date: row.date,
    number: row.number,
    warehouse_id: row.warehouse_id,
    warehouse: null,
    supplier_id: row.supplier_id,
    supplier: null,
    order_id: row.order_id,
    order: null,
    user_id: row.user_id,
    user: null,
    note: row.note,
    money: Number(row.money),
    profit: Number(row.profit),
    status: row.status,
    products: [],
    created_at: row.created_at,
    updated_at: row.updated_at,
  }),
  complete: async (db, records) => {
    const [lines, warehouses, suppliers, users] = await Promise.all([
      linesOf(
        db,
        records.map((record) => record.id),
      ),
      namesOf(
        db,
        'warehouses',
        records.map((record) => record.warehouse_id),
      ),
      namesOf(
        db,
        'suppliers',
        records.map((record) => record.supplier_id),
      ),
      namesOf(
        db,
        'users',
        records.map((record) => record.user_id),
      ),
    ]);
    const orderIds = [
      ...new Set(records.flatMap((record) => (record.order_id ? [record.order_id] : []))),
    ];
    const orders =
      orderIds.length === 0
        ? []
        : await db
            .selectFrom('orders')
            .select(['id', 'code'])
            .where('id', 'in', orderIds)
            .execute();
    for (const record of records) {
      record.products = lines.get(record.id) ?? [];
      record.warehouse = warehouses.get(record.warehouse_id) ?? null;
      record.supplier = record.supplier_id ? (suppliers.get(record.supplier_id) ?? null) : null;
      record.user = record.user_id ? (users.get(record.user_id) ?? null) : null;
      record.order = orders.find((order) => order.id === record.order_id) ?? null;
    }
  },
});

/** The lines of a slip as sent, or an export's lines taken from its order. */
const resolveLines = async (tx: Db, input: SlipCreate): Promise<LedgerLine[]> => {
  let lines = (input.products ?? []).map((line) => ({
    post_id: line.post_id,
    price: line.price,
    number: line.number,
    expiry: line.expiry ?? null,
  }));
  if (lines.length === 0 && input.order_id) {
    const items = await tx
      .selectFrom('order_items')
      .select(['post_id', 'price', 'discount', 'quantity'])
      .where('order_id', '=', input.order_id)
      .orderBy('sort')
      .execute();
    lines = items.map((item) => ({
      post_id: item.post_id,
      price: Number(item.price) - Number(item.discount),
      number: item.quantity,
      expiry: null,
    }));
    if (lines.length === 0) throw invalid({ products: 'slip.products_required' });
  }
  const ids = [...new Set(lines.map((line) => line.post_id))];
  const products = await tx
    .selectFrom('posts')
    .select(['id', 'title', 'product_code'])
    .where('id', 'in', ids)
    .where('style', '=', 'product')
    .execute();
  const byId = new Map(products.map((product) => [product.id, product]));
  const missing: Record<string, string> = {};
  lines.forEach((line, index) => {
    if (!byId.has(line.post_id)) missing[`products.${index}.post_id`] = 'slip.product_missing';
  });
  if (Object.keys(missing).length > 0) throw invalid(missing);
  return lines.map((line) => ({
    ...line,
    code: byId.get(line.post_id)!.product_code,
    title: byId.get(line.post_id)!.title,
  }));
};

/**
 * The completed export slips naming some orders, oldest first: what took their goods out of a
 * warehouse (an order leaves once, so one each unless made by hand before the rule held).
 */
export const completedExportSlips = async (db: Db, orderIds: readonly number[]) =>
  orderIds.length === 0
    ? []
    : db
        .selectFrom('warehouse_changes')
        .select(['id', 'code', 'order_id'])
        .where('order_id', 'in', [...orderIds])
        .where('style', '=', 'export')
        .where('status', '=', 'complete')
        .orderBy('id')
        .execute();

/**
 * Writes a new slip inside the caller's transaction and returns it: its lines move the
 * stock in the transaction that takes the products' locks, so concurrent exports of one
 * product are decided one after the other. An order moving to delivery makes its export slip
 * here, in the order's own transaction. Everything is read and worked out first, then each
 * row is written once: the write lock is held for as short a time as the slip allows.
 */
export const createSlipIn = async (
  tx: Db,
  ctx: ServiceContext,
  warehouseId: number,
  input: SlipCreate,
): Promise<Slip> => {
  const warehouse = await warehouseById.executeTakeFirst(tx, { id: warehouseId });
  if (!warehouse) throw notFound();
  const refused: Record<string, string> = {};
  const supplier = input.supplier_id
    ? await tx
        .selectFrom('suppliers')
        .select(['id', 'name'])
        .where('id', '=', input.supplier_id)
        .executeTakeFirst()
    : undefined;
  if (input.supplier_id && !supplier) refused.supplier_id = 'slip.supplier_missing';
  const order = input.order_id
    ? await tx
        .selectFrom('orders')
        .select(['id', 'code', 'status'])
        .where('id', '=', input.order_id)
        .executeTakeFirst()
    : undefined;
  if (input.order_id && !order) refused.order_id = 'slip.order_missing';
  // A cancelled order sells nothing: its goods stay (an import may still name it, a return).
  if (order?.status === 'canceled' && input.style === 'export')
    refused.order_id = 'slip.order_canceled';
  // An order leaves the warehouse once: a second export slip would take its units twice.
  if (order && input.style === 'export' && (await completedExportSlips(tx, [order.id])).length > 0)
    refused.order_id = 'slip.order_has_slip';
  if (Object.keys(refused).length > 0) throw invalid(refused);
  const lines = await resolveLines(tx, input);
  const levels = await lockAndCheck(tx, ctx.engine, input.style, warehouseId, lines);
  const plan = await planStock(tx, input.style, warehouseId, lines);
  if (input.style === 'export') checkRunningTotals(levels, plan);
  const at = ctx.clock.now();
  const stamp = at.toISOString();
  const code = await nextSlipCode(tx, input.style, at);
  const actor = ctx.actor?.user ?? null;
  const values = {
    code,
    style: input.style,
    date: input.date ?? shopDate(at),
    number: input.number ?? null,
    warehouse_id: warehouseId,
    supplier_id: supplier?.id ?? null,
    order_id: order?.id ?? null,
    user_id: actor?.id ?? null,
    note: input.note ?? null,
    money: plan.money,
    profit: plan.profit,
    status: 'complete' as const,
    created_at: stamp,
    updated_at: stamp,
  };
  const [row] = await insertSlip.execute(tx, {
    ...values,
    search_text: searchText(code, input.number, input.note),
  });
  await writeStock(
    tx,
    { id: row!.id, style: input.style, warehouse_id: warehouseId, created_at: stamp },
    plan.lines,
  );
  await writeAudit(tx, ctx.audit, {
    action: 'create',
    entity: 'warehouse_change',
    entityId: row!.id,
    after: {
      code,
      style: values.style,
      date: values.date,
      number: values.number,
      warehouse_id: values.warehouse_id,
      supplier_id: values.supplier_id,
      order_id: values.order_id,
      note: values.note,
      money: values.money,
      profit: values.profit,
    },
  });
  return {
    id: row!.id,
    ...values,
    warehouse: { id: warehouse.id, name: warehouse.name },
    supplier: supplier ?? null,
    order: order ? { id: order.id, code: order.code } : null,
    user: actor ? { id: actor.id, name: actor.name } : null,
    products: plan.lines.map(slipLine),
  };
};

/**
 * A new slip in a transaction of its own (`POST /warehouses/{id}/change`), answered from
 * what the transaction wrote: reading it back would queue behind the next writer.
 */
export const createSlip = (ctx: ServiceContext, warehouseId: number, input: SlipCreate) =>
  inLockingTransaction(ctx.db, ctx.engine, (tx) => createSlipIn(tx, ctx, warehouseId, input));

/**
 * Cancels a slip inside the caller's transaction, once: a second cancel, or one of an import
 * whose units have left, is a 422. A cancelled order cancels its export slip here, in the
 * order's own transaction.
 */
export const cancelSlipIn = async (tx: Db, ctx: ServiceContext, id: number) => {
  const slip = await tx
    .selectFrom('warehouse_changes')
    .select(['id', 'style', 'status', 'warehouse_id'])
    .where('id', '=', id)
    .$if(ctx.engine === 'postgres', (query) => query.forUpdate())
    .executeTakeFirst();
  if (!slip) throw notFound();
  if (slip.status === 'canceled') throw invalid({ status: 'slip.already_canceled' });
  const stamp = ctx.clock.now().toISOString();
  await reverseStock(tx, ctx.engine, slip, stamp);
  await tx
    .updateTable('warehouse_changes')
    .set({ status: 'canceled', updated_at: stamp })
    .where('id', '=', id)
    .execute();
  await writeAudit(tx, ctx.audit, {
    action: 'update',
    entity: 'warehouse_change',
    entityId: id,
    before: { status: 'complete' },
    after: { status: 'canceled' },
  });
};

/** Cancels a slip in a transaction of its own (`POST /warehouses/change/{id}/cancel`). */
export const cancelSlip = async (ctx: ServiceContext, id: number) => {
  await inLockingTransaction(ctx.db, ctx.engine, (tx) => cancelSlipIn(tx, ctx, id));
  return slipsResource.show(ctx, id);
};
