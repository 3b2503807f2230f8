import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { onTestFinished } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, ROOT } from './app-server';
import { BROWSER_TIME_ZONE } from './shop-clock';

export type Tokens = {
  token_type: string;
  access_token: string;
  refresh_token: string;
  expires_in: number;
};

/** Signs in through the API (for tests that need tokens, not the login screen). */
export const apiLogin = async (
  baseUrl: string,
  email = ADMIN_EMAIL,
  password = ADMIN_PASSWORD,
): Promise<Tokens> => {
  const response = await fetch(`${baseUrl}/api/v1/clients/web/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as Tokens;
};

/** Calls the API with a token: `api(baseUrl, tokens)('/languages', { method: 'POST', body })`. */
export const apiClient =
  (baseUrl: string, tokens: Tokens) =>
  async <T = unknown>(
    path: string,
    init: { method?: string; body?: unknown } = {},
  ): Promise<{ status: number; body: T }> => {
    const response = await fetch(`${baseUrl}/api/v1${path}`, {
      method: init.method ?? 'GET',
      headers: {
        Accept: 'application/json',
        Authorization: `${tokens.token_type} ${tokens.access_token}`,
        ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
  };

type ApiClient = ReturnType<typeof apiClient>;

/**
 * Registers a user as an administrator does (`api` holds the administrator's session), then
 * signs in as that user and replaces the password the administrator typed, as the user must
 * at the first sign-in, with `body.password`: from then on `apiLogin(email, body.password)`
 * gives a session that may do everything the user's roles allow.
 */
export const registerUser = async <T extends { data: { id: number } }>(
  baseUrl: string,
  api: ApiClient,
  body: { email: string; password: string } & Record<string, unknown>,
) => {
  const typed = `${body.password}-typed-by-admin`;
  const created = await api<T>('/register', { method: 'POST', body: { ...body, password: typed } });
  if (created.status !== 201) return created;
  const own = apiClient(baseUrl, await apiLogin(baseUrl, body.email, typed));
  const changed = await own(`/users/${created.body.data.id}/password`, {
    method: 'PATCH',
    body: { current_password: typed, new_password: body.password },
  });
  if (changed.status !== 204) throw new Error(`first password change: ${changed.status}`);
  return created;
};

/**
 * A staff member as an administrator makes one (`api` holds the administrator's session): a
 * role holding `permissions` (named `role`), an enabled account given that role, its first
 * password change done; answers the account's id and a session of it.
 */
export const signInAsStaff = async (
  baseUrl: string,
  api: ApiClient,
  staff: {
    role: string;
    permissions: readonly string[];
    name: string;
    email: string;
    password: string;
  },
) => {
  const role = await api<{ data: { id: number } }>('/roles', {
    method: 'POST',
    body: { name: staff.role, description: staff.role, permissions: staff.permissions },
  });
  if (role.status !== 201) throw new Error(`role ${staff.role}: ${role.status}`);
  const user = await registerUser<{ data: { id: number } }>(baseUrl, api, {
    name: staff.name,
    email: staff.email,
    password: staff.password,
    status: 'enable',
  });
  if (user.status !== 201) throw new Error(`account ${staff.email}: ${user.status}`);
  const synced = await api('/roles/sync', {
    method: 'POST',
    body: { user_ids: [user.body.data.id], role_ids: [role.body.data.id] },
  });
  if (synced.status >= 300) throw new Error(`role of ${staff.email}: ${synced.status}`);
  return { id: user.body.data.id, tokens: await apiLogin(baseUrl, staff.email, staff.password) };
};

/** Puts an API session into the browser's storage, as the admin stores it. */
export const storeSession = async (
  context: BrowserContext,
  baseUrl: string,
  tokens: Tokens,
  language = 'en',
) => {
  await context.addInitScript(
    ({ tokens: pair, language: lng }) => {
      if (window.localStorage.getItem('access_token')) return;
      window.localStorage.setItem('access_token', `${pair.token_type} ${pair.access_token}`);
      window.localStorage.setItem('refresh_token', pair.refresh_token);
      window.localStorage.setItem('expires_in', String(pair.expires_in));
      if (!window.localStorage.getItem('current_language'))
        window.localStorage.setItem('current_language', lng);
    },
    { tokens, language },
  );
  void baseUrl;
};

/**
 * Closes a context or page opened in a test when that test ends. A page left open keeps its screen
 * polling and drawing: with a file's earlier pages all alive until its end, a 2-core machine
 * spent a good part of a CPU on screens nobody looked at any more. A context opened in a hook
 * (a walk shared by several tests) is the file's to close.
 */
export const closeWithTest = (opened: { close: () => Promise<unknown> }) => {
  try {
    onTestFinished(async () => {
      await opened.close().catch(() => undefined);
    });
  } catch {
    // not inside a test
  }
};

/**
 * Ends every CSS animation as soon as it starts, in a test's pages. A spinner or a skeleton
 * repaints the page sixty times a second for as long as it shows, in software here: about a
 * fifth of a core per page left loading (measured: 1.0 s of processor time in 5 s with a list
 * waiting for its answer, 0.1 s with this). While the whole suite shares two cores, answers
 * come late, spinners show longer, and the browser's repaints took the time the server needed
 * to answer them. Tests look at final states (`settle` waits for animations to end); the
 * admin's own motion is off already (`reducedMotion: 'reduce'`), this reaches the CSS
 * animations that ignore it. A string, not a function: the page does not get the test's
 * transpiled helpers.
 */
export const stillAnimations = (context: BrowserContext) =>
  context.addInitScript({
    content: `(() => {
      const still = () => {
        const style = document.createElement('style');
        style.textContent = '*,*::before,*::after{animation-duration:0s!important;animation-delay:0s!important}';
        document.documentElement.append(style);
      };
      if (document.documentElement) still();
      else document.addEventListener('readystatechange', still, { once: true });
    })()`,
  });

export type TrackedPage = { page: Page; context: BrowserContext; errors: string[] };

type PageOptions = {
  language?: string;
  width?: number;
  height?: number;
  /** Kept open for a later test of the file (which then closes it): a session it goes on using. */
  keepAfterTest?: boolean;
};

/** A context as every test page wants it: the given screen, reduced motion, still animations. */
const newTestContext = async (browser: Browser, language: string, width = 1440, height = 900) => {
  const context = await browser.newContext({
    viewport: { width, height },
    // the admin then turns Ant Design's motion off: screenshots and checks see the final state
    reducedMotion: 'reduce',
    locale: language === 'ja' ? 'ja-JP' : 'en-US',
    // far from the shop's clock, which the admin must show whatever the browser's zone
    timezoneId: BROWSER_TIME_ZONE,
  });
  await stillAnimations(context);
  return context;
};

/** A new page of the context that collects its console errors and page errors. */
const trackedPage = async (context: BrowserContext): Promise<TrackedPage> => {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(String(error)));
  return { page, context, errors };
};

/** A fresh context and page that records console errors and page errors, closed with its test. */
export const openPage = async (
  browser: Browser,
  { language = 'en', width, height, keepAfterTest = false }: PageOptions = {},
): Promise<TrackedPage> => {
  const context = await newTestContext(browser, language, width, height);
  await context.addInitScript((lng) => {
    if (!window.localStorage.getItem('current_language'))
      window.localStorage.setItem('current_language', lng);
  }, language);
  if (!keepAfterTest) closeWithTest(context);
  return trackedPage(context);
};

export type SignedInOptions = PageOptions & {
  /** Whose session the page starts in (the file's tokens unless given). */
  tokens?: Tokens;
  theme?: 'light' | 'dark';
  direction?: 'ltr' | 'rtl';
};

/**
 * The signed-in pages of one test file. A file shares one browser context per session and
 * language, and each test opens its own page in it: the admin's scripts then come from the
 * context's cache, compiled once, instead of being fetched and compiled again by a new context
 * for every test (a tenth of a second of processor time per screen opened, measured on this
 * machine). Each page still starts from what a fresh sign-in stores and nothing a previous
 * test left (its first document clears the storage, unless another page of the context is
 * open at that moment); a reload keeps what the test changed since, as in a real browser.
 * A test that needs a context of its own (the sign-in screen, two people at once in one
 * session's storage) uses `openPage`.
 *
 *     const pages = signedInPages(() => browser, () => app.baseUrl, () => admin);
 *     afterAll(() => pages.close());
 *     const { page, errors } = await pages.open('/order', { language: 'vi' });
 */
export const signedInPages = (
  browser: () => Browser,
  baseUrl: () => string,
  /** The file's session; a test may open a page in another (`tokens` of `open`). */
  tokens?: () => Tokens,
) => {
  const contexts = new Map<string, Promise<BrowserContext>>();
  const openPages = new Map<BrowserContext, number>();

  const contextFor = (language: string, session: Tokens) => {
    const key = `${language === 'ja' ? 'ja' : 'other'} ${session.access_token}`;
    let context = contexts.get(key);
    if (!context) {
      context = newTestContext(browser(), language);
      contexts.set(key, context);
    }
    return context;
  };

  const open = async (path: string, options: SignedInOptions = {}): Promise<TrackedPage> => {
    const { language = 'en', keepAfterTest = false } = options;
    const session = options.tokens ?? tokens?.();
    if (!session) throw new Error('signedInPages: open a page with the tokens of a session');
    const context = await contextFor(language, session);
    const alone = !openPages.get(context);
    const tracked = await trackedPage(context);
    if (!keepAfterTest) closeWithTest(tracked.page);
    openPages.set(context, (openPages.get(context) ?? 0) + 1);
    tracked.page.once('close', () => openPages.set(context, (openPages.get(context) ?? 1) - 1));
    if (options.width || options.height)
      await tracked.page.setViewportSize({
        width: options.width ?? 1440,
        height: options.height ?? 900,
      });
    const stored: Record<string, string> = {
      access_token: `${session.token_type} ${session.access_token}`,
      refresh_token: session.refresh_token,
      expires_in: String(session.expires_in),
      current_language: language,
      ...(options.theme ? { theme: options.theme } : {}),
      ...(options.direction ? { direction: options.direction } : {}),
    };
    // A string: the page does not get the test's transpiled helpers. sessionStorage belongs to
    // the page (and survives its reloads), so the storage is set once per page.
    await tracked.page.addInitScript({
      content: `(() => {
        if (window.sessionStorage.getItem('e2e-started')) return;
        window.sessionStorage.setItem('e2e-started', '1');
        if (${alone}) window.localStorage.clear();
        for (const [key, value] of Object.entries(${JSON.stringify(stored)}))
          window.localStorage.setItem(key, value);
      })()`,
    });
    await tracked.page.goto(`${baseUrl()}${path}`);
    return tracked;
  };

  return {
    open,
    /** Closes the file's contexts (for `afterAll`). */
    close: async () => {
      for (const context of contexts.values())
        await (await context.catch(() => null))?.close().catch(() => undefined);
      contexts.clear();
    },
  };
};

/** Signs in through the login screen and waits for the dashboard (or the given path). */
export const signInThroughUi = async (
  page: Page,
  baseUrl: string,
  {
    email = ADMIN_EMAIL,
    password = ADMIN_PASSWORD,
    expectPath = /\/dashboard/,
  }: { email?: string; password?: string; expectPath?: RegExp } = {},
) => {
  if (!page.url().includes('/login')) await page.goto(`${baseUrl}/login`);
  await page.locator('#login-email').fill(email);
  await page.locator('#login-password').fill(password);
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL(expectPath);
};

const screenshotDir = join(ROOT, 'e2e/screenshots');

/**
 * Whether `screenshot` saves anything. A full-page screenshot costs a second or more of a busy
 * machine's time and a functional test asserts nothing about it, so only the look tests
 * (`shootLook`) always save theirs; `E2E_SCREENSHOTS=1` saves every test's too, for a person
 * who wants to look at the screens a change touched.
 */
const everyScreenshot = process.env.E2E_SCREENSHOTS === '1';

/** Saves e2e/screenshots/<name>.png (gitignored) whatever `E2E_SCREENSHOTS` says. */
export const saveScreenshot = async (page: Page, name: string) => {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage: true });
};

/** A functional test's screenshot: saved as e2e/screenshots/<name>.png with `E2E_SCREENSHOTS=1`. */
export const screenshot = async (page: Page, name: string) => {
  if (everyScreenshot) await saveScreenshot(page, name);
};
