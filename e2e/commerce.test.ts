import Database from 'better-sqlite3';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
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
import { shopClock } from './support/shop-clock';

type Look = { language: 'vi' | 'en' | 'ja'; theme: 'light' | 'dark'; direction: 'ltr' | 'rtl' };

const DAY = 24 * 60 * 60 * 1000;
const inDays = (days: number) => new Date(Date.now() + days * DAY);

/** The picker's typed format: DD/MM/YYYY HH:mm on the shop's clock. */
const typed = (date: Date) => shopClock(date).typed;

describe.skipIf(!hasChromium)('discounts in the browser', () => {
  let app: RunningApp;
  let browser: Browser;
  let admin: Tokens;
  const pages = signedInPages(
    () => browser,
    () => app.baseUrl,
    () => admin,
  );
  const path = '/posts/product/discount/1';

  const open = async (look: Look, query = '') => {
    const tracked = await pages.open(`${path}${query}`, look);
    return tracked.page;
  };

  const fillTime = async (page: Page, id: string, date: Date) => {
    const input = page.locator(`#${id}`);
    await input.click();
    await input.fill(typed(date));
    await input.press('Enter');
  };

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchChromium()]);
    admin = await apiLogin(app.baseUrl);
    const api = apiClient(app.baseUrl, admin);
    await api('/discounts', {
      method: 'POST',
      body: {
        title: 'Giảm giá mùa hè',
        start_at: inDays(2).toISOString(),
        end_at: inDays(40).toISOString(),
        config: [
          { quantity: 2, discount: 7.5, type: 'percent' },
          { quantity: 12, discount: 25_000, type: 'money' },
        ],
      },
    });
  });

  afterAll(async () => {
    await pages.close();
    await browser?.close();
    await app?.stop();
  });

  it('adds a discount with tiers, showing the rules on their fields, then disables and deletes it', async () => {
    const page = await open({ language: 'vi', theme: 'light', direction: 'ltr' });
    await page.getByText('Giảm giá mùa hè').waitFor();
    expect(await page.title()).toMatch(/^Chiết khấu - /);

    await page.getByRole('button', { name: 'Thêm mới' }).click();
    await page.locator('#create-form_title').fill('Mua sỉ cà phê');
    // The pickers do not take what the rules refuse: a start in the past, an end before the
    // start (typed and sent with Enter, it is dropped and the form is not sent).
    await fillTime(page, 'create-form_start_at', inDays(-1));
    await page.locator('#create-form_title').click();
    await expect.poll(() => page.locator('#create-form_start_at').inputValue()).toBe('');
    await fillTime(page, 'create-form_start_at', inDays(1));
    await fillTime(page, 'create-form_end_at', inDays(-2));
    await page.locator('#create-form_title').click();
    await expect.poll(() => page.locator('#create-form_end_at').inputValue()).toBe('');
    await fillTime(page, 'create-form_end_at', inDays(10));
    await page.locator('#create-form_config_0_quantity').fill('3');
    await page.locator('#create-form_config_0_discount').fill('5');
    await page.getByRole('button', { name: 'Thêm: Mức' }).click();
    await page.locator('#create-form_config_1_quantity').fill('3');
    await page.locator('#create-form_config_1_discount').fill('20000');
    await page.locator('#create-form_config_1_type').click();
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', {
        hasText: 'Tiền',
      })
      .click();
    await page.getByRole('button', { name: 'Tạo' }).click();
    await page.getByText('Số lượng của các mức chiết khấu phải khác nhau!').waitFor();
    await screenshot(page, 'commerce-discount-form-errors-vi');
    expect(await axeViolations(page)).toEqual([]);

    await fillTime(page, 'create-form_start_at', inDays(1));
    await fillTime(page, 'create-form_end_at', inDays(10));
    await page.locator('#create-form_config_1_quantity').fill('10');
    const saved = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/v1/discounts') && response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Tạo' }).click();
    const created = (await (await saved).json()) as {
      data: { config: unknown[]; status: string; phase: string };
    };
    expect(created.data).toMatchObject({
      status: 'enable',
      phase: 'upcoming',
      config: [
        { quantity: 3, discount: 5, type: 'percent' },
        { quantity: 10, discount: 20_000, type: 'money' },
      ],
    });
    await page.getByText('Đã tạo thành công.').waitFor();
    const row = page.locator('tr', { hasText: 'Mua sỉ cà phê' });
    await row.getByText('Chưa áp dụng').waitFor();
    await row.getByText('từ 10: −20.000').waitFor();
    // A new discount goes first on page 1.
    expect(await page.locator('tbody tr').first().textContent()).toContain('Mua sỉ cà phê');

    await row.getByRole('button', { name: 'Sửa' }).click();
    const form = page.locator('.ant-drawer');
    await form.locator('input[id$="_status"]').click();
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', {
        hasText: 'Chưa kích hoạt',
      })
      .click();
    await form.getByRole('button', { name: 'Lưu' }).click();
    await page.getByText('Đã cập nhật thành công.').waitFor();
    await row.getByText('Chưa kích hoạt').waitFor();

    await row.getByRole('button', { name: 'Xóa' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Xóa' }).click();
    await row.waitFor({ state: 'detached' });
    await page.getByText('Đã xóa thành công (1).').waitFor();
  });

  it('lists and filters discounts by phase in every language, both themes and directions', async () => {
    const looks: Look[] = [
      { language: 'en', theme: 'dark', direction: 'rtl' },
      { language: 'ja', theme: 'light', direction: 'rtl' },
      { language: 'vi', theme: 'dark', direction: 'ltr' },
    ];
    const upcoming = { vi: 'Chưa áp dụng', en: 'Not yet applying', ja: '適用前' };
    for (const look of looks) {
      const page = await open(look, '?phase=upcoming');
      await page.getByText('Giảm giá mùa hè').waitFor();
      await page
        .locator('tr', { hasText: 'Giảm giá mùa hè' })
        .getByText(upcoming[look.language])
        .waitFor();
      expect(await page.locator('html').getAttribute('dir')).toBe(look.direction);
      await screenshot(page, `commerce-discounts-${look.language}-${look.theme}-${look.direction}`);
      expect(await axeViolations(page)).toEqual([]);
    }
    const page = await open({ language: 'en', theme: 'light', direction: 'ltr' }, '?phase=expired');
    await page.getByText('No data yet').waitFor();
    await screenshot(page, 'commerce-discounts-empty-en');
    expect(await axeViolations(page)).toEqual([]);
  });
});

