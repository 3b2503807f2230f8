import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from './support/app-server';
import { hasChromium, launchChromium } from './support/chromium';
import { apiClient, registerUser, apiLogin, screenshot, signedInPages } from './support/session';

describe.skipIf(!hasChromium)("changing one's own sign-in email in the Account form", () => {
  let app: RunningApp;
  let browser: Browser;
  const pages = signedInPages(
    () => browser,
    () => app.baseUrl,
  );

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchChromium()]);
  });

  afterAll(async () => {
    await pages.close();
    await browser?.close();
    await app?.stop();
  });

  it("asks for the current password only when the email changes, and shows the server's answer under it", async () => {
    const admin = apiClient(app.baseUrl, await apiLogin(app.baseUrl));
    const password = 'Staff-password-42';
    const created = await registerUser(app.baseUrl, admin, {
      name: 'Nhân Viên Mới',
      email: 'staff-mail@example.com',
      password,
      status: 'enable',
    });
    expect(created.status).toBe(201);

    const { page, errors } = await pages.open('/dashboard', {
      tokens: await apiLogin(app.baseUrl, 'staff-mail@example.com', password),
    });
    await page.getByTestId('greeting').waitFor();
    await page.getByTestId('account-menu').click();
    await page.getByRole('menuitem', { name: 'Account' }).click();
    const drawer = page.locator('.ant-drawer-open');
    await drawer.locator('input#account_email').waitFor();
    expect(await drawer.locator('input#account_current_password').count()).toBe(0);

    await drawer.locator('input#account_email').fill('staff-moved@example.com');
    const current = drawer.locator('input#account_current_password');
    await current.waitFor();
    await current.fill('not-my-password');
    await drawer.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() =>
        drawer
          .locator('#account_current_password_help .ant-form-item-explain-error')
          .allTextContents(),
      )
      .toEqual(['The current password is not correct.']);
    await screenshot(page, 'account-email-password');

    await current.fill(password);
    await drawer.getByRole('button', { name: 'Save' }).click();
    await page.locator('.ant-message', { hasText: 'Updated successfully.' }).waitFor();
    const profile = await apiClient(
      app.baseUrl,
      await apiLogin(app.baseUrl, 'staff-moved@example.com', password),
    )<{
      data: { email: string };
    }>('/profile');
    expect(profile.body.data.email).toBe('staff-moved@example.com');
    const outbox = await admin<{ data: Array<{ subject: string }> }>(
      `/mail/outbox?search=${encodeURIComponent('to:staff-mail@example.com')}`,
    );
    expect(outbox.body.data.map((mail) => mail.subject)).toEqual([
      'The sign-in email of your account was changed',
    ]);
    expect(errors.filter((error) => !/422/.test(error))).toEqual([]);
  });
});
