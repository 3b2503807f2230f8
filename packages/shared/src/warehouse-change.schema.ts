import { z } from 'zod';
import { integerParam } from './list-query.schema';
import { MONEY_MAX, QUANTITY_MAX } from './order-money';
import { isoDate, optionalText, requiredText, timestamps } from './schema-kit';

/** A slip brings units into a warehouse (import) or takes them out (export). */
export const SLIP_STYLES = ['import', 'export'] as const;

/**
 * The key that shows purchase costs and profit on slips and stock: those who may see stock
 * (`manage-warehouses`) but not change it see what is on hand and what was sold, not margins.
 */
export const COSTS_PERMISSION = 'edit-warehouses';
export type SlipStyle = (typeof SLIP_STYLES)[number];
export const SLIP_STATUSES = ['complete', 'canceled'] as const;
export type SlipStatus = (typeof SLIP_STATUSES)[number];

export const SLIP_PRODUCTS_MAX = 200;
/** Lots expiring within this many days are in the alerts. */
export const EXPIRY_ALERT_DAYS = 30;
/** A product with this many units or fewer in a warehouse is low on stock. */
export const LOW_STOCK_DEFAULT = 5;

/** `YYYY-MM-DD`. */
const day = () => isoDate().max(10).meta({ maxLength: 10 });

export const slipLineInputSchema = z.strictObject({
  post_id: z
    .number({ error: 'slip.product_required' })
    .int({ error: 'validation.integer' })
    .min(1, { error: 'slip.product_required' }),
  price: z
    .number({ error: 'slip.price_invalid' })
    .int({ error: 'slip.price_invalid' })
    .min(0, { error: 'slip.price_invalid' })
    .max(MONEY_MAX, { error: 'slip.amount_too_large' }),
  number: z
    .number({ error: 'slip.number_min' })
    .int({ error: 'validation.integer' })
    .min(1, { error: 'slip.number_min' })
    .max(QUANTITY_MAX, { error: 'validation.too_big' }),
  expiry: day().nullish(),
});

const slipFields = {
  style: z.enum(SLIP_STYLES, { error: 'slip.style_required' }),
  date: day().optional(),
  number: optionalText(50),
  supplier_id: z
    .number({ error: 'validation.integer' })
    .int({ error: 'validation.integer' })
    .min(1, { error: 'slip.supplier_missing' })
    .nullish(),
  order_id: z
    .number({ error: 'validation.integer' })
    .int({ error: 'validation.integer' })
    .min(1, { error: 'slip.order_missing' })
    .nullish(),
  note: optionalText(2000),
  products: z
    .array(slipLineInputSchema, { error: 'slip.products_required' })
    .max(SLIP_PRODUCTS_MAX, { error: 'validation.array_too_big' })
    .optional(),
};

// At least one product line, or an order the export takes its lines from.
const linesOrOrder = (
  value: { style?: SlipStyle; order_id?: number | null; products?: unknown[] },
  ctx: z.RefinementCtx,
) => {
  if ((value.products?.length ?? 0) === 0 && !(value.style === 'export' && value.order_id))
    ctx.addIssue({ code: 'custom', path: ['products'], message: 'slip.products_required' });
};

/** `POST /warehouses/{id}/change`: the warehouse is in the path. */
export const slipCreateSchema = z.strictObject(slipFields).superRefine(linesOrOrder);

/** The admin's form: the same fields and the warehouse chosen in it. */
export const slipFormSchema = z
  .strictObject({
    ...slipFields,
    warehouse_id: z
      .number({ error: 'slip.warehouse_required' })
      .int({ error: 'slip.warehouse_required' })
      .min(1, { error: 'slip.warehouse_required' }),
  })
  .superRefine(linesOrOrder);

export type SlipCreate = z.infer<typeof slipCreateSchema>;

export const slipLineRecordSchema = z.object({
  post_id: z.number(),
  code: z.string().nullable(),
  title: z.string(),
  /** Left out of an import's lines for a reader without `edit-warehouses` (a purchase price). */
  price: z.number().optional(),
  number: z.number(),
  expiry: z.string().nullable(),
  /**
   * What the units cost: the import price, or for an export the cost of the lots it took.
   * Left out for a reader without `edit-warehouses`.
   */
  cost: z.number().optional(),
});

