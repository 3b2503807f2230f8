import { normalizePhone } from '@backoffice/shared/phone';
import {
  MONEY_MAX,
  MoneyRangeError,
  orderMoney,
  type LineInput,
} from '@backoffice/shared/order-money';
import {
  ORDER_STATUSES,
  canMoveOrder,
  hasLeftWarehouse,
  isOrderEditable,
  orderCreateSchema,
  orderRecordSchema,
  orderUpdateSchema,
  type Order,
  type OrderCreate,
  type OrderLine,
  type OrderQuote,
  type OrderQuoteInput,
  type OrderStatus,
  type OrderUpdate,
} from '@backoffice/shared/order.schema';
import { PAYMENT_METHODS, PAYMENT_STATUSES } from '@backoffice/shared/payment.schema';
import { translate } from '@backoffice/shared/messages/catalog';
import { isoDate } from '@backoffice/shared/schema-kit';
import type { ServiceContext } from '../../core/context';
import { AppError, forbidden, invalid } from '../../core/errors';
import { equalsFilter } from '../../core/list-engine';
import { createResourceService, crudPermissions } from '../../core/resource';
import { searchText } from '../../core/search';
import { dayStart, nextDayStart } from '../../core/shop-days';
import type { Db } from '../../db/connection';
import { z } from 'zod';
import { checkPlace, placeNames } from '../locations';
import { cancelSlipIn, createSlipIn, completedExportSlips } from '../warehouse-changes';
import { nextOrderCode } from './order-codes';
import { applyingTiers } from '../discounts';
import type { ProductCatalog } from './product-catalog';
import './orders.table';

type LineRow = Omit<OrderLine, never> & { sort: number };

/** `YYYY-MM-DD`, bounded for the API description. */
const filterDate = isoDate().max(10).meta({ maxLength: 10 });

/**
 * The agency whose prices a customer gets: that of the user account with the order's email
 * (the first by the agencies' sort when the user is in several); none without one.
 */
const customerAgency = async (db: Db, email: string | null | undefined) => {
  if (!email) return undefined;
  const row = await db
    .selectFrom('users')
    .innerJoin('agency_users', 'agency_users.user_id', 'users.id')
    .innerJoin('agencies', 'agencies.id', 'agency_users.agency_id')
    .select(['agencies.id', 'agencies.name'])
    .where('users.email', '=', email.toLowerCase())
    .orderBy('agencies.sort')
    .orderBy('agencies.id')
    .limit(1)
    .executeTakeFirst();
  return row && { id: Number(row.id), name: row.name };
};

const linesOf = async (db: Db, orderIds: readonly number[]) => {
  if (orderIds.length === 0) return new Map<number, OrderLine[]>();
  const rows = await db
    .selectFrom('order_items')
    .selectAll()
    .where('order_id', 'in', [...orderIds])
    .orderBy('order_id')
    .orderBy('sort')
    .execute();
  const byOrder = new Map<number, OrderLine[]>();
  for (const row of rows) {
    const lines = byOrder.get(row.order_id) ?? [];
    lines.push({
      post_id: row.post_id,
      code: row.code,
      image: row.image,
      title: row.title,
      price: Number(row.price),
      discount: Number(row.discount),
      quantity: row.quantity,
      total: Number(row.total),
    });
    byOrder.set(row.order_id, lines);
  }
  return byOrder;
};

/**
 * Prices the lines of an order. A product already in the order keeps the unit price it was
 * sold at (`kept`); a new one takes its current price, or its price for the customer's agency.
 * The discount of each line is that of the product's discount while it applies, by the line's
 * quantity. Unknown products and amounts out of range are 422s naming the line.
 */
