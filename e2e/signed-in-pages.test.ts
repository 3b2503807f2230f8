import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from './support/app-server';
import { hasChromium, launchChromium } from './support/chromium';
import { apiLogin, signedInPages, type Tokens } from './support/session';

/** The harness every signed-in browser test stands on: shared, yet each test starts clean. */
describe.skipIf(!hasChromium)('signed-in pages of a test file', () => {
  let app: RunningApp;
  let browser: Browser;
  let admin: Tokens;
  let firstContext: BrowserContext;
  const pages = signedInPages(
    () => browser,
    () => app.baseUrl,
    () => admin,
  );

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchChromium()]);
    admin = await apiLogin(app.baseUrl);
  });

  afterAll(async () => {
    await pages.close();
    await browser?.close();
    await app?.stop();
  });

  const stored = (page: Page, key: string) =>
    page.evaluate((name) => window.localStorage.getItem(name), key);

  it('opens a screen signed in, in the language asked, and keeps what the test changes over a reload', async () => {
    const { page, context } = await pages.open('/dashboard', { theme: 'dark' });
    firstContext = context;
    await page.getByTestId('greeting').waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await page.evaluate(() => window.localStorage.setItem('current_language', 'vi'));
    await page.reload();
    await page.getByTestId('greeting').waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('vi');
    expect(await stored(page, 'theme')).toBe('dark');
  });

  it('gives the next test a page of the same context that starts from a fresh sign-in', async () => {
    const { page, context } = await pages.open('/dashboard');
    expect(context).toBe(firstContext);
    await page.getByTestId('greeting').waitFor();
    expect(await stored(page, 'theme')).toBeNull();
    expect(await stored(page, 'current_language')).toBe('en');
    expect(await stored(page, 'access_token')).toBe(`${admin.token_type} ${admin.access_token}`);
    expect(context.pages()).toEqual([page]);
  });

  it('opens another session in a context of its own', async () => {
    const other = await apiLogin(app.baseUrl);
    const { page, context } = await pages.open('/dashboard', { tokens: other });
    expect(context).not.toBe(firstContext);
    await page.getByTestId('greeting').waitFor();
    expect(await stored(page, 'access_token')).toBe(`${other.token_type} ${other.access_token}`);
  });
});
