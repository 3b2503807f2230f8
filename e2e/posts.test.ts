import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from './support/app-server';
import { axeViolations } from './support/axe';
import { hasChromium, launchChromium } from './support/chromium';
import {
  apiClient,
  apiLogin,
  signInAsStaff,
  screenshot,
  type Tokens,
  signedInPages,
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
  let imageUrl = '';
  let agencyId = 0;
  let discountId = 0;
  const pages = signedInPages(
    () => browser,
    () => app.baseUrl,
    () => admin,
  );

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
    imageUrl = (await api<{ data: { url: string } }>(`/media/${imageId}`)).body.data.url;
    const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
    discountId = (
      await api<Saved>('/discounts', {
        method: 'POST',
        body: {
          title: 'Giảm giá mùa hè',
          start_at: inDays(2),
          end_at: inDays(40),
          config: [{ quantity: 2, discount: 10, type: 'percent' }],
        },
      })
    ).body.data.id;
    // The shop prints amounts with a unit of its own.
    const unit = await api('/settings', {
      method: 'PATCH',
      body: { settings: [{ key: 'money_unit', value: '₫' }] },
    });
    expect(unit.status).toBe(200);
  });

  afterAll(async () => {
    await pages.close();
    await browser?.close();
    await app?.stop();
  });

  const open = async (path: string, look: { theme?: 'light' | 'dark' } = {}) => {
    const tracked = await pages.open(path, { language: 'vi', theme: look.theme });
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

  /** A whole-page picture read from the top: the sticky top bar stays at the top of it. */
  const shoot = async (page: Page, name: string) => {
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, name);
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
    await shoot(page, 'post-editor-light');
    expect(await axeViolations(page)).toEqual([]);

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

  it('creates a product with its code, price in the shop’s unit, a discount and an agency price', async () => {
    const page = await open(`/posts/add-new-post/${types.product}`);
    await page.getByLabel('Tiêu đề', { exact: true }).fill('Cà phê sữa đá');
    await page.getByLabel('Mã sản phẩm').fill('CF-SUA-DA');
    await page.getByLabel('Giá', { exact: true }).fill('45000');
    const productBox = page.locator('.ant-card').filter({ hasText: 'Mã sản phẩm' });
    await expect
      .poll(() => productBox.locator('.ant-input-number-suffix').first().textContent())
      .toBe('₫');
    // The discount is chosen by its title among the shop's, each shown with its phase.
    const discount = page.getByRole('combobox', { name: 'Chiết khấu' });
    await discount.click();
    await discount.fill('mùa hè');
    await page.getByTitle('Giảm giá mùa hè · chưa áp dụng').click();
    await page.getByRole('button', { name: 'Thêm giá đại lý' }).click();
    await page.getByLabel('Giá đại lý 1: Đại lý').click();
    await page.getByTitle('Đại lý Đà Lạt').click();
    await page.getByLabel('Giá đại lý 1: Giá').fill('40000');
    const imagesBox = page.locator('.ant-card').filter({ has: page.getByText('Ảnh đại diện') });
    await pickImage(page, imagesBox.getByRole('button', { name: /Chọn/ }).first());
    await page.getByLabel('Giá đại lý 1: Giá').blur();
    await shoot(page, 'post-editor-product-light');
    expect(await axeViolations(page)).toEqual([]);
    const saved = savedPost(page, 'POST');
    await page.getByRole('button', { name: 'Lưu', exact: true }).click();
    const body = (await (await saved).json()) as Saved;
    expect(body.data.product).toEqual({
      code: 'CF-SUA-DA',
      price: 45000,
      discount_id: discountId,
      agency_prices: [{ agency_id: agencyId, price: 40000 }],
    });
    expect(body.data.status).toBe('draft');
  });

  it('opens a saved product in the dark theme: amounts grouped, the discount by its title', async () => {
    const created = await api<Saved>('/posts', {
      method: 'POST',
      body: {
        type_id: types.product,
        title: 'Cà phê muối',
        avatar: imageUrl,
        product: {
          price: 55000,
          discount_id: discountId,
          agency_prices: [{ agency_id: agencyId, price: 48000 }],
        },
      },
    });
    const page = await open(`/posts/edit/${types.product}/${created.body.data.id}`, {
      theme: 'dark',
    });
    await expect.poll(() => page.getByLabel('Giá đại lý 1: Giá').inputValue()).toBe('48.000');
    await expect.poll(() => page.getByLabel('Giá', { exact: true }).inputValue()).toBe('55.000');
    await page.getByTitle('Giảm giá mùa hè · chưa áp dụng').waitFor();
    await shoot(page, 'post-editor-product-dark');
    expect(await axeViolations(page)).toEqual([]);
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
    // A lesson's buttons name its chapter too; one added by mistake is removed.
    await chapter.getByRole('button', { name: 'Thêm bài học' }).click();
    await expect.poll(() => lessonTitles.count()).toBe(3);
    await page.getByRole('button', { name: 'Xóa Chương 1 · Bài 3' }).click();
    await expect.poll(() => lessonTitles.count()).toBe(2);
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
    // When it was kept, in the app's language whatever the browser's (this one is English).
    await page
      .getByText(/bản nháp chưa lưu của bài viết, lúc \d{1,2}:\d{2} \d+ thg \d+, \d{4}\./)
      .waitFor();
    await page.getByRole('button', { name: 'Khôi phục bản nháp' }).click();
    await expect
      .poll(() => page.getByLabel('Tiêu đề', { exact: true }).inputValue())
      .toBe('Bánh mì chưa lưu');
  });

  it('says a post that is not there does not exist, at once, and opens a post under its own type', async () => {
    const page = await open(`/posts/edit/${types.product}/99999`);
    await page.getByText('Bài viết này không tồn tại hoặc đã bị xóa.').waitFor();
    // Not there is not a failure to try again later: the answer is not asked for again.
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/v1/posts/99999')) asked.push(request.url());
    });
    await page.reload();
    await page.getByText('Bài viết này không tồn tại hoặc đã bị xóa.').waitFor();
    expect(asked).toHaveLength(1);
    await page.goto(`${app.baseUrl}/posts/add-new-post/abc`);
    await page.getByText('Loại bài viết này không tồn tại.').waitFor();

    // A product opened under the articles' type is edited as a product (the articles' form
    // would have saved it without its categories).
    const product = await api<Saved>('/posts', {
      method: 'POST',
      body: { type_id: types.product, title: 'Cà phê sữa đá', avatar: '/favicon.ico' },
    });
    await page.goto(`${app.baseUrl}/posts/edit/${types.article}/${product.body.data.id}`);
    await page.waitForURL(
      (url) => url.pathname === `/posts/edit/${types.product}/${product.body.data.id}`,
    );
    await page.getByRole('heading', { name: 'Sửa sản phẩm: Cà phê' }).waitFor();
  });

  it('keeps a post’s boxes in its editor when its type turned their features off, since the website still shows what they hold', async () => {
    const type = await api<Saved>('/types', {
      method: 'POST',
      body: { style: 'article', title: 'Giới thiệu', features: features(['category']) },
    });
    const plain = await api<Saved>('/posts', {
      method: 'POST',
      body: { type_id: type.body.data.id, title: 'Liên hệ', avatar: '/favicon.ico' },
    });
    const written = await api<Saved>('/posts', {
      method: 'POST',
      body: {
        type_id: type.body.data.id,
        title: 'Về chúng tôi',
        avatar: '/favicon.ico',
        contents: [{ title: 'Câu chuyện', image: null, content: '<p>Từ năm 1998</p>' }],
        images: ['/favicon.ico'],
        seo: { title: 'Quán cà phê từ 1998' },
        related_ids: [plain.body.data.id],
      },
    });
    const page = await open(`/posts/edit/${type.body.data.id}/${written.body.data.id}`);
    const notes = page.getByText('Loại bài viết này đã tắt');
    await notes.first().waitFor();
    // sections, pictures, SEO and related posts: each box with its note; categories (on) none
    expect(await notes.count()).toBe(4);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'posts-kept-boxes');
    expect(await page.locator('input[id$="seo_title"]').inputValue()).toBe('Quán cà phê từ 1998');
    const sectionTitle = page.locator('input[id$="contents_0_title"]');
    expect(await sectionTitle.inputValue()).toBe('Câu chuyện');
    await sectionTitle.fill('Câu chuyện của quán');
    const saved = savedPost(page, 'PATCH');
    await page.getByRole('button', { name: 'Lưu', exact: true }).click();
    expect(
      (
        (await (await saved).json()) as {
          data: { contents: Array<{ title: string }>; images: string[]; related_ids: number[] };
        }
      ).data,
    ).toMatchObject({
      contents: [{ title: 'Câu chuyện của quán' }],
      images: ['/favicon.ico'],
      related_ids: [plain.body.data.id],
    });
    // a post of that type that holds none of it has none of those boxes
    await page.goto(`${app.baseUrl}/posts/edit/${type.body.data.id}/${plain.body.data.id}`);
    await expect
      .poll(() => page.getByLabel('Tiêu đề', { exact: true }).inputValue())
      .toBe('Liên hệ');
    expect(await page.locator('input[id$="contents_0_title"]').count()).toBe(0);
    expect(await page.locator('input[id$="seo_title"]').count()).toBe(0);
    expect(await notes.count()).toBe(0);
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
    expect(await axeViolations(page)).toEqual([]);
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
    await shoot(page, 'post-editor-dark');
    expect(await axeViolations(page)).toEqual([]);
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
    expect(await axeViolations(page)).toEqual([]);
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

  it('approves a pending post from the list, and says so', async () => {
    await api('/posts', {
      method: 'POST',
      body: { type_id: types.article, title: 'Bài chờ duyệt ở Đà Lạt', status: 'pending' },
    });
    const page = await open(`/posts/all-posts/${types.article}`);
    // Approvers see how many posts wait for them.
    await page
      .getByLabel(/bài viết chờ duyệt$/)
      .first()
      .waitFor();
    const row = page.locator('tr', { hasText: 'Bài chờ duyệt ở Đà Lạt' });
    await row.getByText('Chờ duyệt', { exact: true }).waitFor();
    await row.getByRole('button', { name: 'Duyệt Bài chờ duyệt ở Đà Lạt' }).click();
    await page.getByText('Bài viết đã được duyệt và hiển thị.').waitFor();
    await row.getByText('Hiển thị', { exact: true }).waitFor();
    expect(await row.getByRole('button', { name: /^Duyệt/ }).count()).toBe(0);
  });

  it('writes an article with a related post found as one types, a new category under a parent and keyword links', async () => {
    const related = (
      await api<Saved>('/posts', {
        method: 'POST',
        body: { type_id: types.article, title: 'Chợ đêm Đà Lạt', category_ids: [categoryId] },
      })
    ).body.data.id;
    const page = await open(`/posts/add-new-post/${types.article}`);
    await page.getByLabel('Tiêu đề', { exact: true }).fill('Một ngày ở Đà Lạt');
    const imagesBox = page.locator('.ant-card').filter({ has: page.getByText('Ảnh đại diện') });
    await pickImage(page, imagesBox.getByRole('button', { name: /Chọn/ }).first());
    await pickImage(page, imagesBox.getByRole('button', { name: /Chọn/ }).last());

    // A new category, placed under an existing one, is ticked at once beside the others.
    await page.getByRole('checkbox', { name: 'Du lịch' }).first().check();
    await page.getByRole('button', { name: '+ Thêm danh mục mới' }).click();
    await page.getByLabel('Tên danh mục mới').fill('Ẩm thực Đà Lạt');
    await page.getByLabel('Danh mục cha (không bắt buộc)').click();
    await page.locator('.ant-select-tree-title', { hasText: 'Du lịch' }).click();
    const created = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === '/api/v1/categories' &&
        response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Thêm', exact: true }).click();
    const category = ((await (await created).json()) as Saved).data;
    expect(category).toMatchObject({ title: 'Ẩm thực Đà Lạt', parent_id: categoryId, level: 2 });
    await expect
      .poll(() => page.getByRole('checkbox', { name: 'Ẩm thực Đà Lạt' }).isChecked())
      .toBe(true);

    // The most used categories are those holding the most posts.
    await page.getByText('Dùng nhiều nhất', { exact: true }).click();
    await page.getByRole('checkbox', { name: /^Du lịch \(\d+\)$/ }).waitFor();
    await shoot(page, 'post-editor-most-used');
    await page.getByText('Tất cả danh mục', { exact: true }).click();

    const relatedBox = page.getByRole('combobox', { name: 'Bài viết liên quan' });
    await relatedBox.click();
    await relatedBox.pressSequentially('cho dem');
    await page.getByTitle('Chợ đêm Đà Lạt').click();

    await page.getByRole('button', { name: 'Thêm liên kết từ khóa' }).click();
    await page.getByLabel('Liên kết 1: Từ khóa').fill('chợ đêm');
    await page.getByLabel('Liên kết 1: Địa chỉ').fill('/tin-tuc/cho-dem-da-lat');
    // A second link moved above the first by its button: saved in the order shown.
    await page.getByRole('button', { name: 'Thêm liên kết từ khóa' }).click();
    await page.getByLabel('Liên kết 2: Từ khóa').fill('hồ tuyền lâm');
    await page.getByLabel('Liên kết 2: Địa chỉ').fill('/tin-tuc/ho-tuyen-lam');
    await page.getByRole('button', { name: 'Chuyển Liên kết 2 lên' }).click();
    await expect
      .poll(() => page.getByLabel('Liên kết 1: Từ khóa').inputValue())
      .toBe('hồ tuyền lâm');

    const saved = savedPost(page, 'POST');
    await page.getByRole('button', { name: 'Đăng bài' }).last().click();
    const body = (await (await saved).json()) as Saved;
    expect(body.data).toMatchObject({
      title: 'Một ngày ở Đà Lạt',
      status: 'published',
      category_ids: [categoryId, category.id].sort((a, b) => a - b),
      related_ids: [related],
      seo: {
        links: [
          { name: 'hồ tuyền lâm', url: '/tin-tuc/ho-tuyen-lam' },
          { name: 'chợ đêm', url: '/tin-tuc/cho-dem-da-lat' },
        ],
      },
    });
  });

  it('lets an editor who may not publish save a published post: it goes back to review', async () => {
    // writes posts, does not publish them
    const { tokens: editor } = await signInAsStaff(app.baseUrl, api, {
      role: 'post-editor',
      permissions: [
        'posts.list',
        'posts.create',
        'posts.update',
        'categories.list',
        'groups.list',
        'media.list',
      ],
      name: 'Biên tập viên',
      email: 'bien-tap@example.com',
      password: 'Editor-passw0rd!',
    });
    const published = (
      await api<Saved>('/posts', {
        method: 'POST',
        body: {
          type_id: types.article,
          title: 'Hồ Tuyền Lâm',
          status: 'published',
          avatar: '/favicon.ico',
          images: ['/favicon.ico'],
          category_ids: [categoryId],
        },
      })
    ).body.data;

    const { page } = await pages.open(`/posts/edit/${types.article}/${published.id}`, {
      language: 'vi',
      tokens: editor,
    });
    await expect
      .poll(() => page.getByLabel('Tiêu đề', { exact: true }).inputValue())
      .toBe('Hồ Tuyền Lâm');
    await page.getByText('Bài này đang hiển thị: lưu thay đổi sẽ gửi bài đi duyệt lại.').waitFor();
    // Adding categories is not theirs.
    expect(await page.getByRole('button', { name: '+ Thêm danh mục mới' }).count()).toBe(0);

    await page.getByLabel('Tiêu đề', { exact: true }).fill('Hồ Tuyền Lâm mùa sương');
    const saved = savedPost(page, 'PATCH');
    await page.getByRole('button', { name: 'Lưu', exact: true }).click();
    const answer = await saved;
    expect(answer.status()).toBe(200);
    expect(((await answer.json()) as Saved).data).toMatchObject({
      title: 'Hồ Tuyền Lâm mùa sương',
      status: 'pending',
    });
    await page.getByText('Đã cập nhật thành công.').waitFor();

    // They may read the posts waiting for review, but the count in the sidebar is for approvers.
    await page.goto(`${app.baseUrl}/posts/pending`);
    await page.locator('tr', { hasText: 'Hồ Tuyền Lâm mùa sương' }).waitFor();
    await page.getByRole('link', { name: 'Bài chờ duyệt', exact: true }).waitFor();
    expect(await page.getByLabel(/bài viết chờ duyệt$/).count()).toBe(0);
  });

  it('filters the list by any category of the type, beyond the first hundred', async () => {
    const typeId = (
      await api<Saved>('/types', {
        method: 'POST',
        body: { style: 'article', title: 'Ẩm thực', features: features(['category']) },
      })
    ).body.data.id;
    for (let start = 0; start < 110; start += 10)
      await Promise.all(
        Array.from({ length: 10 }, (_, n) =>
          api('/categories', {
            method: 'POST',
            body: { type_id: typeId, title: `Món ${String(start + n + 1).padStart(3, '0')}` },
          }),
        ),
      );
    const last = (
      await api<Saved>('/categories', {
        method: 'POST',
        body: { type_id: typeId, title: 'Phở Hà Nội' },
      })
    ).body.data.id;
    for (const [title, category_ids] of [
      ['Phở bò tái', [last]],
      ['Bún chả', []],
    ] as const)
      await api('/posts', {
        method: 'POST',
        body: { type_id: typeId, title, category_ids },
      });
    const page = await open(`/posts/all-posts/${typeId}`);
    await page.getByText('Bún chả').waitFor();
    const filter = page.getByRole('combobox', { name: 'Chuyên mục' });
    await filter.click();
    await filter.fill('pho ha noi');
    await page.locator('.ant-select-tree-title', { hasText: 'Phở Hà Nội' }).click();
    await page.locator('tr', { hasText: 'Bún chả' }).waitFor({ state: 'detached' });
    await page.locator('tr', { hasText: 'Phở bò tái' }).waitFor();
    expect(new URL(page.url()).searchParams.get('category_id')).toBe(String(last));
  });
});
