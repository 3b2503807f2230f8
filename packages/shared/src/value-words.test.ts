import { describe, expect, it } from 'vitest';
import { LOCALES } from './messages/catalog';
import { storedValue, VALUE_WORDS, valueWord } from './value-words';

describe('the words of stored values', () => {
  it('puts a value in the reader’s words and leaves anything else as it is', () => {
    expect(valueWord('vi', 'order.status', 'delivered')).toBe('Đã giao');
    expect(valueWord('en', 'order.payment_method', 'bank_transfer')).toBe('Bank transfer');
    expect(valueWord('ja', 'user.gender', 'female')).toBe('女性');
    expect(valueWord('vi', 'order.status', 'toString')).toBe('toString');
    expect(valueWord('vi', 'order.status', null)).toBeNull();
  });

  it('reads a value back from its words in any language, case and Unicode form', () => {
    expect(storedValue('user.gender', 'Nữ')).toBe('female');
    expect(storedValue('user.gender', ' NỮ '.normalize('NFD'))).toBe('female');
    expect(storedValue('user.gender', '女性')).toBe('female');
    expect(storedValue('user.gender', 'Female')).toBe('female');
    expect(storedValue('order.payment_method', 'thu hộ (cod)')).toBe('cod');
    expect(storedValue('post.status', 'published')).toBe('published');
    // not one of its words: as written, for the schema to refuse
    expect(storedValue('user.gender', 'Nữa')).toBe('Nữa');
  });

  it('never gives two values of one field the same words in a language', () => {
    for (const [key, byLanguage] of Object.entries(VALUE_WORDS))
      for (const locale of LOCALES) {
        const words = Object.values<string>(byLanguage[locale]).map((word) =>
          word.normalize('NFC').toLocaleLowerCase('vi'),
        );
        expect(new Set(words).size, `${key} in ${locale}`).toBe(words.length);
      }
  });

  it('reads every word back as the value it stands for', () => {
    for (const [key, byLanguage] of Object.entries(VALUE_WORDS))
      for (const locale of LOCALES)
        for (const [value, word] of Object.entries<string>(byLanguage[locale]))
          expect(storedValue(key as keyof typeof VALUE_WORDS, word), `${key} ${word}`).toBe(value);
  });
});
