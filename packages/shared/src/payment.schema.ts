import { z } from 'zod';
import { charLength, text } from './schema-kit';

/**
 * How an order is paid and whether it has been. Cash on delivery is what a Vietnamese shop
 * mostly sells with, so it is the default; an order starts unpaid and staff mark it paid when
 * the money arrives, then refunded should it go back.
 */
export const PAYMENT_METHODS = ['cod', 'bank_transfer', 'cash', 'card'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PAYMENT_STATUSES = ['unpaid', 'paid', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const paymentMethod = () =>
  z.enum(PAYMENT_METHODS, { error: 'order.payment_method_invalid' });

/** Mark paid takes an unpaid order, refund a paid one: each action is one step of its own. */
export const PAYMENT_ACTIONS = {
  'mark-paid': { from: 'unpaid', to: 'paid' },
  refund: { from: 'paid', to: 'refunded' },
} as const satisfies Record<string, { from: PaymentStatus; to: PaymentStatus }>;
export type PaymentAction = keyof typeof PAYMENT_ACTIONS;

/** The payment's fields of an order record. */
export const paymentRecordFields = {
  payment_method: z.enum(PAYMENT_METHODS),
  payment_status: z.enum(PAYMENT_STATUSES),
  /** When the order was marked paid (kept after a refund: it was paid then). */
  paid_at: z.string().nullable(),
};

/** `GET /orders/{id}/vietqr`: the NAPAS 247 payload a banking app scans, and its QR as SVG. */
export const vietqrRecordSchema = z.object({ payload: z.string(), svg: z.string() });
export type VietQr = z.infer<typeof vietqrRecordSchema>;

/** A bank's NAPAS identifier (BIN): six digits, 970436 for Vietcombank. */
export const BANK_BIN = /^\d{6}$/;
/** An account number as NAPAS carries it: letters and digits, at most 19. */
export const BANK_ACCOUNT = /^[0-9A-Za-z]{1,19}$/;

const optionalPattern = (pattern: RegExp, error: string, maxLength: number) =>
  text()
    .trim()
    .refine((value) => value === '' || pattern.test(value), { error })
    .meta({ maxLength })
    .transform((value) => (value === '' ? null : value))
    .nullish();

/** The shop's bank account that VietQR codes pay into (site settings; empty: no code). */
export const bankSettingValues = {
  bank_bin: () => optionalPattern(BANK_BIN, 'setting.bank_bin_invalid', 6),
  bank_account: () => optionalPattern(BANK_ACCOUNT, 'setting.bank_account_invalid', 19),
  // Banking apps show the holder's name in capitals without accents; any text is kept as typed.
  bank_account_name: () =>
    text()
      .trim()
      .superRefine(charLength({ max: 100 }))
      .meta({ maxLength: 100 })
      .transform((value) => (value === '' ? null : value))
      .nullish(),
};
