import type { QueryKey } from '@tanstack/react-query';
import type { ListParams, ListResponse } from './api-client';
import { listAllPages } from './resource-api';

export { listAllPages };

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
   * The choices of values already chosen that the loaded ones may lack (a server search
   * answers only its first page): a saved record's choice shows its label, never its id.
   */
  chosen?: (values: ReadonlyArray<string | number>, signal: AbortSignal) => Promise<FieldOption[]>;
  /**
   * Choices known without asking (the labels of values a record already holds), offered with
   * the loaded ones when the search matches them: a saved value then shows its label even when
   * the first page of a server search does not hold it, or it no longer exists.
   */
  known?: readonly FieldOption[];
};

type ListSource<T> = {
  keys: { list: (params: ListParams) => QueryKey };
  list: (params: ListParams, signal?: AbortSignal) => Promise<ListResponse<T>>;
  get?: (id: string | number, signal?: AbortSignal) => Promise<T>;
};

/** The labels of chosen ids, one record each; an id whose record is gone stays unlabelled. */
const chosenFrom =
  <T>(source: ListSource<T>, toOption: (row: T) => FieldOption) =>
  async (values: ReadonlyArray<string | number>, signal: AbortSignal) => {
    const found = await Promise.all(
      values.map((value) =>
        source.get!(value, signal).then(
          (row) => toOption(row),
          () => null,
        ),
      ),
    );
    return found.filter((option): option is FieldOption => option !== null);
  };

/** The choices of a resource list (`GET /x`): `limit=0` loads them all, else searched on the server. */
export const optionsFromList = <T>(
  source: ListSource<T>,
  toOption: (row: T) => FieldOption,
  params: ListParams = { limit: 0 },
): OptionsSource => ({
  key: [...source.keys.list(params), 'options'],
  remoteSearch: params.limit !== 0,
  load: (search, signal) =>
    source
      .list({ ...params, search: search || undefined }, signal)
      .then((response) => response.data.map(toOption)),
  ...(params.limit !== 0 && source.get ? { chosen: chosenFrom(source, toOption) } : {}),
});

/**
 * Every choice of a list that has no `limit=0` but stays small (a type's categories, for a
 * tree select): read page after page once, then searched here with Vietnamese folding.
 */
export const optionsFromAllPages = <T>(
  source: ListSource<T>,
  toOption: (row: T) => FieldOption,
  params: ListParams = {},
): OptionsSource => ({
  key: [...source.keys.list({ ...params, pages: 'all' }), 'options'],
  load: (_search, signal) =>
    listAllPages(source, params, signal).then((rows) => rows.map(toOption)),
});
