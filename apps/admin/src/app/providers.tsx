import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider, theme as antTheme } from 'antd';
import type { Locale } from 'antd/es/locale';
import { type ReactNode, Suspense, useEffect, useState } from 'react';
import { LoadingScreen } from '../components/loading-screen';
import { isApiError } from '../lib/api-client';
import { AppEvents } from './app-events';
import { PreferencesProvider, usePreferences } from '../lib/preferences';

// Ant Design's own texts follow the language; each locale loads when chosen.
const antLocales: Record<string, () => Promise<{ default: Locale }>> = {
  vi: () => import('antd/locale/vi_VN'),
  en: () => import('antd/locale/en_US'),
  ja: () => import('antd/locale/ja_JP'),
};

const useAntLocale = (language: string): Locale | undefined => {
  const [loaded, setLoaded] = useState<{ language: string; locale: Locale }>();
  useEffect(() => {
    let current = true;
    void antLocales[language]?.().then((module) => {
      if (current) setLoaded({ language, locale: module.default });
    });
    return () => {
      current = false;
    };
  }, [language]);
  return loaded?.locale;
};

export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // client errors (4xx) will not change by asking again
        retry: (failureCount, error) =>
          !(isApiError(error) && error.status >= 400 && error.status < 500) && failureCount < 2,
      },
      mutations: { retry: false },
    },
  });

const queryClient = createQueryClient();

const ThemedApp = ({ children }: { children: ReactNode }) => {
  const { language, theme, direction } = usePreferences();
  const locale = useAntLocale(language);
  return (
    <ConfigProvider
      locale={locale}
      direction={direction}
      theme={{
        algorithm: theme === 'dark' ? antTheme.darkAlgorithm : antTheme.defaultAlgorithm,
        // colorPrimary a shade darker than antd's so white text on it passes WCAG AA
        token: {
          colorPrimary: '#1668dc',
          colorLink: '#1668dc',
          // antd's 45% secondary text fails WCAG AA contrast on white; 62% passes
          ...(theme === 'dark'
            ? {}
            : {
                colorTextSecondary: 'rgba(0, 0, 0, 0.62)',
                colorTextDescription: 'rgba(0, 0, 0, 0.62)',
              }),
        },
      }}
    >
      <AntApp>
        <Suspense fallback={<LoadingScreen />}>
          <AppEvents />
          {children}
        </Suspense>
      </AntApp>
    </ConfigProvider>
  );
};

export const Providers = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={queryClient}>
    <PreferencesProvider>
      <ThemedApp>{children}</ThemedApp>
    </PreferencesProvider>
  </QueryClientProvider>
);
