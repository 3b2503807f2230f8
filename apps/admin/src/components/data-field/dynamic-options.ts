import { hasDotSegment } from '@backoffice/shared/api-path';
import { apiRequest } from '../../lib/api-client';

/** Where a dynamic select reads its options, and which keys of the answer it reads. */
export type DynamicSource = {
  path: string;
  list_key?: string | null;
  value_key?: string | null;
  title_key?: string | null;
};

export type DynamicOption = { value: string; label: string; children?: DynamicOption[] };

/** The value at a dotted key (`data.items`); the whole value for an empty key. Own properties only. */
export const readDotted = (value: unknown, key?: string | null): unknown => {
  if (!key) return value;
  let current = value;
  for (const part of key.split('.')) {
    if (current === null || typeof current !== 'object' || !Object.hasOwn(current, part))
      return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
};

export const isAbsoluteUrl = (path: string) => /^https?:\/\//i.test(path);

/** Thrown when the answer is not a list at the configured key. */
export class DynamicSourceError extends Error {}

/** How deep a tree of choices is read: an answer nested deeper is cut there. */
const TREE_DEPTH = 8;

/**
 * Turns an answer into options: the list at `list_key`, each item's value and title at their
 * keys; with `tree`, each item's own list under `children` (same keys) as its sub-options.
 */
export const toDynamicOptions = (
  answer: unknown,
  source: DynamicSource,
  options: { tree?: boolean } = {},
): DynamicOption[] => {
  const list = readDotted(answer, source.list_key);
  if (!Array.isArray(list)) throw new DynamicSourceError('not a list');
  const read = (items: unknown[], depth: number): DynamicOption[] =>
    items.flatMap((item) => {
      const value = readDotted(item, source.value_key || 'value');
      const title = readDotted(item, source.title_key || 'title');
      if (value === undefined || value === null || typeof value === 'object') return [];
      const children = options.tree ? readDotted(item, 'children') : undefined;
      const below = Array.isArray(children) && depth < TREE_DEPTH ? read(children, depth + 1) : [];
      return [
        {
          value: String(value),
          label: title === undefined || title === null ? String(value) : String(title),
          ...(below.length > 0 ? { children: below } : {}),
        },
      ];
    });
  return read(list, 1);
};

/**
 * Loads a dynamic select's options: a path of this API goes through the API client (token,
 * language); an absolute address is fetched by the browser as is, never with the token.
 */
export const loadDynamicOptions = async (
  source: DynamicSource,
  signal?: AbortSignal,
  options: { tree?: boolean } = {},
) => {
  let answer: unknown;
  if (isAbsoluteUrl(source.path)) {
    const response = await fetch(source.path, {
      headers: { Accept: 'application/json' },
      credentials: 'omit',
      signal,
    });
    if (!response.ok) throw new DynamicSourceError(`HTTP ${response.status}`);
    answer = await response.json();
  } else {
    // Saved before the API refused them: a path stepping out of the API is never requested.
    if (hasDotSegment(source.path)) throw new DynamicSourceError('not a path of this API');
    const [path = '', search = ''] = source.path.split('?');
    const query = Object.fromEntries(new URLSearchParams(search));
    answer = await apiRequest<unknown>(path.startsWith('/') ? path : `/${path}`, { query, signal });
  }
  return toDynamicOptions(answer, source, options);
};
