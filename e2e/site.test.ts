import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setSettings, startApp, type RunningApp } from './support/app-server';
import { hasChromium, launchChromium } from './support/chromium';
import {
  openPage,
  screenshot,
  type TrackedPage,
} from './support/session';

/** An SVG image as a data URL (the CSP allows data: images), `width`×`height` at its own size. */
const svg = (width: number, height: number, fill: string) =>
  `data:image/svg+xml;base64,${Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><rect width="${width}" height="${height}" fill="${fill}"/></svg>`,
  ).toString('base64')}`;

const SITE_NAME = 'Công ty Ánh Dương';
const LOGO = svg(500, 200, '#1668dc');
const DARK_LOGO = svg(400, 400, '#f5a623');
const FAVICON = svg(32, 32, '#d4380d');

/**
 * Holds back the lazy chunk whose file name starts with `chunk` until `release()` is called,
 * so the loading screen (the Suspense fallback) stays up long enough to be looked at.
 */
const holdChunk = async (page: Page, chunk: string) => {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let requested!: () => void;
  const wasRequested = new Promise<void>((resolve) => (requested = resolve));
  await page.route(new RegExp(`/assets/${chunk}-[\\w-]+\\.js$`), async (route: Route) => {
    requested();
    await released;
    await route.fallback();
  });
  return { release, wasRequested };
};

/** The loading screen's logo: its source, its drawn size and whether it loaded. */
const loadingLogo = (page: Page) =>
  page.getByTestId('loading-screen').locator('img').evaluate((image: HTMLImageElement) => {
    const box = image.getBoundingClientRect();
    return {
      src: image.getAttribute('src'),
      width: box.width,
      height: box.height,
      loaded: image.complete && image.naturalWidth > 0,
    };
  });

describe.skipIf(!hasChromium)('site settings in the browser (GET /site)', () => {
  let app: RunningApp;
  let browser: Browser;
  const opened: TrackedPage[] = [];

  const newPage = async (options?: Parameters<typeof openPage>[1]) => {
    const tracked = await openPage(browser, options);
    opened.push(tracked);
    return tracked;
  };

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchChromium()]);
    setSettings(app, {
      site_name: SITE_NAME,
      site_logo: LOGO,
      site_logo_dark: DARK_LOGO,
      favicon: FAVICON,
    });
  });

  afterAll(async () => {
    for (const tracked of opened) await tracked.context.close().catch(() => undefined);
    await browser?.close();
    await app?.stop();
  });

  it('serves the settings written to the database', async () => {
    const response = await fetch(`${app.baseUrl}/api/v1/site`);
    expect(await response.json()).toEqual({
      data: { site_name: SITE_NAME, site_logo: LOGO, site_logo_dark: DARK_LOGO, favicon: FAVICON },
    });
  });

  it('shows the site logo 125px wide with a progress bar while the screen loads', async () => {
    const { page, errors } = await newPage();
    const hold = await holdChunk(page, 'login-page');
    await page.goto(`${app.baseUrl}/login`);
    await hold.wasRequested;
    const loading = page.getByTestId('loading-screen');
    await loading.locator('img').waitFor();
    await expect.poll(() => loadingLogo(page)).toMatchObject({ loaded: true });
    expect(await loadingLogo(page)).toEqual({ src: LOGO, width: 125, height: 50, loaded: true });
    expect(await loading.getByRole('progressbar').isVisible()).toBe(true);
    await screenshot(page, 'site-loading-screen');

    hold.release();
    await page.locator('#login-email').waitFor();
    expect(await loading.count()).toBe(0);
    await expect.poll(() => page.title()).toMatch(new RegExp(` - ${SITE_NAME}$`));
    expect(await page.locator('link#favicon').getAttribute('href')).toBe(FAVICON);
    await screenshot(page, 'site-login');
    expect(errors).toEqual([]);
  });

  it('uses the dark logo in the dark theme', async () => {
    const { page, context, errors } = await newPage();
    await context.addInitScript(() => window.localStorage.setItem('theme', 'dark'));
    const hold = await holdChunk(page, 'login-page');
    await page.goto(`${app.baseUrl}/login`);
    await hold.wasRequested;
    await page.getByTestId('loading-screen').locator('img').waitFor();
    await expect.poll(() => loadingLogo(page)).toMatchObject({ loaded: true });
    expect(await loadingLogo(page)).toEqual({
      src: DARK_LOGO,
      width: 125,
      height: 125,
      loaded: true,
    });
    await screenshot(page, 'site-loading-screen-dark');
    hold.release();
    await page.locator('#login-email').waitFor();
    expect(errors).toEqual([]);
  });

});
