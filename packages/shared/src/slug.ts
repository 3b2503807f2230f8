import { foldSearch } from './search-fold';

/** Slugs: lowercase letters, digits and single hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const isSlug = (value: string): boolean => SLUG_PATTERN.test(value);

/**
 * Lowercase, strip diacritics, đ to d, non-alphanumerics and spaces to dashes,
 * repeated dashes collapsed, dashes trimmed at the ends (`Cà Phê Sữa Đá` → `ca-phe-sua-da`).
 */
export const slugify = (text: string): string =>
  foldSearch(text)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');

/**
 * A key that templates read (a data field's or a widget field's: lowercase letters, digits and
 * `_`, starting with a letter) made from a title: `Giá khuyến mãi` → `gia_khuyen_mai`,
 * `3 món` → `f_3_mon`; empty for a title without letters or digits.
 */
export const toFieldKey = (text: string): string => {
  const key = slugify(text).replace(/-/g, '_');
  return key === '' || /^[a-z]/.test(key) ? key : `f_${key}`;
};