const priceLines = async (
  ctx: ServiceContext,
  catalog: ProductCatalog,
  input: { products: OrderCreate['products']; email?: string | null; fee: number },
  kept: ReadonlyMap<number, OrderLine> = new Map(),
) => {
  const ids = input.products.map((line) => line.post_id);
  const products = await catalog.find(ctx.db, ids);
  const missing: Record<string, string> = {};
  input.products.forEach((line, index) => {
    if (!products.has(line.post_id) && !kept.has(line.post_id))
      missing[`products.${index}.post_id`] = 'order.product_missing';
  });
  if (Object.keys(missing).length > 0) throw invalid(missing);
  const now = ctx.clock.now();
  const agency = await customerAgency(ctx.db, input.email);
  const agencyId = agency?.id;
  const tiers = await applyingTiers(
    ctx.db,
    [...products.values()].flatMap((product) => (product.discountId ? [product.discountId] : [])),
    now,
  );
  const lines: LineInput[] = input.products.map((line) => {
    const product = products.get(line.post_id);
    const sold = kept.get(line.post_id);
    return {
      price: sold ? sold.price : product!.price,
      agencyPrice: sold || agencyId === undefined ? null : product!.agencyPrices[agencyId],
      quantity: line.quantity,
      tiers: product?.discountId ? (tiers.get(product.discountId) ?? []) : [],
    };
  });
  let money: ReturnType<typeof orderMoney>;
  try {
    money = orderMoney(lines, input.fee);
  } catch (error) {
    if (error instanceof MoneyRangeError)
      throw invalid({ [error.field]: 'order.amount_too_large' });
    throw error;
  }
  const rows: LineRow[] = input.products.map((line, index) => {
    const product = products.get(line.post_id);
    const sold = kept.get(line.post_id);
    return {
      sort: index,
      post_id: line.post_id,
      code: sold ? sold.code : (product!.code ?? null),
      title: sold ? sold.title : product!.title,
      image: sold ? sold.image : (product!.image ?? null),
      ...money.lines[index]!,
    };
  });
  return {
    rows,
    subtotal: money.subtotal,
    fee: money.fee,
    total: money.total,
    agency: agency ?? null,
  };
};

const writeLines = async (tx: Db, orderId: number, rows: readonly LineRow[]) => {
  await tx.deleteFrom('order_items').where('order_id', '=', orderId).execute();
  if (rows.length > 0)
    await tx
      .insertInto('order_items')
      .values(rows.map((row) => ({ ...row, order_id: orderId })))
      .execute();
};

/**
 * What an order would cost if saved now: the same pricing as a create, or as an update of
 * `order_id` (its lines keep their sold unit prices; its email and fee stand for those not
 * sent; a reader who may not read orders cannot name one). Nothing is written.
 */
export const quoteOrder = async (
  ctx: ServiceContext,
  catalog: ProductCatalog,
  input: OrderQuoteInput,
): Promise<OrderQuote> => {
  let current: { email: string | null; fee: number } | undefined;
  let kept = new Map<number, OrderLine>();
  if (input.order_id !== undefined) {
    // The answer carries the order's fee and agency: only a reader of orders may name one.
    if (ctx.actor && !ctx.actor.permissions.has('orders.list')) throw forbidden();
    const row = await ctx.db
      .selectFrom('orders')
      .select(['email', 'fee'])
      .where('id', '=', input.order_id)
      .executeTakeFirst();
    if (!row) throw invalid({ order_id: 'order.missing' });
    current = { email: row.email, fee: Number(row.fee) };
    const lines = (await linesOf(ctx.db, [input.order_id])).get(input.order_id) ?? [];
    kept = new Map(lines.map((line) => [line.post_id, line]));
  }
  const priced = await priceLines(
    ctx,
    catalog,
    {
      products: input.products,
      email: input.email === undefined ? current?.email : input.email,
      fee: input.fee ?? current?.fee ?? 0,
    },
    kept,
  );
  return {
    products: priced.rows.map(({ post_id, price, discount, quantity, total }) => ({
      post_id,
      price,
      discount,
      quantity,
      total,
    })),
    subtotal: priced.subtotal,
    fee: priced.fee,
    total: priced.total,
    agency: priced.agency,
  };
};

