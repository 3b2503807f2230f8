import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from './support/app-server';
import { seriousViolations } from './support/axe';
import { hasChromium, launchChromium } from './support/chromium';
import {
  apiClient,
  apiLogin,
  openPage,
  screenshot,
  storeSession,
  type Tokens,
  type TrackedPage,
} from './support/session';

type Saved = { data: Record<string, unknown> & { id: number } };

const features = (keys: string[]) =>
  keys.map((key) => ({ key, name: key === 'category' ? 'Chuyên mục' : '', enabled: true }));
const ALL_FEATURES = features([
  'category',
  'group',
  'trademark',
  'related',
  'seo',
  'fields',
  'images',
  'contents',
]);
const SHOP_FEATURES = features(['category', 'seo', 'contents']);

describe.skipIf(!hasChromium)('posts in the browser', () => {
  let app: RunningApp;
  let browser: Browser;
  let admin: Tokens;
  let api: ReturnType<typeof apiClient>;
  const types = { article: 0, product: 0, course: 0 };
  let categoryId = 0;
  let imageId = 0;
  let agencyId = 0;
  const opened: TrackedPage[] = [];

  const upload = async (name: string, colour: string) => {
    const picture = await sharp({
      create: { width: 320, height: 200, channels: 3, background: colour },
    })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(picture)]), name);
    const uploaded = await fetch(`${app.baseUrl}/api/v1/media?area=posts`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${admin.access_token}`, Accept: 'application/json' },
      body: form,
    });
    return ((await uploaded.json()) as { data: { id: number } }).data.id;
  };

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchChromium()]);
    admin = await apiLogin(app.baseUrl);
    api = apiClient(app.baseUrl, admin);
    for (const style of ['article', 'product', 'course'] as const) {
      const created = await api<Saved>('/types', {
        method: 'POST',
        body: {
          style,
          title: { article: 'Tin tức', product: 'Cà phê', course: 'Khóa học' }[style],
          features: style === 'article' ? ALL_FEATURES : SHOP_FEATURES,
        },
      });
      types[style] = created.body.data.id;
    }
    categoryId = (
      await api<Saved>('/categories', {
        method: 'POST',
        body: { type_id: types.article, title: 'Du lịch' },
      })
    ).body.data.id;
    agencyId = (await api<Saved>('/agencies', { method: 'POST', body: { name: 'Đại lý Đà Lạt' } }))
      .body.data.id;
    imageId = await upload('ho-xuan-huong.png', '#2e86de');
  });

  afterAll(async () => {
    for (const tracked of opened) await tracked.context.close().catch(() => undefined);
    await browser?.close();
    await app?.stop();
  });

  const open = async (path: string, look: { theme?: 'light' | 'dark' } = {}) => {
    const tracked = await openPage(browser, { language: 'vi' });
    opened.push(tracked);
    await storeSession(tracked.context, app.baseUrl, admin, 'vi');
    if (look.theme)
      await tracked.context.addInitScript(
        (theme) => window.localStorage.setItem('theme', theme),
        look.theme,
      );
    await tracked.page.goto(`${app.baseUrl}${path}`);
    return tracked.page;
  };

  /** Picks the uploaded image in the picker that `opener` opens. */
  const pickImage = async (page: Page, opener: ReturnType<Page['locator']>) => {
    await opener.click();
    const modal = page.locator('.ant-modal').filter({ has: page.getByTestId('picker-choose') });
    await modal.locator(`[data-testid="media-item"][data-media-id="${imageId}"]`).click();
    await modal.getByTestId('picker-choose').click();
    await modal.waitFor({ state: 'hidden' });
  };

  const savedPost = (page: Page, method: 'POST' | 'PATCH') =>
    page.waitForResponse(
      (response) =>
        /\/api\/v1\/posts(\/\d+)?$/.test(new URL(response.url()).pathname) &&
        response.request().method() === method,
    );

  it('writes an article in Vietnamese: live slug, category, picker images, a rich section, SEO keywords', async () => {
    const page = await open(`/posts/add-new-post/${types.article}`);
    await page.getByLabel('Tiêu đề', { exact: true }).fill('Đường về Hồ Xuân Hương');
    await expect
      .poll(() => page.getByLabel('Đường dẫn tĩnh').inputValue())
      .toBe('duong-ve-ho-xuan-huong');
    await page.getByLabel('Mô tả ngắn').fill('Một buổi sáng quanh hồ ở Đà Lạt');
    // The renamed category feature shows under its own name.
    await page.getByText('Chuyên mục', { exact: true }).first().waitFor();
    await page.getByRole('checkbox', { name: 'Du lịch' }).first().check();

    // The featured image and the image list are required on this screen.
    await page.getByRole('button', { name: 'Lưu', exact: true }).click();
    await page.getByText('Vui lòng chọn hình ảnh!').waitFor();
    await page.getByText('Vui lòng chọn ít nhất 1 hình ảnh!').waitFor();
    const imagesBox = page.locator('.ant-card').filter({ has: page.getByText('Ảnh đại diện') });
    await pickImage(page, imagesBox.getByRole('button', { name: /Chọn/ }).first());
    await pickImage(page, imagesBox.getByRole('button', { name: /Chọn/ }).last());

    await page.getByRole('button', { name: 'Thêm phần nội dung' }).click();
    await page.getByLabel('Tiêu đề phần').fill('Buổi sáng');
    const editor = page.getByRole('textbox', { name: 'Phần 1: Nội dung' });
    await editor.click();
    await page.keyboard.type('Sương mù trên mặt hồ rất đẹp');
    // select the last two words and make them bold from the toolbar, then go on after them
    for (let i = 0; i < 'rất đẹp'.length; i++) await page.keyboard.press('Shift+ArrowLeft');
    await page.getByRole('button', { name: 'In đậm' }).click();
    await expect.poll(() => editor.locator('strong').textContent()).toBe('rất đẹp');
    await editor.press('End');
    await pickImage(page, page.getByRole('button', { name: 'Ảnh từ thư viện' }));

    const keywords = page.getByLabel('Từ khóa', { exact: true });
    await keywords.fill('đà lạt');
    await keywords.press('Enter');
    await keywords.fill('hồ xuân hương');
    await keywords.press('Enter');
    await screenshot(page, 'post-editor-light');
    expect(await seriousViolations(page)).toEqual([]);

    const saved = savedPost(page, 'POST');
    await page.getByRole('button', { name: 'Đăng bài' }).last().click();
    const body = (await (await saved).json()) as Saved;
    expect(body.data).toMatchObject({
      title: 'Đường về Hồ Xuân Hương',
      slug: 'duong-ve-ho-xuan-huong',
      status: 'published',
      category_ids: [categoryId],
      primary_category_id: categoryId,
      seo: { keywords: ['đà lạt', 'hồ xuân hương'] },
    });
    expect(body.data.avatar).toMatch(/\/api\/v1\/media\/files\//);
    expect(body.data.images).toEqual([expect.stringMatching(/\/api\/v1\/media\/files\//)]);
    const section = (body.data.contents as Array<{ title: string; content: string }>)[0]!;
    expect(section.title).toBe('Buổi sáng');
    expect(section.content).toContain('<strong>rất đẹp</strong>');
    expect(section.content).toMatch(/<img src="[^"]*\/api\/v1\/media\/files\//);
    await page.waitForURL(new RegExp(`/posts/edit/${types.article}/${body.data.id}$`));
  });

  it('creates a product with its code, price and an agency price', async () => {
    const page = await open(`/posts/add-new-post/${types.product}`);
    await page.getByLabel('Tiêu đề', { exact: true }).fill('Cà phê sữa đá');
    await page.getByLabel('Mã sản phẩm').fill('CF-SUA-DA');
    await page.getByLabel('Giá', { exact: true }).fill('45000');
    await page.getByRole('button', { name: 'Thêm giá đại lý' }).click();
    await page.getByLabel('Giá đại lý 1: Đại lý').click();
    await page.getByTitle('Đại lý Đà Lạt').click();
    const imagesBox = page.locator('.ant-card').filter({ has: page.getByText('Ảnh đại diện') });
    await pickImage(page, imagesBox.getByRole('button', { name: /Chọn/ }).first());
    const saved = savedPost(page, 'POST');
    await page.getByRole('button', { name: 'Lưu', exact: true }).click();
    const body = (await (await saved).json()) as Saved;
    expect(body.data.product).toMatchObject({
      code: 'CF-SUA-DA',
      price: 45000,
      agency_prices: [{ agency_id: agencyId, price: 0 }],
    });
    expect(body.data.status).toBe('draft');
  });

  it('creates a course, refusing the same lesson twice in a chapter with the spec’s text', async () => {
    const page = await open(`/posts/add-new-post/${types.course}`);
    await page.getByLabel('Tiêu đề', { exact: true }).fill('Lập trình cho người mới');
    await page.getByLabel('Thời lượng (phút)').first().fill('90');
    await page.getByText('1 giờ 30 phút').waitFor();
    await page.getByRole('button', { name: 'Thêm chương' }).click();
    await page.getByLabel('Tiêu đề chương').fill('Làm quen');
    const chapter = page.locator('.ant-card', { hasText: 'Chương 1' }).first();
    await chapter.getByRole('button', { name: 'Thêm bài học' }).click();
    await chapter.getByRole('button', { name: 'Thêm bài học' }).click();
    const lessonTitles = page.getByLabel('Tiêu đề bài học');
    await lessonTitles.nth(0).fill('Cài đặt');
    await lessonTitles.nth(1).fill('cài đặt ');
    await page.getByRole('button', { name: 'Lưu', exact: true }).click();
    await page.getByText('Bài học này đã tồn tại').waitFor();
    await lessonTitles.nth(1).fill('Chương trình đầu tiên');
    const imagesBox = page.locator('.ant-card').filter({ has: page.getByText('Ảnh đại diện') });
    await pickImage(page, imagesBox.getByRole('button', { name: /Chọn/ }).first());
    const saved = savedPost(page, 'POST');
    await page.getByRole('button', { name: 'Lưu', exact: true }).click();
    const body = (await (await saved).json()) as Saved;
    expect(body.data.course).toMatchObject({
      duration: 90,
      chapters: [
        { title: 'Làm quen', lessons: [{ title: 'Cài đặt' }, { title: 'Chương trình đầu tiên' }] },
      ],
    });
  });

  it('offers back a draft kept in the browser after the page was closed without saving', async () => {
    const page = await open(`/posts/add-new-post/${types.product}`);
    await page.getByLabel('Tiêu đề', { exact: true }).fill('Bánh mì chưa lưu');
    await expect
      .poll(() =>
        page.evaluate((key) => window.localStorage.getItem(key), `post-draft:${types.product}:new`),
      )
      .toContain('Bánh mì chưa lưu');
    await page.reload();
    await page.getByText(/bản nháp chưa lưu/).waitFor();
    await page.getByRole('button', { name: 'Khôi phục bản nháp' }).click();
    await expect
      .poll(() => page.getByLabel('Tiêu đề', { exact: true }).inputValue())
      .toBe('Bánh mì chưa lưu');
  });

  it('lets the second person choose between reloading and overwriting when the post changed meanwhile', async () => {
    const created = await api<Saved>('/posts', {
      method: 'POST',
      body: { type_id: types.product, title: 'Trà sữa', avatar: '/favicon.ico' },
    });
    const id = created.body.data.id;
    const page = await open(`/posts/edit/${types.product}/${id}`);
    await expect
      .poll(() => page.getByLabel('Tiêu đề', { exact: true }).inputValue())
      .toBe('Trà sữa');
    // Someone else saves first.
    await api(`/posts/${id}`, {
      method: 'PATCH',
      body: { title: 'Trà sữa trân châu', version: 1 },
    });
    await page.getByLabel('Tiêu đề', { exact: true }).fill('Trà sữa matcha');
    await page.getByRole('button', { name: 'Lưu', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Người khác đã lưu bài viết này' });
    await dialog.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    const saved = savedPost(page, 'PATCH');
    await dialog.getByRole('button', { name: 'Ghi đè bằng bản của tôi' }).click();
    expect((await (await saved).json()) as Saved).toMatchObject({
      data: { title: 'Trà sữa matcha', version: 3 },
    });
  });

  it('shows the editor in the dark theme', async () => {
    const page = await open(`/posts/add-new-post/${types.course}`, { theme: 'dark' });
    await page.getByLabel('Tiêu đề', { exact: true }).fill('Khóa học buổi tối');
    await page.getByRole('button', { name: 'Thêm chương' }).click();
    await screenshot(page, 'post-editor-dark');
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('changes the status of several posts and deletes several, each after a confirm', async () => {
    for (const title of ['Tin một', 'Tin hai', 'Tin ba'])
      await api('/posts', {
        method: 'POST',
        body: { type_id: types.article, title, category_ids: [categoryId] },
      });
    const page = await open(`/posts/all-posts/${types.article}`);
    await page.getByText('Tin một').waitFor();
    await screenshot(page, 'posts-list');
    expect(await seriousViolations(page)).toEqual([]);
    for (const title of ['Tin một', 'Tin hai'])
      await page.locator('tr', { hasText: title }).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Đổi trạng thái' }).click();
    await page.getByRole('menuitem', { name: 'Ẩn' }).click();
    await page
      .locator('.ant-modal-confirm, .ant-popconfirm')
      .getByRole('button', { name: /Đổi trạng thái|OK|Đồng ý/ })
      .last()
      .click();
    await expect
      .poll(async () => page.locator('tr', { hasText: 'Tin hai' }).getByText('Ẩn').count())
      .toBe(1);

    // the list reloads after the status change; choose once it has settled, and see both chosen
    await page.waitForLoadState('networkidle');
    for (const title of ['Tin một', 'Tin ba']) {
      const box = page.locator('tr', { hasText: title }).getByRole('checkbox');
      await box.check();
      await expect.poll(() => box.isChecked()).toBe(true);
    }
    await page.getByText('Đã chọn 2 mục').waitFor();
    await page.getByRole('button', { name: 'Xóa mục đã chọn' }).click();
    await page
      .getByRole('dialog')
      .filter({ hasText: 'Xóa 2 mục?' })
      .getByRole('button', { name: 'Xóa' })
      .click();
    await page.locator('tr', { hasText: 'Tin ba' }).waitFor({ state: 'detached' });
    await page.locator('tr', { hasText: 'Tin một' }).waitFor({ state: 'detached' });
    const left = await api<{ data: Array<{ title: string }> }>(
      `/posts?type_id=${types.article}&limit=100`,
    );
    expect(left.body.data.map((p) => p.title)).toContain('Tin hai');
    expect(left.body.data.map((p) => p.title)).not.toContain('Tin một');
  });
});
