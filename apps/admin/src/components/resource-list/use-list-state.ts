import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { type ListFilter, filterParams } from './list-filters';
import { type ListSort, readListAddress } from './list-page-query';

export type ListState = ReturnType<typeof useListState>;

/** The address after a change of some parameters; any change but the page's own goes back to page 1. */
const changedParams = (
  previous: URLSearchParams,
  changes: Record<string, string | number | undefined>,
  resetPage: boolean,
) => {
  const next = new URLSearchParams(previous);
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined || value === '') next.delete(key);
    else next.set(key, String(value));
  }
  if (resetPage && !('page' in changes)) next.delete('page');
  return next;
};

/** Where a list keeps its page, size, search, sort and filters. */
export type ListStateHome = 'address' | 'local';

/**
 * A list's page, size, search, sort and filters live in the address (`?page=2&search=…`), so a
 * reload or a shared link shows the same rows; or, `local`, in the list itself, for a list that
 * is part of something else (a drawer, a tab, one of two lists side by side), whose parameters
 * would otherwise be another list's.
 */
export const useListState = ({
  defaultPageSize,
  defaultSort,
  filters,
  home = 'address',
}: {
  defaultPageSize: number;
  defaultSort?: ListSort;
  filters: ReadonlyArray<ListFilter>;
  home?: ListStateHome;
}) => {
  const [addressParams, setAddressParams] = useSearchParams();
  const [ownParams, setOwnParams] = useState(() => new URLSearchParams());
  const searchParams = home === 'address' ? addressParams : ownParams;
  const read = (params: URLSearchParams) => ({
    ...readListAddress(params, { defaultPageSize, defaultSort }),
    filterValues: Object.fromEntries(
      filters.flatMap(filterParams).map((name) => [name, params.get(name) ?? undefined]),
    ) as Record<string, string | undefined>,
  });
  const { page, limit, search, orderBy, sortedBy, filterValues } = read(searchParams);

  /**
   * Changes some parameters; any change but the page's own goes back to page 1.
   *
   * Rendered at once rather than as a transition: a transition renders in slices of 5 ms with a
   * frame painted between them, and the rows of a new page or search, which usually arrive
   * while it renders, then took about twice their render time to show. Nothing of a list
   * suspends on such a change (its code and texts are loaded), so there is no fallback to fear.
   */
  const update = (changes: Record<string, string | number | undefined>, resetPage = true) => {
    if (home === 'local') setOwnParams((previous) => changedParams(previous, changes, resetPage));
    else
      setAddressParams((previous) => changedParams(previous, changes, resetPage), {
        replace: true,
        flushSync: true,
      });
  };

  /** What the list's state will be after `update(changes, resetPage)`. */
  const preview = (changes: Record<string, string | number | undefined>, resetPage = true) =>
    read(changedParams(searchParams, changes, resetPage));

  return {
    page,
    limit,
    search,
    orderBy,
    sortedBy,
    filterValues,
    defaultPageSize,
    update,
    preview,
  };
};
