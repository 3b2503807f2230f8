import type { Config } from 'dompurify';
import { isUnsafeCss } from './css';
import { purifier } from './dom-purify';

/**
 * SVG policy (decided): an SVG is rebuilt by DOMPurify's SVG profile, not refused.
 * - Refused outright: text that is not well-formed XML, any DOCTYPE or ENTITY (entity bombs,
 *   external entities), a root element other than `<svg>`.
 * - Dropped with their content: every element DOMPurify does not allow in SVG — `script`,
 *   `foreignObject`, `iframe`, `animate`/`set` (they can rewrite `href`); `a` is unwrapped
 *   (children kept); `use` is allowed for local references.
 * - Dropped attributes: event handlers (`on*`), `href`/`xlink:href` other than `#local`
 *   references (and `data:image/...` on `<image>`), and any value whose CSS may load
 *   something (`url(...)` other than `url(#local)`, `@import`, `expression(`, `javascript:`,
 *   also when written with CSS escapes); `<style>` elements with such CSS are dropped.
 * The result is serialized as XML (namespaces declared). The file is served with
 * `Content-Security-Policy: default-src 'none'; style-src 'unsafe-inline'; sandbox` as well.
 */
export class SvgRefusedError extends Error {
  constructor(reason: string) {
    super(`SVG refused: ${reason}`);
  }
}

const SVG_NS = 'http://www.w3.org/2000/svg';
const SAFE_IMAGE_DATA = /^data:image\/(png|jpeg|gif|webp);base64,[a-z0-9+/=\s]*$/i;

const CONFIG: Config & { RETURN_DOM: true } = {
  USE_PROFILES: { svg: true, svgFilters: true },
  ADD_TAGS: ['use'],
  // Removed but their children kept (DOMPurify keeps the content of a forbidden element).
  FORBID_TAGS: ['a'],
  RETURN_DOM: true,
};

/** The attribute checks DOMPurify leaves to the application: links and CSS. */
const cleanAttributes = (element: Element) => {
  const tag = element.localName.toLowerCase();
  for (const attribute of [...element.attributes]) {
    const name = attribute.name.toLowerCase();
    const value = attribute.value.trim();
    if (name === 'href' || name.endsWith(':href')) {
      const local = value.startsWith('#');
      const image = (tag === 'image' || tag === 'feimage') && SAFE_IMAGE_DATA.test(value);
      if (!local && !image) element.removeAttributeNode(attribute);
    } else if (name === 'xml:base' || (!name.startsWith('xmlns') && isUnsafeCss(attribute.value))) {
      element.removeAttributeNode(attribute);
    }
  }
};

/** Returns the sanitized SVG text, or throws `SvgRefusedError`. */
export function sanitizeSvg(input: string): string {
  const text = input.replace(/^\uFEFF/, '');
  if (/<!DOCTYPE/i.test(text) || /<!ENTITY/i.test(text))
    throw new SvgRefusedError('DOCTYPE or ENTITY declarations');
  const { purify, window } = purifier('svg');
  const parsed = new window.DOMParser().parseFromString(text, 'image/svg+xml');
  if (parsed.getElementsByTagNameNS('*', 'parsererror').length > 0)
    throw new SvgRefusedError('not well-formed XML');
  if (parsed.documentElement.localName !== 'svg') throw new SvgRefusedError('root is not <svg>');

  // DOMPurify reads the text as a browser reads inline SVG, which puts the tree in the SVG
  // namespace whether or not the file declares it.
  const body = purify.sanitize(text, CONFIG) as HTMLElement;
  const svg = body.firstElementChild;
  if (!svg || svg.localName !== 'svg' || svg.namespaceURI !== SVG_NS)
    throw new SvgRefusedError('root is not <svg>');
  for (const style of [...svg.getElementsByTagName('style')])
    if (isUnsafeCss(style.textContent ?? '')) style.remove();
  for (const element of [svg, ...svg.querySelectorAll('*')]) cleanAttributes(element);
  return new window.XMLSerializer().serializeToString(svg);
}
