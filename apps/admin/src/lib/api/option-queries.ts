import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { FieldOption, OptionsSource } from '../options';

/**
 * A select's choices for a search text (the source's own key, then the text): `''` when the
 * source loads them all once and searches here.
 */
export const optionChoicesQueryOptions = (source: OptionsSource, search: string) => {
  const text = source.remoteSearch ? search : '';
  return queryOptions({
    queryKey: [...source.key, 'search', text],
    queryFn: ({ signal }): Promise<FieldOption[]> => source.load(text, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
};

/** The labels of chosen values that the loaded choices lack (the source's `chosen`). */
export const chosenOptionsQueryOptions = (
  source: OptionsSource,
  missing: ReadonlyArray<string | number>,
) =>
  queryOptions({
    queryKey: [...source.key, 'chosen', missing],
    queryFn: ({ signal }): Promise<FieldOption[]> => source.chosen!(missing, signal),
    staleTime: 30_000,
  });
