import { text } from './schema-kit';

/**
 * Vietnamese phone numbers, one rule for every phone field.
 *
 * People type numbers the way they are printed: `0912 345 678`, `0912.345.678`,
 * `+84 912 345 678`, `1900 6868`. The separators are dropped and a leading `+84` (or `0084`)
 * becomes `0`, so a number is stored, searched and compared as its digits.
 *
 * - A person (an order's customer, a member) is reached on a mobile: 10 digits from `0`.
 * - A place (a warehouse, a supplier, the shop's hotline) may also answer on a landline
 *   (11 digits from `02`, the area codes since 2017) or a `1800`/`1900` number (8 or 10 digits).
 */

/** Spaces (also no-break), dots, hyphens and brackets people put between digit groups. */
const SEPARATORS = /[\s.\-()\u00a0]/g;

const MOBILE = /^0\d{9}$/;
const LANDLINE = /^02\d{9}$/;
const HOTLINE = /^1[89]00(\d{4}|\d{6})$/;

/** The digits of a typed number: separators dropped, `+84`/`0084` read as the leading `0`. */
export const normalizePhone = (value: string) => {
  const compact = value.trim().replace(SEPARATORS, '');
  const international = /^(\+|00)84(\d+)$/.exec(compact);
  if (!international) return compact;
  const national = international[2] ?? '';
  // "+84 0912…" happens: the 0 after the country code is one too many.
  return national.startsWith('0') ? national : `0${national}`;
};

/** A mobile number, already normalized: 10 digits from 0. */
export const isMobilePhone = (digits: string) => MOBILE.test(digits);

/** Any number a business answers on, already normalized: a mobile, a landline or a hotline. */
export const isBusinessPhone = (digits: string) =>
  MOBILE.test(digits) || LANDLINE.test(digits) || HOTLINE.test(digits);

/** Long enough for `+84 (0) 912 345 678` and the like; the stored digits are at most 11. */
const TYPED_MAX = 25;

type PhoneKind = 'mobile' | 'business';

const accepts: Record<PhoneKind, (digits: string) => boolean> = {
  mobile: isMobilePhone,
  business: isBusinessPhone,
};

const messages: Record<PhoneKind, string> = {
  mobile: 'phone.invalid',
  business: 'phone.business_invalid',
};

/**
 * A phone field's schema: typed text in, the normalized digits out. Empty text fails with
 * `required` when given, else it is "no phone" (null).
 */
const phoneText = (kind: PhoneKind, options: { required?: string; invalid?: string } = {}) =>
  text(options.required ? { required: options.required } : {})
    .max(TYPED_MAX, { error: options.invalid ?? messages[kind] })
    .transform((value) => normalizePhone(value))
    .superRefine((digits, ctx) => {
      if (digits === '') {
        if (options.required) ctx.addIssue({ code: 'custom', message: options.required });
        return;
      }
      if (!accepts[kind](digits))
        ctx.addIssue({ code: 'custom', message: options.invalid ?? messages[kind] });
    })
    .meta({ maxLength: TYPED_MAX });

/** A required mobile number (an order's customer). */
export const requiredMobilePhone = (options: { required: string; invalid?: string }) =>
  phoneText('mobile', options);

/** An optional mobile number (a member); "" or null: none. */
export const mobilePhone = () =>
  phoneText('mobile')
    .transform((digits) => (digits === '' ? null : digits))
    .nullish();

/** An optional business number (a warehouse, a supplier, the hotline); "" or null: none. */
export const businessPhone = () =>
  phoneText('business')
    .transform((digits) => (digits === '' ? null : digits))
    .nullish();
