import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from './support/app-server';
import { axeViolations } from './support/axe';
import { hasChromium, launchChromium } from './support/chromium';
import { apiClient, apiLogin, screenshot, type Tokens, signedInPages } from './support/session';

type Order = { id: number; code: string; total: number };

const option = (page: Page, text: string) =>
  page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', {
    hasText: text,
  });

describe.skipIf(!hasChromium)('payments and VietQR in the browser', () => {
  let app: RunningApp;
  let browser: Browser;
  let admin: Tokens;
  let typeId: number;
  let productId: number;
  const pages = signedInPages(
    () => browser,
    () => app.baseUrl,
    () => admin,
  );

  const open = async (
    path: string,
    language: 'vi' | 'en' = 'vi',
    theme: 'light' | 'dark' = 'light',
  ) => {
    const tracked = await pages.open(path, { language, theme });
    return tracked.page;
  };

  const createOrder = async (body: Record<string, unknown>) => {
    const answer = await apiClient(app.baseUrl, admin)<{ data: Order }>('/orders', {
      method: 'POST',
      body: {
        name: 'Phạm Minh Châu',
        phone: '0935123456',
        address: '21 Nguyễn Huệ, Huế',
        fee: 20_000,
        products: [{ post_id: productId, quantity: 2 }],
        ...body,
      },
    });
    expect(answer.status).toBe(201);
    return answer.body.data;
  };

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchChromium()]);
    admin = await apiLogin(app.baseUrl);
    const api = apiClient(app.baseUrl, admin);
    const type = await api<{ data: { id: number } }>('/types', {
      method: 'POST',
      body: { style: 'product', title: 'Trà' },
    });
    typeId = type.body.data.id;
    const product = await api<{ data: { id: number } }>('/posts', {
      method: 'POST',
      body: {
        type_id: typeId,
        title: 'Trà Shan tuyết Hà Giang',
        product: { code: 'ST-100', price: 185_000 },
      },
    });
    expect(product.status).toBe(201);
    productId = product.body.data.id;
  });

  afterAll(async () => {
    await pages.close();
    await browser?.close();
    await app?.stop();
  });

  it('saves the shop’s bank on the settings screen, shows the QR on a bank-transfer order, and marks it paid then refunded', async () => {
    const page = await open('/settings/bank');
    const form = page.getByTestId('settings-bank');
    await form.locator('#settings-bank_bank_bin').click();
    await form.locator('#settings-bank_bank_bin').fill('vietcom');
    await option(page, 'Vietcombank (970436)').click();
    await form.locator('#settings-bank_bank_account').fill('00110 01234567');
    await form.getByRole('button', { name: 'Lưu' }).click();
    await page.getByText('Số tài khoản gồm tối đa 19 chữ cái và chữ số.').waitFor();
    await form.locator('#settings-bank_bank_account').fill('0011001234567');
    await form.locator('#settings-bank_bank_account_name').fill('CONG TY TNHH TRA VIET');
    await form.getByRole('button', { name: 'Lưu' }).click();
    await page.getByText('Cập nhật thành công.').first().waitFor();
    await screenshot(page, 'payments-bank-settings-vi');

    const order = await createOrder({ payment_method: 'bank_transfer' });
    await createOrder({});
    await page.goto(`${app.baseUrl}/posts/product/order/${typeId}`);
    const row = page.locator('tr', { hasText: order.code });
    await row.getByText('Chưa thanh toán').waitFor();
    await row.getByText('Chuyển khoản').waitFor();
    await row.getByRole('button', { name: `Đơn hàng ${order.code}`, exact: true }).click();
    const drawer = page.locator('.ant-drawer', { hasText: `Đơn hàng ${order.code}` });
    const payment = drawer.getByTestId('order-payment');
    const qr = payment.getByTestId('order-vietqr');
    await qr.waitFor();
    // the picture drew (a broken data URL has no width)
    await expect
      .poll(() => qr.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    await payment.getByText('Vietcombank (970436)').waitFor();
    await payment.getByText('0011001234567').waitFor();
    await payment.getByText('390.000 đ').waitFor(); // 185 000 × 2 + 20 000
    await payment.scrollIntoViewIfNeeded();
    await screenshot(page, 'payments-order-vietqr-vi');
    expect(await axeViolations(page)).toEqual([]);

    await payment.getByRole('button', { name: 'Đánh dấu đã thanh toán' }).click();
    await page.getByText(`Đánh dấu đơn ${order.code} đã thanh toán?`).waitFor();
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: 'Đánh dấu đã thanh toán' })
      .click();
    await page.getByText(`Đã đánh dấu đơn ${order.code} đã thanh toán.`).waitFor();
    await payment.getByText('Đã thanh toán', { exact: true }).waitFor();
    // paid: no code to scan any more
    await qr.waitFor({ state: 'detached' });
    await payment.getByText('Thanh toán lúc').waitFor();
    await screenshot(page, 'payments-order-paid-vi');

    await payment.getByRole('button', { name: 'Hoàn tiền' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Hoàn tiền' }).click();
    await page.getByText(`Đã đánh dấu đơn ${order.code} đã hoàn tiền.`).waitFor();
    await payment.getByText('Đã hoàn tiền').waitFor();
    await payment.getByRole('button', { name: 'Hoàn tiền' }).waitFor({ state: 'detached' });

    // the list filters by the payment status, kept in the address
    await page.keyboard.press('Escape');
    await page.goto(`${app.baseUrl}/posts/product/order/${typeId}?payment_status=refunded`);
    await page.locator('tbody tr', { hasText: order.code }).waitFor();
    expect(await page.locator('tbody tr').count()).toBe(1);
  });

  it('prints the QR on a bank-transfer order, in English and dark mode on screen', async () => {
    const order = await createOrder({ payment_method: 'bank_transfer', fee: 0 });
    const page = await open(`/posts/product/order/${typeId}/print/${order.id}`, 'en', 'dark');
    const paper = page.getByTestId('order-paper');
    await paper.getByTestId('order-vietqr').waitFor();
    await paper.getByText('Pay by bank transfer (VietQR)').waitFor();
    await paper.getByText('CONG TY TNHH TRA VIET').waitFor();
    await paper.getByText(order.code).first().waitFor();
    await screenshot(page, 'payments-order-print-en');
    // a cash-on-delivery order prints no code
    const cod = await createOrder({});
    await page.goto(`${app.baseUrl}/posts/product/order/${typeId}/print/${cod.id}`);
    await paper.getByText(cod.code).first().waitFor();
    expect(await paper.getByTestId('order-vietqr').count()).toBe(0);
  });

  it('sets the payment method in the order form', async () => {
    const page = await open(`/posts/product/order/${typeId}`, 'en');
    await page.getByRole('button', { name: 'Add new' }).click();
    await page.locator('#create-form_name').fill('Đỗ Văn Khoa');
    await page.locator('#create-form_phone').fill('0977123456');
    await page.locator('#create-form_address').fill('3 Lý Thường Kiệt, Hà Nội');
    await page.locator('#create-form_payment_method').click();
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')
      .getByTitle('Cash', { exact: true })
      .click();
    await page.locator('#create-form_products_0_post_id').click();
    await page.locator('#create-form_products_0_post_id').fill('shan');
    await option(page, 'Trà Shan tuyết Hà Giang').click();
    await page.locator('#create-form_products_0_quantity').fill('1');
    const saved = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/v1/orders') && response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Create' }).click();
    const created = (await (await saved).json()) as {
      data: { code: string; payment_method: string; payment_status: string };
    };
    expect(created.data).toMatchObject({ payment_method: 'cash', payment_status: 'unpaid' });
    const row = page.locator('tr', { hasText: created.data.code });
    await row.getByText('Unpaid').waitFor();
    await row.getByText('Cash').waitFor();
    await screenshot(page, 'payments-orders-list-en');
  });
});
