import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from './support/app-server';
import { axeViolations } from './support/axe';
import { hasChromium, launchChromium } from './support/chromium';
import { apiClient, apiLogin, screenshot, type Tokens, signedInPages } from './support/session';

type Posted = {
  data: { id: number; province_code: string; ward_code: string; district: string | null };
};

describe.skipIf(!hasChromium)('warehouses and suppliers in the browser', () => {
  let app: RunningApp;
  let browser: Browser;
  let admin: Tokens;
  const pages = signedInPages(
    () => browser,
    () => app.baseUrl,
    () => admin,
  );

  const open = (path: string, language: 'vi' | 'en' | 'ja', theme?: 'light' | 'dark') =>
    pages.open(path, { language, theme });

  /**
   * Moves the focus with Tab only until it reaches the field (a select's clear button, once it
   * holds a value, is a stop of its own on the way), and fails if it takes more than three.
   */
  const tabTo = async (page: Page, id: string) => {
    for (let presses = 0; presses < 3; presses++) {
      await page.keyboard.press('Tab');
      if ((await page.evaluate(() => document.activeElement?.id)) === id) return;
    }
    throw new Error(`Tab never reached #${id}`);
  };

  /** The open dropdown's options (antd renders one list at a time for the focused select). */
  const visibleOptions = (page: Page) =>
    page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option');

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchChromium()]);
    admin = await apiLogin(app.baseUrl);
    const api = apiClient(app.baseUrl, admin);
    await api('/warehouses', {
      method: 'POST',
      body: {
        name: 'Kho Ba Đình',
        phone: '0241234567',
        province_code: '01',
        ward_code: '00004',
        address: '1 Điện Biên Phủ',
      },
    });
    await api('/suppliers', {
      method: 'POST',
      body: {
        name: 'Cà phê Cầu Đất',
        email: 'ban-hang@caudat.vn',
        province_code: '68',
        ward_code: (
          await api<{ data: Array<{ code: string }> }>(
            '/locations/wards?province_code=68&search=xuan+truong',
          )
        ).body.data[0]!.code,
        district: 'Thành phố Đà Lạt',
        address: 'Tổ 5, thôn Cầu Đất',
      },
    });
  });

  afterAll(async () => {
    await pages.close();
    await browser?.close();
    await app?.stop();
  });

  it('creates a warehouse with the address pickers from the keyboard; the new one comes first', async () => {
    const { page, errors } = await open('/warehouse/manager', 'vi');
    await page.getByText('Kho Ba Đình').waitFor();
    expect(await page.title()).toMatch(/^Danh sách kho - /);

    // Opened from the keyboard, the form takes the typing at once: its first field has the
    // focus (the drawer's frame had it, and the keys went nowhere).
    await page.getByRole('button', { name: 'Thêm mới' }).focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.id))
      .toBe('create-form_name');
    await page.keyboard.type('Kho Tổng Sài Gòn');
    expect(await page.locator('#create-form_name').inputValue()).toBe('Kho Tổng Sài Gòn');
    await page.locator('#create-form_phone').fill('0901 234');
    await page.locator('#create-form_email').fill('kho-tong@example');
    await page.getByRole('button', { name: 'Tạo' }).click();
    await page.getByText('Số điện thoại không hợp lệ!').waitFor();
    await page.getByText('Định dạng email không hợp lệ!').waitFor();
    await page.getByText('Vui lòng chọn tỉnh/thành phố!').waitFor();
    await page.locator('#create-form_phone').fill('0901234567');
    await page.locator('#create-form_email').fill('kho-tong@example.com');

    // The ward waits for a province, and says so.
    await page.locator('#create-form_ward_code').click();
    await page
      .locator('.ant-select-dropdown')
      .getByText('Hãy chọn tỉnh / thành phố trước')
      .waitFor();
    await page.keyboard.press('Escape');

    // Keyboard only from the email field: Tab into the province, type folded words, Enter.
    await page.locator('#create-form_email').focus();
    await tabTo(page, 'create-form_province_code');
    await page.keyboard.type('ho chi');
    await expect
      .poll(() => visibleOptions(page).allTextContents())
      .toEqual(['Thành phố Hồ Chí Minh']);
    await page.keyboard.press('Enter');
    await page
      .locator('.ant-form-item', { hasText: 'Phường / xã' })
      .getByText('Chọn phường / xã')
      .waitFor();
    await tabTo(page, 'create-form_ward_code');
    await page.keyboard.type('ben thanh');
    await expect.poll(() => visibleOptions(page).allTextContents()).toEqual(['Phường Bến Thành']);
    await screenshot(page, 'warehouse-form-ward-search');
    await page.keyboard.press('Enter');
    // Tab once the choice is shown and its list closed: a Tab into a list still open is the
    // list's (it failed that way once on the loaded CI machine).
    await page
      .locator('.ant-form-item', { hasText: 'Phường / xã' })
      .locator('.ant-select-content, .ant-select-selection-item')
      .getByText('Phường Bến Thành')
      .waitFor();
    await expect.poll(() => visibleOptions(page).count()).toBe(0);
    await tabTo(page, 'create-form_district');
    await page.keyboard.type('Quận 1');
    await tabTo(page, 'create-form_address');
    await page.keyboard.type('12 Lê Lợi');
    await screenshot(page, 'warehouse-form');
    expect(await axeViolations(page)).toEqual([]);

    const saved = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/v1/warehouses') && response.request().method() === 'POST',
    );
    await page.keyboard.press('Enter');
    const response = await saved;
    expect(response.status()).toBe(201);
    const body = (await response.json()) as Posted;
    expect(body.data).toMatchObject({
      province_code: '79',
      ward_code: '26743',
      district: 'Quận 1',
    });
    await page.getByText('Đã tạo thành công.').waitFor();
    const firstRow = page.locator('tbody tr').first();
    await firstRow.getByText('Kho Tổng Sài Gòn').waitFor();
    expect(await firstRow.textContent()).toContain(
      '12 Lê Lợi, Phường Bến Thành, Quận 1, Thành phố Hồ Chí Minh',
    );
    expect(errors).toEqual([]);
  });

  it('empties the ward when the province changes while editing', async () => {
    const { page } = await open('/warehouse', 'en');
    const row = page.locator('tr', { hasText: 'Kho Tổng Sài Gòn' });
    await row.getByRole('button', { name: 'Edit' }).click();
    const ward = page.locator('#edit-form_ward_code');
    await page.locator('.ant-drawer').getByText('Phường Bến Thành').waitFor();
    await page.locator('#edit-form_province_code').click();
    await page.keyboard.type('ha noi');
    await expect.poll(() => visibleOptions(page).allTextContents()).toEqual(['Thành phố Hà Nội']);
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.locator('.ant-drawer').getByText('Phường Bến Thành').count())
      .toBe(0);
    expect(await page.locator('#edit-form_district').inputValue()).toBe('');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Please choose the ward!').waitFor();
    await ward.click();
    await page.keyboard.type('hoan kiem');
    await expect.poll(() => visibleOptions(page).allTextContents()).toEqual(['Phường Hoàn Kiếm']);
    await page.keyboard.press('Enter');
    const saved = page.waitForResponse((response) => response.request().method() === 'PATCH');
    await page.getByRole('button', { name: 'Save' }).click();
    expect((await saved).status()).toBe(200);
    await page
      .locator('tr', { hasText: 'Kho Tổng Sài Gòn' })
      .getByText('12 Lê Lợi, Phường Hoàn Kiếm, Thành phố Hà Nội')
      .waitFor();
  });

  it('adds a supplier with its province and ward picked by typing', async () => {
    const { page } = await open('/warehouse/supplier', 'en', 'dark');
    await page.getByText('Cà phê Cầu Đất').waitFor();
    expect(await page.title()).toMatch(/^Suppliers - /);
    await page.getByRole('button', { name: 'Add new' }).click();
    await page.locator('#create-form_name').fill('Sữa Mộc Châu');
    await page.locator('#create-form_phone').fill('0212386600');
    await page.locator('#create-form_province_code').click();
    await page.keyboard.type('son la');
    await visibleOptions(page).filter({ hasText: 'Sơn La' }).click();
    await page.locator('#create-form_ward_code').click();
    await page.keyboard.type('moc chau');
    await visibleOptions(page)
      .filter({ hasText: /^Phường Mộc Châu$/ })
      .click();
    await page.locator('#create-form_address').fill('Tiểu khu 4');
    await screenshot(page, 'supplier-form-dark');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByText('Created successfully.').waitFor();
    const first = page.locator('tbody tr').first();
    await first.getByText('Sữa Mộc Châu').waitFor();
    expect(await first.textContent()).toContain('Tiểu khu 4, Phường Mộc Châu, Sơn La');
    expect(await page.getByTestId('list-total').textContent()).toMatch(/2/);
  });

  it('shows the warehouses and the suppliers in light and dark, and filters by province', async () => {
    for (const theme of ['light', 'dark'] as const) {
      for (const [path, name, total] of [
        ['/warehouse/manager', 'warehouses', 2],
        ['/warehouse/supplier', 'suppliers', 2],
      ] as const) {
        const tracked = await open(path, 'vi', theme);
        await tracked.page
          .locator('tbody tr')
          .nth(total - 1)
          .waitFor();
        await screenshot(tracked.page, `${name}-list-${theme}`);
        expect(await axeViolations(tracked.page)).toEqual([]);
        expect(tracked.errors).toEqual([]);
      }
    }

    const filtered = await open('/warehouse/manager?province_code=01', 'ja', 'dark');
    await filtered.page.getByText('Kho Ba Đình').waitFor();
    expect(await filtered.page.locator('tbody tr').count()).toBe(2);
    await screenshot(filtered.page, 'warehouses-filtered-ja-dark');
  });

  it("opens a supplier's products and imports from its row after an import", async () => {
    const api = apiClient(app.baseUrl, admin);
    const post = <T>(path: string, body: unknown) =>
      api<{ data: T }>(path, { method: 'POST', body }).then((answer) => {
        expect(answer.status).toBe(201);
        return answer.body.data;
      });
    const supplier = await post<{ id: number }>('/suppliers', {
      name: 'Trà Thái Nguyên',
      province_code: '01',
      ward_code: '00004',
      address: '5 Hàng Bài',
    });
    const warehouse = await post<{ id: number }>('/warehouses', {
      name: 'Kho Long Biên',
      province_code: '01',
      ward_code: '00004',
      address: '9 Nguyễn Văn Cừ',
    });
    const type = await post<{ id: number }>('/types', { style: 'product', title: 'Trà' });
    const tea = await post<{ id: number }>('/posts', {
      type_id: type.id,
      title: 'Trà móc câu',
      product: { code: 'TRA-1', price: 1 },
    });
    const slip = await post<{ id: number; code: string }>(`/warehouses/${warehouse.id}/change`, {
      style: 'import',
      supplier_id: supplier.id,
      date: '2026-11-02',
      products: [
        { post_id: tea.id, price: 150_000, number: 12 },
        { post_id: tea.id, price: 160_000, number: 8 },
      ],
    });

    const { page, errors } = await open('/warehouse/supplier', 'en');
    await page.getByRole('link', { name: 'Products and imports of Trà Thái Nguyên' }).click();
    await page.waitForURL(`**/warehouse/supplier/${supplier.id}`);
    await page.getByRole('heading', { name: 'Products and imports of Trà Thái Nguyên' }).waitFor();
    const row = page.locator('tbody tr', { hasText: 'Trà móc câu' });
    await row.waitFor();
    const cells = await row.locator('td').allTextContents();
    expect(cells[0]).toContain('TRA-1');
    expect(cells.slice(1)).toEqual(['20', expect.stringMatching(/^160\.000/), '2 Nov 2026', '1']);
    await screenshot(page, 'supplier-products-en');
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('tab', { name: 'Import history' }).click();
    const slipRow = page.locator('tbody tr', { hasText: slip.code });
    await slipRow.waitFor();
    expect(await slipRow.textContent()).toContain('Kho Long Biên');
    expect(await slipRow.textContent()).toContain('Complete');
    await screenshot(page, 'supplier-imports-en');
    await slipRow.getByRole('link', { name: `Print slip ${slip.code}` }).click();
    await page.getByTestId('slip-paper').getByText(slip.code).waitFor();
    expect(errors).toEqual([]);

    // A supplier that delivered nothing says so, in Vietnamese too.
    const empty = await open('/warehouse/supplier', 'vi', 'dark');
    await empty.page
      .getByRole('link', { name: 'Sản phẩm và lịch sử nhập của Cà phê Cầu Đất' })
      .click();
    await empty.page.getByText('Nhà cung cấp này chưa giao sản phẩm nào').waitFor();
    await screenshot(empty.page, 'supplier-products-empty-vi-dark');

    // A supplier that is not there says so once: its tabs asked for its products too, and any
    // failure said "not found".
    const asked: string[] = [];
    empty.page.on('request', (request) => {
      if (request.url().includes('/api/v1/suppliers')) asked.push(new URL(request.url()).pathname);
    });
    await empty.page.goto(`${app.baseUrl}/warehouse/supplier/99999`);
    await empty.page.getByText('Nhà cung cấp này không tồn tại hoặc đã bị xóa.').waitFor();
    expect(asked).toEqual(['/api/v1/suppliers/99999']);
    await empty.page.route('**/api/v1/suppliers/*', (route) => route.abort());
    await empty.page.reload();
    await empty.page.getByText('Không tải được số liệu của nhà cung cấp.').waitFor();
    await empty.page.unroute('**/api/v1/suppliers/*');
    await empty.page.getByRole('button', { name: 'Thử lại' }).click();
    await empty.page.getByText('Nhà cung cấp này không tồn tại hoặc đã bị xóa.').waitFor();

    // The warehouse its slip names stays; the notice says why, and only that.
    const list = await open('/warehouse/manager', 'vi');
    const kept = list.page.locator('tbody tr', { hasText: 'Kho Long Biên' });
    await kept.getByRole('button', { name: 'Xóa' }).click();
    await list.page.locator('.ant-popconfirm').getByRole('button', { name: 'Xóa' }).click();
    const notice = list.page.locator('.ant-message-error');
    await notice.waitFor();
    expect((await notice.textContent())?.trim()).toBe(
      'Kho này đã có phiếu nhập hoặc xuất nên không thể xóa: lịch sử tồn kho của nó được giữ lại.',
    );
    await kept.waitFor();
  });
});
