import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { pickerBounds } from './date-bounds';

describe('pickerBounds', () => {
  const bound = dayjs('2026-12-05T16:27:30');
  const { disabledDate, disabledTime } = pickerBounds(() => bound);

  it('refuses the days wholly before the bound, and none after it', () => {
    expect(disabledDate(dayjs('2026-12-04T23:59'))).toBe(true);
    expect(disabledDate(dayjs('2026-12-05T00:00'))).toBe(false);
    expect(disabledDate(dayjs('2026-12-06T00:00'))).toBe(false);
  });

  it('refuses on the bound’s day every hour and minute up to it, so a picked time is after it', () => {
    const today = disabledTime(dayjs('2026-12-05T00:00'));
    expect(today.disabledHours?.()).toEqual([...Array(16).keys()]);
    expect(today.disabledMinutes?.(15)).toHaveLength(60);
    // 16:27:00 is before 16:27:30: the first minute offered is 16:28
    expect(today.disabledMinutes?.(16)).toEqual([...Array(28).keys()]);
    expect(today.disabledMinutes?.(17)).toEqual([]);
    expect(disabledTime(dayjs('2026-12-06T00:00'))).toEqual({});
  });

  it('offers everything without a bound', () => {
    const free = pickerBounds(() => null);
    expect(free.disabledDate(dayjs('2000-01-01'))).toBe(false);
    expect(free.disabledTime(dayjs('2000-01-01'))).toEqual({});
  });
});
