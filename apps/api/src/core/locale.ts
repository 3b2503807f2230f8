import { DEFAULT_LOCALE, LOCALES, type Locale } from '@backoffice/shared/messages/catalog';
import type { FastifyRequest } from 'fastify';

/** Contract §3: vi when the header is absent, en for an unknown code. */
export const requestLocale = (request: FastifyRequest): Locale => {
  const header = request.headers['locale'];
  const value = (Array.isArray(header) ? header[0] : header)?.trim().toLowerCase();
  if (!value) return DEFAULT_LOCALE;
  const base = value.split(/[-_]/)[0] as Locale;
  return LOCALES.includes(base) ? base : 'en';
};
