import { describe, expect, it } from 'vitest';
import { FIELD_KEY } from './data-field.schema';
import { isSlug, slugify, toFieldKey } from './slug';
import { WIDGET_FIELD_KEY } from './widget.schema';

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
  it('makes a template key from a title, valid for data and widget fields', () => {
    expect(toFieldKey('Giá khuyến mãi')).toBe('gia_khuyen_mai');
    expect(toFieldKey('3 món ăn')).toBe('f_3_mon_an');
    expect(toFieldKey('日本')).toBe('');
    for (const title of ['Giá khuyến mãi', '3 món ăn', 'Đường dây nóng!'])
      for (const rule of [FIELD_KEY, WIDGET_FIELD_KEY]) expect(toFieldKey(title)).toMatch(rule);
  });
});
