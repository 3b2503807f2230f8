import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startApp, type RunningApp } from './support/app-server';
import { axeViolations } from './support/axe';
import { hasChromium, launchChromium } from './support/chromium';
import { openPage, screenshot, type TrackedPage } from './support/session';

const CAPTCHA_TEXTS = {
  vi: {
    label: 'Xác minh',
    needed: 'Bạn đã nhập sai quá nhiều lần.',
    robot: 'Tôi không phải là robot',
  },
  en: { label: 'Verification', needed: 'Too many failed attempts.', robot: "I'm not a robot" },
  ja: { label: '確認', needed: '失敗が続いたため', robot: 'ロボットではありません' },
} as const;

describe.skipIf(!hasChromium)('sign-in security in the browser', () => {
  let app: RunningApp;
  let browser: Browser;
  const opened: TrackedPage[] = [];

  const newPage = async (language: 'vi' | 'en' | 'ja' = 'vi') => {
    const tracked = await openPage(browser, { language });
    opened.push(tracked);
    return tracked;
  };

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchChromium()]);
  });

  afterAll(async () => {
    for (const tracked of opened) await tracked.context.close().catch(() => undefined);
    await browser?.close();
    await app?.stop();
  });

  /** Each test starts with no failed sign-ins counted (they all come from 127.0.0.1). */
  const forgetFailures = () => {
    const db = new Database(join(app.dataDir, 'backoffice.db'));
    try {
      db.prepare('delete from login_counters').run();
    } finally {
      db.close();
    }
  };

  /** Five wrong passwords for `email`; the sixth attempt is answered with the captcha. */
  const failUntilCaptcha = async (page: Page, email: string) => {
    forgetFailures();
    await page.goto(`${app.baseUrl}/login`);
    await page.locator('#login-email').fill(email);
    for (let attempt = 0; attempt < 6; attempt += 1) {
      await page.locator('#login-password').fill(`wrong-password-${attempt}`);
      await page.locator('form button[type="submit"]').click();
      await page.getByTestId('login-error').waitFor();
      await page.waitForLoadState('networkidle');
    }
    await page.locator('altcha-widget input[type="checkbox"]').waitFor();
  };

  it('asks for the proof-of-work captcha after failures, and signs in once the widget has solved it', async () => {
    const { page, errors } = await newPage('vi');
    await failUntilCaptcha(page, ADMIN_EMAIL);
    expect(await page.getByTestId('login-error').textContent()).toContain(CAPTCHA_TEXTS.vi.needed);
    // the password alone is not enough now
    await page.locator('#login-password').fill(ADMIN_PASSWORD);
    await page.locator('form button[type="submit"]').click();
    await expect
      .poll(() => page.locator('#login-captcha-error').textContent())
      .toBe('Vui lòng hoàn tất bước xác minh trước.');
    await screenshot(page, 'login-captcha-vi');
    expect(await axeViolations(page)).toEqual([]);

    // by keyboard, as a screen-reader user does: the browser does the work
    await page.locator('altcha-widget input[type="checkbox"]').focus();
    await page.keyboard.press('Space');
    await page.locator('altcha-widget .altcha[data-state="verified"]').waitFor({ timeout: 30_000 });
    await screenshot(page, 'login-captcha-solved-vi');
    await page.locator('form button[type="submit"]').click();
    await page.waitForURL(/\/dashboard/);
    await page.getByTestId('greeting').waitFor();
    expect(errors.filter((line) => !/status of (401|422)/.test(line))).toEqual([]);
  });

  it.each(['en', 'ja'] as const)(
    'shows the widget in %s with nothing for axe to find',
    async (language) => {
      const { page } = await newPage(language);
      await failUntilCaptcha(page, `someone-${language}@example.com`);
      const group = page.getByRole('group', { name: CAPTCHA_TEXTS[language].label });
      await group.waitFor();
      expect(await group.textContent()).toContain(CAPTCHA_TEXTS[language].robot);
      expect(await page.getByTestId('login-error').textContent()).toContain(
        CAPTCHA_TEXTS[language].needed,
      );
      await screenshot(page, `login-captcha-${language}`);
      expect(await axeViolations(page)).toEqual([]);
    },
  );
});
