import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from './support/app-server';
import { axeViolations } from './support/axe';
import { hasChromium, launchChromium } from './support/chromium';
import { settle } from './support/looks';
import {
  apiClient,
  apiLogin,
  registerUser,
  screenshot,
  type Tokens,
  signedInPages,
} from './support/session';

type Saved = { data: { id: number; code?: string } };

/**
 * Words a shop owner understands, in Vietnamese: the Sales section of the sidebar, the role
 * form's permissions by name, the product list a shop works with, and a post opened to read.
 */
describe.skipIf(!hasChromium)('a shop owner’s words', () => {
  let app: RunningApp;
  let browser: Browser;
  let admin: Tokens;
  let seller: Tokens;
  let reader: Tokens;
  let api: ReturnType<typeof apiClient>;
  let coffee = 0;
  let robusta = 0;
  const orderCodes: string[] = [];
  const pages = signedInPages(
    () => browser,
    () => app.baseUrl,
    () => admin,
  );

  /** A user holding one role of exactly these permissions, signed in. */
  const staff = async (name: string, email: string, permissions: string[]) => {
    const role = await api<Saved>('/roles', {
      method: 'POST',
      body: { name, description: name, permissions },
    });
    const password = 'Nhan-vien-2026!';
    const user = await registerUser<Saved>(app.baseUrl, api, {
      name,
      email,
      password,
      status: 'enable',
    });
    await api('/roles/sync', {
      method: 'POST',
      body: { user_ids: [user.body.data.id], role_ids: [role.body.data.id] },
    });
    return apiLogin(app.baseUrl, email, password);
  };

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchChromium()]);
    admin = await apiLogin(app.baseUrl);
    api = apiClient(app.baseUrl, admin);
    const type = async (style: string, title: string) =>
      (
        await api<Saved>('/types', {
          method: 'POST',
          body: { style, title, features: [{ key: 'category', name: '', enabled: true }] },
        })
      ).body.data.id;
    coffee = await type('product', 'Cà phê');
    const tea = await type('product', 'Trà');
    await type('article', 'Tin tức');
    const product = async (type_id: number, title: string, code: string, price: number) =>
      (
        await api<Saved>('/posts', {
          method: 'POST',
          body: { type_id, title, description: 'Rang mộc', product: { code, price } },
        })
      ).body.data.id;
    robusta = await product(coffee, 'Cà phê Robusta', 'RB-250', 120_000);
    await product(coffee, 'Cà phê Arabica', 'AR-500', 250_000);
    const oolong = await product(tea, 'Trà Ô Long', 'OL-100', 90_000);
    const warehouse = await api<Saved>('/warehouses', {
      method: 'POST',
      body: {
        name: 'Kho Quận 1',
        phone: '1900 6868',
        province_code: '79',
        ward_code: '26743',
        address: '1 Lê Lợi',
      },
    });
    expect(warehouse.status).toBe(201);
    const imported = await api(`/warehouses/${warehouse.body.data.id}/change`, {
      method: 'POST',
      body: { style: 'import', products: [{ post_id: robusta, price: 80_000, number: 12 }] },
    });
    expect(imported.status).toBe(201);
    // one order of each product type, the customer's phone typed as people type it
    for (const [post_id, name] of [
      [robusta, 'Nguyễn Văn An'],
      [oolong, 'Trần Thị Bình'],
    ] as const) {
      const order = await api<Saved>('/orders', {
        method: 'POST',
        body: {
          name,
          phone: '+84 912 345 678',
          address: '5 Hàng Bài',
          products: [{ post_id, quantity: 1 }],
        },
      });
      expect(order.status).toBe(201);
      orderCodes.push(order.body.data.code!);
    }
    seller = await staff('Bán hàng', 'ban-hang@example.com', [
      'posts.list',
      'orders.list',
      'discounts.list',
      'manage-warehouses',
    ]);
    reader = await staff('Đọc bài', 'doc-bai@example.com', ['posts.list']);
  }, 300_000);

  afterAll(async () => {
    await pages.close();
    await browser?.close();
    await app?.stop();
  });

  const open = async (path: string, tokens: Tokens) => {
    const tracked = await pages.open(path, { language: 'vi', tokens: tokens });
    return tracked;
  };

  const sidebar = (page: Page) => page.locator('.ant-layout-sider').first();

  it('reaches every product type’s orders and the discounts from the Sales section, each screen once in the sidebar', async () => {
    const { page, errors } = await open('/dashboard', admin);
    const nav = sidebar(page);
    // the Sales section is open from the start: its orders are one click away
    await nav.getByRole('menuitem', { name: 'Đơn hàng' }).click();
    await page.waitForURL('**/sales/orders');
    await page.getByRole('heading', { name: 'Đơn hàng', exact: true }).waitFor();
    // the orders of both product types, in one list
    for (const code of orderCodes) await page.getByText(code, { exact: true }).waitFor();
    await screenshot(page, 'words-sales-orders');

    await nav.getByRole('menuitem', { name: 'Chiết khấu' }).click();
    await page.waitForURL('**/sales/discounts');
    // the sidebar and the page say the same word
    await page.getByRole('heading', { name: 'Chiết khấu', exact: true }).waitFor();

    // Every section open: no entry twice under one heading, none repeating its heading.
    for (let round = 0; round < 3; round += 1) {
      const closed = nav.locator(
        '.ant-menu-submenu:not(.ant-menu-submenu-open) > .ant-menu-submenu-title',
      );
      for (let i = (await closed.count()) - 1; i >= 0; i -= 1) await closed.nth(i).click();
    }
    const sections = await nav.locator('.ant-menu-root > .ant-menu-submenu').evaluateAll((nodes) =>
      nodes.map((node) => ({
        title: node.querySelector(':scope > .ant-menu-submenu-title')?.textContent ?? '',
        items: [...node.querySelectorAll(':scope > .ant-menu-sub > .ant-menu-item')].map(
          (item) => item.textContent ?? '',
        ),
      })),
    );
    expect(sections.find((section) => section.title === 'Bán hàng')?.items).toEqual([
      'Đơn hàng',
      'Chiết khấu',
    ]);
    for (const section of sections) {
      expect(new Set(section.items).size, section.title).toBe(section.items.length);
      expect(section.items, section.title).not.toContain(section.title);
    }
    const leaves = await nav.locator('.ant-menu-item').allTextContents();
    for (const once of ['Slider', 'Menu', 'Widget'])
      expect(
        leaves.filter((text) => text === once),
        once,
      ).toHaveLength(1);
    // a product type's own entries speak of products; its orders are the Sales section's
    const coffeeLinks = await nav.locator(`a[href$="/${coffee}"]`).allTextContents();
    expect(coffeeLinks).toEqual(['Tất cả sản phẩm', 'Thêm sản phẩm', 'Danh mục']);
    await screenshot(page, 'words-sidebar');
    expect(errors).toEqual([]);
  });

  it('opens from every sidebar entry a page whose heading says the same words, in vi, en and ja, titled and passing axe', async () => {
    const differ: string[] = [];
    for (const language of ['vi', 'en', 'ja']) {
      const { page, errors } = await pages.open('/languages', { language });
      await page.locator('main h1').waitFor();
      const nav = sidebar(page);
      for (let round = 0; round < 3; round += 1) {
        const closed = nav.locator(
          '.ant-menu-submenu:not(.ant-menu-submenu-open) > .ant-menu-submenu-title',
        );
        for (let i = (await closed.count()) - 1; i >= 0; i -= 1) await closed.nth(i).click();
      }
      const links = await nav
        .locator('a[href]')
        .evaluateAll((anchors) =>
          anchors.map((a) => [a.getAttribute('href') ?? '', a.textContent ?? ''] as const),
        );
      // The dashboard greets the reader instead (its own test checks it).
      const screens = links.filter(([href]) => href !== '/dashboard');
      // In the app, as a click on the entry goes (a reload per screen, 120 of them, cost this
      // test three minutes of a busy machine): the router hears the new address.
      for (const [href, text] of screens) {
        await page.evaluate((to) => {
          window.history.pushState(null, '', to);
          window.dispatchEvent(new PopStateEvent('popstate'));
        }, href);
        await page.waitForURL((url) => `${url.pathname}${url.search}` === href);
        const heading = page.locator('main h1').first();
        // A type's entry adds the type's name to the words of its heading.
        if (!/\/\d+$/.test(href)) {
          // the screen before may still be drawn for a moment: its heading is not this one's
          const words = await expect
            .poll(async () => (await heading.textContent().catch(() => null)) ?? '', {
              timeout: 10_000,
            })
            .toBe(text)
            .then(
              () => text,
              async () => (await heading.textContent().catch(() => null)) ?? '',
            );
          if (words !== text) differ.push(`${language} ${href}: "${text}" / "${words}"`);
        }
        if (language === 'vi') {
          // Once per screen, in the shop's language and on the shop's records: no unknown
          // address, a title ending with the site's name (its Vietnamese default), and nothing
          // axe finds.
          // the screen drawn is this entry's: its route (`/posts/:type`) matches the address
          await expect
            .poll(() =>
              page.evaluate((path) => {
                const route = document.querySelector('[data-screen]')?.getAttribute('data-screen');
                const pattern = (route ?? '').replace(/:[^/]+/g, '[^/]+');
                return route != null && new RegExp(`^${pattern}$`).test(path);
              }, href.split('?')[0]!),
            )
            .toBe(true);
          await heading.waitFor();
          await settle(page);
          expect(await page.getByTestId('not-found').count(), href).toBe(0);
          expect(await page.title(), href).toMatch(/^\S.* - Trang quản trị$/);
          expect(await axeViolations(page), href).toEqual([]);
        }
      }
      expect(errors).toEqual([]);
    }
    expect(differ).toEqual([]);
  }, 600_000);

  it('names each permission of the role form in Vietnamese, grouped by area, with its key in small text', async () => {
    const { page, errors } = await open('/users/role', admin);
    // the built-in role's description is in the reader's language
    await page.getByText('Có mọi quyền, kể cả các quyền được thêm sau này.').waitFor();
    await page.getByRole('button', { name: 'Thêm mới' }).click();
    const picker = page.getByTestId('permission-picker');
    const sales = picker.getByRole('region', { name: 'Bán hàng' });
    const viewOrders = sales.getByRole('checkbox', { name: /^Xem đơn hàng/ });
    await viewOrders.waitFor();
    await sales.getByText('orders.list', { exact: true }).waitFor();
    expect(
      await picker.getByRole('region').evaluateAll((areas) => areas.map((a) => a.ariaLabel)),
    ).toEqual([
      'Nội dung',
      'Tương tác khách hàng',
      'Bán hàng',
      'Kho hàng',
      'Website và giao diện',
      'Cài đặt',
      'Người dùng và phân quyền',
    ]);
    await picker
      .getByRole('region', { name: 'Kho hàng' })
      .getByRole('checkbox', { name: /^Xem kho, tồn kho và phiếu nhập xuất/ })
      .waitFor();
    await page.locator('#create-form_name').fill('Thu ngân');
    await page.locator('#create-form_description').fill('Xem đơn hàng tại quầy');
    await viewOrders.check();
    const saved = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === '/api/v1/roles' &&
        response.request().method() === 'POST',
    );
    await screenshot(page, 'words-role-form');
    await page.getByRole('button', { name: 'Tạo', exact: true }).click();
    const body = (await (await saved).json()) as { data: { permissions: string[] } };
    expect(body.data.permissions).toEqual(['orders.list']);
    expect(errors).toEqual([]);
  });

  it('lists products with their code, price and units on hand, found by code', async () => {
    const { page, errors } = await open(`/posts/all-posts/${coffee}`, seller);
    await page.getByRole('heading', { name: 'Sản phẩm: Cà phê' }).waitFor();
    const headers = await page.locator('thead th').allTextContents();
    expect(headers).toEqual(expect.arrayContaining(['Mã', 'Giá', 'Tồn kho']));
    const row = page.locator('tr', { hasText: 'Cà phê Robusta' });
    await row.getByText('RB-250', { exact: true }).waitFor();
    await row.getByText('120.000 đ').waitFor();
    await row.getByText('12', { exact: true }).waitFor();
    await page
      .locator('tr', { hasText: 'Cà phê Arabica' })
      .getByText('0', { exact: true })
      .waitFor();
    await screenshot(page, 'words-product-list');

    const search = page.getByPlaceholder('Tìm theo tên hoặc mã…');
    await search.fill('ar-500');
    await search.press('Enter');
    await page.locator('tr', { hasText: 'Cà phê Robusta' }).waitFor({ state: 'detached' });
    await page.locator('tr', { hasText: 'Cà phê Arabica' }).waitFor();
    expect(errors).toEqual([]);
  });

  it('opens a product read-only for a user who may list posts but not change them', async () => {
    const { page, errors } = await open(`/posts/all-posts/${coffee}`, reader);
    await page.getByRole('heading', { name: 'Sản phẩm: Cà phê' }).waitFor();
    // no stock without the key that shows it, no button to add
    expect(await page.locator('thead th').allTextContents()).not.toContain('Tồn kho');
    expect(await page.getByRole('button', { name: 'Thêm sản phẩm' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Cà phê Robusta' }).click();
    await page.waitForURL(`**/posts/edit/${coffee}/${robusta}`);
    await page.getByRole('heading', { name: 'Xem sản phẩm: Cà phê' }).waitFor();
    await page.getByText('Bạn được xem nhưng không được sửa nội dung này.').waitFor();
    const title = page.getByLabel('Tiêu đề', { exact: true });
    expect(await title.inputValue()).toBe('Cà phê Robusta');
    expect(await title.isDisabled()).toBe(true);
    expect(await page.getByLabel('Mô tả ngắn').isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Lưu', exact: true }).isVisible()).toBe(false);
    expect(await page.getByText('Bạn không có quyền').count()).toBe(0);
    await screenshot(page, 'words-read-only-post');
    expect(errors).toEqual([]);
  });
});
