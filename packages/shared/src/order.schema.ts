import { z } from 'zod';
import { provinceCode, wardCode } from './address.schema';
import { contactEmail } from './contact.schema';
import { MONEY_MAX, QUANTITY_MAX } from './order-money';
import { requiredMobilePhone } from './phone';
import { paymentMethod, paymentRecordFields } from './payment.schema';
import { optionalText, requiredText, timestamps } from './schema-kit';

/** new → processing → delivery → delivered; canceled from new or processing. */
export const ORDER_STATUSES = ['new', 'processing', 'delivery', 'delivered', 'canceled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

const FORWARD: Record<OrderStatus, OrderStatus | null> = {
  new: 'processing',
  processing: 'delivery',
  delivery: 'delivered',
  delivered: null,
  canceled: null,
};

/** The status the "next" button of the coordinate flow moves to; null at the end. */
export const nextOrderStatus = (status: OrderStatus) => FORWARD[status];

/** One step forward, or to canceled from new or processing; staying put is no move. */
export const canMoveOrder = (from: OrderStatus, to: OrderStatus) =>
  from === to ||
  FORWARD[from] === to ||
  (to === 'canceled' && (from === 'new' || from === 'processing'));

/** An order is made new, or straight into processing; the later steps are moves of a saved order. */
export const ORDER_CREATE_STATUSES = ['new', 'processing'] as const;

/** Lines and money may change only before the order leaves for delivery. */
export const isOrderEditable = (status: OrderStatus) => status === 'new' || status === 'processing';

/**
 * An order whose goods have left the warehouse (in delivery, delivered, or exported by hand) is
 * kept for good: its slip and revenue stay explained, so it is never deleted.
 */
export const hasLeftWarehouse = (order: {
  status: OrderStatus;
  export_slip?: { id: number } | null;
}) => order.status === 'delivery' || order.status === 'delivered' || Boolean(order.export_slip);

export const ORDER_PRODUCTS_MAX = 200;

export const orderLineInputSchema = z.strictObject({
  post_id: z
    .number({ error: 'order.product_required' })
    .int({ error: 'validation.integer' })
    .min(1, { error: 'order.product_required' }),
  quantity: z
    .number({ error: 'order.quantity_min' })
    .int({ error: 'validation.integer' })
    .min(1, { error: 'order.quantity_min' })
    .max(QUANTITY_MAX, { error: 'validation.too_big' }),
});

const products = z
  .array(orderLineInputSchema, { error: 'order.products_required' })
  .min(1, { error: 'order.products_required' })
  .max(ORDER_PRODUCTS_MAX, { error: 'validation.array_too_big' });

const orderFields = {
  name: requiredText({ max: 200, required: 'order.name_required' }),
  phone: requiredMobilePhone({ required: 'order.phone_required', invalid: 'order.phone_invalid' }),
  email: contactEmail(),
  address: requiredText({ max: 500, required: 'order.address_required' }),
  province_code: provinceCode().nullish(),
  ward_code: wardCode().nullish(),
  note: optionalText(2000),
  fee: z
    .number({ error: 'order.fee_invalid' })
    .int({ error: 'order.fee_invalid' })
    .min(0, { error: 'order.fee_invalid' })
    .max(MONEY_MAX, { error: 'order.amount_too_large' })
    .optional(),
  payment_method: paymentMethod().optional(),
  products,
};

/** A product appears once per order (its quantity says how many); the repeat is named. */
const distinctProducts = (
  value: { products?: Array<{ post_id: number }> },
  ctx: z.RefinementCtx,
) => {
  const seen = new Set<number>();
  value.products?.forEach((line, index) => {
    if (seen.has(line.post_id))
      ctx.addIssue({
        code: 'custom',
        path: ['products', index, 'post_id'],
        message: 'order.product_twice',
      });
    seen.add(line.post_id);
  });
};

/** A warehouse goes only with the move to delivery: its export slip is made there. */
const warehouseWithDelivery = (
  value: { status?: OrderStatus; warehouse_id?: number | null },
  ctx: z.RefinementCtx,
) => {
  if (value.warehouse_id != null && value.status !== 'delivery')
    ctx.addIssue({
      code: 'custom',
      path: ['warehouse_id'],
      message: 'order.warehouse_only_delivery',
    });
};

export const orderCreateSchema = z
  .strictObject({
    ...orderFields,
    status: z.enum(ORDER_CREATE_STATUSES, { error: 'order.status_on_create' }).optional(),
  })
  .superRefine(distinctProducts);
/**
 * `warehouse_id` (with the move to delivery): the export slip of the order's lines is made in
 * that warehouse in the same transaction, or the move is refused.
 */
export const orderUpdateSchema = z
  .strictObject({
    ...orderFields,
    status: z.enum(ORDER_STATUSES, { error: 'validation.invalid_value' }).optional(),
    warehouse_id: z
      .number({ error: 'validation.integer' })
      .int({ error: 'validation.integer' })
      .min(1, { error: 'order.warehouse_missing' })
      .nullish(),
  })
  .partial()
  .superRefine(distinctProducts)
  .superRefine(warehouseWithDelivery);

export const orderLineRecordSchema = z.object({
  post_id: z.number(),
  code: z.string().nullable(),
  image: z.string().nullable(),
  title: z.string(),
  price: z.number(),
  discount: z.number(),
  quantity: z.number(),
  total: z.number(),
});

export const orderRecordSchema = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  address: z.string(),
  province_code: z.string().nullable(),
  ward_code: z.string().nullable(),
  /** The names of the province and ward (null for a code the address data no longer knows). */
  province_name: z.string().nullable(),
  ward_name: z.string().nullable(),
  note: z.string().nullable(),
  fee: z.number(),
  subtotal: z.number(),
  total: z.number(),
  status: z.enum(ORDER_STATUSES),
  ...paymentRecordFields,
  products: z.array(orderLineRecordSchema),
  /** The order's export slip that is not canceled, if any. */
  export_slip: z.object({ id: z.number(), code: z.string() }).nullable(),
  ...timestamps,
});

