import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setSettings, startApp, type RunningApp } from './support/app-server';
import { axeViolations } from './support/axe';
import { hasChromium, launchChromium } from './support/chromium';
import {
  apiClient,
  apiLogin,
  registerUser,
  signInAsStaff,
  screenshot,
  type Tokens,
  signedInPages,
} from './support/session';

type Saved = { data: { id: number; code: string } };

/** The shop's logo: an SVG as a data URL (the CSP allows data: images). */
const LOGO = `data:image/svg+xml;base64,${Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="100" viewBox="0 0 300 100"><rect width="300" height="100" fill="#1668dc"/></svg>',
).toString('base64')}`;

/**
 * Stock follows shipping: a sales clerk whose role holds only the orders keys (no warehouse
 * key at all) moves orders to delivery, and each move takes its units out of the warehouse.
 */
describe.skipIf(!hasChromium)('shipping by a staff member with a narrow role', () => {
  let app: RunningApp;
  let browser: Browser;
  let admin: Tokens;
  let clerk: Tokens;
  let typeId = 0;
  let productId = 0;
  let warehouseId = 0;
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
      await api<Saved>('/types', { method: 'POST', body: { style: 'product', title: 'Bánh' } })
    ).body.data.id;
    productId = (
      await api<Saved>('/posts', {
        method: 'POST',
        body: {
          type_id: typeId,
          title: 'Bánh pía Sóc Trăng',
          product: { code: 'BP-01', price: 60_000 },
        },
      })
    ).body.data.id;
    warehouseId = (
      await api<Saved>('/warehouses', {
        method: 'POST',
        body: {
          name: 'Kho Hoàn Kiếm',
          phone: '0241234567',
          province_code: '01',
          ward_code: '00004',
          address: '1 Tràng Tiền',
        },
      })
    ).body.data.id;
    const imported = await api(`/warehouses/${warehouseId}/change`, {
      method: 'POST',
      body: { style: 'import', products: [{ post_id: productId, price: 40_000, number: 10 }] },
    });
    expect(imported.status).toBe(201);
    // sales: orders, not the stock
    clerk = (
      await signInAsStaff(app.baseUrl, api, {
        role: 'ban-hang',
        permissions: ['orders.list', 'orders.update'],
        name: 'Nhân viên bán hàng',
        email: 'ban-hang@example.com',
        password: 'Sales-passw0rd!',
      })
    ).tokens;
    // A customer with an account, found from the order form.
    await registerUser<Saved>(app.baseUrl, api, {
      name: 'Phạm Minh Khôi',
      email: 'minh.khoi@example.com',
      password: 'Member-passw0rd!',
      phone: '0987654321',
      address: '45 Trần Phú, Nha Trang',
      status: 'enable',
    });
    setSettings(app, { site_logo: LOGO });
  });

  afterAll(async () => {
    await pages.close();
    await browser?.close();
    await app?.stop();
  });

  const processingOrder = async (quantity: number) => {
    const created = await apiClient(app.baseUrl, admin)<Saved>('/orders', {
      method: 'POST',
      body: {
        name: 'Võ Thị Sáu',
        phone: '0912000111',
        address: '2 Hai Bà Trưng',
        products: [{ post_id: productId, quantity }],
        status: 'processing',
      },
    });
    expect(created.status).toBe(201);
    return created.body.data;
  };
  const inStock = async () =>
    (
      await apiClient(
        app.baseUrl,
        admin,
      )<{ data: Array<{ in_stock: number }> }>(
        `/warehouses/products?warehouse_id=${warehouseId}&post_id=${productId}`,
      )
    ).body.data[0]!.in_stock;

  it('moves an order to delivery: the export slip is made, the stock drops; a short one says what is left', async () => {
    const order = await processingOrder(3);
    const tooMany = await processingOrder(20);
    const { page, errors } = await pages.open(`/posts/product/order/${typeId}`, {
      language: 'vi',
      tokens: clerk,
    });

    await page.getByRole('button', { name: `Đơn hàng ${order.code}`, exact: true }).click();
    const drawer = page.locator('.ant-drawer', { hasText: `Đơn hàng ${order.code}` });
    await drawer.getByRole('button', { name: 'Tiếp theo: Đang giao' }).click();
    const modal = page.locator('.ant-modal', {
      hasText: `Chuyển đơn hàng ${order.code} sang đang giao`,
    });
    // The clerk cannot see warehouses: the default is said, and it is what the hint says.
    await modal.getByText('Tự chọn: kho đầu tiên còn đủ hàng').waitFor();
    await modal.getByText(/được lập tự động ở kho này, và tồn kho giảm theo/).waitFor();
    await screenshot(page, 'shipping-narrow-role-modal-vi');
    expect(await axeViolations(page)).toEqual([]);
    await modal.getByRole('button', { name: 'Chuyển sang đang giao' }).click();
    await page.getByText(`Đơn hàng ${order.code} đã chuyển sang Đang giao.`).waitFor();
    const slip = drawer.locator('.ant-descriptions-row', { hasText: 'Phiếu xuất kho' });
    await slip.getByText(/^PX\d{10}$/).waitFor();
    await screenshot(page, 'shipping-narrow-role-slip-vi');
    expect(await inStock()).toBe(7);
    // An order that left the warehouse offers no delete.
    await drawer.locator('.ant-drawer-close').click();
    const row = page.locator('tr', { hasText: order.code });
    await row.getByText('Đang giao').waitFor();
    expect(await row.getByRole('button', { name: 'Xóa' }).count()).toBe(0);

    await page.getByRole('button', { name: `Đơn hàng ${tooMany.code}`, exact: true }).click();
    const second = page.locator('.ant-drawer', { hasText: `Đơn hàng ${tooMany.code}` });
    await second.getByRole('button', { name: 'Tiếp theo: Đang giao' }).click();
    const refusing = page.locator('.ant-modal', {
      hasText: `Chuyển đơn hàng ${tooMany.code} sang đang giao`,
    });
    await refusing.getByRole('button', { name: 'Chuyển sang đang giao' }).click();
    await refusing
      .getByText('Bánh pía Sóc Trăng: Không đủ hàng trong kho để xuất: chỉ còn 7.')
      .waitFor();
    await screenshot(page, 'shipping-narrow-role-short-vi');
    expect(await inStock()).toBe(7);
    const stored = await apiClient(
      app.baseUrl,
      admin,
    )<{ data: { status: string } }>(`/orders/${tooMany.id}`);
    expect(stored.body.data.status).toBe('processing');
    // The refused move is a 422 the browser reports; nothing else went wrong.
    expect(errors.filter((error) => !/status of 422/.test(error))).toEqual([]);
  });

  it('fills the customer from a member found by phone, and prints the order under the shop logo', async () => {
    const { page } = await pages.open(`/posts/product/order/${typeId}`, { language: 'vi' });
    await page.getByRole('button', { name: 'Thêm mới' }).click();
    await page.locator('#create-form_name').fill('0987654');
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', {
        hasText: 'minh.khoi@example.com',
      })
      .click();
    expect(await page.locator('#create-form_name').inputValue()).toBe('Phạm Minh Khôi');
    expect(await page.locator('#create-form_phone').inputValue()).toBe('0987654321');
    expect(await page.locator('#create-form_email').inputValue()).toBe('minh.khoi@example.com');
    expect(await page.locator('#create-form_address').inputValue()).toBe('45 Trần Phú, Nha Trang');
    await screenshot(page, 'order-form-member-lookup-vi');
    await page.locator('#create-form_products_0_post_id').click();
    await page.locator('#create-form_products_0_post_id').fill('banh pia');
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', {
        hasText: 'Bánh pía Sóc Trăng',
      })
      .click();
    const saved = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/v1/orders') && response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Tạo', exact: true }).click();
    const created = (await (await saved).json()) as { data: { id: number; code: string } };
    expect(created.data).toMatchObject({ code: expect.any(String) });

    await page.goto(`${app.baseUrl}/posts/product/order/${typeId}/print/${created.data.id}`);
    const paper = page.getByTestId('order-paper');
    await paper.getByText('Phạm Minh Khôi').waitFor();
    const logo = paper.getByTestId('order-logo');
    await logo.waitFor();
    expect(await logo.getAttribute('src')).toBe(LOGO);
    await screenshot(page, 'order-print-logo-a4-vi');
    await page.getByText('Hóa đơn 80 mm').click();
    await logo.waitFor();
    await page.emulateMedia({ media: 'print' });
    expect(await logo.isVisible()).toBe(true);
    await screenshot(page, 'order-print-logo-receipt-vi');
  });
});
