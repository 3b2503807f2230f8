import { DEFAULT_LOCALE, LOCALES, type Locale } from '@backoffice/shared/messages/catalog';
import type { FastifyRequest } from 'fastify';

/** The `Locale` header's value → a locale: vi when it is absent, en for an unknown code. */
export const localeOf = (header: string | string[] | undefined): Locale => {
  const value = (Array.isArray(header) ? header[0] : header)?.trim().toLowerCase();
  if (!value) return DEFAULT_LOCALE;
  const base = value.split(/[-_]/)[0] as Locale;
  return LOCALES.includes(base) ? base : 'en';
};

export const requestLocale = (request: FastifyRequest): Locale =>
  localeOf(request.headers['locale']);
