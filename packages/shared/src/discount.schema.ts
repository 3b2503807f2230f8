import { z } from 'zod';
import { DISCOUNT_TYPES, MONEY_MAX, QUANTITY_MAX } from './order-money';
import { requiredText, timestamps } from './schema-kit';

export const DISCOUNT_STATUSES = ['enable', 'disable'] as const;
export type DiscountStatus = (typeof DISCOUNT_STATUSES)[number];

/** Where a discount stands in time: before its start, between start and end, after its end. */
export const DISCOUNT_PHASES = ['upcoming', 'applying', 'expired'] as const;
export type DiscountPhase = (typeof DISCOUNT_PHASES)[number];

export const DISCOUNT_TIERS_MAX = 20;

export const discountPhase = (
  discount: { start_at: string; end_at: string },
  now: Date,
): DiscountPhase => {
  const at = now.getTime();
  if (at < Date.parse(discount.start_at)) return 'upcoming';
  if (at >= Date.parse(discount.end_at)) return 'expired';
  return 'applying';
};

/** A discount lowers prices only while it is enabled and applying. */
export const discountApplies = (
  discount: { status: DiscountStatus; start_at: string; end_at: string },
  now: Date,
) => discount.status === 'enable' && discountPhase(discount, now) === 'applying';

/** A moment with its offset (`2026-12-01T08:00:00+07:00`), stored in UTC so that times compare as text. */
const moment = (required: string) =>
  z
    .string({ error: (issue) => (issue.input == null ? required : 'discount.time_invalid') })
    .min(1, { error: required, abort: true })
    .max(64, { error: 'discount.time_invalid', abort: true })
    .pipe(z.iso.datetime({ offset: true, error: 'discount.time_invalid' }))
    .transform((value) => new Date(value).toISOString())
    .meta({ format: 'date-time' });

const hasTwoDecimals = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

export const discountTierSchema = z
  .strictObject({
    quantity: z
      .number({ error: 'discount.quantity_required' })
      .int({ error: 'validation.integer' })
      .min(1, { error: 'discount.quantity_min' })
      .max(QUANTITY_MAX, { error: 'validation.too_big' }),
    discount: z
      .number({ error: 'discount.value_required' })
      .min(0, { error: 'discount.value_min' })
      .max(MONEY_MAX, { error: 'validation.too_big' }),
    type: z.enum(DISCOUNT_TYPES, {
      error: (issue) =>
        issue.input == null ? 'discount.type_required' : 'validation.invalid_value',
    }),
  })
  .superRefine((tier, ctx) => {
    if (tier.type === 'percent' && (tier.discount > 100 || !hasTwoDecimals(tier.discount)))
      ctx.addIssue({ code: 'custom', path: ['discount'], message: 'discount.percent_range' });
    if (tier.type === 'money' && !Number.isInteger(tier.discount))
      ctx.addIssue({ code: 'custom', path: ['discount'], message: 'discount.money_whole' });
  });

export type DiscountTierInput = z.infer<typeof discountTierSchema>;

const config = z
  .array(discountTierSchema, { error: 'discount.config_required' })
  .min(1, { error: 'discount.config_required' })
  .max(DISCOUNT_TIERS_MAX, { error: 'validation.array_too_big' });

const discountFields = {
  title: requiredText({ max: 255, required: 'discount.title_required' }),
  start_at: moment('discount.start_required'),
  end_at: moment('discount.end_required'),
  config,
  status: z.enum(DISCOUNT_STATUSES, { error: 'validation.invalid_value' }).optional(),
};

type Checked = { start_at?: string; end_at?: string; config?: DiscountTierInput[] };

/**
 * The rules that need several fields: the end comes after the start, and no two tiers share a
 * quantity (the second one of a pair is named). "Start after now" needs the server's clock and
 * is checked there (and by the form against the browser's).
 */
export const checkDiscount = (value: Checked, ctx: z.RefinementCtx) => {
  if (value.start_at && value.end_at && Date.parse(value.end_at) <= Date.parse(value.start_at))
    ctx.addIssue({ code: 'custom', path: ['end_at'], message: 'discount.end_after_start' });
  const seen = new Set<number>();
  value.config?.forEach((tier, index) => {
    if (seen.has(tier.quantity))
      ctx.addIssue({
        code: 'custom',
        path: ['config', index, 'quantity'],
        message: 'discount.quantity_distinct',
      });
    seen.add(tier.quantity);
  });
};

export const discountCreateSchema = z.strictObject(discountFields).superRefine(checkDiscount);
export const discountUpdateSchema = z
  .strictObject(discountFields)
  .partial()
  .superRefine(checkDiscount);

/** The admin's create form: the server's rules, plus "start after now" against the browser's clock. */
export const discountFormSchema = z
  .strictObject(discountFields)
  .superRefine(checkDiscount)
  .superRefine((value, ctx) => {
    if (Date.parse(value.start_at) <= Date.now())
      ctx.addIssue({ code: 'custom', path: ['start_at'], message: 'discount.start_after_now' });
  });

export const discountRecordSchema = z.object({
  id: z.number(),
  title: z.string(),
  start_at: z.string(),
  end_at: z.string(),
  config: z.array(
    z.object({ quantity: z.number(), discount: z.number(), type: z.enum(DISCOUNT_TYPES) }),
  ),
  status: z.enum(DISCOUNT_STATUSES),
  phase: z.enum(DISCOUNT_PHASES),
  ...timestamps,
});

export type Discount = z.infer<typeof discountRecordSchema>;
export type DiscountCreate = z.infer<typeof discountCreateSchema>;
export type DiscountUpdate = z.infer<typeof discountUpdateSchema>;
