import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from './support/app-server';
import { openNewestAuditEntry } from './support/audit';
import { hasChromium, launchChromium } from './support/chromium';
import { type Look, shootLook } from './support/looks';
import { apiClient, apiLogin, signInAsStaff, type Tokens, signedInPages } from './support/session';

/**
 * The dashboard with a shop's figures and charts, in both themes and the three languages; the
 * audit screen with a change's before and after; and a clerk who sees only what they may open.
 */
// Each language once and each theme in more than one: the charts' colours follow the theme, their
// labels the language, and neither depends on the other.
const LOOKS: readonly Look[] = [
  { language: 'vi', theme: 'light', direction: 'ltr' },
  { language: 'en', theme: 'dark', direction: 'ltr' },
  { language: 'ja', theme: 'dark', direction: 'ltr' },
];

/** The revenue figure, and the note under its amount saying what it counts. */
const REVENUE: Record<Look['language'], RegExp> = {
  vi: /Doanh thu trong kỳ.+Từ các đơn đã giao$/,
  en: /Revenue in the period.+From delivered orders$/,
  ja: /期間中の売上.+配達済みの注文から$/,
};

describe.skipIf(!hasChromium)('the dashboard', () => {
  let app: RunningApp;
  let browser: Browser;
  let admin: Tokens;
  let clerk: Tokens;
  let productType = 0;
  const pages = signedInPages(
    () => browser,
    () => app.baseUrl,
    () => admin,
  );

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchChromium()]);
    admin = await apiLogin(app.baseUrl);
    const api = apiClient(app.baseUrl, admin);
    const type = (
      await api<{ data: { id: number } }>('/types', {
        method: 'POST',
        body: { style: 'product', title: 'Cà phê' },
      })
    ).body.data.id;
    productType = type;
    const products: number[] = [];
    for (const [title, price] of [
      ['Cà phê sữa đá', 29_000],
      ['Bạc xỉu', 35_000],
      ['Trà đào cam sả', 45_000],
    ] as const)
      products.push(
        (
          await api<{ data: { id: number } }>('/posts', {
            method: 'POST',
            body: { type_id: type, title, product: { price } },
          })
        ).body.data.id,
      );
    const steps = ['processing', 'delivery', 'delivered'];
    for (let index = 0; index < 9; index += 1) {
      const order = await api<{ data: { id: number } }>('/orders', {
        method: 'POST',
        body: {
          name: 'Nguyễn Văn An',
          phone: '0912345678',
          address: '12 Lê Lợi, Phường Bến Thành',
          products: [{ post_id: products[index % 3]!, quantity: 1 + (index % 4) }],
        },
      });
      expect(order.status).toBe(201);
      for (const step of steps.slice(0, index % 4))
        await api(`/orders/${order.body.data.id}`, { method: 'PATCH', body: { status: step } });
    }
    await api('/posts', {
      method: 'POST',
      body: { type_id: type, title: 'Chờ duyệt', status: 'pending' },
    });
    const feedback = await api<{ data: { id: number } }>('/feedback', {
      method: 'POST',
      body: { name: 'Trần Thị Bình', content: 'Gọi lại' },
    });
    // a change the audit screen shows before and after
    await api(`/feedback/${feedback.body.data.id}`, {
      method: 'PATCH',
      body: { content: 'Đã gọi lại' },
    });
    // a product's price changed, and the shop's name: the log names them as their screens do
    await api(`/posts/${products[0]!}`, {
      method: 'PATCH',
      body: { product: { price: 32_000 } },
    });
    for (const name of ['Cà phê Ban Mê', 'Cà phê Ban Mê Thuột'])
      await api('/settings', {
        method: 'PATCH',
        body: { settings: [{ key: 'site_name', value: name }] },
      });
    // A clerk who may read feedback only.
    clerk = (
      await signInAsStaff(app.baseUrl, api, {
        role: 'Chăm sóc khách hàng',
        permissions: ['feedback.list'],
        name: 'Lê Thu Hà',
        email: 'cskh@example.com',
        password: 'Cskh-Passw0rd!',
      })
    ).tokens;
  });

  afterAll(async () => {
    await pages.close();
    await browser?.close();
    await app?.stop();
  });

  it.each(LOOKS)('reads well with its charts in $language, $theme', async (look) => {
    const { page, errors } = await pages.open('/dashboard', {
      language: look.language,
      theme: look.theme,
    });
    await page.getByTestId('greeting').waitFor();
    await page.getByTestId('revenue-chart').locator('canvas').waitFor();
    await page.getByTestId('status-chart').locator('canvas').waitFor();
    await expect
      .poll(() => page.getByTestId('figure-revenue').textContent())
      .toMatch(REVENUE[look.language]);
    // three orders of each product at 0-3 steps: the delivered ones count as revenue
    expect(await page.getByTestId('figure-orders').textContent()).toContain('9');
    expect(await page.getByTestId('top-products').locator('tbody tr').count()).toBeGreaterThan(0);
    // the range reads as the shop writes a date, day first
    const [from, to] = await page.locator('.ant-picker-range input').all();
    for (const input of [from!, to!])
      expect(await input.inputValue()).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    await shootLook(page, 'dashboard', 'home', look);
    expect(errors).toEqual([]);
  });

  it('names the chart’s days as the shop’s days: its last is today', async () => {
    const { page, errors } = await pages.open('/dashboard', { language: 'vi' });
    const chart = page.getByTestId('revenue-chart').locator('canvas');
    await chart.waitFor();
    const box = (await chart.boundingBox())!;
    // the axis tooltip of the rightmost day, the range's last: today in the shop
    await page.mouse.move(box.x + box.width - 40, box.y + box.height / 2);
    const today = new Intl.DateTimeFormat('vi-VN', {
      dateStyle: 'medium',
      timeZone: 'Asia/Ho_Chi_Minh',
    }).format(new Date());
    await page.locator('[data-testid="revenue-chart"] div', { hasText: today }).first().waitFor();
    expect(errors).toEqual([]);
  });

  it('leads from a figure to its list, filtered', async () => {
    const { page } = await pages.open('/dashboard');
    await page.getByTestId('figure-open-feedback').click();
    await page.waitForURL(/\/feedback\?status=none/);
    await page.getByText('Trần Thị Bình').waitFor();
  });

  it('leads an order clerk, who may not read post types, from the orders figure to the orders list', async () => {
    const api = apiClient(app.baseUrl, admin);
    const { tokens } = await signInAsStaff(app.baseUrl, api, {
      role: 'Đơn hàng',
      permissions: ['orders.list'],
      name: 'Phan Minh Tú',
      email: 'donhang@example.com',
      password: 'Donhang-Passw0rd!',
    });
    const { page, errors } = await pages.open('/dashboard', { tokens });
    await page.getByTestId('figure-orders').click();
    await page.waitForURL(/\/sales\/orders\?/);
    expect(new URL(page.url()).searchParams.get('from')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await page.getByRole('heading', { name: 'Orders' }).waitFor();
    // nothing asked that the clerk may not read (a refused request logs an error)
    expect(errors).toEqual([]);
  });

  it('shows a clerk only the figures of the lists they may open', async () => {
    const { page, errors } = await pages.open('/dashboard', { tokens: clerk });
    await page.getByTestId('figure-open-feedback').waitFor();
    expect(await page.getByTestId('figure-orders').count()).toBe(0);
    expect(await page.getByTestId('revenue-chart').count()).toBe(0);
    expect(await page.getByTestId('figure-pending-posts').count()).toBe(0);
    await shootLook(page, 'dashboard', 'clerk', {
      language: 'en',
      theme: 'light',
      direction: 'ltr',
    });
    expect(errors).toEqual([]);
  });

  it('asks nothing it would be refused when a clerk types the address of a screen not theirs', async () => {
    const { page, errors } = await pages.open('/dashboard', { tokens: clerk, language: 'vi' });
    await page.getByTestId('figure-open-feedback').waitFor();
    const refused: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 403) refused.push(new URL(response.url()).pathname);
    });
    // a bookmark to a type's posts: the type and the first page were asked for before the
    // profile said no, and refused
    await page.goto(`${app.baseUrl}/posts/all-posts/${productType}`);
    await page.getByText('Không có quyền', { exact: true }).waitFor();
    await page.goto(`${app.baseUrl}/sales/orders`);
    await page.getByText('Không có quyền', { exact: true }).waitFor();
    expect(refused).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('shows the audit log with a change before and after, side by side', async () => {
    const { page, errors } = await pages.open('/users/audit?resource=feedback&action=update', {
      language: 'vi',
    });
    await page.locator('main h1').first().waitFor();
    await page
      .getByRole('button', { name: /Chi tiết/ })
      .first()
      .click();
    const changes = page.getByTestId('audit-changes');
    await changes.waitFor();
    // Fields in the reader's words, as the record's own screen names them ("content" before).
    const before = changes.locator('tbody tr', { hasText: 'Nội dung' });
    expect(await before.locator('td').nth(1).textContent()).toBe('Gọi lại');
    expect(await before.locator('td').nth(2).textContent()).toBe('Đã gọi lại');
    await shootLook(page, 'audit', 'entry', { language: 'vi', theme: 'light', direction: 'ltr' });
    await page.keyboard.press('Escape');

    // A price changed reads "Giá", not "version, product" with the whole product twice over.
    await page.goto(`${app.baseUrl}/users/audit?resource=post&action=update`);
    const priceChange = page.locator('tbody tr[data-row-key]').first();
    await expect.poll(() => priceChange.locator('td').nth(4).textContent()).toBe('Giá');
    await priceChange.getByRole('button', { name: /Chi tiết/ }).click();
    const rows = page.getByTestId('audit-changes').locator('tbody tr');
    await expect.poll(() => rows.allTextContents()).toEqual(['Giá29.00032.000']);
    await page.keyboard.press('Escape');

    // A product's type by its name, not its number.
    const created = await openNewestAuditEntry(page, app.baseUrl, 'resource=post&action=create');
    const typeRow = created.locator('tbody tr', { hasText: 'Loại bài viết' });
    await expect.poll(() => typeRow.locator('td').nth(2).textContent()).toBe('Cà phê');
    await page.keyboard.press('Escape');

    // An order's status in words, as its screen says it ("delivery" before).
    await openNewestAuditEntry(page, app.baseUrl, 'resource=order&action=update');
    await expect.poll(() => rows.allTextContents()).toEqual(['Trạng tháiĐang giaoĐã giao']);
    await page.keyboard.press('Escape');

    // A setting reads as itself: "Tên trang web", not "key, value".
    await page.goto(`${app.baseUrl}/users/audit?resource=setting`);
    await expect
      .poll(() => page.locator('tbody tr[data-row-key]').first().locator('td').nth(4).textContent())
      .toBe('Tên trang web');
    // the action's column and the row buttons' column are not both "Thao tác"
    expect(await page.locator('thead th').allTextContents()).toEqual([
      'Thời gian',
      'Người thực hiện',
      'Hành động',
      'Đối tượng',
      'Trường',
      'Thao tác',
    ]);
    expect(errors).toEqual([]);
  });
});
