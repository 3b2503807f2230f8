import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { onTestFinished } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, ROOT } from './app-server';

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
 * Closes a context opened in a test when that test ends. A page left open keeps its screen
 * polling and drawing: with a file's earlier pages all alive until its end, a 2-core machine
 * spent a good part of a CPU on screens nobody looked at any more. A context opened in a hook
 * (a walk shared by several tests) is the file's to close.
 */
export const closeWithTest = (context: BrowserContext) => {
  try {
    onTestFinished(() => context.close().catch(() => undefined));
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

/** A fresh context and page that records console errors and page errors, closed with its test. */
export const openPage = async (
  browser: Browser,
  {
    language = 'en',
    width = 1440,
    height = 900,
    /** Kept open for a later test of the file (which then closes it): a session it goes on using. */
    keepAfterTest = false,
  } = {},
): Promise<TrackedPage> => {
  const context = await browser.newContext({
    viewport: { width, height },
    // the admin then turns Ant Design's motion off: screenshots and checks see the final state
    reducedMotion: 'reduce',
    locale: language === 'ja' ? 'ja-JP' : 'en-US',
  });
  await stillAnimations(context);
  await context.addInitScript((lng) => {
    if (!window.localStorage.getItem('current_language'))
      window.localStorage.setItem('current_language', lng);
  }, language);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(String(error)));
  if (!keepAfterTest) closeWithTest(context);
  return { page, context, errors };
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
