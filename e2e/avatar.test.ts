import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from './support/app-server';
import { hasChromium, launchChromium } from './support/chromium';
import { apiClient, apiLogin, screenshot, type Tokens, signedInPages } from './support/session';

type MediaRecord = { id: number; url: string; thumbnail_url: string | null };

/** A picture one recognises in a screenshot: a yellow disc on teal. */
const portrait = () =>
  sharp(
    Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400">' +
        '<rect width="400" height="400" fill="#16a085"/><circle cx="200" cy="170" r="90" fill="#f1c40f"/>' +
        '<rect x="90" y="280" width="220" height="120" rx="60" fill="#f1c40f"/></svg>',
    ),
  )
    .png()
    .toBuffer();

/** Until no finite CSS animation or transition runs (Ant Design's drawer, modal and zoom motions). */
const settled = (page: Page) =>
  page.waitForFunction(
    () =>
      !document
        .getAnimations()
        .some(
          (animation) =>
            animation.playState === 'running' &&
            animation.effect?.getComputedTiming().iterations !== Infinity,
        ),
    undefined,
    { polling: 'raf', timeout: 5_000 },
  );

describe.skipIf(!hasChromium)('avatar from the media library', () => {
  let app: RunningApp;
  let browser: Browser;
  let tokens: Tokens;
  const pages = signedInPages(
    () => browser,
    () => app.baseUrl,
    () => tokens,
  );

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchChromium()]);
    tokens = await apiLogin(app.baseUrl);
  });

  afterAll(async () => {
    await pages.close();
    await browser?.close();
    await app?.stop();
  });

  it('chooses an uploaded image in the picker modal of the Account form and shows it', async () => {
    // The image goes to the library through the API.
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await portrait())]), 'portrait.png');
    const uploaded = await fetch(`${app.baseUrl}/api/v1/media`, {
      method: 'POST',
      headers: {
        Authorization: `${tokens.token_type} ${tokens.access_token}`,
        Accept: 'application/json',
      },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const media = ((await uploaded.json()) as { data: MediaRecord }).data;
    expect(media.thumbnail_url).toBeTruthy();

    const { page, errors } = await pages.open('/dashboard');
    await page.getByTestId('greeting').waitFor();
    await page.getByTestId('account-menu').click();
    await page.getByRole('menuitem', { name: 'Account' }).click();
    const drawer = page.locator('.ant-drawer-open');
    await drawer.locator('input#account_name').waitFor();

    await drawer.getByRole('button', { name: 'Choose from media library' }).click();
    const modal = page.locator('.ant-modal', { hasText: 'Choose media' });
    await modal.locator(`[data-testid="media-item"][data-media-id="${media.id}"]`).click();
    await settled(page);
    await screenshot(page, 'avatar-picker');
    await modal.getByTestId('picker-choose').click();
    await modal.waitFor({ state: 'hidden' });
    // The drawer shows the chosen thumbnail before saving.
    await expect
      .poll(() => drawer.locator('.ant-avatar img').first().getAttribute('src'))
      .toBe(media.thumbnail_url);
    await settled(page);
    await screenshot(page, 'avatar-chosen');

    const request = page.waitForRequest((one) =>
      one.url().includes('/api/v1/profile?_method=PATCH'),
    );
    await drawer.getByRole('button', { name: 'Save' }).click();
    const sent = (await request).postData() ?? '';
    expect(sent).toContain('name="avatar"');
    expect(sent).toContain(media.thumbnail_url);
    await page.locator('.ant-message', { hasText: 'Updated successfully.' }).waitFor();
    await page.locator('.ant-drawer-open').waitFor({ state: 'detached' });

    // The top bar shows it, loaded; the profile holds it.
    const topBar = page.getByTestId('account-menu').locator('img');
    await expect.poll(() => topBar.getAttribute('src')).toBe(media.thumbnail_url);
    await expect
      .poll(() => topBar.evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    const profile = await apiClient(
      app.baseUrl,
      tokens,
    )<{ data: { avatar_url: string } }>('/profile');
    expect(profile.body.data.avatar_url).toBe(media.thumbnail_url);
    await page.locator('.ant-message-notice').waitFor({ state: 'detached', timeout: 10_000 });
    await settled(page);
    await screenshot(page, 'avatar-top-bar');
    expect(errors).toEqual([]);
  });
});
