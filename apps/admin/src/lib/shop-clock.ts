import { SHOP_TIME_ZONE } from '@backoffice/shared/shop-time';
import dayjs, { type Dayjs } from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

const WALL_CLOCK = 'YYYY-MM-DDTHH:mm:ss.SSS';

/*
 * A date picker shows and takes the shop's clock wherever the browser stands (an owner
 * travelling, a laptop left on UTC): 09:00 in the shop is 09:00 in the picker. Ant Design's
 * picker works in the browser's zone only, so it is handed the shop's wall-clock time as a
 * browser-local value, and what it gives back is read as the shop's wall clock again.
 */

/** An instant as the picker should show it: the shop's wall-clock time, browser-local. */
export const toShopClock = (value: string | number | Date): Dayjs =>
  dayjs(dayjs(value).tz(SHOP_TIME_ZONE).format(WALL_CLOCK));

/** What a picker gave back (the shop's wall-clock time), as ISO 8601 with the shop's offset. */
export const fromShopClock = (wallClock: Dayjs): string =>
  dayjs.tz(wallClock.format(WALL_CLOCK), SHOP_TIME_ZONE).format();

/** The shop's "now" for a picker: its today and its current time. */
export const shopNow = (): Dayjs => toShopClock(Date.now());
