import type { WidgetField } from '@backoffice/shared/widget.schema';
import { apiRequest } from '../../../lib/api-client';
import type { FieldOption, OptionsSource } from '../../../lib/options';

type ApiSource = NonNullable<WidgetField['api']>;

/** `data.items` of an answer; own properties only, so `__proto__` and the like read nothing. */
const at = (value: unknown, path: string | null | undefined): unknown =>
  (path ? path.split('.') : []).reduce<unknown>(
    (node, key) =>
      node !== null && typeof node === 'object' && Object.hasOwn(node, key)
        ? (node as Record<string, unknown>)[key]
        : undefined,
    value,
  );

/** The choices in an answer: the list at `list_key`, each item's value and title at their keys. */
export const choicesFrom = (answer: unknown, source: ApiSource): FieldOption[] => {
  const list = at(answer, source.list_key);
  if (!Array.isArray(list)) return [];
  return list.flatMap((item): FieldOption[] => {
    const value = at(item, source.value_key);
    const title = at(item, source.title_key);
    return typeof value === 'string' || typeof value === 'number'
      ? [{ value, label: title === undefined || title === null ? String(value) : String(title) }]
      : [];
  });
};

const fetchAnswer = async (path: string, signal: AbortSignal): Promise<unknown> => {
  // An outside address gets no token: it is not this API.
  if (/^https?:\/\//i.test(path)) {
    const response = await fetch(path, { headers: { Accept: 'application/json' }, signal });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return response.json() as Promise<unknown>;
  }
  return apiRequest<unknown>(path, { signal });
};

/**
 * The choices of an `api` field: GET from the configured path (an
 * http(s) address directly, else through this API with the signed-in user's token), the list
 * at `list_key`, each item's value and title at `value_key` and `title_key`.
 */
export const apiChoices = (source: ApiSource): OptionsSource => ({
  key: ['widget-field-choices', source.path, source.list_key, source.value_key, source.title_key],
  load: async (_search, signal) => choicesFrom(await fetchAnswer(source.path, signal), source),
});
