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
