/** Currency VND, number locale it-IT (1.234.567), integer amounts. */
export const MONEY_LOCALE = 'it-IT';

// it-IT leaves four-digit numbers ungrouped ("5000" beside "15.000"); a shop's receipts and
// lists group every amount the same way ("5.000").
const GROUPING = { useGrouping: 'always' } as const;
export const DEFAULT_CURRENCY = 'VND';

/** Formats an integer amount; an empty currency gives a plain number. */
export const formatMoney = (
  amount: number | string | null | undefined,
  currency: string | null | undefined = DEFAULT_CURRENCY,
): string => {
  const value = typeof amount === 'string' ? parseMoney(amount) : amount;
  if (value === null || value === undefined || Number.isNaN(value)) return '';
  return moneyFormat(currency ?? '').format(Math.trunc(value));
};

// A formatter costs far more to make than to use (lists print an amount per row): one per currency.
const moneyFormats = new Map<string, Intl.NumberFormat>();
const moneyFormat = (currency: string) => {
  let format = moneyFormats.get(currency);
  if (!format) {
    format = new Intl.NumberFormat(
      MONEY_LOCALE,
      currency
        ? {
            ...GROUPING,
            style: 'currency',
            currency,
            maximumFractionDigits: 0,
            minimumFractionDigits: 0,
          }
        : GROUPING,
    );
    moneyFormats.set(currency, format);
  }
  return format;
};

/** Reads what a person typed ("1.234.567 ₫", "1,234,567") as an integer; null when there is no digit. */
export const parseMoney = (text: string | null | undefined): number | null => {
  if (text === null || text === undefined) return null;
  const trimmed = String(text).trim();
  const digits = trimmed.replace(/\D/g, '');
  if (!digits) return null;
  const value = Number.parseInt(digits, 10);
  return trimmed.startsWith('-') ? -value : value;
};

const countFormats = new Map<string, Intl.NumberFormat>();

/**
 * A count or a quantity grouped as amounts are (1.234; fractions kept, up to three digits), or
 * as `locale` groups numbers (a message's "tối đa 1.000.000", "at most 1,000,000").
 */
export const formatCount = (value: number, locale: string = MONEY_LOCALE): string => {
  let format = countFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, GROUPING);
    countFormats.set(locale, format);
  }
  return format.format(value);
};
