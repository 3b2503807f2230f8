import { shopDay } from '@backoffice/shared/code-syntax';
import { SHOP_TIME_ZONE } from '@backoffice/shared/shop-time';

export type Greeting = 'morning' | 'afternoon' | 'evening';

/** Morning 5-11, afternoon 12-17, evening otherwise. */
export const greetingFor = (hour: number): Greeting => {
  if (hour >= 5 && hour <= 11) return 'morning';
  if (hour >= 12 && hour <= 17) return 'afternoon';
  return 'evening';
};

// The shop's day and hour wherever the browser stands, as the dashboard's figures count them.
const hourFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: SHOP_TIME_ZONE,
  hour: '2-digit',
  hourCycle: 'h23',
});

/** The hour (0-23) on the shop's clock at `now`. */
export const shopHour = (now: Date) => {
  const hour = hourFormat.formatToParts(now).find((part) => part.type === 'hour')?.value;
  return Number(hour);
};

/** The shop's "today" at `now`: its greeting, and its day as `YYYY-MM-DD`. */
export const shopToday = (now: Date) => ({
  greeting: greetingFor(shopHour(now)),
  day: shopDay(now, SHOP_TIME_ZONE),
});
