import { describe, expect, it } from 'vitest';
import { formatDuration, splitDuration } from './duration';

describe('duration', () => {
  it('splits minutes', () => {
    expect(splitDuration(135)).toEqual({ hours: 2, minutes: 15 });
    expect(splitDuration(-3)).toEqual({ hours: 0, minutes: 0 });
  });
  it('formats minutes, or hours and minutes, per language', () => {
    expect(formatDuration(45, 'vi')).toBe('45 phút');
    expect(formatDuration(90, 'vi')).toBe('1 giờ 30 phút');
    expect(formatDuration(120, 'en')).toBe('2 h');
    expect(formatDuration(75, 'ja')).toBe('1時間15分');
    expect(formatDuration(5, 'fr')).toBe('5 min');
    expect(formatDuration(null)).toBe('');
  });
});
