import { describe, expect, it } from 'vitest';
import { isSlug, slugify } from './slug';

describe('slugify', () => {
  it('follows the spec', () => {
    expect(slugify('Cà Phê Sữa Đá')).toBe('ca-phe-sua-da');
    expect(slugify('  Hello,   World!! ')).toBe('hello-world');
    expect(slugify('--Đường  phố--2025')).toBe('duong-pho-2025');
    expect(slugify('日本')).toBe('');
  });
  it('checks the slug rule', () => {
    expect(isSlug('ca-phe-2')).toBe(true);
    expect(isSlug('Ca-phe')).toBe(false);
    expect(isSlug('a--b')).toBe(false);
    expect(isSlug('-a')).toBe(false);
  });
});
