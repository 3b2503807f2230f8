import { formatDuration } from '@backoffice/shared/duration';
import { formatMoney } from '@backoffice/shared/money';
import { SHOP_OFFSET } from '@backoffice/shared/shop-time';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { dateFormat } from './date-formats';
import { useSite } from './site';

/** A calendar day as the API writes one (a birthday, a slip's date). */
export const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A date or date-time in the chosen language, on the shop's clock; empty for no value. A
 * calendar day (`YYYY-MM-DD`: a birthday, a date filter's end) is that day everywhere: it is
 * read as noon in the shop, not as the browser's midnight, which is the day before in the shop
 * for a browser east of it.
 */
export const formatDate = (
  value: string | number | Date | null | undefined,
  language: string,
  withTime = true,
): string => {
  if (value === null || value === undefined || value === '') return '';
  const date = dayjs(
    typeof value === 'string' && CALENDAR_DAY.test(value)
      ? `${value}T12:00:00${SHOP_OFFSET}`
      : value,
  );
  if (!date.isValid()) return String(value);
  return dateFormat(language, withTime).format(date.toDate());
};

/** Formatters bound to the current interface language. */
export const useFormatters = () => {
  const { i18n } = useTranslation();
  const language = i18n.language;
  // the same functions while the language stays: a list's memoized columns depend on them
  return useMemo(
    () => ({
      duration: (minutes: number | null | undefined) => formatDuration(minutes, language),
      date: (value: string | number | Date | null | undefined) =>
        formatDate(value, language, false),
      dateTime: (value: string | number | Date | null | undefined) =>
        formatDate(value, language, true),
    }),
    [language],
  );
};

/** An amount followed by the money unit (`unit`, else the site's setting, `đ` by default); an empty unit prints the plain number. */
export const moneyWithUnit = (amount: number | string | null | undefined, unit: string) => {
  const plain = formatMoney(amount, '');
  return plain && unit ? `${plain} ${unit}` : plain;
};

/** The money unit of the settings (`money_unit`, read with the site): `đ` until it is known; '' for none. */
export const useMoneyUnit = () => {
  const { data: site } = useSite();
  return site?.money_unit ?? 'đ';
};

/**
 * Amounts as the shop prints them: it-IT grouping, then the money unit of the settings
 * (`money_unit`, read with the site; it changes as soon as it is saved).
 */
export const useMoney = () => {
  const unit = useMoneyUnit();
  return (amount: number | string | null | undefined) => moneyWithUnit(amount, unit);
};
