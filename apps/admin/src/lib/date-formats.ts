// A file of its own, without dependencies: the app's main file makes the formatters ahead
// (app/warm-start.ts) and would otherwise take format.ts's dependencies (dayjs) with it.
import { SHOP_TIME_ZONE } from '@backoffice/shared/shop-time';

const dateLocale = (language: string): string =>
  ({ vi: 'vi-VN', en: 'en-GB', ja: 'ja-JP' })[language] ?? language;

// Making an Intl formatter costs far more than formatting with one (a list of 50 rows with two
// dates made a hundred of them per render); one per language and style, made once.
const dateFormats = new Map<string, Intl.DateTimeFormat>();
export const dateFormat = (language: string, withTime: boolean) => {
  const key = `${language} ${withTime}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(dateLocale(language), {
      dateStyle: 'medium',
      ...(withTime ? { timeStyle: 'short' } : {}),
      // the shop's clock, as the server counts days and the pickers show times
      timeZone: SHOP_TIME_ZONE,
    });
    dateFormats.set(key, format);
  }
  return format;
};

/**
 * Makes a language's date formatters ahead of the first list. The first one a page makes costs
 * some 20 ms (the browser loads its date data); made while the screen waits for its data, that
 * is not in the first render's time.
 */
export const prepareDateFormats = (language: string) => {
  dateFormat(language, false);
  dateFormat(language, true);
};