export const slipRecordSchema = z.object({
  id: z.number(),
  code: z.string(),
  style: z.enum(SLIP_STYLES),
  date: z.string(),
  number: z.string().nullable(),
  warehouse_id: z.number(),
  warehouse: z.object({ id: z.number(), name: z.string() }).nullable(),
  supplier_id: z.number().nullable(),
  supplier: z.object({ id: z.number(), name: z.string() }).nullable(),
  order_id: z.number().nullable(),
  order: z.object({ id: z.number(), code: z.string() }).nullable(),
  user_id: z.number().nullable(),
  user: z.object({ id: z.number(), name: z.string() }).nullable(),
  note: z.string().nullable(),
  /** Left out of an import (what was paid) for a reader without `edit-warehouses`. */
  money: z.number().optional(),
  /** Left out for a reader without `edit-warehouses`. */
  profit: z.number().optional(),
  status: z.enum(SLIP_STATUSES),
  products: z.array(slipLineRecordSchema),
  ...timestamps,
});

export type Slip = z.infer<typeof slipRecordSchema>;
export type SlipLine = z.infer<typeof slipLineRecordSchema>;

const idQuery = () => integerParam().optional();

/** `GET /warehouses/changes`: the list parameters and filters. */
export const slipListFilters = {
  id: idQuery(),
  warehouse_id: idQuery(),
  supplier_id: idQuery(),
  order_id: idQuery(),
  style: z.enum(SLIP_STYLES, { error: 'validation.invalid_value' }).optional(),
  status: z.enum(SLIP_STATUSES, { error: 'validation.invalid_value' }).optional(),
};

/** One row of `GET /warehouses/products`: a product in a warehouse and its figures. */
export const stockRecordSchema = z.object({
  warehouse_id: z.number(),
  /** The warehouse's name: a list of every warehouse tells a product's rows apart by it. */
  warehouse_name: z.string(),
  post_id: z.number(),
  code: z.string().nullable(),
  name: z.string(),
  /** The last import price: left out for a reader without `edit-warehouses`. */
  price: z.number().optional(),
  number: z.number(),
  in_stock: z.number(),
  export: z.number(),
  expiry: z.string().nullable(),
  expired: z.number(),
  revenue: z.number(),
  /** Left out for a reader without `edit-warehouses`. */
  profit: z.number().optional(),
});
export type StockRow = z.infer<typeof stockRecordSchema>;

/** One movement of a product (`GET /warehouses/change/items`). */
export const movementRecordSchema = z.object({
  change_id: z.number(),
  code: z.string(),
  style: z.enum(SLIP_STYLES),
  date: z.string(),
  warehouse_id: z.number(),
  supplier_id: z.number().nullable(),
  post_id: z.number(),
  title: z.string(),
  /** An import's price is left out for a reader without `edit-warehouses`. */
  price: z.number().optional(),
  number: z.number(),
  expiry: z.string().nullable(),
  status: z.enum(SLIP_STATUSES),
});
export type Movement = z.infer<typeof movementRecordSchema>;

export const stockAlertsSchema = z.object({
  low_stock: z.array(stockRecordSchema),
  expiring: z.array(
    z.object({
      lot_id: z.number(),
      warehouse_id: z.number(),
      warehouse_name: z.string(),
      post_id: z.number(),
      code: z.string().nullable(),
      name: z.string(),
      slip_code: z.string(),
      expiry: z.string(),
      in_stock: z.number(),
      expired: z.boolean(),
    }),
  ),
});
export type StockAlerts = z.infer<typeof stockAlertsSchema>;

/** One line of a stock count imported from a file: a product by its code, in one warehouse. */
/** One counted line of a stock-count file: the warehouse by its number or by its name. */
export const stockCountSchema = z
  .strictObject({
    code: requiredText({ max: 30, required: 'import.product_unknown' }),
    warehouse_id: z
      .number({ error: 'import.warehouse_missing' })
      .int({ error: 'import.warehouse_missing' })
      .min(1, { error: 'import.warehouse_missing' })
      .optional(),
    // its name, as the stock export writes it in its "Kho" column
    warehouse: optionalText(255),
    // left out: what this product's last import cost (the import route looks it up)
    price: slipLineInputSchema.shape.price.optional(),
    number: slipLineInputSchema.shape.number,
    expiry: day().nullish(),
  })
  .refine((count) => count.warehouse_id !== undefined || Boolean(count.warehouse), {
    path: ['warehouse'],
    error: 'import.warehouse_required',
  });

export type StockCount = z.infer<typeof stockCountSchema>;
export type SlipLineInput = z.infer<typeof slipLineInputSchema>;
