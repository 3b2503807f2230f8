import { queryOptions } from '@tanstack/react-query';
import { type DynamicSource, loadDynamicOptions } from './dynamic-options';

/**
 * A data field's select fed by an address (of this API or another site): its choices, as a
 * tree or flat. Keyed by the source itself, never under a resource's key: the answer is the
 * field's options, whatever endpoint it reads.
 */
export const dynamicOptionsQueryOptions = (source: DynamicSource, tree: boolean) =>
  queryOptions({
    queryKey: ['data-field-options', source, tree],
    queryFn: ({ signal }) => loadDynamicOptions(source, signal, { tree }),
    retry: false,
  });
