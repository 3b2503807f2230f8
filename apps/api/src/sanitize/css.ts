/**
 * CSS that could reach outside the document it styles. Neither DOMPurify nor any
 * sanitizer parses the CSS inside `<style>` or `style=""`, so it is read here as a browser
 * reads it: escapes decoded (`\75 rl(` is `url(`), whitespace and case ignored. Only
 * `url(#local)` references are safe.
 */

// CSS Syntax §4.3.7: a backslash and 1–6 hex digits (plus one optional whitespace) is that
// code point; a backslash and a newline is nothing; a backslash and any other character is
// that character.
const ESCAPE = /\\(?:([0-9a-f]{1,6})(?:\r\n|[ \t\r\n\f])?|(\r\n|[\r\n\f])|([\s\S]))/gi;

export const unescapeCss = (css: string) =>
  css.replace(
    ESCAPE,
    (_, hex: string | undefined, newline: string | undefined, other: string | undefined) => {
      if (hex !== undefined) {
        const code = parseInt(hex, 16);
        return code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)
          ? '\uFFFD'
          : String.fromCodePoint(code);
      }
      return newline !== undefined ? '' : (other ?? '');
    },
  );

// Functions and rules that load or run something: external images, fonts, imports,
// old IE expressions and bindings.
const LOADS =
  /@import|@namespace|expression\(|behavior:|-moz-binding|javascript:|vbscript:|data:|image-set\(|image\(|cross-fade\(|element\(|src\(/;

/**
 * True when `css` may load or run anything outside the document. Comments are left in on
 * purpose: removing one never makes a loading construct appear in real CSS (a comment
 * between `u` and `rl(` does not make `url(`), while removing what only looks like one could
 * hide one (a backslash before the slash makes it an ordinary character). Whitespace is
 * dropped, which can only flag more.
 */
export const isUnsafeCss = (css: string) => {
  const plain = unescapeCss(css)
    .replace(/[\u0000-\u0020\u007f]+/g, '')
    .toLowerCase();
  if (LOADS.test(plain)) return true;
  return (plain.match(/url\(([^)]*)\)?/g) ?? []).some((url) => !/^url\((['"]?)#/.test(url));
};
