import { describe, expect, it } from 'vitest';
import { paginationItems } from './pagination';

describe('paginationItems', () => {
  it('shows every page when there are few', () => {
    expect(paginationItems(1, 1)).toEqual([1]);
    expect(paginationItems(3, 5)).toEqual([1, 2, 3, 4, 5]);
  });
  it('keeps first, last and current ±2 with gaps', () => {
    expect(paginationItems(10, 20)).toEqual([1, '...', 8, 9, 10, 11, 12, '...', 20]);
    expect(paginationItems(1, 20)).toEqual([1, 2, 3, '...', 20]);
    expect(paginationItems(20, 20)).toEqual([1, '...', 18, 19, 20]);
  });
  it('shows the page instead of a gap of one', () => {
    expect(paginationItems(5, 10)).toEqual([1, 2, 3, 4, 5, 6, 7, '...', 10]);
    expect(paginationItems(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
  it('clamps the current page and handles no pages', () => {
    expect(paginationItems(99, 3)).toEqual([1, 2, 3]);
    expect(paginationItems(1, 0)).toEqual([]);
  });
});
