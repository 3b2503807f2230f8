/**
 * The first script of index.html, a file of its own that imports nothing, so that it runs while
 * the app's main file (some 200 KB) is still arriving.
 *
 * Behind the sign-in every screen needs two more large files, the layout's and the generic
 * list's, and its texts. The app asks for them only once its main file has arrived and run, and
 * on a first visit they then arrived after everything else the screen waited for. With a
 * session in this browser they are asked for here, at once. The build names them in the
 * `signed-in-modules` meta tag (`vite-plugins/boot-chunk.ts`); /login, without a session, loads none.
 * On a repeat visit of an address, the API answers its first render asked for last time are
 * asked for here too (`earlyRequests`).
 *
 * The storage keys and the languages are spelled here, not imported: an import would make this
 * file wait for the app's (`signed-in-preload.test.ts` checks they agree).
 */
export const SESSION_KEY = 'access_token';
export const LANGUAGE_KEY = 'current_language';
export const DEFAULT_LANGUAGE = 'vi';
export const FALLBACK_LANGUAGE = 'en';
export const EARLY_REQUESTS_KEY = 'early_requests';
const API_PATH = '/api/v1/';

/** An answer asked for here, for the app's api-client to take instead of asking again. */
export type EarlyRequest = {
  /** null for a public call (sent without the token). */
  authorization: string | null;
  locale: string;
  response: Promise<Response | null>;
};

declare global {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- only an interface merges into the DOM's Window
  interface Window {
    /** By address; each is taken at most once (`takeEarlyResponse` in lib/api-client.ts). */
    earlyRequests?: Map<string, EarlyRequest>;
  }
}

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

/**
 * The API addresses the screen at `location` asked for before its first render on the previous
 * visit (app/warm-start.ts records them): opening the same address again asks for them here,
 * while the app's main file still loads, runs and asks for its screen's code.
 */
export const earlyRequests = (
  storage: Pick<Storage, 'getItem'>,
  location: string,
): Array<{ url: string; auth: boolean }> => {
  if (!storage.getItem(SESSION_KEY)) return [];
  try {
    const stored = JSON.parse(storage.getItem(EARLY_REQUESTS_KEY) ?? 'null') as unknown;
    if (typeof stored !== 'object' || stored === null) return [];
    const { at, requests } = stored as { at?: unknown; requests?: unknown };
    if (at !== location || !Array.isArray(requests)) return [];
    // only this site's API: what storage says is not trusted to name another address
    return requests.flatMap((request: unknown) => {
      const { url, auth } = (request ?? {}) as { url?: unknown; auth?: unknown };
      return typeof url === 'string' && url.startsWith(API_PATH) && !url.includes('//')
        ? [{ url, auth: auth !== false }]
        : [];
    });
  } catch {
    return [];
  }
};

const askEarly = (storage: Storage) => {
  const requests = earlyRequests(storage, window.location.pathname + window.location.search);
  const token = storage.getItem(SESSION_KEY);
  if (requests.length === 0 || !token) return;
  const locale = storage.getItem(LANGUAGE_KEY) ?? DEFAULT_LANGUAGE;
  window.earlyRequests = new Map(
    requests.map(({ url, auth }) => {
      const authorization = auth ? token : null;
      // the headers the api-client sends, so the answer is the one it would have had
      const headers: Record<string, string> = { Accept: 'application/json', Locale: locale };
      if (authorization) headers.Authorization = authorization;
      const response = fetch(url, { headers }).catch(() => null);
      return [url, { authorization, locale, response }];
    }),
  );
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
  askEarly(storage);
};

if (typeof document !== 'undefined') preload();
