import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { ListResponse, Pagination } from './api-client';

/**
 * How a list changes when a record is created, declared per resource: `prepend` (the new
 * item first on page 1, the last one dropping off a full page), `append` (at the end), and
 * `prepend-and-move-updated` (menus: the new item first, and an updated one moves first too).
 */
export type CreateEffect = 'prepend' | 'append' | 'prepend-and-move-updated';

export type ListEffect<T> =
  | { type: 'prepend'; record: T }
  | { type: 'append'; record: T }
  /** An updated record moves to the top of page 1 (and leaves the page it was on). */
  | { type: 'move-first'; record: T; matches: (row: T) => boolean }
  /** A new record right after another one (a reply after its comment). */
  | { type: 'insert-after'; record: T; after: (row: T) => boolean };

/**
 * One cached page after the effect. `whole` is a `limit=0` list: its page holds every record
 * (`per_page` is the total), so it grows instead of dropping its last row.
 */
export const applyListEffect = <T>(
  list: ListResponse<T>,
  effect: ListEffect<T>,
  { whole = false }: { whole?: boolean } = {},
): ListResponse<T> => {
  const given = list.meta?.pagination;
  const pagination = whole ? undefined : given;
  const onFirstPage = !pagination || pagination.current_page <= 1;
  const fits = (rows: number) =>
    !pagination || pagination.per_page <= 0 || rows <= pagination.per_page;
  const recount = (meta: Pagination, total: number, count: number): Pagination => {
    const perPage = whole ? total : meta.per_page;
    return {
      ...meta,
      total,
      count,
      per_page: perPage,
      total_pages: perPage > 0 ? Math.max(1, Math.ceil(total / perPage)) : 1,
    };
  };
  const withRows = (data: T[], total: number): ListResponse<T> =>
    given
      ? { ...list, data, meta: { ...list.meta, pagination: recount(given, total, data.length) } }
      : { ...list, data };
  const total = given?.total ?? list.data.length;

  switch (effect.type) {
    case 'prepend': {
      if (!onFirstPage) return withRows(list.data, total + 1);
      const data = [effect.record, ...list.data];
      return withRows(fits(data.length) ? data : data.slice(0, -1), total + 1);
    }
    case 'append': {
      const grown = total + 1;
      const lastPage =
        !pagination ||
        pagination.per_page <= 0 ||
        pagination.current_page >= Math.ceil(grown / pagination.per_page);
      const data =
        lastPage && fits(list.data.length + 1) ? [...list.data, effect.record] : list.data;
      return withRows(data, grown);
    }
    case 'move-first': {
      const others = list.data.filter((row) => !effect.matches(row));
      if (!onFirstPage) return withRows(others, total);
      const data = [effect.record, ...others];
      return withRows(fits(data.length) ? data : data.slice(0, -1), total);
    }
    case 'insert-after': {
      const at = list.data.findIndex(effect.after);
      if (at < 0) return withRows(list.data, total + 1);
      const data = [...list.data.slice(0, at + 1), effect.record, ...list.data.slice(at + 1)];
      return withRows(fits(data.length) ? data : data.slice(0, -1), total + 1);
    }
  }
};

const isListResponse = (value: unknown): value is ListResponse<unknown> =>
  typeof value === 'object' &&
  value !== null &&
  Array.isArray((value as { data?: unknown }).data) &&
  Object.keys(value).every((key) => key === 'data' || key === 'meta');

const isInfiniteList = (value: unknown): value is { pages: Array<ListResponse<unknown>> } =>
  typeof value === 'object' &&
  value !== null &&
  Array.isArray((value as { pages?: unknown }).pages) &&
  (value as { pages: unknown[] }).pages.every(isListResponse);

/**
 * Applies the effect to every cached list of a resource at once (pages, load-more pages, the
 * `limit=0` list), so the screen shows it before the refetch that follows confirms it.
 */
export const updateCachedLists = <T>(
  queryClient: QueryClient,
  listsKey: QueryKey,
  effect: ListEffect<T>,
): void => {
  for (const [key, old] of queryClient.getQueriesData<unknown>({ queryKey: listsKey })) {
    const whole = key.some(
      (part) =>
        typeof part === 'object' && part !== null && (part as { limit?: unknown }).limit === 0,
    );
    if (isListResponse(old))
      queryClient.setQueryData(key, applyListEffect(old as ListResponse<T>, effect, { whole }));
    else if (isInfiniteList(old))
      queryClient.setQueryData(key, {
        ...old,
        pages: old.pages.map((page) => applyListEffect(page as ListResponse<T>, effect)),
      });
  }
};
