import { describe, expect, it } from 'vitest';
import { csvLine, neutralize } from './cells';

describe('export cells', () => {
  it('prefixes text that would start a formula, after a tab or a carriage return too', () => {
    expect(['=1+1', '+1', '-1', '@A1', '\tx', '\rx'].map(neutralize)).toEqual([
      "'=1+1",
      "'+1",
      "'-1",
      "'@A1",
      "'\tx",
      "'\rx",
    ]);
    expect(neutralize('Cà phê = ngon')).toBe('Cà phê = ngon');
    expect(neutralize(-5)).toBe(-5);
    expect(neutralize(null)).toBeNull();
  });

  it('quotes fields holding a comma, a quote or a line break, and ends lines with CRLF', () => {
    expect(csvLine(['a,b', 'say "hi"', 'two\nlines', 12, null])).toBe(
      '"a,b","say ""hi""","two\nlines",12,\r\n',
    );
  });
});
