import type { Browser, Page, Route } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setSettings, startApp, type RunningApp } from './support/app-server';
import { axeViolations } from './support/axe';
import { hasChromium, launchChromium } from './support/chromium';
import {
  apiClient,
  apiLogin,
  signInAsStaff,
  openPage,
  screenshot,
  type Tokens,
  signedInPages,
} from './support/session';

/** An SVG image as a data URL (the CSP allows data: images), `width`×`height` at its own size. */
const svg = (width: number, height: number, fill: string) =>
  `data:image/svg+xml;base64,${Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><rect width="${width}" height="${height}" fill="${fill}"/></svg>`,
  ).toString('base64')}`;

const SITE_NAME = 'Công ty Ánh Dương';
const LOGO = svg(500, 200, '#1668dc');
const DARK_LOGO = svg(400, 400, '#f5a623');
const FAVICON = svg(32, 32, '#d4380d');

/**
 * Holds back the lazy chunk whose file name starts with `chunk` until `release()` is called,
 * so the loading screen (the Suspense fallback) stays up long enough to be looked at.
 */
const holdChunk = async (page: Page, chunk: string) => {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let requested!: () => void;
  const wasRequested = new Promise<void>((resolve) => (requested = resolve));
  await page.route(new RegExp(`/assets/${chunk}-[\\w-]+\\.js$`), async (route: Route) => {
    requested();
    await released;
    await route.fallback();
  });
  return { release, wasRequested };
};

/** The loading screen's logo: its source, its drawn size and whether it loaded. */
const loadingLogo = (page: Page) =>
  page
    .getByTestId('loading-screen')
    .locator('img')
    .evaluate((image: HTMLImageElement) => {
      const box = image.getBoundingClientRect();
      return {
        src: image.getAttribute('src'),
        width: box.width,
        height: box.height,
        loaded: image.complete && image.naturalWidth > 0,
      };
    });

describe.skipIf(!hasChromium)('site settings in the browser (GET /site)', () => {
  let app: RunningApp;
  let browser: Browser;
  const newPage = (options?: Parameters<typeof openPage>[1]) => openPage(browser, options);

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchChromium()]);
    setSettings(app, {
      site_name: SITE_NAME,
      site_logo: LOGO,
      site_logo_dark: DARK_LOGO,
      favicon: FAVICON,
    });
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('serves the settings written to the database', async () => {
    const response = await fetch(`${app.baseUrl}/api/v1/site`);
    expect(await response.json()).toEqual({
      data: {
        site_name: SITE_NAME,
        site_logo: LOGO,
        site_logo_dark: DARK_LOGO,
        favicon: FAVICON,
        money_unit: 'đ',
        // SITE_URL is not set for this server: the editor shows no Preview button
        site_url: null,
      },
    });
  });

  it('shows the site logo 125px wide with a progress bar while the screen loads', async () => {
    const { page, errors } = await newPage();
    // the sign-in screen comes with the app; held back here are its texts
    const hold = await holdChunk(page, 'auth');
    await page.goto(`${app.baseUrl}/login`);
    await hold.wasRequested;
    const loading = page.getByTestId('loading-screen');
    await loading.locator('img').waitFor();
    await expect.poll(() => loadingLogo(page)).toMatchObject({ loaded: true });
    expect(await loadingLogo(page)).toEqual({ src: LOGO, width: 125, height: 50, loaded: true });
    expect(await loading.getByRole('progressbar').isVisible()).toBe(true);
    await screenshot(page, 'site-loading-screen');

    hold.release();
    await page.locator('#login-email').waitFor();
    expect(await loading.count()).toBe(0);
    await expect.poll(() => page.title()).toMatch(new RegExp(` - ${SITE_NAME}$`));
    expect(await page.locator('link#favicon').getAttribute('href')).toBe(FAVICON);
    await screenshot(page, 'site-login');
    expect(errors).toEqual([]);
  });

  it('uses the dark logo in the dark theme', async () => {
    const { page, context, errors } = await newPage();
    await context.addInitScript(() => window.localStorage.setItem('theme', 'dark'));
    const hold = await holdChunk(page, 'auth');
    await page.goto(`${app.baseUrl}/login`);
    await hold.wasRequested;
    await page.getByTestId('loading-screen').locator('img').waitFor();
    await expect.poll(() => loadingLogo(page)).toMatchObject({ loaded: true });
    expect(await loadingLogo(page)).toEqual({
      src: DARK_LOGO,
      width: 125,
      height: 125,
      loaded: true,
    });
    await screenshot(page, 'site-loading-screen-dark');
    hold.release();
    await page.locator('#login-email').waitFor();
    expect(errors).toEqual([]);
  });
});

/**
 * Moves the pointer off the controls (a hovered button is lighter) and waits until no finite
 * animation runs, so colours are checked as they stay.
 */
const settled = async (page: Page) => {
  await page.mouse.move(0, 0);
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getTiming().iterations === Infinity,
      ),
  );
};

describe.skipIf(!hasChromium)('feedback and settings screens in the browser', () => {
  let app: RunningApp;
  let browser: Browser;
  let admin: Tokens;
  let api: ReturnType<typeof apiClient>;
  let faviconUrl = '';
  const pages = signedInPages(
    () => browser,
    () => app.baseUrl,
    () => admin,
  );

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchChromium()]);
    admin = await apiLogin(app.baseUrl);
    api = apiClient(app.baseUrl, admin);
    for (const body of [
      {
        type: 'Tư vấn',
        name: 'Nguyễn Văn Đức',
        phone: '0901234567',
        email: 'duc@example.vn',
        address: '12 Lê Lợi, Quận 1',
        content: 'Tôi muốn hỏi giá cà phê hạt.',
      },
      { type: 'Khiếu nại', name: 'Trần Thị Hoa', phone: '0912345678' },
    ])
      expect((await api('/feedback', { method: 'POST', body })).status).toBe(201);
    const icon = await sharp({
      create: { width: 64, height: 64, channels: 3, background: '#d4380d' },
    })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(icon)]), 'icon.png');
    const uploaded = await fetch(`${app.baseUrl}/api/v1/media?area=settings`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${admin.access_token}`, Accept: 'application/json' },
      body: form,
    });
    faviconUrl = ((await uploaded.json()) as { data: { url: string } }).data.url;
  });

  afterAll(async () => {
    await pages.close();
    await browser?.close();
    await app?.stop();
  });

  it('lists feedback, shows every field in the details modal, marks it contacted and records one by hand', async () => {
    const { page, errors } = await pages.open('/feedback', { language: 'vi' });
    const row = page.locator('tr', { hasText: 'Nguyễn Văn Đức' });
    await row.waitFor();
    for (const header of ['Loại', 'Người gửi', 'Số điện thoại', 'Ngày gửi', 'Trạng thái'])
      await page.getByRole('columnheader', { name: header }).first().waitFor();
    expect(await row.getByText('Chưa liên hệ').count()).toBe(1);
    await screenshot(page, 'feedback-list');
    await settled(page);
    expect(await axeViolations(page)).toEqual([]);

    await row.getByRole('button', { name: 'Chi tiết: Nguyễn Văn Đức' }).click();
    const modal = page.getByRole('dialog', { name: 'Chi tiết phản hồi' });
    for (const text of [
      'Tư vấn',
      'Nguyễn Văn Đức',
      '0901234567',
      'duc@example.vn',
      '12 Lê Lợi, Quận 1',
      'Tôi muốn hỏi giá cà phê hạt.',
      'Chưa liên hệ',
    ])
      await modal.getByText(text, { exact: true }).waitFor();
    await screenshot(page, 'feedback-details');
    await settled(page);
    expect(await axeViolations(page)).toEqual([]);
    await modal.getByRole('button', { name: 'Đánh dấu đã liên hệ' }).click();
    await modal.waitFor({ state: 'hidden' });
    await row.getByText('Đã liên hệ').waitFor();
    await page.getByText('Cập nhật thành công.').first().waitFor();

    await page.getByRole('button', { name: 'Thêm mới' }).click();
    await page.locator('#create-form_name').fill('Lê Minh Khang');
    await page.locator('#create-form_phone').fill('0987654321');
    await page.locator('#create-form_type').fill('Gọi điện');
    await page.getByRole('button', { name: 'Tạo' }).click();
    await page.locator('tbody tr').first().getByText('Lê Minh Khang').waitFor();
    expect(await page.title()).toMatch(/^Phản hồi - /);
    expect(errors).toEqual([]);
  });

  it('shows the feedback screen in the dark theme, right to left', async () => {
    const { page } = await pages.open('/feedback/manager', {
      language: 'ja',
      theme: 'dark',
      direction: 'rtl',
    });
    await page.locator('tr', { hasText: 'Trần Thị Hoa' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await screenshot(page, 'feedback-list-dark-rtl-ja');
    await settled(page);
    expect(await axeViolations(page)).toEqual([]);
  });

  it('saves the general settings; the page title and favicon follow at once, on every route', async () => {
    const { page, errors } = await pages.open('/settings/general');
    const form = page.getByTestId('settings-general');
    await form.locator('#settings-general_site_name').waitFor();
    await form.locator('#settings-general_site_name').fill('Cà Phê Sáng');
    await form.locator('#settings-general_site_description').fill('Rang xay mỗi ngày');
    await form.locator('#settings-general_site_email').fill('Hello@CaPhe.vn');
    await form.locator('#settings-general_site_hotline').fill('12345');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('Invalid phone number!').waitFor();
    await form.locator('#settings-general_site_hotline').fill('0901234567');

    await form
      .locator('.ant-form-item', { hasText: 'Favicon' })
      .getByRole('button', { name: 'Choose' })
      .click();
    const picker = page.locator('.ant-modal', { hasText: 'Choose media' });
    await picker.locator('[data-testid="media-item"]').first().click();
    await picker.getByTestId('picker-choose').click();
    await screenshot(page, 'settings-general');
    await settled(page);
    expect(await axeViolations(page)).toEqual([]);

    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Updated successfully.').first().waitFor();
    // No reload: the title and the favicon read the new settings as soon as they are saved.
    await page.waitForFunction(() => document.title === 'General - Cà Phê Sáng');
    const favicon = () => page.locator('link#favicon').getAttribute('href');
    await page.waitForFunction(
      (url) => document.querySelector('link#favicon')?.getAttribute('href')?.endsWith(url),
      faviconUrl,
    );

    await page.reload();
    await form.locator('#settings-general_site_name').waitFor();
    expect(await form.locator('#settings-general_site_name').inputValue()).toBe('Cà Phê Sáng');
    expect(await form.locator('#settings-general_site_email').inputValue()).toBe('hello@caphe.vn');
    expect(await form.locator('#settings-general_site_hotline').inputValue()).toBe('0901234567');

    for (const [path, title] of [
      ['/dashboard', 'Dashboard'],
      ['/feedback', 'Feedback'],
      ['/settings/product', 'Product options'],
      ['/seo', 'SEO'],
    ] as const) {
      await page.goto(`${app.baseUrl}${path}`);
      await page.waitForFunction((wanted) => document.title === wanted, `${title} - Cà Phê Sáng`);
      expect((await favicon())?.endsWith(faviconUrl)).toBe(true);
    }
    expect(errors).toEqual([]);
  });

  it('adds personal options with the spec rules, and refuses a duplicate key with its text', async () => {
    const { page } = await pages.open('/settings/dynamic', { language: 'vi' });
    await page.getByRole('button', { name: 'Thêm mới' }).click();
    await page.locator('#create-form_key').waitFor();
    await settled(page);
    expect(await axeViolations(page)).toEqual([]);
    await page.locator('#create-form_key').fill('Zalo_OA');
    await page.locator('#create-form_title').fill('Z');
    await page.locator('#create-form_value').fill('123456');
    await page.getByRole('button', { name: 'Tạo' }).click();
    await page.getByText('Khóa chỉ được gồm chữ thường (a-z) và chữ số.').waitFor();
    await page.getByText('Tiêu đề phải dài từ 2 đến 100 ký tự.').waitFor();
    await page.locator('#create-form_key').fill('zalooa');
    await page.locator('#create-form_title').fill('Zalo OA');
    await page.getByRole('button', { name: 'Tạo' }).click();
    await page.locator('tr', { hasText: 'zalooa' }).waitFor();

    await page.getByRole('button', { name: 'Thêm mới' }).click();
    await page.locator('#create-form_key').fill('zalooa');
    await page.locator('#create-form_title').fill('Trùng khóa');
    await page.locator('#create-form_value').fill('1');
    await page.getByRole('button', { name: 'Tạo' }).click();
    await page.getByText('Khóa của bạn đã tồn tại! Vui lòng nhập khóa khác.').waitFor();
    await screenshot(page, 'settings-personal-duplicate');
  });

  it('previews and saves the product options; a syntax without a sequence is refused on its field', async () => {
    const { page } = await pages.open('/settings/product');
    const form = page.getByTestId('settings-product');
    const product = form.locator('#settings-product_product_code_syntax');
    await product.waitFor();
    expect(await product.inputValue()).toBe('SP{N:6}');
    await form
      .locator('[data-testid="code-example"]', { hasText: /^SP000001, SP000002$/ })
      .waitFor();
    await product.fill('SP-{YY}');
    await form
      .getByText('The code syntax needs a sequence number {N}', { exact: false })
      .first()
      .waitFor();
    await form.getByRole('button', { name: 'Save' }).click();
    // The server's rule, shown on the field it names.
    await form
      .locator('.ant-form-item', { hasText: 'Product code syntax' })
      .locator('.ant-form-item-explain-error')
      .waitFor();
    await product.fill('HH{N:4}');
    await form.locator('#settings-product_money_unit').fill('');
    // The preview follows the typing: an empty unit prints the plain number.
    await form.locator('[data-testid="money-example"]', { hasText: /^1\.234\.567$/ }).waitFor();
    await screenshot(page, 'settings-product');
    await settled(page);
    expect(await axeViolations(page)).toEqual([]);
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Updated successfully.').first().waitFor();

    const saved = await api<{ data: Array<{ key: string; value: string | null }> }>(
      '/settings/all?limit=0&group=product',
    );
    expect(Object.fromEntries(saved.body.data.map((s) => [s.key, s.value]))).toMatchObject({
      product_code_syntax: 'HH{N:4}',
      money_unit: null,
    });
  });

  it.each([
    ['social', 'social_facebook', 'https://facebook.com/caphesang'],
    ['company', 'company_name', 'Công ty TNHH Cà Phê Sáng'],
    ['copyright', 'copyright', '© 2026 Cà Phê Sáng'],
    ['email', 'notification_emails', 'sales@caphe.vn, support@caphe.vn'],
    ['script', 'header_script', '<script>window.hello = 1</script>'],
  ] as const)('round-trips the %s settings screen', async (screen, field, value) => {
    const { page, errors } = await pages.open(`/settings/${screen}`, {
      theme: screen === 'company' ? 'dark' : undefined,
      direction: screen === 'script' ? 'rtl' : undefined,
    });
    const input = page.locator(`#settings-${screen}_${field}`);
    await input.waitFor();
    await input.fill(value);
    await page.getByTestId(`settings-${screen}`).getByRole('button', { name: 'Save' }).click();
    await page.getByText('Updated successfully.').first().waitFor();
    await page.reload();
    await input.waitFor();
    expect(await input.inputValue()).toBe(value);
    await screenshot(page, `settings-${screen}`);
    await settled(page);
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('previews an SEO record as a search result and as a shared link while it is typed', async () => {
    const { page } = await pages.open('/seo/manager');
    await page.getByRole('button', { name: 'Add new' }).click();
    await page.locator('#create-form_url').fill('https://caphe.vn/san-pham/ca-phe-hat');
    await page.locator('#create-form_title').fill('Cà phê hạt rang mộc');
    await page.locator('#create-form_description').fill('Hạt Arabica Cầu Đất, rang mỗi sáng.');
    const search = page.getByTestId('seo-preview-search');
    await search.getByText('caphe.vn › san-pham › ca-phe-hat').waitFor();
    await search.getByText('Cà phê hạt rang mộc').waitFor();
    await search.getByText('Hạt Arabica Cầu Đất, rang mỗi sáng.').waitFor();
    const share = page.getByTestId('seo-preview-share');
    await share.getByText('caphe.vn').waitFor();
    await share.getByText('Cà phê hạt rang mộc').waitFor();
    await screenshot(page, 'seo-preview');
    await settled(page);
    expect(await axeViolations(page)).toEqual([]);
  });

  it('keeps the script screen from a role without settings.scripts', async () => {
    const { tokens: editor } = await signInAsStaff(app.baseUrl, api, {
      role: 'settings-editor',
      permissions: ['settings.list', 'settings.update'],
      name: 'Biên tập',
      email: 'editor@example.com',
      password: 'Editor-passw0rd!',
    });
    const { page } = await pages.open('/settings/general', { tokens: editor });
    await page.locator('#settings-general_site_name').waitFor();
    expect(await page.getByRole('link', { name: 'Scripts' }).count()).toBe(0);
    await page.goto(`${app.baseUrl}/settings/script`);
    await page.getByText('No permission').first().waitFor();
    expect(await page.locator('#settings-script_header_script').count()).toBe(0);

    // A role that may only read sees the values, not a way to change them.
    const reader = await signInAsStaff(app.baseUrl, api, {
      role: 'settings-reader',
      permissions: ['settings.list'],
      name: 'Người xem',
      email: 'reader@example.com',
      password: 'Reader-passw0rd!',
    });
    const readerPage = (await pages.open('/settings/general', { tokens: reader.tokens })).page;
    await readerPage.getByText('You may view these settings but not change them.').waitFor();
    expect(await readerPage.locator('#settings-general_site_name').inputValue()).toBe(
      'Cà Phê Sáng',
    );
    expect(await readerPage.locator('#settings-general_site_name').isDisabled()).toBe(true);
    expect(
      await readerPage
        .locator('.ant-form-item', { hasText: 'Favicon' })
        .getByRole('button', { name: 'Choose' })
        .count(),
    ).toBe(0);
    expect(await readerPage.getByRole('button', { name: 'Add new' }).count()).toBe(0);
  });
});
