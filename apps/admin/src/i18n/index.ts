import { formatCount } from '@backoffice/shared/money';
import i18next, { type BackendModule, type FormatterModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readStored, STORAGE_KEYS } from '../lib/storage';
import { withValueWords } from './value-words';

export const LANGUAGES = ['vi', 'en', 'ja'] as const;
export type AppLanguage = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: AppLanguage = 'vi';
export const FALLBACK_LANGUAGE: AppLanguage = 'en';
/** The namespace of the shared validation and server messages (packages/shared/src/messages). */
export const MESSAGES_NS = 'messages';

export const isAppLanguage = (value: unknown): value is AppLanguage =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

type JsonModule = { default: Record<string, unknown> };
type CatalogModule = { messages?: Partial<Record<string, Record<string, string>>> };

// One file per language and namespace; each loads when a screen first needs it.
const localeFiles = import.meta.glob<JsonModule>('./locales/*/*.json');
// The shared message catalogue (zod keys and server texts), when the lead's module exists.
const catalogFiles = import.meta.glob<CatalogModule>(
  '../../../../packages/shared/src/messages/catalog.ts',
);

const loadNamespace = async (
  language: string,
  namespace: string,
): Promise<Record<string, unknown>> => {
  if (namespace === MESSAGES_NS) {
    const load = Object.values(catalogFiles)[0];
    if (!load) return {};
    const catalog = await load();
    return catalog.messages?.[language] ?? {};
  }
  const load = localeFiles[`./locales/${language}/${namespace}.json`];
  if (!load) return {};
  return withValueWords(language, namespace, (await load()).default);
};

const lazyBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (language: string, namespace: string, callback: ReadCallback) => {
    loadNamespace(language, namespace).then(
      (data) => callback(null, data),
      (error: unknown) => callback(error as Error, false),
    );
  },
};

/**
 * Every number a text carries is grouped as the language writes it ("Tổng số: 2.000", "Total:
 * 2,000"), as the API's messages are; i18next would print 2000. An identifier goes into a text
 * as a string ("#1234"). No text of the app names a format (`{{x, number}}`), which this replaces.
 */
const groupedNumbers: FormatterModule = {
  type: 'formatter',
  init: () => undefined,
  add: () => undefined,
  addCached: () => undefined,
  // anything else goes back as it came (undefined too: i18next then shows the gap)
  format: (value, _format, language) =>
    typeof value === 'number' ? formatCount(value, language ?? DEFAULT_LANGUAGE) : value,
};

export const initialLanguage = (): AppLanguage => {
  const stored = readStored(STORAGE_KEYS.language);
  return isAppLanguage(stored) ? stored : DEFAULT_LANGUAGE;
};

export const i18nReady = i18next
  .use(lazyBackend)
  .use(groupedNumbers)
  .use(initReactI18next)
  .init({
    lng: initialLanguage(),
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    // the shared catalogue (MESSAGES_NS) loads with the first form that needs it
    ns: ['common', 'layout'],
    defaultNS: 'common',
    interpolation: { escapeValue: false, alwaysFormat: true },
    returnNull: false,
    react: { useSuspense: true },
    // A screen opened by its address asks for the sidebar's texts and its own in both the
    // language and the fallback at once (some twenty files); i18next's default of 10 reads at a
    // time made the second half wait for the first (~150 ms on a cold load).
    maxParallelReads: 64,
  });

export { i18next as i18n };
