import { apiRequest } from '../../lib/api-client';

/** Where a dynamic select reads its options, and which keys of the answer it reads. */
export type DynamicSource = {
  path: string;
  list_key?: string | null;
  value_key?: string | null;
  title_key?: string | null;
};

export type DynamicOption = { value: string; label: string };

/** The value at a dotted key (`data.items`); the whole value for an empty key. */
export const readDotted = (value: unknown, key?: string | null): unknown => {
  if (!key) return value;
  let current = value;
  for (const part of key.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
};

export const isAbsoluteUrl = (path: string) => /^https?:\/\//i.test(path);

/** Thrown when the answer is not a list at the configured key. */
export class DynamicSourceError extends Error {}

/** Turns an answer into options: the list at `list_key`, each item's value and title at their keys. */
export const toDynamicOptions = (answer: unknown, source: DynamicSource): DynamicOption[] => {
  const list = readDotted(answer, source.list_key);
  if (!Array.isArray(list)) throw new DynamicSourceError('not a list');
  return list.flatMap((item) => {
    const value = readDotted(item, source.value_key || 'value');
    const title = readDotted(item, source.title_key || 'title');
    if (value === undefined || value === null || typeof value === 'object') return [];
    return [
      {
        value: String(value),
        label: title === undefined || title === null ? String(value) : String(title),
      },
    ];
  });
};

/**
 * Loads a dynamic select's options: a path of this API goes through the API client (token,
 * language); an absolute address is fetched by the browser as is, never with the token.
 */
export const loadDynamicOptions = async (source: DynamicSource, signal?: AbortSignal) => {
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
    const [path = '', search = ''] = source.path.split('?');
    const query = Object.fromEntries(new URLSearchParams(search));
    answer = await apiRequest<unknown>(path.startsWith('/') ? path : `/${path}`, { query, signal });
  }
  return toDynamicOptions(answer, source);
};
