import dayjs from 'dayjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDate } from './format';
import { fromShopClock, shopNow, toShopClock } from './shop-clock';

/**
 * The tests of a zone run as a browser standing there would (Node follows `TZ` as soon as it is
 * set); the machine's zone is put back after them, since test files share a worker.
 */
const inBrowserZone = (zone: string, tests: () => void) =>
  describe(`a browser in ${zone}`, () => {
    let before: string | undefined;
    beforeAll(() => {
      before = process.env.TZ;
      process.env.TZ = zone;
    });
    afterAll(() => {
      if (before === undefined) delete process.env.TZ;
      else process.env.TZ = before;
    });
    tests();
  });

// 20:05 UTC on 9 March is 03:05 on 10 March in the shop (Vietnam, UTC+7).
const LATE_EVENING_UTC = '2026-03-09T20:05:00.000Z';

for (const zone of ['UTC', 'America/New_York', 'Pacific/Kiritimati']) {
  inBrowserZone(zone, () => {
    it('prints a time on the shop clock, its day being the shop day', () => {
      expect(formatDate(LATE_EVENING_UTC, 'en', true)).toBe('10 Mar 2026, 03:05');
      expect(formatDate(LATE_EVENING_UTC, 'en', false)).toBe('10 Mar 2026');
    });

    it('prints a calendar day as that day', () => {
      expect(formatDate('1990-05-01', 'en', false)).toBe('1 May 1990');
      expect(formatDate('2026-12-31', 'vi', false)).toContain('31');
    });

    it('gives a picker the shop clock and reads back what it picks on the shop clock', () => {
      const shown = toShopClock(LATE_EVENING_UTC);
      expect(shown.format('YYYY-MM-DD HH:mm')).toBe('2026-03-10 03:05');
      // a picked 09:30 on 1 April is 09:30 in the shop, whatever the browser's zone
      expect(fromShopClock(dayjs('2026-04-01T09:30:00'))).toBe('2026-04-01T09:30:00+07:00');
      expect(new Date(fromShopClock(shown)).toISOString()).toBe(LATE_EVENING_UTC);
    });

    it("takes the shop's now for the picker's today and now", () => {
      const shopWallClock = new Intl.DateTimeFormat('sv-SE', {
        timeZone: 'Asia/Ho_Chi_Minh',
        dateStyle: 'short',
        timeStyle: 'short',
      }).format(new Date());
      expect(shopNow().format('YYYY-MM-DD HH:mm')).toBe(shopWallClock);
    });
  });
}