/**
 * What an order would cost, priced as a save prices it: the same body's money fields, and
 * `order_id` for an order being edited (its lines keep the unit prices they were sold at; its
 * email and fee stand for those not sent).
 */
export const orderQuoteSchema = z
  .strictObject({
    order_id: z
      .number({ error: 'validation.integer' })
      .int({ error: 'validation.integer' })
      .min(1, { error: 'order.missing' })
      .optional(),
    email: orderFields.email,
    fee: orderFields.fee,
    products,
  })
  .superRefine(distinctProducts);

export const orderQuoteRecordSchema = z.object({
  products: z.array(
    z.object({
      post_id: z.number(),
      price: z.number(),
      discount: z.number(),
      quantity: z.number(),
      total: z.number(),
    }),
  ),
  subtotal: z.number(),
  fee: z.number(),
  total: z.number(),
  /** The agency whose prices the customer gets (by the account with the order's email), if any. */
  agency: z.object({ id: z.number(), name: z.string() }).nullable(),
});

export type Order = z.infer<typeof orderRecordSchema>;
export type OrderLine = z.infer<typeof orderLineRecordSchema>;
export type OrderCreate = z.infer<typeof orderCreateSchema>;
export type OrderUpdate = z.infer<typeof orderUpdateSchema>;
export type OrderQuoteInput = z.infer<typeof orderQuoteSchema>;
export type OrderQuote = z.infer<typeof orderQuoteRecordSchema>;

/** The shop's details printed at the top of an order (`GET /orders/letterhead`). */
export const letterheadSchema = z.object({
  name: z.string().nullable(),
  logo: z.string().nullable(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  hotline: z.string().nullable(),
  email: z.string().nullable(),
  tax_code: z.string().nullable(),
  /** The account a bank transfer pays into, printed beside the order's VietQR code. */
  bank_bin: z.string().nullable(),
  bank_account: z.string().nullable(),
  bank_account_name: z.string().nullable(),
});

export type Letterhead = z.infer<typeof letterheadSchema>;
