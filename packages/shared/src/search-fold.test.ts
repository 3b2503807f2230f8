import { describe, expect, it } from 'vitest';
import { foldSearch, matchesSearch } from './search-fold';

describe('search folding', () => {
  it('lowercases, strips marks and maps đ', () => {
    expect(foldSearch('Cà Phê Sữa Đá')).toBe('ca phe sua da');
    expect(foldSearch('ĐƯỜNG đi')).toBe('duong di');
  });
  it('matches every word of the term', () => {
    expect(matchesSearch('Cà phê sữa đá', 'ca phe')).toBe(true);
    expect(matchesSearch('Cà phê sữa đá', 'da sua')).toBe(true);
    expect(matchesSearch('Cà phê sữa đá', 'tra')).toBe(false);
    expect(matchesSearch('anything', '  ')).toBe(true);
  });
});
