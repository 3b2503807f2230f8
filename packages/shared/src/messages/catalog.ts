import { formatCount } from '../money';
import * as appearance from './appearance';
import * as address from './address';
import * as comments from './comments';
import * as commerce from './commerce';
import * as content from './content';
import * as delivery from './delivery';
import * as core from './core';
import * as media from './media';
import * as menus from './menus';
import * as payments from './payments';
import * as people from './people';
import * as posts from './posts';
import * as security from './security';
import * as site from './site';
import * as shopday from './shopday';
import * as twoFactor from './two-factor';
import * as warehouse from './warehouse';
import * as webhooks from './webhooks';

/**
 * All API message catalogues. Each area adds its own module here (one line);
 * a unit test checks that vi, en and ja hold the same keys.
 */
const areas = [
  core,
  media,
  people,
  security,
  site,
  appearance,
  address,
  warehouse,
  commerce,
  menus,
  content,
  posts,
  comments,
  shopday,
  twoFactor,
  payments,
  webhooks,
  delivery,
];

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

/**
 * Translates a key; English where the locale lacks it, the key itself when unknown. A
 * parameter the caller did not pass stays as `{{name}}`: a visible mistake the tests find,
 * never a sentence with a silent gap ("from 1 to .").
 */
export const translate = (locale: Locale, key: string, params: MessageParams = {}): string => {
  const template = messages[locale][key] ?? messages.en[key] ?? key;
  return template.replace(/\{\{(\w+)\}\}/g, (placeholder, name: string) => {
    const value = params[name];
    if (value === undefined) return placeholder;
    // Grouped as the language writes numbers: a limit of a million read "1000000".
    return typeof value === 'number' ? formatCount(value, locale) : value;
  });
};
