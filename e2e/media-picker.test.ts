import type { Browser, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from './support/app-server';
import { hasChromium, launchChromium } from './support/chromium';
import { apiClient, apiLogin, screenshot, type Tokens, signedInPages } from './support/session';

type MediaRecord = { id: number; name: string; original_name: string; area: string | null };

const picture = (colour: string) =>
  sharp({ create: { width: 320, height: 200, channels: 3, background: colour } })
    .png()
    .toBuffer();

/**
 * One media library, as a shop owner uses it in Vietnamese: a picture uploaded in the library
 * is chosen from the post editor, the SEO form and the settings; a picture uploaded from a
 * picker is in the library; the details show the name the file had on the owner's computer.
 */
describe.skipIf(!hasChromium)('one media library', { timeout: 180_000 }, () => {
  let app: RunningApp;
  let browser: Browser;
  let admin: Tokens;
  let api: ReturnType<typeof apiClient>;
  let typeId = 0;
  const pages = signedInPages(
    () => browser,
    () => app.baseUrl,
    () => admin,
  );

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchChromium()]);
    admin = await apiLogin(app.baseUrl);
    api = apiClient(app.baseUrl, admin);
    typeId = (
      await api<{ data: { id: number } }>('/types', {
        method: 'POST',
        body: {
          style: 'article',
          title: 'Tin tức',
          features: [{ key: 'seo', name: '', enabled: true }],
        },
      })
    ).body.data.id;
  });

  afterAll(async () => {
    await pages.close();
    await browser?.close();
    await app?.stop();
  });

  const open = (path: string) => pages.open(path, { language: 'vi' });
  const library = async () => (await api<{ data: MediaRecord[] }>('/media?limit=100')).body.data;
  const pickerOf = (page: Page) =>
    page.locator('.ant-modal').filter({ has: page.getByTestId('picker-choose') });
  const item = (scope: Page | Locator, name: string) =>
    scope.locator('[data-testid="media-item"]', { hasText: name });

  it('chooses a picture uploaded in the library from a post, the SEO form and the settings', async () => {
    const { page, errors } = await open('/media');
    await page.getByTestId('media-add').click();
    await page.locator('.ant-upload input[type="file"]').setInputFiles({
      name: 'Ảnh bìa quán.png',
      mimeType: 'image/png',
      buffer: await picture('#c0392b'),
    });
    await item(page, 'Ảnh bìa quán.png').waitFor();

    // The details name the file as it was on the owner's computer, after a new title too.
    await item(page, 'Ảnh bìa quán.png').click();
    const details = page.locator('.ant-modal', { hasText: 'Chi tiết tệp' });
    await expect
      .poll(() => details.getByTestId('media-original-name').textContent())
      .toBe('Ảnh bìa quán.png');
    await details.getByTestId('media-title-input').fill('Bìa quán cà phê');
    await details.getByRole('button', { name: 'Lưu tiêu đề' }).click();
    await details.waitFor({ state: 'hidden' });
    await item(page, 'Bìa quán cà phê').click();
    await expect
      .poll(() => details.getByTestId('media-original-name').textContent())
      .toBe('Ảnh bìa quán.png');
    expect(await details.locator('.ant-descriptions').textContent()).not.toMatch(
      /[0-9a-f]{24}\.png/,
    );
    await screenshot(page, 'media-picker-details');
    await details.getByRole('button', { name: /Close|Đóng/ }).click();

    // The post editor's picker offers it: the whole library, the area a filter by its name.
    await page.goto(`${app.baseUrl}/posts/add-new-post/${typeId}`);
    const imagesBox = page.locator('.ant-card').filter({ has: page.getByText('Ảnh đại diện') });
    await imagesBox.getByRole('button', { name: /Chọn/ }).first().click();
    const picker = pickerOf(page);
    await item(picker, 'Bìa quán cà phê').waitFor();
    const area = picker.getByRole('combobox', { name: 'Khu vực' });
    expect(await picker.getByTestId('picker-area').textContent()).toBe('Tất cả khu vực');
    expect(await picker.textContent()).not.toMatch(/posts|Khu vực:/);
    await screenshot(page, 'media-picker-post');
    // Narrowed to the posts' area the library's picture is not there; back to all, it is.
    await area.click();
    await page.getByTitle('Bài viết', { exact: true }).click();
    await picker.getByText('Chưa có tệp nào').waitFor();
    await area.click();
    await page.getByTitle('Tất cả khu vực', { exact: true }).click();
    await item(picker, 'Bìa quán cà phê').click();
    await picker.getByTestId('picker-choose').click();
    await picker.waitFor({ state: 'hidden' });
    await expect.poll(() => imagesBox.locator('img').count()).toBeGreaterThan(0);

    // The SEO form: a new picture uploaded from its picker is chosen and kept in the library.
    await page.goto(`${app.baseUrl}/seo/manager`);
    await page.getByRole('button', { name: 'Thêm mới' }).click();
    await page.locator('.ant-drawer').getByRole('button', { name: /Chọn/ }).first().click();
    const seoPicker = pickerOf(page);
    await item(seoPicker, 'Bìa quán cà phê').waitFor();
    await seoPicker.getByRole('button', { name: 'Tải lên' }).click();
    await seoPicker.locator('.ant-upload input[type="file"]').setInputFiles({
      name: 'Chia sẻ mạng xã hội.png',
      mimeType: 'image/png',
      buffer: await picture('#2e86de'),
    });
    await item(seoPicker, 'Chia sẻ mạng xã hội.png').waitFor();
    await screenshot(page, 'media-picker-seo-upload');
    await seoPicker.getByTestId('picker-choose').click();
    await seoPicker.waitFor({ state: 'hidden' });
    const shared = (await library()).find((m) => m.name === 'Chia sẻ mạng xã hội.png');
    expect(shared).toMatchObject({ area: 'seo', original_name: 'Chia sẻ mạng xã hội.png' });

    // The settings' logo picker offers both.
    await page.goto(`${app.baseUrl}/settings/general`);
    await page
      .getByTestId('settings-general')
      .getByRole('button', { name: /Chọn/ })
      .first()
      .click();
    const logoPicker = pickerOf(page);
    await item(logoPicker, 'Bìa quán cà phê').waitFor();
    await item(logoPicker, 'Chia sẻ mạng xã hội.png').waitFor();
    await logoPicker.getByRole('button', { name: 'Hủy' }).click();

    // The library shows what the picker uploaded, and filters by the area's name.
    await page.goto(`${app.baseUrl}/media`);
    await item(page, 'Chia sẻ mạng xã hội.png').waitFor();
    await item(page, 'Bìa quán cà phê').waitFor();
    await page.getByRole('combobox', { name: 'Khu vực' }).click();
    await page.getByTitle('SEO', { exact: true }).click();
    await expect.poll(() => page.locator('[data-testid="media-item"]').count()).toBe(1);
    await item(page, 'Chia sẻ mạng xã hội.png').waitFor();
    await screenshot(page, 'media-picker-library-area');
    expect(errors).toEqual([]);
  });
});
