import { formatDuration } from '@backoffice/shared/duration';
import { formatMoney } from '@backoffice/shared/money';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';

const dateLocale = (language: string): string =>
  ({ vi: 'vi-VN', en: 'en-GB', ja: 'ja-JP' })[language] ?? language;

/** A date or date-time in the chosen language; empty for no value. */
export const formatDate = (
  value: string | number | Date | null | undefined,
  language: string,
  withTime = true,
): string => {
  if (value === null || value === undefined || value === '') return '';
  const date = dayjs(value);
  if (!date.isValid()) return String(value);
  return new Intl.DateTimeFormat(dateLocale(language), {
    dateStyle: 'medium',
    ...(withTime ? { timeStyle: 'short' } : {}),
  }).format(date.toDate());
};

/** Formatters bound to the current interface language. */
export const useFormatters = () => {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return {
    money: formatMoney,
    duration: (minutes: number | null | undefined) => formatDuration(minutes, language),
    date: (value: string | number | Date | null | undefined) => formatDate(value, language, false),
    dateTime: (value: string | number | Date | null | undefined) =>
      formatDate(value, language, true),
  };
};