/** The export slip of each order that is not canceled (the newest, should there be several). */
const exportSlipsOf = async (db: Db, orderIds: readonly number[]) => {
  const byOrder = new Map<number, { id: number; code: string }>();
  for (const row of await completedExportSlips(db, orderIds))
    byOrder.set(row.order_id!, { id: row.id, code: row.code });
  return byOrder;
};

/**
 * The slip's errors name the order's fields: a line's `number` is its `quantity`, and an order
 * that already has an export slip is refused on the warehouse it would leave.
 */
const asOrderErrors = (error: unknown) => {
  if (!(error instanceof AppError) || !error.fieldErrors) return error;
  const fields = Object.entries(error.fieldErrors).map(([field, messages]) => [
    field.replace(/^(products\.\d+)\.number$/, '$1.quantity').replace(/^order_id$/, 'warehouse_id'),
    messages,
  ]);
  return invalid(Object.fromEntries(fields));
};

/**
 * The warehouse an order leaves from when the move names none: the first (oldest) that holds
 * every line; when none does, the one that holds the most lines, whose export then names the
 * short ones with what it has. Read before the slip takes its locks: the slip checks the stock
 * again under them.
 */
const defaultWarehouse = async (tx: Db, orderId: number, warehouseIds: readonly number[]) => {
  const items = await tx
    .selectFrom('order_items')
    .select(['post_id', 'quantity'])
    .where('order_id', '=', orderId)
    .execute();
  const needs = new Map<number, number>();
  for (const item of items) needs.set(item.post_id, (needs.get(item.post_id) ?? 0) + item.quantity);
  const levels =
    needs.size === 0
      ? []
      : await tx
          .selectFrom('stock_levels')
          .select(['warehouse_id', 'post_id', 'in_stock'])
          .where('post_id', 'in', [...needs.keys()])
          .execute();
  const linesHeld = (warehouseId: number) =>
    [...needs].filter(
      ([postId, need]) =>
        Number(
          levels.find((level) => level.warehouse_id === warehouseId && level.post_id === postId)
            ?.in_stock ?? 0,
        ) >= need,
    ).length;
  // The oldest that holds the most lines: all of them when one can serve the order.
  let best = warehouseIds[0]!;
  let bestHeld = -1;
  for (const id of warehouseIds) {
    const held = linesHeld(id);
    if (held > bestHeld) [best, bestHeld] = [id, held];
    if (held === needs.size) break;
  }
  return best;
};

/**
 * The move from processing to delivery: the goods leave the warehouse. When the shop has a
 * warehouse, the order's export slip (sold unit price less discount; lots first-expiry-first-out)
 * is made in the order's transaction, from the warehouse the move names or by default the first
 * that holds every line, so a short stock refuses the move and the status stays. It is part of
 * shipping the order, so the order permission that moves it makes it (the slip records who).
 * An export slip made by hand beforehand stands for it; a shop with no warehouse ships without.
 */
const shipOrder = async (
  tx: Db,
  ctx: ServiceContext,
  current: { id: number; code: string },
  warehouseId: number | null | undefined,
) => {
  if ((await completedExportSlips(tx, [current.id])).length > 0) {
    if (warehouseId != null) throw invalid({ warehouse_id: 'slip.order_has_slip' });
    return;
  }
  const warehouses = await tx.selectFrom('warehouses').select('id').orderBy('id').execute();
  const ids = warehouses.map((warehouse) => warehouse.id);
  if (warehouseId != null && !ids.includes(warehouseId))
    throw invalid({ warehouse_id: 'order.warehouse_missing' });
  if (ids.length === 0) return;
  try {
    await createSlipIn(tx, ctx, warehouseId ?? (await defaultWarehouse(tx, current.id, ids)), {
      style: 'export',
      number: null,
      order_id: current.id,
      note: translate(ctx.locale, 'slip.note_order', { code: current.code }),
    });
  } catch (error) {
    throw asOrderErrors(error);
  }
};