/**
 * Orders sold before this test, written straight into the app's SQLite file: they keep what was
 * sold, whether or not the products still exist.
 */
const insertOrder = (
  app: RunningApp,
  order: { code: string; name: string; status: string },
  lines: Array<{
    post_id: number;
    title: string;
    price: number;
    discount: number;
    quantity: number;
  }>,
) => {
  const db = new Database(join(app.dataDir, 'backoffice.db'));
  try {
    db.pragma('busy_timeout = 5000');
    const stamp = new Date().toISOString();
    const subtotal = lines.reduce((sum, l) => sum + (l.price - l.discount) * l.quantity, 0);
    db.transaction(() => {
      const { lastInsertRowid } = db
        .prepare(
          `insert into orders (code, name, phone, email, address, fee, subtotal, total, status,
             search_text, created_at, updated_at)
           values (?, ?, '0912345678', null, '12 Lê Lợi, Phường Sài Gòn', 30000, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          order.code,
          order.name,
          subtotal,
          subtotal + 30_000,
          order.status,
          `${order.code.toLowerCase()} ${order.name} 0912345678`,
          stamp,
          stamp,
        );
      const insertLine = db.prepare(
        `insert into order_items (order_id, sort, post_id, code, title, image, price, discount, quantity, total)
         values (?, ?, ?, ?, ?, null, ?, ?, ?, ?)`,
      );
      lines.forEach((line, index) =>
        insertLine.run(
          lastInsertRowid,
          index,
          line.post_id,
          `SP00000${line.post_id}`,
          line.title,
          line.price,
          line.discount,
          line.quantity,
          (line.price - line.discount) * line.quantity,
        ),
      );
      // The code is taken as if the app had given it, so the next order gets the next number.
      db.prepare(
        `insert into code_sequences (prefix, last) values (?, ?)
         on conflict (prefix) do update set last = max(last, excluded.last)`,
      ).run(`${order.code.slice(0, -4)}{N}`, Number(order.code.slice(-4)));
    })();
  } finally {
    db.close();
  }
};

describe.skipIf(!hasChromium)('orders in the browser', () => {
  let app: RunningApp;
  let browser: Browser;
  let admin: Tokens;
  const pages = signedInPages(
    () => browser,
    () => app.baseUrl,
    () => admin,
  );

  const open = async (look: Look, query = '') => {
    const tracked = await pages.open(`/posts/product/order/1${query}`, look);
    return tracked.page;
  };

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchChromium()]);
    admin = await apiLogin(app.baseUrl);
    insertOrder(app, { code: 'DH2611230001', name: 'Nguyễn Văn An', status: 'new' }, [
      { post_id: 1, title: 'Cà phê rang xay 500 g', price: 120_000, discount: 5_000, quantity: 3 },
      { post_id: 2, title: 'Trà ô long', price: 45_500, discount: 0, quantity: 2 },
    ]);
    insertOrder(app, { code: 'DH2611230002', name: 'Trần Thị Hường', status: 'processing' }, [
      { post_id: 2, title: 'Trà ô long', price: 45_500, discount: 0, quantity: 1 },
    ]);
  });

  afterAll(async () => {
    await pages.close();
    await browser?.close();
    await app?.stop();
  });

  it('takes an order from new to delivered with the next button, showing its sold prices', async () => {
    const page = await open({ language: 'vi', theme: 'light', direction: 'ltr' });
    await page.getByText('DH2611230001').waitFor();
    expect(await page.title()).toMatch(/^Đơn hàng - /);
    await page.getByRole('button', { name: 'Đơn hàng DH2611230001', exact: true }).click();
    const drawer = page.locator('.ant-drawer', { hasText: 'Đơn hàng DH2611230001' });
    // (120 000 − 5 000) × 3 + 45 500 × 2 = 436 000; + fee 30 000
    await drawer.getByText('345.000 đ').waitFor();
    await drawer.getByText('436.000 đ').waitFor();
    await drawer.getByText('466.000 đ').waitFor();
    for (const [next, notice] of [
      ['Tiếp theo: Đang xử lý', 'Đơn hàng DH2611230001 đã chuyển sang Đang xử lý.'],
      ['Tiếp theo: Đang giao', 'Đơn hàng DH2611230001 đã chuyển sang Đang giao.'],
      ['Tiếp theo: Đã giao', 'Đơn hàng DH2611230001 đã chuyển sang Đã giao.'],
    ] as const) {
      await drawer.getByRole('button', { name: next }).click();
      if (next === 'Tiếp theo: Đang giao') {
        // No warehouse yet: the default choice, and the order moves without an export slip.
        const modal = page.locator('.ant-modal', { hasText: 'Tự chọn: kho đầu tiên còn đủ hàng' });
        await modal.waitFor();
        await modal.getByRole('button', { name: 'Chuyển sang đang giao' }).click();
      }
      await page.getByText(notice).waitFor();
    }
    await drawer.getByRole('button', { name: /Tiếp theo/ }).waitFor({ state: 'detached' });
    expect(await drawer.getByRole('button', { name: 'Hủy đơn' }).count()).toBe(0);
    await screenshot(page, 'commerce-order-delivered-vi');
    expect(await axeViolations(page)).toEqual([]);
    await drawer
      .getByRole('button', { name: 'Close' })
      .or(drawer.locator('.ant-drawer-close'))
      .first()
      .click();
    await page.locator('tr', { hasText: 'DH2611230001' }).getByText('Đã giao').waitFor();
  });

  it('delivers an order from the first warehouse with stock: a short warehouse chosen by hand refuses with what it holds, the slip code shows, the stock drops', async () => {
    const api = apiClient(app.baseUrl, admin);
    const type = await api<{ data: { id: number } }>('/types', {
      method: 'POST',
      body: { style: 'product', title: 'Bánh pía' },
    });
    const typeId = type.body.data.id;
    const product = await api<{ data: { id: number } }>('/posts', {
      method: 'POST',
      body: {
        type_id: typeId,
        title: 'Bánh pía Sóc Trăng',
        product: { code: 'BP-01', price: 60_000 },
      },
    });
    const postId = product.body.data.id;
    const warehouse = async (name: string) =>
      (
        await api<{ data: { id: number } }>('/warehouses', {
          method: 'POST',
          body: {
            name,
            phone: '0241234567',
            province_code: '01',
            ward_code: '00004',
            address: '1 Tràng Tiền',
          },
        })
      ).body.data.id;
    const stocked = await warehouse('Kho Hoàn Kiếm');
    const imported = await api(`/warehouses/${stocked}/change`, {
      method: 'POST',
      body: { style: 'import', products: [{ post_id: postId, price: 40_000, number: 10 }] },
    });
    expect(imported.status).toBe(201);
    // A second warehouse that holds nothing of it.
    await warehouse('Kho Long Biên');
    const order = await api<{ data: { id: number; code: string } }>('/orders', {
      method: 'POST',
      body: {
        name: 'Võ Thị Sáu',
        phone: '0912000111',
        address: '2 Hai Bà Trưng',
        products: [{ post_id: postId, quantity: 3 }],
        status: 'processing',
      },
    });
    expect(order.status).toBe(201);
    const { code } = order.body.data;
    const inStock = async () =>
      (
        await api<{ data: Array<{ in_stock: number }> }>(
          `/warehouses/products?warehouse_id=${stocked}&post_id=${postId}`,
        )
      ).body.data[0]!.in_stock;

    const { page } = await pages.open(`/posts/product/order/${typeId}`, { language: 'vi' });
    await page.getByRole('button', { name: `Đơn hàng ${code}`, exact: true }).click();
    const drawer = page.locator('.ant-drawer', { hasText: `Đơn hàng ${code}` });
    await drawer.getByRole('button', { name: 'Tiếp theo: Đang giao' }).click();
    const modal = page.locator('.ant-modal', { hasText: `Chuyển đơn hàng ${code} sang đang giao` });
    // The default: the first warehouse that holds every line, said the same way by the hint.
    await modal.getByText('Tự chọn: kho đầu tiên còn đủ hàng').waitFor();
    await modal.getByText(/được lập tự động ở kho này/).waitFor();
    await screenshot(page, 'commerce-order-delivery-warehouse-vi');
    expect(await axeViolations(page)).toEqual([]);

    const chooseWarehouse = async (name: string) => {
      await modal.locator('#order-delivery-warehouse').click();
      await page
        .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', {
          hasText: name,
        })
        .click();
    };
    await chooseWarehouse('Kho Long Biên');
    await modal.getByRole('button', { name: 'Chuyển sang đang giao' }).click();
    await modal
      .getByText('Bánh pía Sóc Trăng: Không đủ hàng trong kho để xuất: chỉ còn 0.')
      .waitFor();
    await screenshot(page, 'commerce-order-delivery-short-vi');
    expect(await drawer.getByText('Phiếu xuất kho').count()).toBe(0);
    expect(await inStock()).toBe(10);

    await chooseWarehouse('Tự chọn');
    await modal.getByRole('button', { name: 'Chuyển sang đang giao' }).click();
    await page.getByText(`Đơn hàng ${code} đã chuyển sang Đang giao.`).waitFor();
    await modal.waitFor({ state: 'hidden' });
    const slipCode = drawer.locator('.ant-descriptions-row', { hasText: 'Phiếu xuất kho' });
    await slipCode.getByText(/^PX\d{10}$/).waitFor();
    await screenshot(page, 'commerce-order-delivery-slip-vi');
    expect(await inStock()).toBe(7);
  });

  it('cancels a processing order after a confirm', async () => {
    const page = await open({ language: 'en', theme: 'dark', direction: 'rtl' });
    await page.getByText('DH2611230002').waitFor();
    await page.getByRole('button', { name: 'Order DH2611230002', exact: true }).click();
    const drawer = page.locator('.ant-drawer', { hasText: 'Order DH2611230002' });
    await drawer.getByRole('button', { name: 'Cancel order' }).click();
    await page.getByText('Cancel order DH2611230002?').waitFor();
    await screenshot(page, 'commerce-order-cancel-confirm-en-dark-rtl');
    // The two buttons read differently: keep it, or cancel it.
    expect(await page.locator('.ant-popconfirm').getByRole('button').allTextContents()).toEqual([
      'Keep order',
      'Cancel order',
    ]);
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Cancel order' }).click();
    await page.getByText('Order DH2611230002 canceled.').waitFor();
    await drawer.getByRole('button', { name: 'Cancel order' }).waitFor({ state: 'detached' });
    expect(await axeViolations(page)).toEqual([]);
  });

  it('filters orders by status and finds one by folded name, in Japanese', async () => {
    const page = await open(
      { language: 'ja', theme: 'light', direction: 'ltr' },
      '?status=canceled',
    );
    await page.getByText('DH2611230002').waitFor();
    expect(await page.getByText('DH2611230001').count()).toBe(0);
    await page.locator('tr', { hasText: 'DH2611230002' }).getByText('キャンセル済み').waitFor();
    await screenshot(page, 'commerce-orders-canceled-ja');
    expect(await axeViolations(page)).toEqual([]);
    const searched = await open(
      { language: 'ja', theme: 'light', direction: 'ltr' },
      '?search=tran+thi+huong',
    );
    await searched.getByText('DH2611230002').waitFor();
    expect(await searched.getByText('DH2611230001').count()).toBe(0);
  });

  it('prints an order on an A4 page or an 80 mm receipt, under the shop details from the settings', async () => {
    const api = apiClient(app.baseUrl, admin);
    const saved = await api('/settings', {
      method: 'PATCH',
      body: {
        settings: [
          { key: 'company_name', value: 'Công ty TNHH Cà phê Núi' },
          { key: 'company_address', value: '12 Phan Đình Phùng, Đà Lạt' },
          { key: 'company_phone', value: '0263382123' },
          { key: 'site_hotline', value: '0901234567' },
        ],
      },
    });
    expect(saved.status).toBe(200);
    const page = await open({ language: 'vi', theme: 'light', direction: 'ltr' });
    await page.getByRole('button', { name: 'Đơn hàng DH2611230001', exact: true }).click();
    await page.getByRole('button', { name: 'Bản in' }).click();
    const paper = page.getByTestId('order-paper');
    await paper.getByText('Đơn hàng DH2611230001').waitFor();
    await paper.getByText('Cà phê rang xay 500 g').waitFor();
    await paper.getByText('466.000 đ').waitFor();
    await paper.getByRole('heading', { name: 'Công ty TNHH Cà phê Núi' }).waitFor();
    expect(await paper.getByTestId('shop-contact').allTextContents()).toEqual([
      '12 Phan Đình Phùng, Đà Lạt',
      'ĐT: 0263382123 · Hotline: 0901234567',
    ]);
    expect(await paper.getByText('−5.000 đ').count()).toBe(1);
    await screenshot(page, 'commerce-order-print-a4-vi');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByText('Hóa đơn 80 mm').click();
    // The receipt leaves out the unit price and discount columns, to fit 80 mm.
    await paper.getByText('−5.000 đ').waitFor({ state: 'detached' });
    expect((await paper.boundingBox())!.width).toBeLessThan(320);
    await page.emulateMedia({ media: 'print' });
    await screenshot(page, 'commerce-order-print-receipt-vi');
    await page.emulateMedia({ media: 'screen' });
    expect(await axeViolations(page)).toEqual([]);
    await page.goto(`${app.baseUrl}/sales/orders/print/99999`);
    await page.getByText('Đơn hàng này không tồn tại hoặc đã bị xóa.').waitFor();
  });

  it('opens the create form with product lines and the totals note', async () => {
    const page = await open({ language: 'vi', theme: 'dark', direction: 'ltr' });
    await page.getByText('DH2611230001').waitFor();
    await page.getByRole('button', { name: 'Thêm mới' }).click();
    await page.getByRole('button', { name: 'Tạo' }).click();
    await page.getByText('Vui lòng nhập tên khách hàng!').waitFor();
    await page
      .getByText(
        'Máy chủ tính đúng như khi lưu: giá đại lý theo tài khoản của khách hàng (theo email), mức chiết khấu theo số lượng đạt được và phí.',
      )
      .waitFor();
    await screenshot(page, 'commerce-order-form-vi-dark');
    expect(await axeViolations(page)).toEqual([]);
  });

  it('lets a clerk who may only make orders create one from a real product, picked by search with its price', async () => {
    const api = apiClient(app.baseUrl, admin);
    const type = await api<{ data: { id: number } }>('/types', {
      method: 'POST',
      body: { style: 'product', title: 'Cà phê hạt' },
    });
    expect(type.status).toBe(201);
    const typeId = type.body.data.id;
    for (const [title, code, price] of [
      ['Cà phê Robusta Đắk Lắk', 'RB-500', 150_000],
      ['Cà phê Arabica Cầu Đất', 'AR-250', 210_000],
    ] as const) {
      const created = await api('/posts', {
        method: 'POST',
        body: { type_id: typeId, title, product: { code, price } },
      });
      expect(created.status).toBe(201);
    }
    // The clerk reads no posts: the product picker answers them the products, and only those.
    const { tokens } = await signInAsStaff(app.baseUrl, api, {
      role: 'Bán hàng',
      permissions: ['orders.list', 'orders.create'],
      name: 'Lê Văn Bán',
      email: 'banhang@example.com',
      password: 'Ban-Hang-Passw0rd!',
    });
    const { page, errors } = await pages.open('/sales/orders', { language: 'en', tokens });
    await page.getByRole('button', { name: 'Add new' }).click();
    await page.locator('#create-form_name').fill('Lê Thị Cúc');
    await page.locator('#create-form_phone').fill('0903123456');
    await page.locator('#create-form_address').fill('8 Trần Phú, Đà Lạt');
    await page.locator('#create-form_products_0_post_id').click();
    // Folded search on the server: "dak lak" finds Đắk Lắk, and the option shows the price.
    await page.locator('#create-form_products_0_post_id').fill('dak lak');
    const option = page.locator(
      '.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option',
      { hasText: 'Cà phê Robusta Đắk Lắk (RB-500)' },
    );
    await option.waitFor();
    expect(await option.textContent()).toMatch(/150\.000/);
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', {
        hasText: 'Arabica',
      })
      .waitFor({ state: 'detached' });
    await option.click();
    await page.locator('#create-form_products_0_quantity').fill('2');
    await page
      .getByText(/300\.000/)
      .first()
      .waitFor();
    await screenshot(page, 'commerce-order-real-product-en');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Create' }).click();
    const row = page.locator('tr', { hasText: 'Lê Thị Cúc' });
    await row.waitFor();
    await row.getByRole('button', { name: /^Order DH/ }).click();
    const drawer = page.locator('.ant-drawer:visible');
    await drawer.getByText('Cà phê Robusta Đắk Lắk').waitFor();
    await drawer
      .getByText(/300\.000/)
      .first()
      .waitFor();
    expect(errors).toEqual([]);
  });

  it('takes an order made in the form (pickers, a product found by search, quantity, fee) with its live total to delivered', async () => {
    const api = apiClient(app.baseUrl, admin);
    const type = await api<{ data: { id: number } }>('/types', {
      method: 'POST',
      body: { style: 'product', title: 'Cà phê sỉ' },
    });
    const typeId = type.body.data.id;
    const agency = await api<{ data: { id: number } }>('/agencies', {
      method: 'POST',
      body: { name: 'Đại lý Sỉ Miền Nam', sort: 1 },
    });
    const agencyId = agency.body.data.id;
    const buyerEmail = `si.mien.nam.${Date.now()}@example.com`;
    const buyer = await api<{ data: { id: number } }>('/register', {
      method: 'POST',
      body: { name: 'Cửa hàng Sỉ', email: buyerEmail, password: 'Buyer-pass-1' },
    });
    expect(
      (
        await api('/agencies/attach', {
          method: 'POST',
          body: { agency_id: agencyId, user_ids: [buyer.body.data.id] },
        })
      ).status,
    ).toBeLessThan(300);
    // A discount already applying cannot be made through the API (its start must lie ahead).
    const db = new Database(join(app.dataDir, 'backoffice.db'));
    let discountId: number;
    try {
      db.pragma('busy_timeout = 5000');
      const stamp = new Date().toISOString();
      discountId = Number(
        db
          .prepare(
            `insert into discounts (title, start_at, end_at, config, status, search_text, created_at, updated_at)
             values ('Mua 3 giảm 10%', ?, ?, ?, 'enable', '', ?, ?)`,
          )
          .run(
            inDays(-1).toISOString(),
            inDays(30).toISOString(),
            JSON.stringify([{ quantity: 3, discount: 10, type: 'percent' }]),
            stamp,
            stamp,
          ).lastInsertRowid,
      );
    } finally {
      db.close();
    }
    const product = await api('/posts', {
      method: 'POST',
      body: {
        type_id: typeId,
        title: 'Cà phê Robusta Buôn Ma Thuột',
        product: {
          code: 'RB-BMT',
          price: 150_000,
          discount_id: discountId,
          agency_prices: [{ agency_id: agencyId, price: 120_000 }],
        },
      },
    });
    expect(product.status).toBe(201);
    const warehouses = await api<{ data: Array<{ id: number }> }>('/warehouses?limit=100');
    const stocked = await api(`/warehouses/${warehouses.body.data.at(-1)!.id}/change`, {
      method: 'POST',
      body: {
        style: 'import',
        products: [
          {
            post_id: (product.body as { data: { id: number } }).data.id,
            price: 90_000,
            number: 10,
          },
        ],
      },
    });
    expect(stocked.status).toBe(201);

    const openOrders = async (theme: Look['theme']) => {
      const tracked = await pages.open(`/posts/product/order/${typeId}`, { language: 'vi', theme });
      return tracked.page;
    };
    const option = (page: Page, text: string) =>
      page.locator(
        `.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="${text}"]`,
      );
    const pick = async (page: Page, id: string, typed: string, text: string) => {
      await page.locator(`#${id}`).click();
      await page.locator(`#${id}`).fill(typed);
      await option(page, text).click();
    };

    const page = await openOrders('light');
    await page.getByRole('button', { name: 'Thêm mới' }).click();
    await page.locator('#create-form_name').fill('Cửa hàng Sỉ');
    await page.locator('#create-form_phone').fill('0909123456');
    await page.locator('#create-form_email').fill(buyerEmail);
    await pick(page, 'create-form_province_code', 'ho chi minh', 'Thành phố Hồ Chí Minh');
    await pick(page, 'create-form_ward_code', 'sai gon', 'Phường Sài Gòn');
    await page.locator('#create-form_address').fill('12 Lê Lợi');
    await screenshot(page, 'commerce-order-form-address-vi-light');
    // A new order starts new (the default) or processing; the later steps are the next button's.
    await page.locator('#create-form_status').click();
    const statuses = page.locator(
      '.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option',
    );
    await statuses.first().waitFor();
    expect(await statuses.allTextContents()).toEqual(['Mới', 'Đang xử lý']);
    await page.keyboard.press('Escape');
    await pick(
      page,
      'create-form_products_0_post_id',
      'robusta buon ma',
      'Cà phê Robusta Buôn Ma Thuột (RB-BMT) · 150.000 đ',
    );
    await page.locator('#create-form_products_0_quantity').fill('3');
    await page.locator('#create-form_fee').fill('30000');
    await page.locator('#create-form_fee').blur();
    // The agency's 120 000 less 10% from 3 units: 108 000 × 3 = 324 000; + fee 30 000.
    const totals = page.getByTestId('order-totals');
    const liveTotal = page.getByTestId('order-live-total');
    await expect.poll(() => liveTotal.textContent()).toBe('354.000 đ');
    await totals.getByText('Giá đại lý: Đại lý Sỉ Miền Nam').waitFor();
    await totals.getByText('−36.000 đ').waitFor();
    expect(await page.locator('#create-form_fee').inputValue()).toBe('30.000');
    await totals.scrollIntoViewIfNeeded();
    await screenshot(page, 'commerce-order-form-totals-vi-light');
    expect(await axeViolations(page)).toEqual([]);

    const saved = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/v1/orders') && response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Tạo', exact: true }).click();
    const created = (await (await saved).json()) as {
      data: { id: number; code: string; total: number; status: string };
    };
    expect(created.data.total).toBe(354_000);
    expect(created.data.status).toBe('new');
    await page.getByText('Đã tạo thành công.').waitFor();
    const { code } = created.data;
    await page.locator('tr', { hasText: code }).getByText('354.000 đ').waitFor();

    // Its lines change while it is new: the same picker, the quantity, and the totals follow.
    const dark = await openOrders('dark');
    const row = dark.locator('tr', { hasText: code });
    await row.getByRole('button', { name: 'Sửa' }).click();
    const form = dark.locator('.ant-drawer', { hasText: 'Sửa đơn hàng' });
    // The line reads as it was sold: the agency's unit price, before the quantity discount.
    await form
      .locator('.ant-select', { has: dark.locator('#edit-form_products_0_post_id') })
      .getByText('Cà phê Robusta Buôn Ma Thuột (RB-BMT) · 120.000 đ')
      .waitFor();
    await dark.locator('#edit-form_products_0_quantity').fill('4');
    // 108 000 × 4 + 30 000: the sold unit price stays.
    await expect.poll(() => dark.getByTestId('order-live-total').textContent()).toBe('462.000 đ');
    await dark.getByTestId('order-totals').scrollIntoViewIfNeeded();
    await screenshot(dark, 'commerce-order-form-totals-vi-dark');
    expect(await axeViolations(dark)).toEqual([]);
    await form.getByRole('button', { name: 'Lưu' }).click();
    await dark.getByText('Đã cập nhật thành công.').waitFor();
    await row.getByText('462.000 đ').waitFor();

    await row.getByRole('button', { name: `Đơn hàng ${code}`, exact: true }).click();
    const drawer = dark.locator('.ant-drawer', { hasText: `Đơn hàng ${code}` });
    await drawer.getByText('12 Lê Lợi, Phường Sài Gòn, Thành phố Hồ Chí Minh').waitFor();
    await drawer.getByText('462.000 đ').waitFor();
    for (const [next, status] of [
      ['Tiếp theo: Đang xử lý', 'Đang xử lý'],
      ['Tiếp theo: Đang giao', 'Đang giao'],
      ['Tiếp theo: Đã giao', 'Đã giao'],
    ] as const) {
      await drawer.getByRole('button', { name: next }).click();
      if (status === 'Đang giao') {
        const modal = dark.locator('.ant-modal', {
          hasText: `Chuyển đơn hàng ${code} sang đang giao`,
        });
        // The shop has warehouses: the first one holding the coffee ships it.
        await modal.getByText('Tự chọn: kho đầu tiên còn đủ hàng').waitFor();
        await modal.getByRole('button', { name: 'Chuyển sang đang giao' }).click();
      }
      await dark.getByText(`Đơn hàng ${code} đã chuyển sang ${status}.`).waitFor();
    }
    await drawer.getByRole('button', { name: /Tiếp theo/ }).waitFor({ state: 'detached' });
    const stored = await api<{ data: { status: string; total: number } }>(
      `/orders/${created.data.id}`,
    );
    expect(stored.body.data).toMatchObject({ status: 'delivered', total: 462_000 });
    await drawer.getByRole('button', { name: 'Bản in' }).click();
    const paper = dark.getByTestId('order-paper');
    await paper.getByText('Địa chỉ: 12 Lê Lợi, Phường Sài Gòn, Thành phố Hồ Chí Minh').waitFor();
    await paper.getByText('462.000 đ').waitFor();
    // One order's whole life in one test: several times the steps of the others.
  }, 240_000);

  it('reaches the orders and discounts from the Sales section of the sidebar in one click, and keeps a type’s paths', async () => {
    const api = apiClient(app.baseUrl, admin);
    const type = await api<{ data: { id: number } }>('/types', {
      method: 'POST',
      body: { style: 'product', title: 'Trà Thái Nguyên' },
    });
    const typeId = type.body.data.id;
    const { page } = await pages.open(`/posts/all-posts/${typeId}`, { language: 'en' });
    const nav = page.locator('.ant-layout-sider, nav').first();
    const sales = nav.getByText('Sales', { exact: true });
    await sales.waitFor();
    if (!(await nav.getByText('Discounts', { exact: true }).isVisible())) await sales.click();
    await nav.getByText('Discounts', { exact: true }).click();
    await page.waitForURL('**/sales/discounts');
    await page.getByRole('heading', { name: 'Discounts' }).waitFor();
    await nav.getByText('Orders', { exact: true }).click();
    await page.waitForURL('**/sales/orders');
    await page.getByRole('heading', { name: 'Orders' }).waitFor();
    // the paths under a product type show its orders and discounts too, besides the Sales entries
    await page.goto(`${app.baseUrl}/posts/product/discount/${typeId}`);
    await page.getByRole('heading', { name: 'Discounts' }).waitFor();
    await page.goto(`${app.baseUrl}/posts/product/order/${typeId}`);
    await page.getByRole('heading', { name: 'Orders' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });
});
