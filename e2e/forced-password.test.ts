import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, startApp, type RunningApp } from './support/app-server';
import { hasChromium, launchChromium } from './support/chromium';
import { openPage, screenshot, signInThroughUi } from './support/session';

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

    const next = 'A-much-better-Passw0rd';
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
});
