import type { QueryKey } from '@tanstack/react-query';
import type { ListParams, ListResponse } from './api-client';

/** One choice of a select; `parent` places it in a tree select (categories). */
export type FieldOption = {
  value: string | number;
  label: string;
  parent?: string | number | null;
};

/** Where a select's choices come from. */
export type OptionsSource = {
  /** The cache key; the search text is added after it. */
  key: QueryKey;
  /** The choices for a search text ('' for the first ones). */
  load: (search: string, signal: AbortSignal) => Promise<FieldOption[]>;
  /** Ask the server on every search (large lists); else load once and filter here, folded. */
  remoteSearch?: boolean;
  /**
   * Choices known without asking (the labels of values a record already holds), offered with
   * the loaded ones when the search matches them: a saved value then shows its label even when
   * the first page of a server search does not hold it, or it no longer exists.
   */
  known?: readonly FieldOption[];
};

/** The choices of a resource list (`GET /x`): `limit=0` loads them all, else searched on the server. */
export const optionsFromList = <T>(
  source: {
    keys: { list: (params: ListParams) => QueryKey };
    list: (params: ListParams, signal?: AbortSignal) => Promise<ListResponse<T>>;
  },
  toOption: (row: T) => FieldOption,
  params: ListParams = { limit: 0 },
): OptionsSource => ({
  key: [...source.keys.list(params), 'options'],
  remoteSearch: params.limit !== 0,
  load: (search, signal) =>
    source
      .list({ ...params, search: search || undefined }, signal)
      .then((response) => response.data.map(toOption)),
});
