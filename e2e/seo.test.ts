import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from './support/app-server';
import { axeViolations } from './support/axe';
import { hasChromium, launchChromium } from './support/chromium';
import { apiClient, apiLogin, screenshot, type Tokens, signedInPages } from './support/session';

describe.skipIf(!hasChromium)('SEO records in the browser', () => {
  let app: RunningApp;
  let browser: Browser;
  let admin: Tokens;
  let imageId = 0;
  const pages = signedInPages(
    () => browser,
    () => app.baseUrl,
    () => admin,
  );

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchChromium()]);
    admin = await apiLogin(app.baseUrl);
    await apiClient(app.baseUrl, admin)('/seos', {
      method: 'POST',
      body: {
        url: '/san-pham',
        type: 'article',
        title: 'Sản phẩm nổi bật',
        image: '/favicon.ico',
        keywords: ['cà phê'],
      },
    });
    const picture = await sharp({
      create: { width: 320, height: 200, channels: 3, background: '#2e86de' },
    })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(picture)]), 'da-lat.png');
    const uploaded = await fetch(`${app.baseUrl}/api/v1/media?area=seo`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${admin.access_token}`, Accept: 'application/json' },
      body: form,
    });
    imageId = ((await uploaded.json()) as { data: { id: number } }).data.id;
  });

  afterAll(async () => {
    await pages.close();
    await browser?.close();
    await app?.stop();
  });

  it('adds a record with keywords entered with Enter, finds it folded, and deletes it after a confirm', async () => {
    const { page } = await pages.open('/seo/manager', { language: 'vi' });
    await page.getByText('Sản phẩm nổi bật').waitFor();

    await page.getByRole('button', { name: 'Thêm mới' }).click();
    await page.locator('#create-form_url').fill('/gioi-thieu');
    await page.locator('#create-form_title').fill('Giới thiệu Đà Lạt');
    // Saving without an image shows the image field's required message on the field.
    await page.getByRole('button', { name: 'Tạo' }).click();
    await page.getByText('Vui lòng chọn hình ảnh!').waitFor();

    const keywords = page.getByLabel('Từ khóa');
    await keywords.fill('đà lạt');
    await keywords.press('Enter');
    await keywords.fill('du lịch');
    await keywords.press('Enter');
    expect(await page.locator('.ant-select-selection-item', { hasText: 'du lịch' }).count()).toBe(
      1,
    );

    await page.locator('.ant-drawer').getByRole('button', { name: /Chọn/ }).first().click();
    const modal = page.locator('.ant-modal', { hasText: 'Chọn tệp' });
    await modal.locator(`[data-testid="media-item"][data-media-id="${imageId}"]`).click();
    await modal.getByTestId('picker-choose').click();
    await screenshot(page, 'seo-form');
    expect(await axeViolations(page)).toEqual([]);

    const saved = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/v1/seos') && response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Tạo' }).click();
    const body = (await (await saved).json()) as {
      data: { id: number; keywords: string[]; image: string };
    };
    expect(body.data.keywords).toEqual(['đà lạt', 'du lịch']);
    expect(body.data.image).toMatch(/\/api\/v1\/media\/files\//);
    // In the table: the form's preview, while it closes, shows the title too.
    await page.locator('tbody tr', { hasText: 'Giới thiệu Đà Lạt' }).waitFor();

    await page
      .locator('tr', { hasText: 'Giới thiệu Đà Lạt' })
      .getByRole('button', { name: 'Xóa' })
      .click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Xóa' }).click();
    await page.locator('tr', { hasText: 'Giới thiệu Đà Lạt' }).waitFor({ state: 'detached' });
  });

  it('lists and filters records in both themes', async () => {
    for (const theme of ['light', 'dark'] as const) {
      const { page } = await pages.open('/seo?search=noi+bat', { theme });
      await page.getByText('Sản phẩm nổi bật').waitFor();
      expect(await page.getByTestId('list-total').textContent()).toMatch(/1/);
      expect(await page.title()).toMatch(/^SEO - /);
      await screenshot(page, `seo-list-${theme}`);
      expect(await axeViolations(page)).toEqual([]);
    }
  });
});
