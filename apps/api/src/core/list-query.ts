import {
  LIST_LIMIT_DEFAULT,
  LIST_LIMIT_MAX,
  type ListQuery,
  type Pagination,
} from '@backoffice/shared/list-query.schema';
import { invalid } from './errors';

/**
 * The list parameters, checked against one resource's allow-lists.
 * Unknown sort fields, includes and search fields are 422s, never 500s.
 */
export type ListSpec = {
  /** Fields usable as `search=field:value`. */
  searchFields: readonly string[];
  /** Fields usable in orderBy besides `id` and `created_at`. */
  sortable: readonly string[];
  includes: readonly string[];
  defaultOrder: readonly [string, 'asc' | 'desc'];
  /** `limit=0` (everything) is allowed only on small resources. */
  allowAll?: boolean;
};

export type ParsedList = {
  page: number;
  /** 0 means everything. */
  limit: number;
  term: string | undefined;
  fields: Array<{ field: string; value: string }>;
  order: [string, 'asc' | 'desc'];
  /** The reader chose the order (`orderBy`): a search then keeps it instead of ranking first. */
  orderChosen: boolean;
  includes: string[];
};

// `email:a@b.c;status:enable` — but not `https://…`, which is a plain term.
const FIELD_SYNTAX = /^[a-z_][a-z0-9_]*:(?!\/\/)/i;

export const parseSearch = (search: string | undefined, allowed: readonly string[]) => {
  const value = search?.trim();
  if (!value) return { term: undefined, fields: [] };
  if (!FIELD_SYNTAX.test(value)) return { term: value, fields: [] };
  const fields = value
    .split(';')
    .filter((part) => part.trim() !== '')
    .map((part) => {
      const colon = part.indexOf(':');
      const field = (colon < 0 ? part : part.slice(0, colon)).trim();
      if (colon < 0 || !allowed.includes(field))
        throw invalid({ search: { key: 'list.search_field', params: { field } } });
      return { field, value: part.slice(colon + 1).trim() };
    });
  return { term: undefined, fields };
};

export const parseListQuery = (query: ListQuery, spec: ListSpec): ParsedList => {
  let limit = query.limit ?? LIST_LIMIT_DEFAULT;
  if (limit === 0 && !spec.allowAll) throw invalid({ limit: 'list.limit_zero' });
  if (limit > LIST_LIMIT_MAX)
    throw invalid({ limit: { key: 'list.limit', params: { maximum: LIST_LIMIT_MAX } } });
  if (limit < 0) limit = LIST_LIMIT_DEFAULT;

  const sortable = new Set(['id', 'created_at', ...spec.sortable]);
  let order: [string, 'asc' | 'desc'] = [spec.defaultOrder[0], spec.defaultOrder[1]];
  if (query.orderBy !== undefined) {
    if (!sortable.has(query.orderBy))
      throw invalid({ orderBy: { key: 'list.order_by', params: { field: query.orderBy } } });
    order = [query.orderBy, query.sortedBy ?? 'asc'];
  } else if (query.sortedBy) {
    order = [order[0], query.sortedBy];
  }

  const includes = (query.include ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  for (const name of includes)
    if (!spec.includes.includes(name))
      throw invalid({ include: { key: 'list.include', params: { value: name } } });

  return {
    page: query.page ?? 1,
    limit,
    ...parseSearch(query.search, spec.searchFields),
    order,
    orderChosen: query.orderBy !== undefined,
    includes,
  };
};

export const paginate = (count: number, total: number, list: ParsedList): Pagination => {
  const perPage = list.limit === 0 ? total : list.limit;
  return {
    count,
    total,
    per_page: perPage,
    current_page: list.limit === 0 ? 1 : list.page,
    total_pages: perPage === 0 ? 1 : Math.max(1, Math.ceil(total / perPage)),
  };
};

/**
 * A small list answered whole (the permission keys, a province's wards): one page holding every
 * row, in the shape every list answers with, so a client reads it like any other list.
 */
export const wholeListPage = <T>(data: T[]) => ({
  data,
  meta: {
    pagination: {
      count: data.length,
      total: data.length,
      per_page: data.length,
      current_page: 1,
      total_pages: 1,
    } satisfies Pagination,
  },
});
