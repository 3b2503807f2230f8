import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { RouterProvider } from 'react-router';
import { loadAntLocale } from './app/ant-locale';
import { Providers, queryClient } from './app/providers';
import { createRouter } from './app/router';
import { warmStart } from './app/warm-start';
import { i18nReady, initialLanguage } from './i18n';

const router = createRouter();

// What the first screen needs (its code, texts, the permissions and its first rows) is asked
// for at once; React renders when it has arrived, so the first render draws the screen rather
// than a loading screen to be replaced. A slow answer does not hold the page blank: after
// FIRST_RENDER_WAIT ms it renders anyway, with its loading screen.
const FIRST_RENDER_WAIT = 1500;
void Promise.race([
  Promise.all([warmStart(queryClient), loadAntLocale(initialLanguage()), i18nReady]),
  new Promise((resolve) => setTimeout(resolve, FIRST_RENDER_WAIT)),
])
  .catch(() => undefined)
  .then(() =>
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <Providers>
          {/* with flushSync a navigation may ask to be rendered at once (a list's page or search) */}
          <RouterProvider router={router} flushSync={(fn) => void flushSync(fn)} />
        </Providers>
      </StrictMode>,
    ),
  );
