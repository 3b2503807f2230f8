import { XMLBuilder, XMLParser, XMLValidator } from 'fast-xml-parser';

/**
 * SVG policy (decided): an SVG is rebuilt from an allowlist, not refused.
 * - Refused outright: text that is not well-formed XML, any DOCTYPE or ENTITY (entity bombs,
 *   external entities), a root element other than `<svg>`.
 * - Dropped with their content: every element not on the list — `script`, `foreignObject`,
 *   `iframe`, `animate`/`set` (they can rewrite `href`), `a` is unwrapped (children kept).
 * - Dropped attributes: event handlers (`on*`), `href`/`xlink:href` other than `#local`
 *   references (and `data:image/...` on `<image>`), any value holding `javascript:`,
 *   `vbscript:`, `data:` or a `url(...)` that is not `url(#local)`; `<style>` elements with
 *   `@import`, external `url(...)` or `expression(` are dropped.
 * Comments and processing instructions are removed. The file is served with
 * `Content-Security-Policy: default-src 'none'; style-src 'unsafe-inline'; sandbox` as well.
 */
const ALLOWED = new Set(
  [
    'svg',
    'g',
    'defs',
    'desc',
    'title',
    'symbol',
    'use',
    'switch',
    'view',
    'path',
    'rect',
    'circle',
    'ellipse',
    'line',
    'polyline',
    'polygon',
    'text',
    'tspan',
    'textPath',
    'linearGradient',
    'radialGradient',
    'stop',
    'clipPath',
    'mask',
    'pattern',
    'marker',
    'image',
    'style',
    'filter',
    'feBlend',
    'feColorMatrix',
    'feComponentTransfer',
    'feComposite',
    'feConvolveMatrix',
    'feDiffuseLighting',
    'feDisplacementMap',
    'feDistantLight',
    'feDropShadow',
    'feFlood',
    'feFuncA',
    'feFuncB',
    'feFuncG',
    'feFuncR',
    'feGaussianBlur',
    'feImage',
    'feMerge',
    'feMergeNode',
    'feMorphology',
    'feOffset',
    'fePointLight',
    'feSpecularLighting',
    'feSpotLight',
    'feTile',
    'feTurbulence',
  ].map((n) => n.toLowerCase()),
);
/** Elements removed but whose children are kept. */
const UNWRAP = new Set(['a']);

const ATTR_PREFIX = '@_';
const SAFE_IMAGE_DATA = /^data:image\/(png|jpeg|gif|webp);base64,[a-z0-9+/=\s]*$/i;

export class SvgRefusedError extends Error {
  constructor(reason: string) {
    super(`SVG refused: ${reason}`);
  }
}

const squash = (value: string) => value.replace(/[\u0000-\u0020\u007F]+/g, '').toLowerCase();

const hasUnsafeUrl = (value: string) => {
  const v = squash(value.replace(/\\/g, ''));
  if (/(javascript|vbscript|data):/.test(v)) return true;
  if (/expression\(/.test(v) || /@import/.test(v)) return true;
  const urls = v.match(/url\(([^)]*)\)/g) ?? [];
  return urls.some((u) => !/^url\((['"]?)#/.test(u));
};

type XmlNode = Record<string, unknown>;

const tagOf = (node: XmlNode) => Object.keys(node).find((k) => k !== ':@');

function cleanAttributes(tag: string, attrs: Record<string, unknown> | undefined) {
  if (!attrs) return undefined;
  const out: Record<string, string> = {};
  for (const [rawName, rawValue] of Object.entries(attrs)) {
    const name = rawName.slice(ATTR_PREFIX.length);
    const lower = name.toLowerCase();
    const value = String(rawValue ?? '');
    if (!/^[a-zA-Z_][\w:.-]*$/.test(name)) continue;
    if (lower.startsWith('on') || lower === 'xml:base') continue;
    if (lower === 'href' || lower.endsWith(':href')) {
      const v = value.trim();
      if (v.startsWith('#')) out[rawName] = v;
      else if ((tag === 'image' || tag === 'feimage') && SAFE_IMAGE_DATA.test(v)) out[rawName] = v;
      continue;
    }
    if (lower === 'xmlns' || lower.startsWith('xmlns:')) {
      out[rawName] = value;
      continue;
    }
    if (hasUnsafeUrl(value)) continue;
    out[rawName] = value;
  }
  return out;
}

function cleanNodes(nodes: XmlNode[]): XmlNode[] {
  const out: XmlNode[] = [];
  for (const node of nodes) {
    const tag = tagOf(node);
    if (!tag) continue;
    if (tag === '#text') {
      out.push(node);
      continue;
    }
    if (tag.startsWith('?') || tag.startsWith('!')) continue;
    const lower = tag.toLowerCase();
    const children = Array.isArray(node[tag]) ? (node[tag] as XmlNode[]) : [];
    if (UNWRAP.has(lower)) {
      out.push(...cleanNodes(children));
      continue;
    }
    if (!ALLOWED.has(lower)) continue;
    if (lower === 'style') {
      const css = children.map((c) => String(c['#text'] ?? '')).join('');
      if (hasUnsafeUrl(css)) continue;
    }
    const attrs = cleanAttributes(lower, node[':@'] as Record<string, unknown> | undefined);
    const cleaned: XmlNode = { [tag]: cleanNodes(children) };
    if (attrs && Object.keys(attrs).length > 0) cleaned[':@'] = attrs;
    out.push(cleaned);
  }
  return out;
}

/** Returns the sanitized SVG text, or throws `SvgRefusedError`. */
export function sanitizeSvg(input: string): string {
  const text = input.replace(/^\uFEFF/, '');
  if (/<!DOCTYPE/i.test(text) || /<!ENTITY/i.test(text))
    throw new SvgRefusedError('DOCTYPE or ENTITY declarations');
  const parser = new XMLParser({
    preserveOrder: true,
    ignoreAttributes: false,
    attributeNamePrefix: ATTR_PREFIX,
    allowBooleanAttributes: true,
    parseAttributeValue: false,
    parseTagValue: false,
    trimValues: false,
    processEntities: true,
    htmlEntities: false,
  });
  let tree: XmlNode[];
  try {
    const valid = XMLValidator.validate(text);
    if (valid !== true) throw new SvgRefusedError('not well-formed XML');
    tree = parser.parse(text) as XmlNode[];
  } catch (error) {
    if (error instanceof SvgRefusedError) throw error;
    throw new SvgRefusedError('not well-formed XML');
  }
  const elements = tree.filter((n) => {
    const tag = tagOf(n);
    return tag && tag !== '#text' && !tag.startsWith('?') && !tag.startsWith('!');
  });
  if (elements.length !== 1 || tagOf(elements[0]!)?.toLowerCase() !== 'svg')
    throw new SvgRefusedError('root is not <svg>');
  const cleaned = cleanNodes(elements);
  const builder = new XMLBuilder({
    preserveOrder: true,
    ignoreAttributes: false,
    attributeNamePrefix: ATTR_PREFIX,
    suppressEmptyNode: true,
    processEntities: true,
    format: false,
  });
  return builder.build(cleaned) as string;
}
