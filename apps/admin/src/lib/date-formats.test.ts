import { afterEach, describe, expect, it, vi } from 'vitest';
import { prepareDateFormats } from './date-formats';
import { formatDate } from './format';

describe('date formats made ahead', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('are the ones the first list formats its dates with: none is made during its render', () => {
    prepareDateFormats('ja');
    let made = 0;
    const Real = Intl.DateTimeFormat;
    vi.stubGlobal('Intl', {
      ...Intl,
      DateTimeFormat: class extends Real {
        constructor(...args: ConstructorParameters<typeof Real>) {
          super(...args);
          made += 1;
        }
      },
    });
    expect(formatDate('2026-01-02T03:04:00Z', 'ja')).toContain('2026');
    expect(formatDate('2026-01-02T03:04:00Z', 'ja', false)).toContain('2026');
    expect(made).toBe(0);
    // a language not made ahead makes its own (one no other test file of the worker uses)
    expect(formatDate('2026-01-02T03:04:00Z', 'de')).toContain('2026');
    expect(made).toBe(1);
  });
});
