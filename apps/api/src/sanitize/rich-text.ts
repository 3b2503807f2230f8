import { registerHtmlSanitizer, sanitizeHtmlValue } from '@backoffice/shared/rich-text';
import type { Config } from 'dompurify';
import { isUnsafeCss } from './css';
import { purifier } from './dom-purify';

const CONFIG: Config & { RETURN_DOM: true } = {
  USE_PROFILES: { html: true },
  // Page furniture a post's body has no use for; forms could phish for passwords.
  FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'option'],
  ADD_ATTR: ['target'],
  RETURN_DOM: true,
};

/**
 * Rich text (post contents and descriptions) as it is stored: scripts, event-handler
 * attributes and `javascript:` links are dropped by DOMPurify; benign markup (paragraphs,
 * headings, lists, tables, links, images, emphasis) is kept. A `style` attribute that could
 * load anything is dropped, and a link opening a new tab cannot reach back to its opener.
 */
export function sanitizeRichText(html: string): string {
  const { purify } = purifier('rich-text');
  // RETURN_DOM gives the <body> the text was parsed into.
  const body = purify.sanitize(html, CONFIG) as HTMLElement;
  for (const element of body.querySelectorAll('[style]'))
    if (isUnsafeCss(element.getAttribute('style') ?? '')) element.removeAttribute('style');
  for (const link of body.querySelectorAll('a[target]')) {
    if (link.getAttribute('target') === '_blank') link.setAttribute('rel', 'noopener noreferrer');
    else if (link.getAttribute('target') !== '_self') link.removeAttribute('target');
  }
  return body.innerHTML;
}

// The shared schemas' `richText()` and `sanitizeHtmlValue` sanitize with this from the moment
// the server loads this module: the app does at start, and so does every module that writes
// rich text of a shape no schema knows in advance (a data field's value).
registerHtmlSanitizer(sanitizeRichText);

/** A value of a field that renders HTML, in any shape, as stored. */
export const sanitizeRichValue = sanitizeHtmlValue;
