import { describe, expect, it } from 'vitest';
import { greetingFor, shopHour, shopToday } from './greeting';

describe('greetingFor', () => {
  it('follows the spec: morning 5-11, afternoon 12-17, evening otherwise', () => {
    expect([4, 5, 11, 12, 17, 18, 23, 0].map(greetingFor)).toEqual([
      'evening',
      'morning',
      'morning',
      'afternoon',
      'afternoon',
      'evening',
      'evening',
      'evening',
    ]);
  });
});

describe('shopToday', () => {
  it('is the shop’s day and hour near midnight UTC, whatever the browser’s clock says', () => {
    // 23:30 UTC on 4 December is 06:30 on 5 December in Vietnam: a new morning there.
    const lateUtc = new Date('2026-12-04T23:30:00Z');
    expect(shopHour(lateUtc)).toBe(6);
    expect(shopToday(lateUtc)).toEqual({ greeting: 'morning', day: '2026-12-05' });
    // 16:59 UTC is 23:59 in Vietnam: still the evening of the same day.
    expect(shopToday(new Date('2026-12-04T16:59:00Z'))).toEqual({
      greeting: 'evening',
      day: '2026-12-04',
    });
    // 17:00 UTC is midnight there: the next day has begun.
    expect(shopToday(new Date('2026-12-04T17:00:00Z'))).toEqual({
      greeting: 'evening',
      day: '2026-12-05',
    });
    expect(shopHour(new Date('2026-12-04T17:00:00Z'))).toBe(0);
  });
});
