import { charLength, text } from './schema-kit';

/**
 * Rich text: HTML the admin's editor writes and the website shows as HTML. One rule for every
 * place that holds it, whatever shape the value arrives in: each text inside it is sanitized
 * by the sanitizer the server registers (DOMPurify on a DOM the browser bundle never loads).
 * The admin parses the same schemas to check its forms, where nothing is registered and a
 * value passes through unchanged: the server sanitizes what is written.
 */

/** Rich text of one value, in characters. */
export const RICH_TEXT_MAX = 500_000;

/** The mark a rich-text schema carries (also in the API description: HTML in a string). */
export const RICH_TEXT_META = { contentMediaType: 'text/html' } as const;

let sanitizer: ((html: string) => string) | undefined;

/** The server's sanitizer, registered once at start (`apps/api/src/sanitize/rich-text.ts`). */
export const registerHtmlSanitizer = (sanitize: (html: string) => string) => {
  sanitizer = sanitize;
};

/** Whether this process sanitizes (the server does; the admin's form checks need not). */
export const sanitizesHtml = () => sanitizer !== undefined;

const sanitizeText = (html: string) => (sanitizer ? sanitizer(html) : html);

/**
 * Every text inside a value sanitized, at any depth: a string, a list of strings, objects of
 * lists. Keys stay as they are (a value's shape is the field's business, not the sanitizer's).
 */
export const sanitizeHtmlValue = (value: unknown): unknown => {
  if (typeof value === 'string') return sanitizeText(value);
  if (Array.isArray(value)) return value.map(sanitizeHtmlValue);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, sanitizeHtmlValue(item)]),
    );
  return value;
};

/** An optional rich-text value; `null` or "" clear it; sanitized as it is parsed. */
export const richText = (max = RICH_TEXT_MAX) =>
  text()
    .superRefine(charLength({ max }))
    .meta({ maxLength: max, ...RICH_TEXT_META })
    .nullish()
    .transform((value) => (value == null || value === '' ? null : sanitizeText(value) || null));
