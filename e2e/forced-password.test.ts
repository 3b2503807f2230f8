import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, startApp, type RunningApp } from './support/app-server';
import { hasChromium, launchChromium } from './support/chromium';
import { apiClient, apiLogin, openPage, screenshot, signInThroughUi } from './support/session';

const ADMIN_NEXT_PASSWORD = 'A-much-better-Passw0rd';

describe.skipIf(!hasChromium)('forced password change', () => {
  let app: RunningApp;
  let browser: Browser;

  beforeAll(async () => {
    // no ADMIN_PASSWORD: the first administrator gets a one-time password to change
    [app, browser] = await Promise.all([startApp({ adminPassword: null }), launchChromium()]);
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('makes the user change the one-time password before anything else', async () => {
    const oneTime = app.generatedPassword();
    expect(oneTime, app.output()).toBeTruthy();
    const { page, context } = await openPage(browser);
    await signInThroughUi(page, app.baseUrl, { password: oneTime!, expectPath: /\/dashboard/ });
    const form = page.getByTestId('forced-password-change');
    await form.waitFor();
    await screenshot(page, 'forced-password-change');
    expect(await page.locator('nav').count()).toBe(0);

    await form.locator('input#change-password_new_password').fill('short');
    await form.locator('input#change-password_confirm_password').fill('short');
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect
      .poll(() => form.locator('.ant-form-item-explain-error').allTextContents())
      .not.toEqual([]);

    const next = ADMIN_NEXT_PASSWORD;
    await form.locator('input#change-password_new_password').fill(next);
    await form.locator('input#change-password_confirm_password').fill(next);
    await form.getByRole('button', { name: 'Change password' }).click();
    await page.getByTestId('greeting').waitFor();
    await screenshot(page, 'forced-password-changed');

    // the new password works from a fresh browser, the old one no longer does
    await context.close();
    const fresh = await openPage(browser);
    await signInThroughUi(fresh.page, app.baseUrl, { email: ADMIN_EMAIL, password: next });
    await fresh.page.getByTestId('greeting').waitFor();
    await fresh.context.close();
  });

  it('leads a new user to replace the password the administrator typed, in Vietnamese', async () => {
    const admin = apiClient(
      app.baseUrl,
      await apiLogin(app.baseUrl, ADMIN_EMAIL, ADMIN_NEXT_PASSWORD),
    );
    const typed = 'Typed-by-admin-42';
    const created = await admin('/register', {
      method: 'POST',
      body: { name: 'Lê Thị Mới', email: 'moi@example.com', password: typed, status: 'enable' },
    });
    expect(created.status).toBe(201);

    const { page, context, errors } = await openPage(browser, { language: 'vi' });
    await signInThroughUi(page, app.baseUrl, {
      email: 'moi@example.com',
      password: typed,
      expectPath: /\/dashboard/,
    });
    const form = page.getByTestId('forced-password-change');
    await form.waitFor();
    expect(await form.textContent()).toContain('Đổi mật khẩu của bạn');
    expect(await page.locator('nav').count()).toBe(0);
    await screenshot(page, 'forced-password-new-user-vi');
    const own = 'Chosen-by-Le-Thi-7';
    await form.locator('input#change-password_new_password').fill(own);
    await form.locator('input#change-password_confirm_password').fill(own);
    await form.getByRole('button', { name: 'Đổi mật khẩu' }).click();
    await page.getByTestId('greeting').waitFor();
    // the 403s that told the app a change is required are the browser's own log lines
    expect(errors.filter((line) => !line.includes('status of 403'))).toEqual([]);
    await context.close();

    // the password the administrator typed no longer opens the account
    const old = await fetch(`${app.baseUrl}/api/v1/clients/web/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'moi@example.com', password: typed }),
    });
    expect(old.status).toBe(401);
    await apiLogin(app.baseUrl, 'moi@example.com', own);
  });
});
