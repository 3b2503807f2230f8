/**
 * Folds Vietnamese text for search: lowercase, diacritics stripped, đ to d,
 * so `ca phe` matches `Cà Phê`.
 */
export const foldSearch = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .toLowerCase()
    .normalize('NFC');

/** True when every word of the term appears in the folded text. */
export const matchesSearch = (text: string, term: string): boolean => {
  const haystack = foldSearch(text);
  return foldSearch(term)
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
};

/**
 * Text as two spellings of one name compare: one Unicode form, no edge spaces, lower case
 * ("Kho B", " KHO B" typed in decomposed Unicode). Unlike `foldSearch`, diacritics count:
 * "Kho Hà Nội" and "Kho Ha Noi" may be two warehouses.
 */
export const foldCase = (text: string): string =>
  text.normalize('NFC').trim().toLocaleLowerCase('vi');