/**
 * A cancelled order gives back what it took: its export slip (made by hand while the order
 * was processing) is cancelled in the order's transaction, its units back in their lots.
 * Like making the slip, that is a warehouse write the order permission alone does not give.
 */
const cancelExportSlips = async (tx: Db, ctx: ServiceContext, orderId: number) => {
  const slips = await completedExportSlips(tx, [orderId]);
  if (slips.length === 0) return;
  if (ctx.actor && !ctx.actor.permissions.has('edit-warehouses')) throw forbidden();
  for (const slip of slips) await cancelSlipIn(tx, ctx, slip.id);
};

// Fields that may still change once an order has left for delivery (or ended): a customer
// may still pay another way than planned.
const ALWAYS_EDITABLE = new Set(['status', 'note', 'payment_method']);

/** Orders: the customer, the lines with the prices they were sold at, the fee, and the status flow. */
export const createOrdersService = (catalog: ProductCatalog) =>
  createResourceService({
    path: 'orders',
    table: 'orders',
    entity: 'order',
    permissions: crudPermissions('orders'),
    routes: ['list', 'show', 'update', 'delete'],
    schemas: { create: orderCreateSchema, update: orderUpdateSchema, record: orderRecordSchema },
    list: {
      columns: [
        'code',
        'name',
        'phone',
        'email',
        'address',
        'province_code',
        'ward_code',
        'note',
        'fee',
        'subtotal',
        'total',
        'status',
        'payment_method',
        'payment_status',
        'paid_at',
        'created_at',
        'updated_at',
      ],
      search: 'index',
      searchFields: {
        code: { column: 'code', match: 'exact' },
        phone: { column: 'phone', match: 'exact', normalize: normalizePhone },
      },
      sortable: ['code', 'name', 'total', 'status'],
      defaultOrder: ['id', 'desc'],
      filters: {
        status: equalsFilter<'orders'>(
          'status',
          z.enum(ORDER_STATUSES, { error: 'validation.invalid_value' }),
        ),
        payment_method: equalsFilter<'orders'>(
          'payment_method',
          z.enum(PAYMENT_METHODS, { error: 'validation.invalid_value' }),
        ),
        payment_status: equalsFilter<'orders'>(
          'payment_status',
          z.enum(PAYMENT_STATUSES, { error: 'validation.invalid_value' }),
        ),
        from: {
          schema: filterDate,
          where: (eb, value: string) => eb('created_at', '>=', dayStart(value)),
        },
        to: {
          schema: filterDate,
          where: (eb, value: string) => eb('created_at', '<', nextDayStart(value)),
        },
      },
      counted: { by: ['status'] },
    },
    toRecord: (row): Order => ({
      id: row.id,
      code: row.code,
      name: row.name,
      phone: row.phone,
      email: row.email,
      address: row.address,
      province_code: row.province_code,
      ward_code: row.ward_code,
      ...placeNames(row),
      note: row.note,
      fee: Number(row.fee),
      subtotal: Number(row.subtotal),
      total: Number(row.total),
      status: row.status,
      payment_method: row.payment_method,
      payment_status: row.payment_status,
      paid_at: row.paid_at,
      products: [],
      export_slip: null,
      created_at: row.created_at,
      updated_at: row.updated_at,
    }),
    complete: async (db, records) => {
      const ids = records.map((record) => record.id);
      const [lines, slips] = await Promise.all([linesOf(db, ids), exportSlipsOf(db, ids)]);
      for (const record of records) {
        record.products = lines.get(record.id) ?? [];
        record.export_slip = slips.get(record.id) ?? null;
      }
    },
    searchText: (row) => searchText(row.code, row.name, row.phone, row.email),
    constraintHints: { code: 'validation.duplicate' },
    // a new order: its number, status and amount (the receiver asks the API for the rest)
    events: (_tx, { action, after }) =>
      action === 'create' && after
        ? [
            {
              event: 'order.created',
              data: {
                id: after.id,
                code: after.code,
                status: after.status,
                total: Number(after.total),
                created_at: after.created_at,
              },
            },
          ]
        : [],
    hooks: {
      prepare: async (ctx, change) => {
        // warehouse_id is no column: beforeWrite makes the export slip with it.
        const { products, warehouse_id: _warehouse, ...values } = change.input as OrderUpdate;
        checkPlace(values, change.current ?? undefined);
        if (change.action === 'create') {
          const priced = await priceLines(ctx, catalog, {
            products: products!,
            email: values.email,
            fee: values.fee ?? 0,
          });
          return {
            values: {
              status: 'new' as const,
              ...values,
              fee: values.fee ?? 0,
              subtotal: priced.subtotal,
              total: priced.total,
            },
            write: (tx, row) => writeLines(tx, row.id as number, priced.rows),
          };
        }
        const current = change.current;
        if (products) {
          const kept = (await linesOf(ctx.db, [current.id])).get(current.id) ?? [];
          const priced = await priceLines(
            ctx,
            catalog,
            {
              products,
              email: values.email === undefined ? current.email : values.email,
              fee: values.fee ?? Number(current.fee),
            },
            new Map(kept.map((line) => [line.post_id, line])),
          );
          return {
            values: { ...values, subtotal: priced.subtotal, total: priced.total },
            // Checked again on the row inside the transaction (the status may have moved since).
            write: async (tx, row) => {
              if (!isOrderEditable(row.status as OrderStatus))
                throw invalid({ products: 'order.not_editable' });
              await writeLines(tx, row.id as number, priced.rows);
            },
          };
        }
        return { values };
      },
      // An order whose goods have left keeps its record: its slip, its revenue and the
      // customer's proof of sale stay explained.
      beforeDelete: async (tx, _ctx, current) => {
        const [exported] = await completedExportSlips(tx, [current.id]);
        if (hasLeftWarehouse({ status: current.status, export_slip: exported ?? null }))
          throw invalid({ status: 'order.shipped_not_deleted' });
      },
      beforeWrite: async (tx, ctx, { action, values, current, input }) => {
        if (action === 'create') return { code: await nextOrderCode(tx, ctx.clock.now()) };
        if (!current) return;
        const to = values.status ?? current.status;
        if (!canMoveOrder(current.status, to)) throw invalid({ status: 'order.status_move' });
        // The way an order was paid stays what it was paid with.
        if (
          values.payment_method !== undefined &&
          values.payment_method !== current.payment_method &&
          current.payment_status !== 'unpaid'
        )
          throw invalid({ payment_method: 'order.payment_method_locked' });
        const warehouseId = (input as OrderUpdate).warehouse_id;
        if (current.status === 'processing' && to === 'delivery')
          await shipOrder(tx, ctx, current, warehouseId);
        else if (warehouseId != null)
          throw invalid({ warehouse_id: 'order.warehouse_only_delivery' });
        if (to === 'canceled' && current.status !== 'canceled')
          await cancelExportSlips(tx, ctx, current.id);
        if (!isOrderEditable(to)) {
          const changed = Object.entries(values).find(
            ([field, value]) =>
              !ALWAYS_EDITABLE.has(field) &&
              value !== undefined &&
              String(value) !== String((current as Record<string, unknown>)[field]),
          );
          // subtotal and total follow the products (reported there).
          if (changed)
            throw invalid({
              [['subtotal', 'total'].includes(changed[0]) ? 'products' : changed[0]]:
                'order.not_editable',
            });
        }
        // A fee change alone moves the total with it.
        if (values.fee !== undefined && values.subtotal === undefined) {
          const total = Number(current.subtotal) + values.fee;
          if (total > MONEY_MAX) throw invalid({ fee: 'order.amount_too_large' });
          return { total };
        }
      },
    },
  });

export type OrdersService = ReturnType<typeof createOrdersService>;
