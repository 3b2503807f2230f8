import { describe, expect, it } from 'vitest';
import { formatCount, formatMoney as format, parseMoney } from './money';

// Intl separates the currency with a no-break space.
const formatMoney = (...args: Parameters<typeof format>) => format(...args).replace(/\s/g, ' ');

describe('money', () => {
  it('formats VND with the it-IT grouping', () => {
    expect(formatMoney(1234567)).toBe('1.234.567 VND');
    expect(formatMoney(0)).toBe('0 VND');
  });
  it('groups four-digit amounts and counts too, as it does longer ones', () => {
    expect(formatMoney(-5000)).toBe('-5.000 VND');
    expect(formatMoney(5000, '')).toBe('5.000');
    expect(formatMoney(999, '')).toBe('999');
    expect(formatCount(1234)).toBe('1.234');
    expect(formatCount(12.5)).toBe('12,5');
  });
  it('gives a plain number without a currency', () => {
    expect(formatMoney(1234567, '')).toBe('1.234.567');
    expect(formatMoney(1234567, null)).toBe('1.234.567');
  });
  it('drops fractions and empties', () => {
    expect(formatMoney(10.9, '')).toBe('10');
    expect(formatMoney(null)).toBe('');
    expect(formatMoney('12.000', '')).toBe('12.000');
  });
  it('parses typed amounts to integers', () => {
    expect(parseMoney('1.234.567 ₫')).toBe(1234567);
    expect(parseMoney('-5,000')).toBe(-5000);
    expect(parseMoney('abc')).toBeNull();
    expect(parseMoney('')).toBeNull();
  });
});
