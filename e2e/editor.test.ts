import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from './support/app-server';
import { hasChromium, launchChromium } from './support/chromium';
import { apiClient, apiLogin, screenshot, type Tokens, signedInPages } from './support/session';

/** How far the page scrolls sideways (0 when it fits the window). */
const sidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/**
 * The post editor as a writer uses it: a wide picture stays inside the text, leaving with
 * unsaved changes asks first, Ctrl+S saves.
 */
describe.skipIf(!hasChromium)('the post editor', { timeout: 180_000 }, () => {
  let app: RunningApp;
  let browser: Browser;
  let admin: Tokens;
  let typeId = 0;
  const pages = signedInPages(
    () => browser,
    () => app.baseUrl,
    () => admin,
  );

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchChromium()]);
    admin = await apiLogin(app.baseUrl);
    const api = apiClient(app.baseUrl, admin);
    typeId = (
      await api<{ data: { id: number } }>('/types', {
        method: 'POST',
        body: {
          style: 'article',
          title: 'Tin tức',
          features: [{ key: 'contents', name: '', enabled: true }],
        },
      })
    ).body.data.id;
    const wide = await sharp({
      create: { width: 1600, height: 900, channels: 3, background: '#16a085' },
    })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(wide)]), 'toan-canh-ho.png');
    const uploaded = await fetch(`${app.baseUrl}/api/v1/media`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${admin.access_token}`, Accept: 'application/json' },
      body: form,
    });
    expect(uploaded.status).toBe(201);
  });

  afterAll(async () => {
    await pages.close();
    await browser?.close();
    await app?.stop();
  });

  const open = (path: string) => pages.open(path, { language: 'vi' });
  const sidebarLink = (page: Page, name: string) =>
    page.getByRole('navigation', { name: 'Điều hướng chính' }).getByText(name, { exact: true });
  const leaveDialog = (page: Page) => page.locator('.ant-modal', { hasText: 'Rời trang' });
  const savedPost = (page: Page, method: 'POST' | 'PATCH') =>
    page.waitForResponse(
      (response) =>
        /\/api\/v1\/posts(\/\d+)?$/.test(new URL(response.url()).pathname) &&
        response.request().method() === method,
    );

  it('keeps a 1,600 px picture inside the text, asks before leaving unsaved work, saves on Ctrl+S', async () => {
    const { page, errors } = await open(`/posts/add-new-post/${typeId}`);
    await page.getByLabel('Tiêu đề', { exact: true }).fill('Hồ Tây buổi sớm');
    const picker = page.locator('.ant-modal').filter({ has: page.getByTestId('picker-choose') });
    const pick = async () => {
      await picker.locator('[data-testid="media-item"]', { hasText: 'toan-canh-ho.png' }).click();
      await picker.getByTestId('picker-choose').click();
      await picker.waitFor({ state: 'hidden' });
    };
    // The featured image, which this screen requires.
    await page
      .locator('.ant-card')
      .filter({ has: page.getByText('Ảnh đại diện') })
      .getByRole('button', { name: /Chọn/ })
      .first()
      .click();
    await pick();
    await page.getByRole('button', { name: 'Thêm phần nội dung' }).click();
    const editor = page.getByRole('textbox', { name: 'Phần 1: Nội dung' });
    await editor.click();
    await page.keyboard.type('Mặt hồ phẳng lặng.');
    await page.getByRole('button', { name: 'Ảnh từ thư viện' }).click();
    await pick();
    const picture = editor.locator('img');
    await picture.waitFor();
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBe(1600);
    const [pictureBox, editorBox] = await Promise.all([
      picture.boundingBox(),
      editor.boundingBox(),
    ]);
    expect(pictureBox!.width).toBeLessThanOrEqual(editorBox!.width);
    expect(pictureBox!.width).toBeGreaterThan(200);
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'editor-wide-picture');

    // A click in the sidebar with unsaved work asks; staying keeps every word.
    await sidebarLink(page, 'Tất cả bài viết').click();
    await leaveDialog(page).waitFor();
    await screenshot(page, 'editor-leave-dialog');
    await leaveDialog(page).getByRole('button', { name: 'Ở lại trang này' }).click();
    await leaveDialog(page).waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe(`/posts/add-new-post/${typeId}`);
    expect(await page.getByLabel('Tiêu đề', { exact: true }).inputValue()).toBe('Hồ Tây buổi sớm');

    // Ctrl+S in the text saves, and the editor moves to the saved post without asking.
    await editor.click();
    const created = savedPost(page, 'POST');
    await page.keyboard.press('Control+S');
    const body = (await (await created).json()) as {
      data: { id: number; contents: Array<{ content: string }> };
    };
    expect(body.data.contents[0]!.content).toMatch(/<img src="[^"]*\/api\/v1\/media\/files\//);
    await page.waitForURL(new RegExp(`/posts/edit/${typeId}/${body.data.id}$`));
    expect(await leaveDialog(page).isVisible()).toBe(false);

    // Saved: leaving does not ask.
    await sidebarLink(page, 'Tất cả bài viết').click();
    await page.waitForURL(new RegExp(`/posts/all-posts/${typeId}$`));
    expect(await leaveDialog(page).isVisible()).toBe(false);

    // Opened again and left untouched, it does not ask either.
    const editPath = `/posts/edit/${typeId}/${body.data.id}`;
    const title = page.getByLabel('Tiêu đề', { exact: true });
    await page.goto(`${app.baseUrl}${editPath}`);
    await expect.poll(() => title.inputValue()).toBe('Hồ Tây buổi sớm');
    await page.getByRole('button', { name: 'Về danh sách' }).click();
    await page.waitForURL(new RegExp(`/posts/all-posts/${typeId}$`));
    expect(await leaveDialog(page).isVisible()).toBe(false);

    // ⌘S (a Mac's keys) saves a change the same way.
    await page.goto(`${app.baseUrl}${editPath}`);
    await expect.poll(() => title.inputValue()).toBe('Hồ Tây buổi sớm');
    await title.fill('Hồ Tây buổi sớm mùa thu');
    const updated = savedPost(page, 'PATCH');
    await page.keyboard.press('Meta+S');
    expect(((await (await updated).json()) as { data: { title: string } }).data.title).toBe(
      'Hồ Tây buổi sớm mùa thu',
    );
    await page.getByRole('button', { name: 'Về danh sách' }).click();
    await page.waitForURL(new RegExp(`/posts/all-posts/${typeId}$`));

    // Closing the tab with unsaved work: the browser's own prompt.
    await page.goto(`${app.baseUrl}${editPath}`);
    await expect.poll(() => title.inputValue()).toBe('Hồ Tây buổi sớm mùa thu');
    await title.fill('Hồ Tây');
    // No prompt at all fails here, in ten seconds, rather than as the whole test's timeout.
    const asked = new Promise<string>((resolve) => {
      setTimeout(() => resolve('no prompt'), 10_000);
      page.once('dialog', (dialog) => {
        resolve(dialog.type());
        void dialog.dismiss();
      });
    });
    await page.close({ runBeforeUnload: true });
    expect(await asked).toBe('beforeunload');
    expect(errors).toEqual([]);
  });
});
