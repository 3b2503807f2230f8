import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from './support/app-server';
import { axeViolations } from './support/axe';
import { hasChromium, launchChromium } from './support/chromium';
import { apiClient, apiLogin, screenshot, type Tokens, signedInPages } from './support/session';

type Saved = { data: Record<string, unknown> & { id: number } };

/**
 * A website of its own (SITE_URL): it reads a post from the back office's delivery API,
 * passing the preview token on, and prints its title; a draft without a token is its 404.
 */
const startWebsite = (backOffice: () => string) =>
  new Promise<Server>((resolve) => {
    const server = createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://website');
      const preview = url.searchParams.get('preview');
      const api = `${backOffice()}/api/v1/public/posts${url.pathname}${
        preview ? `?preview=${encodeURIComponent(preview)}` : ''
      }`;
      void fetch(api).then(async (answer) => {
        const post = answer.ok ? ((await answer.json()) as { data: { title: string } }).data : null;
        response.writeHead(answer.ok ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
        response.end(
          `<!doctype html><html lang="vi"><head><title>${post?.title ?? 'Không tìm thấy'}</title></head>` +
            `<body><main><h1>${post?.title ?? 'Không tìm thấy'}</h1></main></body></html>`,
        );
      });
    });
    server.listen(0, '127.0.0.1', () => resolve(server));
  });

describe.skipIf(!hasChromium)('previewing a post on the website', () => {
  let app: RunningApp;
  let website: Server;
  let browser: Browser;
  let admin: Tokens;
  let api: ReturnType<typeof apiClient>;
  const pages = signedInPages(
    () => browser,
    () => app.baseUrl,
    () => admin,
  );

  beforeAll(async () => {
    website = await startWebsite(() => app.baseUrl);
    const siteUrl = `http://127.0.0.1:${(website.address() as AddressInfo).port}`;
    [app, browser] = await Promise.all([
      startApp({ env: { SITE_URL: siteUrl } }),
      launchChromium(),
    ]);
    admin = await apiLogin(app.baseUrl);
    api = apiClient(app.baseUrl, admin);
  });

  afterAll(async () => {
    await pages.close();
    await browser?.close();
    await app?.stop();
    await new Promise((resolve) => website?.close(resolve));
  });

  it('opens the website with a token that shows the draft as saved', async () => {
    const type = (
      await api<Saved>('/types', { method: 'POST', body: { style: 'article', title: 'Tin tức' } })
    ).body.data;
    const draft = (
      await api<Saved>('/posts', {
        method: 'POST',
        body: { type_id: type.id, title: 'Bản nháp chưa đăng', slug: 'ban-nhap' },
      })
    ).body.data;

    const { page, context, errors } = await pages.open(`/posts/edit/${type.id}/${draft.id}`, {
      language: 'vi',
    });
    const preview = page.getByRole('button', { name: 'Xem trước' });
    await preview.waitFor();
    // The publish box offers the date a post appears on.
    await page.getByLabel('Ngày đăng').waitFor();
    await screenshot(page, 'post-preview-editor');
    expect(await axeViolations(page)).toEqual([]);

    const [site] = await Promise.all([context.waitForEvent('page'), preview.click()]);
    await site.waitForLoadState();
    const address = new URL(site.url());
    expect(`${address.origin}${address.pathname}`).toBe(
      `http://127.0.0.1:${(website.address() as AddressInfo).port}/${type.slug as string}/ban-nhap`,
    );
    expect(address.searchParams.get('preview')).toMatch(/^\d+\.\d+\./);
    await expect
      .poll(() => site.getByRole('heading', { level: 1 }).textContent())
      .toBe('Bản nháp chưa đăng');
    await screenshot(site, 'post-preview-website');

    // Without the token the draft is not on the website.
    const bare = await fetch(`${address.origin}${address.pathname}`);
    expect(bare.status).toBe(404);
    expect(errors).toEqual([]);
  });

  it('schedules a post from the publish box: saved as published, on the website only from that moment', async () => {
    const type = (
      await api<Saved>('/types', { method: 'POST', body: { style: 'article', title: 'Sự kiện' } })
    ).body.data;
    // The editor's form asks for a picture before it saves.
    const picture = await sharp({
      create: { width: 160, height: 100, channels: 3, background: '#e67e22' },
    })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(picture)]), 'khai-truong.png');
    const uploaded = (await (
      await fetch(`${app.baseUrl}/api/v1/media?area=posts`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${admin.access_token}`, Accept: 'application/json' },
        body: form,
      })
    ).json()) as { data: { url: string } };
    const post = (
      await api<Saved>('/posts', {
        method: 'POST',
        body: {
          type_id: type.id,
          title: 'Khai trương',
          slug: 'khai-truong',
          avatar: uploaded.data.url,
          images: [uploaded.data.url],
        },
      })
    ).body.data;
    const { page, errors } = await pages.open(`/posts/edit/${type.id}/${post.id}`, {
      language: 'vi',
    });
    const saves: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PATCH' && request.url().endsWith(`/api/v1/posts/${post.id}`))
        saves.push(request.url());
    });
    const date = page.getByLabel('Ngày đăng');
    await date.click();
    await date.fill('31/12/2030 08:00');
    await date.press('Enter');
    // Enter takes the typed date and does not send the form: it saved the post as it stood,
    // and a Publish pressed during that save went to a busy button and was lost
    await expect.poll(() => date.inputValue()).toBe('31/12/2030 08:00');
    await page.locator('.ant-picker-dropdown:visible').waitFor({ state: 'hidden' });
    await page.waitForTimeout(300);
    expect(saves).toEqual([]);
    const published = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === `/api/v1/posts/${post.id}` &&
        response.request().method() === 'PATCH',
    );
    await page.getByRole('button', { name: 'Đăng bài' }).click();
    expect((await published).status()).toBe(200);
    await expect
      .poll(async () => (await api<Saved>(`/posts/${post.id}`)).body.data.status)
      .toBe('published');
    const saved = (await api<Saved>(`/posts/${post.id}`)).body.data;
    // 08:00 on the shop's clock (UTC+7), not the browser's (New York), stored in UTC
    expect(new Date(saved.published_at as string).toISOString()).toBe('2030-12-31T01:00:00.000Z');
    await page.reload();
    await page
      .getByText(/Đã hẹn giờ: bài sẽ hiện trên website lúc 08:00 31 thg 12, 2030/)
      .waitFor();
    expect(await date.inputValue()).toBe('31/12/2030 08:00');
    await page.getByRole('button', { name: 'Hẹn giờ đăng' }).waitFor();
    await screenshot(page, 'post-scheduled-editor');
    const publicPost = await fetch(
      `${app.baseUrl}/api/v1/public/posts/${type.slug as string}/khai-truong`,
    );
    expect(publicPost.status).toBe(404);
    expect(errors).toEqual([]);
  });
});
