// Runs before every admin test file (vitest.config.ts, `setupFiles` of the admin project).
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';

// A screen's lazy parts take more than testing-library's 1 s to arrive while the API and
// browser lanes share the two cores; `findBy…` and `waitFor` wait up to 10 s for them.
configure({ asyncUtilTimeout: 10_000 });

if (typeof window !== 'undefined') {
  // happy-dom has no matchMedia; Ant Design's responsive helpers ask for it.
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;

  // Screens are read in English; their namespaces are loaded before the first render.
  beforeAll(async () => {
    const { i18n, i18nReady } = await import('./i18n');
    await i18nReady;
    await i18n.changeLanguage('en');
    await i18n.loadNamespaces(['common', 'layout', 'messages', 'media']);
  });

  // The files of a worker share one page (vitest.config.ts): each starts as a new page would.
  // (the whole storage, not one of the app's keys: lib/storage.ts has no call for that)
  // eslint-disable-next-line no-restricted-globals
  beforeAll(() => [localStorage, sessionStorage].forEach((storage) => storage.clear()));
  afterEach(cleanup);
}
