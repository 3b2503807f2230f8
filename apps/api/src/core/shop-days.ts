import { shopDay } from '@backoffice/shared/code-syntax';
import { SHOP_OFFSET } from '@backoffice/shared/shop-time';

// The shop's calendar (`@backoffice/shared/shop-time`): a date filter's day, a dashboard's
// "today" and "this month" begin at midnight in Vietnam, not at midnight UTC.
export { SHOP_OFFSET, shopDay };

/** How far the shop's clock is ahead of UTC (+7 hours). */
const OFFSET_MS =
  Date.parse('2000-01-01T00:00:00Z') - Date.parse(`2000-01-01T00:00:00${SHOP_OFFSET}`);

/**
 * A stored time on the shop's clock, `YYYY-MM-DD HH:mm:ss`, as a spreadsheet reads a date and
 * time (an order made at 08:00 in the shop is not `01:00:00.000Z` in its export); what is not
 * a time is answered as it is. Arithmetic, not Intl: an export formats a million of them.
 */
export const shopTime = <T>(value: T): T | string => {
  if (typeof value !== 'string' && !(value instanceof Date)) return value;
  const at = value instanceof Date ? value.getTime() : Date.parse(value);
  if (Number.isNaN(at)) return value;
  return new Date(at + OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
};

/** The instant `YYYY-MM-DD` begins in the shop, as stored times are written (ISO 8601, UTC). */
export const dayStart = (date: string) => new Date(`${date}T00:00:00${SHOP_OFFSET}`).toISOString();

/** The instant the day after `YYYY-MM-DD` begins in the shop: the end (exclusive) of that day. */
export const nextDayStart = (date: string) => dayStart(addDays(date, 1));

/** `YYYY-MM-DD` moved by whole days. */
export const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** Every day from `from` to `to`, both included. */
export const daysBetween = (from: string, to: string) => {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
};
