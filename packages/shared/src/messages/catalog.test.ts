import { describe, expect, it } from 'vitest';
import { LOCALES, messages, translate } from './catalog';

describe('API message catalogues', () => {
  it('hold the same keys in every language', () => {
    const english = Object.keys(messages.en).sort();
    for (const locale of LOCALES) expect(Object.keys(messages[locale]).sort()).toEqual(english);
  });

  it('keep every {{param}} of the English text', () => {
    for (const [key, text] of Object.entries(messages.en)) {
      const params = (text.match(/\{\{\w+\}\}/g) ?? []).sort();
      for (const locale of LOCALES) {
        expect((messages[locale][key]!.match(/\{\{\w+\}\}/g) ?? []).sort(), `${locale} ${key}`).toEqual(params);
      }
    }
  });

  it('uses the spec texts in English and interpolates parameters', () => {
    expect(translate('en', 'auth.wrong_login')).toBe('Your email or password is wrong. Please check again.');
    expect(translate('en', 'auth.captcha_incorrect')).toBe('Incorrect captcha!');
    expect(translate('vi', 'list.limit', { maximum: 100 })).toContain('100');
    expect(translate('ja', 'no.such.key')).toBe('no.such.key');
  });
});
