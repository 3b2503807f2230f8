import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeImage, makeNoiseJpeg } from '../apps/api/src/modules/media/test-fixtures';
import { startApp, type RunningApp } from './support/app-server';
import { hasChromium, launchChromium } from './support/chromium';
import { apiClient, apiLogin, screenshot, type Tokens, signedInPages } from './support/session';

type MediaRecord = {
  id: number;
  name: string;
  url: string;
  type: string;
  width: number | null;
  height: number | null;
};

/** Uploads through the API (fixtures for the tests that are not about uploading). */
const apiUpload = async (
  baseUrl: string,
  tokens: Tokens,
  name: string,
  content: Buffer,
  area?: string,
) => {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(content)]), name);
  const response = await fetch(`${baseUrl}/api/v1/media${area ? `?area=${area}` : ''}`, {
    method: 'POST',
    headers: {
      Authorization: `${tokens.token_type} ${tokens.access_token}`,
      Accept: 'application/json',
    },
    body: form,
  });
  if (response.status !== 201)
    throw new Error(`upload failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: MediaRecord }).data;
};

describe.skipIf(!hasChromium)('media library in the browser', () => {
  let app: RunningApp;
  let browser: Browser;
  let tokens: Tokens;
  const pages = signedInPages(
    () => browser,
    () => app.baseUrl,
    () => tokens,
  );

  const listMedia = async (query = '') =>
    (await apiClient(app.baseUrl, tokens)<{ data: MediaRecord[] }>(`/media?limit=100${query}`)).body
      .data;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchChromium()]);
    tokens = await apiLogin(app.baseUrl);
  });

  afterAll(async () => {
    await pages.close();
    await browser?.close();
    await app?.stop();
  });

  it('uploads by the file picker with a progress bar per file', async () => {
    const { page, context } = await pages.open('/media');
    await page.getByTestId('media-add').click();
    // A slow uplink (about 1 MB/s) so that the progress is seen between 0 and 100.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 1024 * 1024,
    });
    const photo = await makeNoiseJpeg(1400, 1000, 95);
    const seen = new Set<string>();
    await page
      .locator('[data-testid="media-dropzone"] input[type="file"], .ant-upload input[type="file"]')
      .first()
      .setInputFiles([
        { name: 'sunset.jpg', mimeType: 'image/jpeg', buffer: photo },
        { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('Ghi chú\n') },
      ]);
    const row = page.locator('[data-testid="upload-row"]', { hasText: 'sunset.jpg' });
    await expect
      .poll(
        async () => {
          const percent = await row.getAttribute('data-percent');
          if (percent) seen.add(percent);
          return row.getAttribute('data-status');
        },
        { timeout: 30_000, interval: 50 },
      )
      .toBe('done');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    const midway = [...seen].map(Number).filter((p) => p > 0 && p < 100);
    expect(midway.length).toBeGreaterThan(0);
    await expect
      .poll(() => page.locator('[data-testid="upload-row"][data-status="done"]').count())
      .toBe(2);
    await expect
      .poll(() => page.locator('[data-testid="media-item"]', { hasText: 'sunset.jpg' }).count())
      .toBe(1);
    await screenshot(page, 'media-upload');
    const names = (await listMedia()).map((m) => m.name);
    expect(names).toEqual(expect.arrayContaining(['sunset.jpg', 'notes.txt']));
  });

  it('crops, rotates and flips an image and saves it as a new file, keeping the original', async () => {
    const original = await apiUpload(
      app.baseUrl,
      tokens,
      'crop-me.png',
      await makeImage('png', 800, 600),
    );
    const before = (await listMedia()).length;
    const { page } = await pages.open('/media/media-library');
    await page.locator(`[data-testid="media-item"][data-media-id="${original.id}"]`).click();
    await page.getByTestId('media-edit-image').click();
    await page.getByTestId('image-editor').locator('img').waitFor();
    await page.getByRole('button', { name: 'Rotate right' }).click();
    await page.getByRole('button', { name: 'Flip horizontally' }).click();
    await page.getByText('1:1', { exact: true }).click();
    // the crop frame turns square once the ratio is applied
    await expect
      .poll(async () => {
        const frame = await page
          .getByTestId('image-editor')
          .locator('.reactEasyCrop_CropArea')
          .boundingBox();
        return frame !== null && Math.abs(frame.width - frame.height) <= 1;
      })
      .toBe(true);
    await screenshot(page, 'media-editor');
    await page.getByTestId('editor-save').click();
    await page.getByText('The edited image was saved as a new file.').waitFor();
    const after = await listMedia();
    expect(after.length).toBe(before + 1);
    const edited = after.find((m) => m.name === 'crop-me-edited.png');
    expect(edited).toMatchObject({ type: 'image/png' });
    expect(edited!.width).toBe(edited!.height);
    expect(after.some((m) => m.id === original.id)).toBe(true);
  });

  it('renames in the details modal and deletes several files, one request each', async () => {
    const one = await apiUpload(app.baseUrl, tokens, 'bulk-1.txt', Buffer.from('1'));
    const two = await apiUpload(app.baseUrl, tokens, 'bulk-2.txt', Buffer.from('2'));
    const keep = await apiUpload(app.baseUrl, tokens, 'keep.txt', Buffer.from('3'));
    const { page } = await pages.open('/media');
    await page.locator(`[data-testid="media-item"][data-media-id="${keep.id}"]`).click();
    await page.getByText(new URL(keep.url, app.baseUrl).toString()).waitFor();
    await screenshot(page, 'media-details');
    await page.getByTestId('media-title-input').fill('Kept file');
    await page.getByRole('button', { name: 'Save title' }).click();
    await expect
      .poll(async () => (await listMedia()).find((m) => m.id === keep.id)?.name)
      .toBe('Kept file');

    const deletes: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'DELETE') deletes.push(new URL(request.url()).pathname);
    });
    await page.getByRole('button', { name: 'Select' }).click();
    await page.locator(`[data-testid="media-item"][data-media-id="${one.id}"]`).click();
    await page.locator(`[data-testid="media-item"][data-media-id="${two.id}"]`).click();
    await page.getByTestId('media-bulk-delete').click();
    await page.getByRole('button', { name: 'OK' }).waitFor();
    await page.getByRole('button', { name: 'OK' }).click();
    await expect
      .poll(
        async () => (await listMedia()).filter((m) => m.id === one.id || m.id === two.id).length,
      )
      .toBe(0);
    expect(deletes.sort()).toEqual([`/api/v1/media/${one.id}`, `/api/v1/media/${two.id}`].sort());
    expect((await listMedia()).some((m) => m.id === keep.id)).toBe(true);
  });

  it('says where a file is shown before it is deleted, and that nothing shows an unused one', async () => {
    const api = apiClient(app.baseUrl, tokens);
    const logo = await apiUpload(app.baseUrl, tokens, 'logo-cua-hang.png', await makeImage('png'));
    const spare = await apiUpload(app.baseUrl, tokens, 'anh-thua.png', await makeImage('png'));
    const type = await api<{ data: { id: number } }>('/types', {
      method: 'POST',
      body: { style: 'article', title: 'Tin cửa hàng' },
    });
    expect(
      (
        await api('/posts', {
          method: 'POST',
          body: {
            type_id: type.body.data.id,
            title: 'Khai trương chi nhánh mới',
            avatar: logo.url,
          },
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await api('/settings', {
          method: 'PATCH',
          body: { settings: [{ key: 'site_logo', value: logo.url }] },
        })
      ).status,
    ).toBe(200);

    const { page, errors } = await pages.open('/media', { language: 'vi' });
    await page.locator(`[data-testid="media-item"][data-media-id="${logo.id}"]`).click();
    const usage = page.getByTestId('media-usage');
    await usage.getByText('Số chỗ đang dùng tệp này: 2.', { exact: false }).waitFor();
    await usage.getByText('Bài viết: “Khai trương chi nhánh mới”').waitFor();
    await usage.getByText('Cài đặt: “Logo (giao diện sáng)”').waitFor();
    await page.getByRole('button', { name: 'Xóa vĩnh viễn' }).click();
    await page
      .locator('.ant-popconfirm')
      .getByText('Tệp đang được dùng ở 2 chỗ trên website', { exact: false })
      .waitFor();
    await screenshot(page, 'media-delete-in-use');
    // Kept when the confirm is declined.
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Hủy' }).click();
    expect((await listMedia()).some((m) => m.id === logo.id)).toBe(true);

    await page.locator('.ant-modal-close').click();
    await page.locator('.ant-modal').waitFor({ state: 'detached' });
    // Several at once: the confirm says how many of them the website shows.
    await page.getByRole('button', { name: /Chọn$/ }).click();
    await page.locator(`[data-testid="media-item"][data-media-id="${logo.id}"]`).click();
    await page.locator(`[data-testid="media-item"][data-media-id="${spare.id}"]`).click();
    await page.getByTestId('media-bulk-delete').click();
    const bulk = page.locator('.ant-modal-confirm');
    await bulk
      .getByText('Có 1 tệp trong số này đang được dùng trên website', { exact: false })
      .waitFor();
    await bulk.getByRole('button', { name: 'Hủy' }).click();
    await bulk.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Bỏ chọn' }).click();
    await page.locator(`[data-testid="media-item"][data-media-id="${spare.id}"]`).click();
    await page.getByText('Không trang nào của website dùng tệp này.').waitFor();
    await page.getByRole('button', { name: 'Xóa vĩnh viễn' }).click();
    const confirm = page.locator('.ant-popconfirm');
    await confirm.getByText('Tệp sẽ bị xóa khỏi kho lưu trữ', { exact: false }).waitFor();
    await confirm.getByRole('button', { name: /OK|Đồng ý|Xóa/ }).click();
    await expect.poll(async () => (await listMedia()).some((m) => m.id === spare.id)).toBe(false);
    expect(errors).toEqual([]);
  });

  it('loads more of the grid as it scrolls', async () => {
    await Promise.all(
      Array.from({ length: 45 }, (_, i) =>
        apiUpload(app.baseUrl, tokens, `scroll-${i}.txt`, Buffer.from(`file ${i}`), 'scroll'),
      ),
    );
    const { page } = await pages.open('/media');
    await page.locator('[data-testid="media-item"]').first().waitFor();
    const total = (await listMedia()).length;
    expect(total).toBeGreaterThan(45);
    expect(await page.locator('[data-testid="media-item"]').count()).toBe(40);
    await page.mouse.wheel(0, 20_000);
    await expect
      .poll(() => page.locator('[data-testid="media-item"]').count())
      .toBe(Math.min(total, 80));
  });

  it('picks several images from the popup and returns their URLs to the opener', async () => {
    const a = await apiUpload(
      app.baseUrl,
      tokens,
      'pick-a.png',
      await makeImage('png', 200, 200),
      'sliders',
    );
    const b = await apiUpload(
      app.baseUrl,
      tokens,
      'pick-b.webp',
      await makeImage('webp', 200, 200),
      'sliders',
    );
    await apiUpload(
      app.baseUrl,
      tokens,
      'other-area.png',
      await makeImage('png', 100, 100),
      'posts',
    );
    const { page, context } = await pages.open('/dashboard');
    // The opener side of the documented protocol (components/media-picker/picker-protocol.ts).
    const popupPromise = context.waitForEvent('page');
    await page.evaluate(() => {
      const requestId = 'req-1';
      const popup = window.open(
        `/media/picker?request_id=${requestId}&multiple=1&type=image&area=sliders`,
        'picker',
        'popup=yes,width=1000,height=800',
      );
      (window as unknown as { __picked: Promise<unknown> }).__picked = new Promise((resolve) => {
        window.addEventListener('message', (event) => {
          if (event.origin !== window.location.origin || event.source !== popup) return;
          if (
            event.data?.source !== 'backoffice-media-picker' ||
            event.data.request_id !== requestId
          )
            return;
          resolve(event.data);
        });
      });
    });
    const popup: Page = await popupPromise;
    await popup.waitForLoadState();
    // The whole library by default: a file of another area is offered too.
    await popup.locator('[data-testid="media-item"]', { hasText: 'other-area.png' }).waitFor();
    // The area is a filter the user chooses, by its name.
    await popup.getByRole('combobox', { name: 'Area' }).click();
    await popup.locator('.ant-select-item-option', { hasText: 'Sliders' }).click();
    await expect
      .poll(() =>
        popup
          .locator('[data-testid="media-item"]')
          .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('title')).sort()),
      )
      .toEqual(['pick-a.png', 'pick-b.webp']);
    await popup.locator(`[data-media-id="${b.id}"]`).click();
    await popup.locator(`[data-media-id="${a.id}"]`).click();
    await screenshot(popup, 'media-picker-popup');
    // The popup closes itself once it has answered; a click whose page goes away under it may
    // be reported as failed (it happened under load), which is only a failure if it stayed.
    const closed = popup.waitForEvent('close');
    await popup
      .getByTestId('picker-choose')
      .click()
      .catch((error: unknown) => {
        if (!popup.isClosed()) throw error;
      });
    await closed;
    const message = (await page.evaluate(
      () => (window as unknown as { __picked: Promise<unknown> }).__picked,
    )) as {
      type: string;
      urls: string[];
      items: Array<{ id: number }>;
    };
    expect(message.type).toBe('select');
    expect(message.items.map((i) => i.id)).toEqual([b.id, a.id]);
    expect(message.urls).toEqual([
      new URL(b.url, app.baseUrl).toString(),
      new URL(a.url, app.baseUrl).toString(),
    ]);
    for (const url of message.urls) expect((await fetch(url)).status).toBe(200);
  });
});
