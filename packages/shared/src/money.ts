/** Currency VND, number locale it-IT (1.234.567), integer amounts. */
export const MONEY_LOCALE = 'it-IT';
export const DEFAULT_CURRENCY = 'VND';

/** Formats an integer amount; an empty currency gives a plain number. */
export const formatMoney = (
  amount: number | string | null | undefined,
  currency: string | null | undefined = DEFAULT_CURRENCY,
): string => {
  const value = typeof amount === 'string' ? parseMoney(amount) : amount;
  if (value === null || value === undefined || Number.isNaN(value)) return '';
  const whole = Math.trunc(value);
  if (!currency) return new Intl.NumberFormat(MONEY_LOCALE).format(whole);
  return new Intl.NumberFormat(MONEY_LOCALE, {
    style: 'currency',
    currency,
    maximumFractionDigits: 0,
    minimumFractionDigits: 0,
  }).format(whole);
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
