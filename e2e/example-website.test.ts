import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, startApp, type RunningApp } from './support/app-server';
import { hasChromium, launchChromium } from './support/chromium';
import { apiClient, apiLogin, openPage, screenshot, type TrackedPage } from './support/session';

type Saved = { data: Record<string, unknown> & { id: number } };

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(),
      );
    });
  });

/** Runs `node examples/website/server.mjs` as its README says, against the back office. */
const startWebsite = async (backOffice: string) => {
  const port = await freePort();
  let log = '';
  const child: ChildProcess = spawn(process.execPath, [join(ROOT, 'examples/website/server.mjs')], {
    cwd: ROOT,
    // One post a page, so the category's two posts make two pages.
    env: { ...process.env, BACKOFFICE_URL: backOffice, PORT: String(port), PER_PAGE: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the website exited:\n${log}`);
    const up = await fetch(url).then(
      () => true,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error(`the website did not start:\n${log}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { url, output: () => log, stop: () => child.kill('SIGTERM') };
};

describe.skipIf(!hasChromium)('the example website on the delivery API', () => {
  let app: RunningApp;
  let browser: Browser;
  let website: Awaited<ReturnType<typeof startWebsite>> | undefined;
  const opened: TrackedPage[] = [];

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchChromium()]);
    const admin = await apiLogin(app.baseUrl);
    const api = apiClient(app.baseUrl, admin);
    const save = async (path: string, body: unknown, method = 'POST') => {
      const answer = await api<Saved>(path, { method, body });
      if (answer.status >= 300)
        throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
      return answer.body?.data;
    };
    const type = await save('/types', {
      style: 'product',
      title: 'Sản phẩm',
      slug: 'san-pham',
      features: ['category', 'related', 'seo'].map((key) => ({ key, name: key, enabled: true })),
    });
    const category = await save('/categories', {
      type_id: type.id,
      title: 'Điện thoại',
      slug: 'dien-thoai',
    });
    const discount = await save('/discounts', {
      title: 'Giảm 10%',
      start_at: new Date(Date.now() + 60_000).toISOString(),
      end_at: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      config: [{ quantity: 1, discount: 10, type: 'percent' }],
    });
    // The API takes no start in the past; the discount is to apply from now on.
    const db = new Database(join(app.dataDir, 'backoffice.db'));
    try {
      db.prepare('update discounts set start_at = ? where id = ?').run(
        new Date(Date.now() - 60_000).toISOString(),
        discount.id,
      );
    } finally {
      db.close();
    }
    const older = await save('/posts', {
      type_id: type.id,
      title: 'Điện thoại cũ',
      slug: 'dien-thoai-cu',
      status: 'published',
      category_ids: [category.id],
      product: { price: 5_000_000 },
    });
    await save('/posts', {
      type_id: type.id,
      title: 'Điện thoại <Pro>',
      slug: 'dien-thoai-pro',
      description: 'Mẫu mới nhất',
      status: 'published',
      category_ids: [category.id],
      related_ids: [older.id],
      seo: { title: 'Điện thoại Pro giá tốt', description: 'Mua ngay', keywords: ['pro'] },
      product: { price: 30_000_000, discount_id: discount.id },
    });
    await save('/menus', {
      key: 'main',
      title: 'Menu chính',
      items: [
        { type: 'custom', url: '/', title: 'Trang chủ' },
        { type: 'category', ref_id: category.id, title: 'Điện thoại' },
      ],
    });
    // The slide's picture is the back office's: the website shows it from there.
    const picture = await sharp({
      create: { width: 480, height: 160, channels: 3, background: '#2e86de' },
    })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(picture)]), 'slide.png');
    const uploaded = (await (
      await fetch(`${app.baseUrl}/api/v1/media?area=slider`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${admin.access_token}`, Accept: 'application/json' },
        body: form,
      })
    ).json()) as { data: { url: string } };
    await save('/sliders', {
      key: 'home',
      title: 'Trang chủ',
      items: [{ image: uploaded.data.url, title: 'Khuyến mãi tháng 12' }],
    });
    const footer = await save('/widgets', {
      key: 'footer',
      title: 'Liên hệ',
      type: 'footer',
      settings: { fields: [{ key: 'hotline', title: 'Hotline', style: 'text' }] },
    });
    await save(`/widgets/${footer.id}/value`, { value: { hotline: '1900 1234' } }, 'PATCH');
    await save('/redirects', { source: '/dt-pro', destination: '/san-pham/dien-thoai-pro' });
    website = await startWebsite(app.baseUrl);
  });

  afterAll(async () => {
    for (const tracked of opened) await tracked.context.close().catch(() => undefined);
    website?.stop();
    await browser?.close();
    await app?.stop();
  });

  it('opens the home page, follows the menu to the category and on to the product with its sale price and SEO title', async () => {
    const tracked = await openPage(browser, { language: 'vi' });
    opened.push(tracked);
    const { page } = tracked;
    await page.goto(website!.url);
    await page.getByRole('heading', { name: 'Khuyến mãi tháng 12' }).waitFor();
    await expect
      .poll(() =>
        page
          .getByRole('img', { name: 'Khuyến mãi tháng 12' })
          .evaluate((img) => (img as HTMLImageElement).naturalWidth),
      )
      .toBe(480);
    await page.getByText('1900 1234').waitFor();
    await screenshot(page, 'example-website-home');

    await page
      .getByRole('navigation', { name: 'Menu chính' })
      .getByRole('link', { name: 'Điện thoại' })
      .click();
    await page.waitForURL(`${website!.url}/san-pham/category/dien-thoai`);
    await page.getByRole('heading', { level: 1, name: 'Điện thoại' }).waitFor();
    await screenshot(page, 'example-website-category');
    // Newest first: the older post is on the second page.
    const pages = page.getByRole('navigation', { name: 'Trang' });
    await pages.getByRole('link', { name: '2' }).click();
    await page.getByRole('link', { name: 'Điện thoại cũ' }).waitFor();
    await pages.getByRole('link', { name: '1' }).click();

    await page.getByRole('link', { name: 'Điện thoại <Pro>' }).click();
    await page.waitForURL(`${website!.url}/san-pham/dien-thoai-pro`);
    // The title is shown as text, not read as markup.
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Điện thoại <Pro>');
    expect(await page.locator('article').getByTestId('sale-price').textContent()).toBe(
      '27.000.000 đ',
    );
    expect(await page.title()).toBe('Điện thoại Pro giá tốt');
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toBe('Mua ngay');
    await page.getByRole('link', { name: 'Điện thoại cũ' }).waitFor();
    await screenshot(page, 'example-website-product');

    // An old address is sent on to where the back office says it went.
    await page.goto(`${website!.url}/dt-pro`);
    expect(page.url()).toBe(`${website!.url}/san-pham/dien-thoai-pro`);
    const missing = await fetch(`${website!.url}/khong-co-trang-nay`, { redirect: 'manual' });
    expect(missing.status).toBe(404);
    expect(tracked.errors).toEqual([]);
  });
});
