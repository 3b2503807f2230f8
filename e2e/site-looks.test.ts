import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from './support/app-server';
import { hasChromium, launchChromium } from './support/chromium';
import { apiClient, apiLogin, type Tokens, signedInPages } from './support/session';
import { type Look, shootLook } from './support/looks';

/**
 * The site screens (SEO, feedback, settings) in the looks their own tests do not take: each in
 * Japanese and English, dark and light, right to left and left to right, with the record they
 * show, passing axe, titled in the language, without a console error.
 */
const LOOKS: readonly Look[] = [
  { language: 'ja', theme: 'dark', direction: 'rtl' },
  { language: 'en', theme: 'light', direction: 'ltr' },
];

const SCREENS: ReadonlyArray<{ path: string; shows: string; title: Record<string, RegExp> }> = [
  { path: '/seo', shows: 'Trang giới thiệu', title: { ja: /^SEO - /, en: /^SEO - / } },
  {
    path: '/feedback',
    shows: 'Nguyễn Thị Hoa',
    title: { ja: /^フィードバック - /, en: /^Feedback - / },
  },
  {
    path: '/settings/general',
    shows: 'Cà Phê Sáng',
    title: { ja: /^一般 - /, en: /^General - / },
  },
];

describe.skipIf(!hasChromium)('site screens in every look', () => {
  let app: RunningApp;
  let browser: Browser;
  let admin: Tokens;
  const pages = signedInPages(
    () => browser,
    () => app.baseUrl,
    () => admin,
  );

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchChromium()]);
    admin = await apiLogin(app.baseUrl);
    const api = apiClient(app.baseUrl, admin);
    const created = [];
    created.push(
      await api('/seos', {
        method: 'POST',
        body: { url: '/gioi-thieu', type: 'website', title: 'Trang giới thiệu', image: '/a.png' },
      }),
    );
    created.push(
      await api('/feedback', {
        method: 'POST',
        body: { type: 'Liên hệ', name: 'Nguyễn Thị Hoa', phone: '0912345678', content: 'Gọi lại' },
      }),
    );
    const saved = await api('/settings', {
      method: 'PATCH',
      body: { settings: [{ key: 'site_name', value: 'Cà Phê Sáng' }] },
    });
    expect(created.map((answer) => answer.status)).toEqual([201, 201]);
    expect(saved.status).toBe(200);
  });

  afterAll(async () => {
    await pages.close();
    await browser?.close();
    await app?.stop();
  });

  it.each(LOOKS.flatMap((look) => SCREENS.map((screen) => ({ ...look, ...screen }))))(
    '$path reads well in $language, $theme, $direction',
    async (target) => {
      const look: Look = target;
      const { page, errors } = await pages.open(target.path, look);
      await page.locator('main h1').first().waitFor();
      if (target.path === '/settings/general')
        await expect
          .poll(() => page.locator('#settings-general_site_name').inputValue())
          .toBe(target.shows);
      else await page.getByText(target.shows).first().waitFor();
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(look.direction);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(look.language);
      expect(await page.title()).toMatch(target.title[look.language]!);
      await shootLook(page, 'site', target.path.replaceAll('/', '-').slice(1), look);
      expect(errors).toEqual([]);
    },
  );
});
