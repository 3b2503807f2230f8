import { formatMoney } from '@backoffice/shared/money';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDate } from './format';

afterEach(() => vi.restoreAllMocks());

describe('formatDate', () => {
  it('prints a date or a date-time in each language, and nothing for no value', () => {
    const value = '2026-03-09T08:05:00.000Z';
    const shop = { timeZone: 'Asia/Ho_Chi_Minh' } as const;
    expect(formatDate(value, 'vi', false)).toBe(
      new Intl.DateTimeFormat('vi-VN', { dateStyle: 'medium', ...shop }).format(new Date(value)),
    );
    expect(formatDate(value, 'ja', true)).toBe(
      new Intl.DateTimeFormat('ja-JP', { dateStyle: 'medium', timeStyle: 'short', ...shop }).format(
        new Date(value),
      ),
    );
    expect(formatDate(value, 'en', false)).toBe('9 Mar 2026');
    expect(formatDate(null, 'en')).toBe('');
    expect(formatDate('not a date', 'en')).toBe('not a date');
  });

  // a list prints a date or an amount per row; making an Intl formatter is the costly part
  it('makes one formatter per language and style, not one per value', () => {
    const made = { DateTimeFormat: 0, NumberFormat: 0 };
    for (const name of ['DateTimeFormat', 'NumberFormat'] as const) {
      const real = Intl[name];
      vi.spyOn(Intl, name).mockImplementation(function (this: unknown, ...args: unknown[]) {
        made[name] += 1;
        return new (real as new (...a: unknown[]) => object)(...args);
      } as never);
    }
    const printed = new Set<string>();
    for (let day = 1; day <= 28; day++) {
      printed.add(formatDate(`2026-02-${String(day).padStart(2, '0')}T10:00:00Z`, 'en', true));
      printed.add(formatDate(`2026-02-${String(day).padStart(2, '0')}`, 'en', false));
      printed.add(formatMoney(day * 1000));
    }
    expect(printed.size).toBe(28 * 3);
    expect(made.DateTimeFormat).toBeLessThanOrEqual(2);
    expect(made.NumberFormat).toBeLessThanOrEqual(1);
  });
});
