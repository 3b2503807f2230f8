import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider, theme as antTheme } from 'antd';
import { type ReactNode, Suspense, useEffect, useState } from 'react';
import 'antd/dist/antd.css';
import { LoadingScreen } from '../components/loading-screen';
import { isApiError } from '../lib/api-client';
import { AppEvents } from './app-events';
import { PreferencesProvider, usePreferences } from '../lib/preferences';
import { useAntLocale } from './ant-locale';

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

/** The app's one cache (main.tsx warms it before the first render). */
export const queryClient = createQueryClient();

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/** True while the system asks for less motion (an accessibility setting; also the test browser). */
const usePrefersReducedMotion = () => {
  const [reduced, setReduced] = useState(
    () => typeof window !== 'undefined' && Boolean(window.matchMedia?.(REDUCED_MOTION).matches),
  );
  useEffect(() => {
    const query = window.matchMedia?.(REDUCED_MOTION);
    if (!query) return;
    const changed = () => setReduced(query.matches);
    query.addEventListener('change', changed);
    return () => query.removeEventListener('change', changed);
  }, []);
  return reduced;
};

// The popup layer's name for screen readers, in each language of the interface (it exists
// before any text namespace has loaded).
const POPUP_LAYER_NAMES: Record<string, string> = {
  vi: 'Chú thích và danh sách bật lên',
  en: 'Tooltips and pop-up lists',
  ja: 'ツールチップとポップアップ',
};

/**
 * Where tooltips, dropdowns and pickers render: one named landmark at the end of the page
 * instead of a bare div per popup, so that everything on screen sits in a landmark (dialogs
 * and notices carry roles of their own).
 */
const popupLayer = () => {
  let layer = document.getElementById('popup-layer');
  if (!layer) {
    layer = document.createElement('div');
    layer.id = 'popup-layer';
    layer.setAttribute('role', 'complementary');
    document.body.append(layer);
  }
  return layer;
};

const usePopupLayerName = (language: string) => {
  useEffect(() => {
    popupLayer().setAttribute(
      'aria-label',
      POPUP_LAYER_NAMES[language] ?? POPUP_LAYER_NAMES.en ?? '',
    );
  }, [language]);
};

const ThemedApp = ({ children }: { children: ReactNode }) => {
  const { language, theme, direction } = usePreferences();
  usePopupLayerName(language);
  const locale = useAntLocale(language);
  const reducedMotion = usePrefersReducedMotion();
  return (
    <ConfigProvider
      locale={locale}
      direction={direction}
      getPopupContainer={popupLayer}
      // Ant Design spaces out a two-character CJK label ("保 存") as Chinese typesetting does;
      // Japanese (and every other language here) writes 保存.
      button={{ autoInsertSpace: false }}
      theme={{
        // Styles come from Ant Design's prebuilt stylesheet (its colours are CSS variables,
        // set from the tokens below) instead of being generated in the browser on every
        // first render of each component: that generation was half of a screen's render time.
        zeroRuntime: true,
        algorithm: theme === 'dark' ? antTheme.darkAlgorithm : antTheme.defaultAlgorithm,
        // colorPrimary a shade darker than antd's so white text on it passes WCAG AA
        token: {
          // drawers, modals and menus appear at once for people who asked for less motion
          motion: !reducedMotion,
          colorPrimary: '#1668dc',
          // white text on a hovered primary button stays above 4.5:1 (antd lightens it)
          colorPrimaryHover: theme === 'dark' ? '#2f6fd6' : '#0958d9',
          // on the dark background links need a lighter blue to be read
          colorLink: theme === 'dark' ? '#69b1ff' : '#1668dc',
          colorLinkHover: theme === 'dark' ? '#91caff' : '#0958d9',
          // antd's 45% secondary text fails WCAG AA contrast on white; 62% passes
          // (and 45% white on the dark drawers' grey, for help texts under fields)
          ...(theme === 'dark'
            ? {
                colorTextSecondary: 'rgba(255, 255, 255, 0.62)',
                colorTextDescription: 'rgba(255, 255, 255, 0.62)',
                // antd's dark error red fails WCAG AA on the drawers' grey (and as the text of
                // an outlined Delete button); solid danger buttons get dark text on it below
                colorError: '#ff7875',
              }
            : {
                colorTextSecondary: 'rgba(0, 0, 0, 0.62)',
                colorTextDescription: 'rgba(0, 0, 0, 0.62)',
                // antd's error red (3.3:1 on white) fails WCAG AA for the texts under fields
                colorError: '#cf1322',
              }),
          // antd's 25% placeholders (a select's "Choose…") fail WCAG AA in both themes
          colorTextPlaceholder:
            theme === 'dark' ? 'rgba(255, 255, 255, 0.55)' : 'rgba(0, 0, 0, 0.6)',
        },
        // On the dark sidebar the primary blue is too dark for the open section and the chosen
        // screen (3.5:1); a lighter blue reads at WCAG AA
        // (and white on that lighter red would not, so a filled danger button's label is dark)
        components:
          theme === 'dark'
            ? {
                Menu: { itemSelectedColor: '#69b1ff', subMenuItemSelectedColor: '#69b1ff' },
                Button: {
                  dangerColor: '#000000',
                  defaultHoverColor: '#69b1ff',
                  defaultHoverBorderColor: '#69b1ff',
                },
              }
            : {
                // A section holding the chosen screen is titled in the primary blue; hovered,
                // on the nested sections' grey, that read at 4.35:1, so a shade darker
                Menu: { subMenuItemSelectedColor: '#0958d9' },
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
