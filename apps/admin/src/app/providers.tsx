import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider, theme as antTheme } from 'antd';
import enUS from 'antd/locale/en_US';
import jaJP from 'antd/locale/ja_JP';
import viVN from 'antd/locale/vi_VN';
import { type ReactNode, Suspense } from 'react';
import { LoadingScreen } from '../components/loading-screen';
import { isApiError } from '../lib/api-client';
import { AppEvents } from './app-events';
import { PreferencesProvider, usePreferences } from '../lib/preferences';

const antLocales = { vi: viVN, en: enUS, ja: jaJP } as const;

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
  return (
    <ConfigProvider
      locale={antLocales[language]}
      direction={direction}
      theme={{
        algorithm: theme === 'dark' ? antTheme.darkAlgorithm : antTheme.defaultAlgorithm,
        // colorPrimary a shade darker than antd's so white text on it passes WCAG AA
        token: { colorPrimary: '#1668dc', colorLink: '#1668dc' },
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
