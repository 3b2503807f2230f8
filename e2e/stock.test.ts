import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from './support/app-server';
import { openNewestAuditEntry } from './support/audit';
import { axeViolations } from './support/axe';
import { hasChromium, launchChromium } from './support/chromium';
import { apiClient, apiLogin, screenshot, type Tokens, signedInPages } from './support/session';

type Created = { data: { id: number } };
type SlipReply = {
  data: { id: number; code: string; money: number; profit: number; status: string };
};

describe.skipIf(!hasChromium)('slips and stock in the browser', () => {
  let app: RunningApp;
  let browser: Browser;
  let admin: Tokens;
  let warehouseId = 0;
  let typeId = 0;
  const pages = signedInPages(
    () => browser,
    () => app.baseUrl,
    () => admin,
  );

  const open = (path: string, language: 'vi' | 'en' | 'ja', theme?: 'light' | 'dark') =>
    pages.open(path, { language, theme });

  const visibleOptions = (page: Page) =>
    page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option');

  /** Types into a searchable select and picks the option with this text. */
  const choose = async (page: Page, id: string, typed: string, option: string | RegExp) => {
    await page.locator(`#${id}`).click();
    await page.keyboard.type(typed);
    await visibleOptions(page).filter({ hasText: option }).first().click();
  };

  /** Fills the slip form's first line and saves; answers the API's reply. */
  const saveSlip = async (page: Page, line: { price: string; number: string }) => {
    await choose(page, 'create-form_products_0_post_id', 'sua', /Sữa tươi Mộc Châu/);
    await page.locator('#create-form_products_0_price').fill(line.price);
    await page.locator('#create-form_products_0_number').fill(line.number);
    const saved = page.waitForResponse(
      (response) =>
        /\/api\/v1\/warehouses\/\d+\/change$/.test(response.url()) &&
        response.request().method() === 'POST',
    );
    await page.locator('.ant-drawer').getByRole('button', { name: 'Tạo' }).click();
    const response = await saved;
    return { status: response.status(), body: (await response.json()) as SlipReply };
  };

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchChromium()]);
    admin = await apiLogin(app.baseUrl);
    const api = apiClient(app.baseUrl, admin);
    warehouseId = (
      await api<Created>('/warehouses', {
        method: 'POST',
        body: {
          name: 'Kho Ba Đình',
          phone: '0241234567',
          province_code: '01',
          ward_code: '00004',
          address: '1 Điện Biên Phủ',
        },
      })
    ).body.data.id;
    await api('/suppliers', {
      method: 'POST',
      body: {
        name: 'Sữa Mộc Châu',
        province_code: '01',
        ward_code: '00004',
        address: 'Tiểu khu 4',
      },
    });
    const type = await api<Created>('/types', {
      method: 'POST',
      body: { style: 'product', title: 'Sữa' },
    });
    await api('/posts', {
      method: 'POST',
      body: {
        type_id: (typeId = type.body.data.id),
        title: 'Sữa tươi Mộc Châu',
        status: 'published',
        product: { code: 'SUA-01', price: 30000 },
      },
    });
  });

  afterAll(async () => {
    await pages.close();
    await browser?.close();
    await app?.stop();
  });

  it('imports, exports with a server-computed profit, and cancels the export behind a confirm', async () => {
    const { page, errors } = await open('/warehouse/change', 'vi');
    // The page's own heading and its empty list, not the sidebar's entry of the same name.
    await page.getByRole('heading', { level: 1, name: 'Phiếu nhập xuất kho' }).waitFor();
    await page.locator('.ant-table-placeholder .ant-empty').waitFor();
    await screenshot(page, 'slips-empty');
    expect(await axeViolations(page)).toEqual([]);

    // An import of 10 at 12.000 from the supplier.
    await page.getByRole('button', { name: 'Thêm mới' }).click();
    await choose(page, 'create-form_warehouse_id', 'ba dinh', 'Kho Ba Đình');
    await choose(page, 'create-form_supplier_id', 'moc chau', 'Sữa Mộc Châu');
    await page.locator('#create-form_number').fill('PN-001 giấy');
    await screenshot(page, 'slip-form-import');
    expect(await axeViolations(page)).toEqual([]);
    const imported = await saveSlip(page, { price: '12000', number: '10' });
    expect(imported.status).toBe(201);
    expect(imported.body.data).toMatchObject({ money: 120_000, profit: 0, status: 'complete' });
    await page.getByText('Đã tạo thành công.').waitFor();
    await page.locator('tbody tr').first().getByText(imported.body.data.code).waitFor();

    // An export of 4 at 20.000: 4 × (20.000 − 12.000) of profit, computed by the server.
    await page.getByRole('button', { name: 'Thêm mới' }).click();
    await choose(page, 'create-form_style', 'xu', 'Xuất');
    await choose(page, 'create-form_warehouse_id', 'ba dinh', 'Kho Ba Đình');
    const exported = await saveSlip(page, { price: '20000', number: '4' });
    expect(exported.status).toBe(201);
    expect(exported.body.data).toMatchObject({ money: 80_000, profit: 32_000 });
    const row = page.locator('tbody tr').first();
    await row.getByText(exported.body.data.code).waitFor();
    await screenshot(page, 'slips-list');

    // Cancel, confirmed; the row then says canceled and offers no cancel any more.
    await row.getByRole('button', { name: `Hủy phiếu ${exported.body.data.code}` }).click();
    await page
      .locator('.ant-modal-confirm-title')
      .getByText(`Hủy phiếu ${exported.body.data.code}?`)
      .waitFor();
    await screenshot(page, 'slip-cancel-confirm');
    const canceled = page.waitForResponse((response) => response.url().endsWith('/cancel'));
    await page
      .locator('.ant-modal-confirm-btns')
      .getByRole('button', { name: 'Hủy phiếu' })
      .click();
    expect((await canceled).status()).toBe(200);
    await page.getByText(`Đã hủy phiếu ${exported.body.data.code}.`).waitFor();
    await row.getByText('Đã hủy').waitFor();
    expect(
      await row.getByRole('button', { name: `Hủy phiếu ${exported.body.data.code}` }).count(),
    ).toBe(0);
    expect(errors).toEqual([]);

    // The stock: 10 imported, the export given back, and the product's history.
    const stock = await open(`/warehouse/stock?warehouse_id=${warehouseId}`, 'vi');
    const stockRow = stock.page.locator('tbody tr', { hasText: 'Sữa tươi Mộc Châu' });
    await stockRow.waitFor();
    const cells = await stockRow.locator('td').allTextContents();
    // Last import price, imported, in stock, exported.
    expect(cells[1]).toMatch(/12\.000/);
    expect(cells.slice(2, 5)).toEqual(['10', '10', '0']);
    await screenshot(stock.page, 'stock-list');
    expect(await axeViolations(stock.page)).toEqual([]);
    // Every warehouse's stock names each row's warehouse; one warehouse's needs no such column.
    expect(await stock.page.getByRole('columnheader', { name: 'Kho', exact: true }).count()).toBe(
      0,
    );
    const all = await open('/warehouse/stock', 'vi');
    await all.page.getByRole('columnheader', { name: 'Kho', exact: true }).waitFor();
    await all.page
      .locator('tbody tr', { hasText: 'Sữa tươi Mộc Châu' })
      .getByRole('cell', { name: 'Kho Ba Đình', exact: true })
      .waitFor();
    await all.page.close();
    await stockRow.getByRole('button', { name: 'Lịch sử của Sữa tươi Mộc Châu' }).click();
    const drawer = stock.page.locator('.ant-drawer');
    await drawer.getByText(exported.body.data.code).waitFor();
    await drawer.getByText(imported.body.data.code).waitFor();
    await screenshot(stock.page, 'stock-history');
    expect(await axeViolations(stock.page)).toEqual([]);

    // The printable slip.
    const print = await open(`/warehouse/change/print/${imported.body.data.id}`, 'vi');
    await print.page.getByTestId('slip-paper').getByText('PHIẾU NHẬP KHO').waitFor();
    expect(await print.page.getByTestId('slip-paper').textContent()).toContain('Sữa Mộc Châu');
    await screenshot(print.page, 'slip-print');
    expect(await axeViolations(print.page)).toEqual([]);

    // A slip that is not there says so at once: it was asked three times over seven seconds
    // of a blank page, then "could not load".
    const asked: string[] = [];
    print.page.on('request', (request) => {
      if (request.url().includes('/api/v1/warehouses/changes?id=99999')) asked.push(request.url());
    });
    await print.page.goto(`${app.baseUrl}/warehouse/change/print/99999`);
    await print.page
      .getByText('Phiếu này không tồn tại hoặc đã bị xóa.')
      .waitFor({ timeout: 3000 });
    expect(asked).toHaveLength(1);
  });

  it('refuses an export beyond the stock on its line, and shows the slips in English dark', async () => {
    const { page } = await open('/warehouse/change', 'en', 'dark');
    await page.getByRole('button', { name: 'Add new' }).click();
    await choose(page, 'create-form_style', 'exp', 'Export');
    await choose(page, 'create-form_warehouse_id', 'ba dinh', 'Kho Ba Đình');
    await choose(page, 'create-form_products_0_post_id', 'sua', /Sữa tươi Mộc Châu/);
    await page.locator('#create-form_products_0_number').fill('11');
    await page.locator('.ant-drawer').getByRole('button', { name: 'Create' }).click();
    // The refusal says what is left: the 10 imported, the export given back.
    await page.getByText('Not enough in stock for this export: 10 left.').waitFor();
    await screenshot(page, 'slip-form-beyond-stock-dark');
    expect(await axeViolations(page)).toEqual([]);
  });

  it('lists the first low products above the stock, the rest one click away', async () => {
    const api = apiClient(app.baseUrl, admin);
    const shelf = (
      await api<Created>('/warehouses', {
        method: 'POST',
        body: { name: 'Kho quầy', province_code: '01', ward_code: '00004', address: '2 Hàng Bài' },
      })
    ).body.data.id;
    const products: Array<{ post_id: number; price: number; number: number }> = [];
    for (let n = 1; n <= 7; n++)
      products.push({
        post_id: (
          await api<Created>('/posts', {
            method: 'POST',
            body: { type_id: typeId, title: `Sữa chua vị ${n}`, status: 'published' },
          })
        ).body.data.id,
        price: 5000,
        number: 1,
      });
    const supplier = (
      await api<Created>('/suppliers', {
        method: 'POST',
        body: { name: 'Sữa chua Ba Vì', province_code: '01', ward_code: '00004', address: 'Ba Vì' },
      })
    ).body.data.id;
    // seven products with one unit each: all low
    const slip = await api(`/warehouses/${shelf}/change`, {
      method: 'POST',
      body: { style: 'import', supplier_id: supplier, products },
    });
    expect(slip.status).toBe(201);
    const { page, errors } = await open(`/warehouse/stock?warehouse_id=${shelf}`, 'vi');
    const low = page.getByRole('region', { name: 'Sắp hết hàng' });
    await low.getByText('Sắp hết hàng (7)').waitFor();
    expect(await low.locator('.ant-list-item').count()).toBe(5);
    // the stock list itself is on the first screen, under the alerts
    await page.locator('tbody tr', { hasText: 'Sữa chua vị 1' }).waitFor();
    expect(
      await page.locator('.ant-table').evaluate((table) => table.getBoundingClientRect().top),
    ).toBeLessThan(900);
    await low.getByRole('button', { name: 'Xem cả 7' }).click();
    expect(await low.locator('.ant-list-item').count()).toBe(7);
    await low.getByRole('button', { name: 'Thu gọn' }).click();
    expect(await low.locator('.ant-list-item').count()).toBe(5);
    // every warehouse's alerts say where each product is short
    await page.goto(`${app.baseUrl}/warehouse/stock`);
    await page
      .getByRole('region', { name: 'Sắp hết hàng' })
      .locator('.ant-list-item', { hasText: 'Sữa chua vị 1' })
      .getByText('Kho quầy')
      .waitFor();
    // the slip's entry in the activity log names its warehouse and supplier, not their numbers
    const changes = await openNewestAuditEntry(
      page,
      app.baseUrl,
      'resource=warehouse_change&action=create',
    );
    const logged = (label: string) =>
      changes
        .locator('tbody tr')
        .filter({ has: page.getByRole('cell', { name: label, exact: true }) })
        .locator('td')
        .nth(2)
        .textContent();
    await expect.poll(() => logged('Kho')).toBe('Kho quầy');
    await expect.poll(() => logged('Nhà cung cấp')).toBe('Sữa chua Ba Vì');
    expect(await logged('Loại')).toBe('Nhập');
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });
});
