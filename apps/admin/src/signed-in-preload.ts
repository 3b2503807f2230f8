/**
 * The first script of index.html, a file of its own that imports nothing, so that it runs while
 * the app's main file (some 200 KB) is still arriving.
 *
 * Behind the sign-in every screen needs two more large files, the layout's and the generic
 * list's, and its texts. The app asks for them only once its main file has arrived and run, and
 * on a first visit they then arrived after everything else the screen waited for. With a
 * session in this browser they are asked for here, at once. The build names them in the
 * `signed-in-modules` meta tag (`vite.boot-chunk.ts`); /login, without a session, loads none.
 *
 * The storage keys and the languages are spelled here, not imported: an import would make this
 * file wait for the app's (`signed-in-preload.test.ts` checks they agree).
 */
export const SESSION_KEY = 'access_token';
export const LANGUAGE_KEY = 'current_language';
export const DEFAULT_LANGUAGE = 'vi';
export const FALLBACK_LANGUAGE = 'en';

/** The files to ask for: none without a session, else the shared ones and the texts' languages. */
export const signedInModules = (
  meta: HTMLMetaElement | null,
  storage: Pick<Storage, 'getItem'>,
) => {
  if (!meta || !storage.getItem(SESSION_KEY)) return [];
  // the screen's language and the one its missing texts fall back to, as i18n/index.ts loads them
  const languages = new Set([storage.getItem(LANGUAGE_KEY) ?? DEFAULT_LANGUAGE, FALLBACK_LANGUAGE]);
  return [
    ...meta.content.split(' ').filter(Boolean),
    ...[...languages].flatMap((language) => meta.getAttribute(`data-texts-${language}`) ?? []),
  ];
};

const preload = () => {
  let storage: Storage;
  try {
    storage = window.localStorage;
  } catch {
    return; // no storage, no session to open a screen with
  }
  const meta = document.querySelector<HTMLMetaElement>('meta[name="signed-in-modules"]');
  for (const href of signedInModules(meta, storage)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    // as Vite's own preloads, so the later import takes this fetch instead of making its own
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
};

if (typeof document !== 'undefined') preload();
