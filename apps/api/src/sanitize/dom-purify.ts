import { createRequire } from 'node:module';
import type { DOMPurify } from 'dompurify';

type JsdomModule = { JSDOM: new (html: string) => { window: Window & typeof globalThis } };
type PurifyFactory = (window: Window & typeof globalThis) => DOMPurify;

let shared: { window: Window & typeof globalThis; purifiers: Map<string, DOMPurify> } | undefined;

/**
 * DOMPurify (cure53's maintained sanitizer) on a jsdom window, made on first use: the DOM
 * costs about 70 ms and tens of MB, which a server that never sanitizes should not pay at
 * start-up. Loaded synchronously so that sanitizing stays a plain function call. Each caller
 * (`svg`, `rich-text`) gets a DOMPurify instance of its own, so their settings never mix.
 */
export const purifier = (
  name: string,
): { purify: DOMPurify; window: Window & typeof globalThis } => {
  if (!shared) {
    const load = createRequire(import.meta.url);
    const { JSDOM } = load('jsdom') as JsdomModule;
    shared = {
      window: new JSDOM('<!DOCTYPE html><html><body></body></html>').window,
      purifiers: new Map(),
    };
  }
  let purify = shared.purifiers.get(name);
  if (!purify) {
    purify = (createRequire(import.meta.url)('dompurify') as PurifyFactory)(shared.window);
    shared.purifiers.set(name, purify);
  }
  return { purify, window: shared.window };
};
