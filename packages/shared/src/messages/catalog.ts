import * as core from './core';
import * as media from './media';
import * as people from './people';

/**
 * All API message catalogues. Each area adds its own module here (one line);
 * a unit test checks that vi, en and ja hold the same keys.
 */
const areas = [core, media, people];

export const LOCALES = ['vi', 'en', 'ja'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'vi';

const merge = (locale: Locale): Record<string, string> =>
  Object.assign({}, ...areas.map((area) => area[locale]));

export const messages: Record<Locale, Record<string, string>> = {
  vi: merge('vi'),
  en: merge('en'),
  ja: merge('ja'),
};

export const isMessageKey = (key: string): boolean => key in messages.en;

export type MessageParams = Record<string, string | number>;

/** Translates a key; English where the locale lacks it, the key itself when unknown. */
export const translate = (locale: Locale, key: string, params: MessageParams = {}): string => {
  const template = messages[locale][key] ?? messages.en[key] ?? key;
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) =>
    params[name] === undefined ? '' : String(params[name]),
  );
};
