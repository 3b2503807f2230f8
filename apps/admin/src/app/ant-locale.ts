import type { Locale } from 'antd/es/locale';
import { useEffect, useState } from 'react';

// Ant Design's own texts follow the language; each locale loads when chosen.
const antLocales: Record<string, () => Promise<{ default: Locale }>> = {
  vi: () => import('antd/locale/vi_VN'),
  en: () => import('antd/locale/en_US'),
  ja: () => import('antd/locale/ja_JP'),
};

const loaded = new Map<string, Locale>();
const loading = new Map<string, Promise<Locale | undefined>>();

/** Starts loading a language's texts (once); main.tsx asks for the first one before rendering. */
export const loadAntLocale = (language: string): Promise<Locale | undefined> => {
  let pending = loading.get(language);
  if (!pending) {
    pending =
      antLocales[language]?.().then((module) => {
        loaded.set(language, module.default);
        return module.default;
      }) ?? Promise.resolve(undefined);
    loading.set(language, pending);
  }
  return pending;
};

/**
 * The locale to give ConfigProvider: never undefined. ConfigProvider wraps the app in its locale
 * provider only when it has a locale, so a locale arriving after the first render changed the
 * tree's shape and mounted the whole app a second time (every screen's work of the first
 * render thrown away). Until the language's texts arrive, a bare locale keeps that shape and
 * the components use their built-in English.
 */
export const useAntLocale = (language: string): Locale => {
  const [, setArrived] = useState(0);
  const locale = loaded.get(language);
  useEffect(() => {
    if (locale) return;
    let current = true;
    void loadAntLocale(language).then(() => {
      if (current) setArrived((count) => count + 1);
    });
    return () => {
      current = false;
    };
  }, [language, locale]);
  return locale ?? { locale: language };
};
