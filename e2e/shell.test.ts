import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from './support/app-server';
import { axeViolations } from './support/axe';
import { hasChromium, launchChromium } from './support/chromium';
import {
  apiLogin,
  openPage,
  screenshot,
  signInThroughUi,
  signedInPages,
  type Tokens,
} from './support/session';

describe.skipIf(!hasChromium)('admin shell in the browser', () => {
  let app: RunningApp;
  let browser: Browser;
  let admin: Tokens;

  const newPage = (options?: Parameters<typeof openPage>[1]) => openPage(browser, options);

  /** Pages already signed in through the API. */
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

  it('shows the login screen without serious accessibility violations', async () => {
    const { page, errors } = await newPage();
    await page.goto(`${app.baseUrl}/login`);
    await page.locator('#login-email').waitFor();
    expect(await page.title()).toMatch(/Sign in - /);
    await screenshot(page, 'login');
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('checks the fields and refuses a wrong password with the spec text', async () => {
    const { page } = await newPage();
    await page.goto(`${app.baseUrl}/login`);
    await page.locator('form button[type="submit"]').click();
    await expect
      .poll(() => page.locator('#login-email-error').textContent())
      .toBe('Please enter the email address!');
    await page.locator('#login-email').fill('admin@example.com');
    await page.locator('#login-password').fill('not-the-password');
    await page.locator('form button[type="submit"]').click();
    await page.getByTestId('login-error').waitFor();
    expect(await page.getByTestId('login-error').textContent()).toContain(
      'Your email or password is wrong. Please check again.',
    );
    expect(page.url()).toContain('/login');
    await screenshot(page, 'login-wrong-password');
  });

  it('signs in, greets by the shop’s hour with the name, and passes axe on the dashboard', async () => {
    const { page, errors } = await newPage();
    await page.goto(`${app.baseUrl}/`);
    await page.waitForURL(/\/login/);
    await signInThroughUi(page, app.baseUrl, { expectPath: /\/($|dashboard)/ });
    const greeting = page.getByTestId('greeting');
    await greeting.waitFor();
    // The shop's hour (Vietnam), not the browser's clock.
    const hour = await page.evaluate(() =>
      Number(
        new Intl.DateTimeFormat('en-GB', {
          timeZone: 'Asia/Ho_Chi_Minh',
          hour: '2-digit',
          hourCycle: 'h23',
        }).format(new Date()),
      ),
    );
    const expected =
      hour >= 5 && hour <= 11 ? 'morning' : hour >= 12 && hour <= 17 ? 'afternoon' : 'evening';
    expect(await greeting.getAttribute('data-greeting')).toBe(expected);
    expect(await greeting.textContent()).toMatch(new RegExp(`Good ${expected}, .+!`));
    expect(await page.title()).toMatch(/Dashboard - /);
    expect(await page.evaluate(() => Object.keys(localStorage).sort())).toEqual(
      expect.arrayContaining(['access_token', 'refresh_token', 'expires_in']),
    );
    await screenshot(page, 'dashboard');
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('changes the texts with the language and remembers it', async () => {
    const { page } = await pages.open('/dashboard');
    await page.getByTestId('greeting').waitFor();
    await page.getByTestId('language-select').click();
    await page.locator('.ant-select-item-option', { hasText: '日本語' }).click();
    await expect.poll(() => page.locator('nav').first().textContent()).toContain('ダッシュボード');
    expect(await page.getByTestId('greeting').textContent()).toMatch(
      /(おはようございます|こんにちは|こんばんは)/,
    );
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ja');
    await page.reload();
    await page.getByTestId('greeting').waitFor();
    expect(await page.locator('nav').first().textContent()).toContain('言語');
    await screenshot(page, 'language-ja');
    await page.getByTestId('language-select').click();
    await page.locator('.ant-select-item-option', { hasText: 'Tiếng Việt' }).click();
    await expect.poll(() => page.locator('nav').first().textContent()).toContain('Bảng điều khiển');
    // a screen reader names the sidebar in the reader's language too (it said "Main")
    await page.getByRole('navigation', { name: 'Điều hướng chính' }).waitFor();
    await screenshot(page, 'language-vi');
  });

  it('switches to the dark theme and remembers it', async () => {
    const { page } = await pages.open('/dashboard');
    await page.getByTestId('greeting').waitFor();
    await page.getByTestId('theme-toggle').click();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    const background = () =>
      page.evaluate(() => getComputedStyle(document.querySelector('.ant-layout')!).backgroundColor);
    expect(await background()).not.toBe('rgb(245, 245, 245)');
    await page.reload();
    await page.getByTestId('greeting').waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await screenshot(page, 'dark-theme');
  });

  it('switches to right-to-left and remembers it', async () => {
    const { page } = await pages.open('/languages/manager');
    await page.locator('main h1').waitFor();
    // in the account menu: the top bar has no "RTL" button for shops that never need it
    expect(await page.getByRole('banner').getByText('RTL', { exact: true }).count()).toBe(0);
    await page.getByTestId('account-menu').click();
    await page.getByRole('menuitem', { name: 'Show text right to left' }).click();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(
      await page
        .locator('.ant-layout-sider, .ant-menu')
        .first()
        .evaluate((element) => getComputedStyle(element).direction),
    ).toBe('rtl');
    await page.reload();
    await page.locator('main h1').waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await screenshot(page, 'rtl');
    // and back, from the same place
    await page.getByTestId('account-menu').click();
    await page.getByRole('menuitem', { name: 'Show text left to right' }).click();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('ltr');
  });

  it('shows the 404 page for an unknown path, with a way home', async () => {
    // the server answers 200 with the app for any client path
    const direct = await fetch(`${app.baseUrl}/no/such/page`);
    expect(direct.status).toBe(200);
    expect(await direct.text()).toContain('<div id="root">');
    const { page, errors } = await pages.open('/no/such/page');
    await page.getByTestId('not-found').waitFor();
    expect(await page.getByTestId('not-found').textContent()).toContain('404');
    expect(await page.locator('footer').count()).toBe(0);
    await screenshot(page, 'not-found');
    await page.getByRole('button', { name: 'Back to home' }).click();
    await page.getByTestId('greeting').waitFor();
    // an unknown screen of an existing area is a 404 too, not that area's first screen
    await page.goto(`${app.baseUrl}/warehouse/no-such-screen`);
    await page.getByTestId('not-found').waitFor();
    expect(errors).toEqual([]);
  });

  it('manages languages: axe, add through the picker, set default, delete', async () => {
    const { page, errors } = await pages.open('/languages');
    await page.locator('td', { hasText: 'Tiếng Việt' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'languages');

    await page.getByRole('button', { name: 'Add new' }).click();
    await page.locator('.ant-drawer-open').getByRole('button', { name: 'Create' }).click();
    await expect
      .poll(() =>
        page.locator('.ant-drawer-open .ant-form-item-explain-error').first().textContent(),
      )
      .toBeTruthy();
    await page.getByTestId('language-picker').click();
    await page.keyboard.type('Fran');
    await page.locator('.ant-select-item-option', { hasText: 'Français (fr)' }).click();
    expect(await page.locator('.ant-drawer-open input#language-form_name').inputValue()).toBe(
      'Français',
    );
    await screenshot(page, 'languages-add');
    await page.locator('.ant-drawer-open').getByRole('button', { name: 'Create' }).click();
    await page.locator('td', { hasText: 'Français' }).waitFor();

    const row = page.locator('tr', { hasText: 'Français' });
    await row.getByRole('button', { name: /Set as default/ }).click();
    await expect.poll(() => row.textContent()).toContain('Default');
    await page
      .locator('tr', { hasText: 'Tiếng Việt' })
      .getByRole('button', { name: /Set as default/ })
      .click();
    await expect
      .poll(() => page.locator('tr', { hasText: 'Tiếng Việt' }).textContent())
      .toContain('Default');

    await row.getByRole('button', { name: 'Delete' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => page.locator('td', { hasText: 'Français' }).count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('manages redirects: 301 by default, the server errors on their fields', async () => {
    const { page } = await pages.open('/settings/redirect');
    await page.locator('main h1').waitFor();
    const add = async (source: string, destination: string) => {
      await page.getByRole('button', { name: 'Add new' }).click();
      const drawer = page.locator('.ant-drawer-open');
      await drawer.locator('input#create-form_source').fill(source);
      await drawer.locator('input#create-form_destination').fill(destination);
      await drawer.getByRole('button', { name: 'Create' }).click();
    };
    await add('/old-page', '/new-page');
    await page.locator('td', { hasText: '/old-page' }).waitFor();
    expect(await page.locator('tr', { hasText: '/old-page' }).textContent()).toContain('301');
    await add('/old-page', '/elsewhere');
    await expect
      .poll(() => page.locator('.ant-drawer-open .ant-form-item-explain-error').allTextContents())
      .toEqual(expect.arrayContaining([expect.stringMatching(/already exists/)]));
    await screenshot(page, 'redirects-server-error');
    await page.keyboard.press('Escape');
    await screenshot(page, 'redirects');
  });

  it('goes to /login on a refused token and comes back afterwards', async () => {
    const { page, context } = await newPage();
    await context.addInitScript(() => {
      if (!sessionStorage.getItem('seeded')) {
        sessionStorage.setItem('seeded', '1');
        localStorage.setItem('access_token', 'Bearer not-a-real-token');
        localStorage.setItem('refresh_token', 'rt_not-real');
        localStorage.setItem('expires_in', '900');
      }
    });
    await page.goto(`${app.baseUrl}/settings/redirect`);
    await page.waitForURL(/\/login\?redirect=%2Fsettings%2Fredirect/);
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
    await signInThroughUi(page, app.baseUrl, { expectPath: /\/settings\/redirect$/ });
    await page.locator('main h1').waitFor();
  });

  it('shows and updates the account profile, sending only filled fields', async () => {
    const { page, errors } = await pages.open('/dashboard');
    await page.getByTestId('greeting').waitFor();
    await page.getByTestId('account-menu').click();
    await page.getByRole('menuitem', { name: 'Account' }).click();
    const drawer = page.locator('.ant-drawer-open');
    await drawer.locator('input#account_name').waitFor();
    expect(await drawer.locator('input#account_email').inputValue()).toBe('admin@example.com');
    await drawer.locator('input#account_phone').fill('12345');
    await drawer.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => drawer.locator('.ant-form-item-explain-error').allTextContents())
      .not.toEqual([]);
    await drawer.locator('input#account_phone').fill('0912345678');
    await drawer.locator('input#account_address').fill('1 Lê Lợi, Quận 1');
    await screenshot(page, 'account');
    const request = page.waitForRequest((one) =>
      one.url().includes('/api/v1/profile?_method=PATCH'),
    );
    await drawer.getByRole('button', { name: 'Save' }).click();
    const sent = (await request).postData() ?? '';
    expect(sent).toContain('name="phone"');
    expect(sent).not.toContain('name="zalo"');
    await page.locator('.ant-message', { hasText: 'Updated successfully.' }).waitFor();
    expect(errors.filter((error) => !/422/.test(error))).toEqual([]);
  });

  it('collapses the sidebar under 1440px and makes it a drawer under 768px', async () => {
    const narrow = await pages.open('/languages', { width: 1200, height: 800 });
    await narrow.page.locator('main h1').waitFor();
    expect(await narrow.page.locator('.ant-layout-sider-collapsed').count()).toBe(1);
    await screenshot(narrow.page, 'sidebar-collapsed');
    // its top entries show only their icons: hovering one names it
    await narrow.page.locator('.ant-layout-sider li.ant-menu-item').first().hover();
    await narrow.page.locator('.ant-tooltip', { hasText: 'Dashboard' }).waitFor();
    const mobile = await pages.open('/languages', { width: 420, height: 800 });
    await mobile.page.locator('main h1').waitFor();
    expect(await mobile.page.locator('.ant-layout-sider').count()).toBe(0);
    await mobile.page.getByRole('button', { name: 'Open the menu' }).click();
    await mobile.page
      .locator('.ant-drawer-open .ant-menu-submenu-title', { hasText: 'Settings' })
      .click();
    await mobile.page.locator('.ant-drawer-open nav a[href="/settings/redirect"]').click();
    await mobile.page.waitForURL(/\/settings\/redirect$/);
    await mobile.page.locator('[data-screen="/settings/redirect"] h1').waitFor();
    await mobile.page
      .locator('.ant-drawer-open')
      .waitFor({ state: 'detached' })
      .catch(() => undefined);
    await screenshot(mobile.page, 'mobile');
  });

  it('signs out from the account menu', async () => {
    const { page, errors } = await pages.open('/dashboard', {
      // its own session: signing out ends it
      tokens: await apiLogin(app.baseUrl),
    });
    await page.getByTestId('greeting').waitFor();
    await page.getByTestId('account-menu').click();
    await screenshot(page, 'account-menu');
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL(/\/login$/);
    expect(
      await page.evaluate(() =>
        ['access_token', 'refresh_token', 'expires_in'].map((key) => localStorage.getItem(key)),
      ),
    ).toEqual([null, null, null]);
    await page.goto(`${app.baseUrl}/dashboard`);
    await page.waitForURL(/\/login/);
    expect(errors.filter((error) => !/401|Unauthorized/i.test(error))).toEqual([]);
  });
});
