import { Secret, TOTP } from 'otpauth';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from './support/app-server';
import { hasChromium, launchChromium } from './support/chromium';
import {
  apiClient,
  apiLogin,
  openPage,
  registerUser,
  screenshot,
  signInThroughUi,
  type TrackedPage,
} from './support/session';

const EMAIL = 'thu-ngan@example.com';
const PASSWORD = 'Thu-ngan-password-7';

/** The code an authenticator app shows for `secret`, `ahead` periods from now. */
const codeOf = (secret: string, ahead = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({
    timestamp: Date.now() + ahead * 30_000,
  });

describe.skipIf(!hasChromium)('two-factor sign-in and sessions in the browser', () => {
  let app: RunningApp;
  let browser: Browser;
  const opened: TrackedPage[] = [];
  let secret = '';
  let recoveryCodes: string[] = [];

  // The last test ends the sessions of the pages the others signed in.
  const newPage = async () => {
    const tracked = await openPage(browser, { keepAfterTest: true });
    opened.push(tracked);
    return tracked;
  };

  const openSecurityTab = async (page: Page) => {
    await page.getByTestId('account-menu').click();
    await page.getByRole('menuitem', { name: 'Account' }).click();
    const drawer = page.locator('.ant-drawer-open');
    await drawer.getByRole('tab', { name: 'Security' }).click();
    return drawer;
  };

  /** Email and password on the login screen; answers once the code step is shown. */
  const passwordStep = async (page: Page) => {
    await page.goto(`${app.baseUrl}/login`);
    await page.locator('#login-email').fill(EMAIL);
    await page.locator('#login-password').fill(PASSWORD);
    await page.locator('form button[type="submit"]').click();
    await page.locator('#login-code').waitFor();
  };

  const enterCode = async (page: Page, code: string) => {
    await page.locator('#login-code').fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();
  };

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchChromium()]);
    const admin = apiClient(app.baseUrl, await apiLogin(app.baseUrl));
    const created = await registerUser(app.baseUrl, admin, {
      name: 'Thu Ngân',
      email: EMAIL,
      password: PASSWORD,
      status: 'enable',
    });
    expect(created.status).toBe(201);
  });

  afterAll(async () => {
    for (const tracked of opened) await tracked.context.close().catch(() => undefined);
    await browser?.close();
    await app?.stop();
  });

  it('sets two-factor sign-in up from the account drawer and shows the recovery codes once', async () => {
    const { page, errors } = await newPage();
    await signInThroughUi(page, app.baseUrl, { email: EMAIL, password: PASSWORD });
    const drawer = await openSecurityTab(page);
    await drawer.getByRole('button', { name: 'Set up' }).click();
    await drawer.getByTestId('two-factor-qr').waitFor();
    secret = (await drawer.getByTestId('two-factor-secret').innerText()).trim();
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await screenshot(page, 'two-factor-setup');

    await drawer.locator('#two-factor-code').fill('000000');
    await drawer.getByRole('button', { name: 'Turn on' }).click();
    await expect.poll(() => drawer.getByRole('alert').first().innerText()).toMatch(/code/i);

    await drawer.locator('#two-factor-code').fill(codeOf(secret));
    await drawer.getByRole('button', { name: 'Turn on' }).click();
    const list = drawer.getByTestId('recovery-codes');
    await list.waitFor();
    recoveryCodes = (await list.locator('li').allInnerTexts()).map((code) => code.trim());
    expect(recoveryCodes).toHaveLength(10);
    await screenshot(page, 'two-factor-recovery-codes');
    await drawer.getByRole('button', { name: 'I have saved them' }).click();
    await drawer.getByText('On', { exact: true }).waitFor();
    expect(await drawer.getByTestId('recovery-codes').count()).toBe(0);
    // the wrong code's 422 is the only failed request
    expect(errors.filter((line) => !/status of 422/.test(line))).toEqual([]);
  });

  it('asks for the code at sign-in, refuses a code used twice, and takes a recovery code once', async () => {
    expect(secret).not.toBe('');
    // The code that turned it on is spent: the next period's code signs in.
    const next = codeOf(secret, 1);
    const first = await newPage();
    await passwordStep(first.page);
    await screenshot(first.page, 'two-factor-sign-in');
    await enterCode(first.page, next);
    await first.page.waitForURL(/\/dashboard/);

    const second = await newPage();
    await passwordStep(second.page);
    await enterCode(second.page, next);
    await second.page.locator('#login-code-error').waitFor();
    expect(second.page.url()).toContain('/login');

    await enterCode(second.page, recoveryCodes[0]!);
    await second.page.waitForURL(/\/dashboard/);

    const third = await newPage();
    await passwordStep(third.page);
    await enterCode(third.page, recoveryCodes[0]!);
    await third.page.locator('#login-code-error').waitFor();
    expect(third.page.url()).toContain('/login');
    expect(first.errors.filter((line) => !/status of 4\d\d/.test(line))).toEqual([]);
    expect(second.errors.filter((line) => !/status of 4\d\d/.test(line))).toEqual([]);
  });

  it('lists the sessions and ends another one, which is signed out at once', async () => {
    const other = await newPage();
    await passwordStep(other.page);
    // time codes are spent in order: recovery codes keep this test free of the clock
    await enterCode(other.page, recoveryCodes[2]!);
    await other.page.waitForURL(/\/dashboard/);

    const { page, errors } = await newPage();
    await passwordStep(page);
    await enterCode(page, recoveryCodes[1]!);
    await page.waitForURL(/\/dashboard/);
    const drawer = await openSecurityTab(page);
    const table = drawer.getByRole('table').last();
    await table.getByText('This session').waitFor();
    const rowsBefore = await table.locator('tbody tr.ant-table-row').count();
    expect(rowsBefore).toBeGreaterThanOrEqual(2);
    await screenshot(page, 'sessions');

    await table.getByRole('button', { name: 'End session' }).first().click();
    await page
      .locator('.ant-popover:visible, .ant-modal:visible')
      .getByRole('button', { name: 'End session' })
      .click();
    await page.getByText('The session has ended.').waitFor();
    await expect.poll(() => table.locator('tbody tr.ant-table-row').count()).toBe(rowsBefore - 1);
    expect(errors).toEqual([]);

    // Some other session ended: each signed-in page that lost its session goes to the login.
    const signedOut = async (tracked: TrackedPage) => {
      await tracked.page.reload();
      await tracked.page.waitForLoadState('networkidle');
      return tracked.page.url().includes('/login');
    };
    const results = await Promise.all(opened.slice(0, -1).map(signedOut));
    expect(results.some(Boolean)).toBe(true);
  });
});
