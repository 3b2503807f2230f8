import { useSearchParams } from 'react-router';
import { type ListFilter, filterParams } from './list-filters';
import { type ListSort, readListAddress } from './list-page-query';

export type ListState = ReturnType<typeof useListState>;

/**
 * A list's page, size, search, sort and filters live in the address (`?page=2&search=…`), so a
 * reload or a shared link shows the same rows.
 */
export const useListState = ({
  defaultPageSize,
  defaultSort,
  filters,
}: {
  defaultPageSize: number;
  defaultSort?: ListSort;
  filters: ReadonlyArray<ListFilter>;
}) => {
  const [searchParams, setSearchParams] = useSearchParams();
  const { page, limit, search, orderBy, sortedBy } = readListAddress(searchParams, {
    defaultPageSize,
    defaultSort,
  });
  const filterValues: Record<string, string | undefined> = Object.fromEntries(
    filters.flatMap(filterParams).map((name) => [name, searchParams.get(name) ?? undefined]),
  );

  /** Changes some parameters; any change but the page's own goes back to page 1. */
  const update = (changes: Record<string, string | number | undefined>, resetPage = true) => {
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(changes)) {
          if (value === undefined || value === '') next.delete(key);
          else next.set(key, String(value));
        }
        if (resetPage && !('page' in changes)) next.delete('page');
        return next;
      },
      { replace: true },
    );
  };

  return { page, limit, search, orderBy, sortedBy, filterValues, defaultPageSize, update };
};
