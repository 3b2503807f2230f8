import type { Browser, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from './support/app-server';
import { hasChromium, launchChromium } from './support/chromium';
import { apiClient, apiLogin, screenshot, type Tokens, signedInPages } from './support/session';
import { shopClock } from './support/shop-clock';

type Saved = { data: { id: number; url: string } };

/** How far the page scrolls sideways (0 when it fits the window). */
const sidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** What sticks out past the window's right edge (tag, classes, width), for a failure's message. */
const overflowing = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('body *')]
      .filter((node) => node.getBoundingClientRect().right > window.innerWidth + 0.5)
      .slice(0, 8)
      .map(
        (node) =>
          `${node.tagName.toLowerCase()}.${String(node.className).slice(0, 60)} ${Math.round(node.getBoundingClientRect().width)}`,
      )
      .join('\n'),
  );

/**
 * Small things a shop owner sees on the first day: the Japanese Save button, the logo in the
 * dark theme, and the orders list and the editor on a 390 px phone.
 */
describe.skipIf(!hasChromium)('small things seen on the way', { timeout: 180_000 }, () => {
  let app: RunningApp;
  let browser: Browser;
  let admin: Tokens;
  let api: ReturnType<typeof apiClient>;
  let productType = 0;
  let productId = 0;
  let lightLogo = '';
  let orderCode = '';
  const pages = signedInPages(
    () => browser,
    () => app.baseUrl,
    () => admin,
  );

  const upload = async (name: string, picture: Buffer) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(picture)]), name);
    const response = await fetch(`${app.baseUrl}/api/v1/media?area=settings`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${admin.access_token}`, Accept: 'application/json' },
      body: form,
    });
    return ((await response.json()) as Saved).data.url;
  };
  const setLogos = (light: string | null, dark: string | null) =>
    api('/settings', {
      method: 'PATCH',
      body: {
        settings: [
          { key: 'site_logo', value: light },
          { key: 'site_logo_dark', value: dark },
        ],
      },
    });

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchChromium()]);
    admin = await apiLogin(app.baseUrl);
    api = apiClient(app.baseUrl, admin);
    productType = (
      await api<Saved>('/types', {
        method: 'POST',
        body: {
          style: 'product',
          title: 'Cà phê',
          features: [{ key: 'contents', name: '', enabled: true }],
        },
      })
    ).body.data.id;
    productId = (
      await api<Saved>('/posts', {
        method: 'POST',
        body: {
          type_id: productType,
          title: 'Cà phê sữa đá Sài Gòn đậm vị',
          product: { code: 'CF-SUA-DA-SAIGON', price: 45000 },
        },
      })
    ).body.data.id;
    const order = await api<Saved & { data: { code: string } }>('/orders', {
      method: 'POST',
      body: {
        name: 'Nguyễn Thị Minh Khai',
        phone: '0912000111',
        address: '123 Đường Nguyễn Thị Minh Khai, Phường Bến Thành, TP. Hồ Chí Minh',
        products: [{ post_id: productId, quantity: 2 }],
      },
    });
    expect(order.status).toBe(201);
    orderCode = order.body.data.code;
    // A logo made for white: dark letters on a transparent background.
    lightLogo = await upload(
      'logo-sang.png',
      await sharp({
        create: { width: 240, height: 80, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
      })
        .composite([
          {
            input: await sharp({
              create: { width: 200, height: 40, channels: 4, background: '#1f1f1f' },
            })
              .png()
              .toBuffer(),
            left: 20,
            top: 20,
          },
        ])
        .png()
        .toBuffer(),
    );
    expect((await setLogos(lightLogo, null)).status).toBe(200);
  });

  afterAll(async () => {
    await pages.close();
    await browser?.close();
    await app?.stop();
  });

  const open = async (
    path: string,
    options: {
      language?: string;
      width?: number;
      height?: number;
      theme?: 'light' | 'dark';
      direction?: 'ltr' | 'rtl';
    } = {},
  ) => pages.open(path, { language: 'vi', ...options });

  it('writes 保存 on the Japanese Save button, without a space', async () => {
    const { page, errors } = await open('/settings/general', { language: 'ja' });
    const save = page.getByTestId('settings-general').locator('button[type="submit"]');
    await save.waitFor();
    expect(await save.textContent()).toBe('保存');
    await screenshot(page, 'small-ja-save');
    expect(errors).toEqual([]);
  });

  it('puts the light logo on a light plate in the dark theme until a dark logo is set', async () => {
    const { page, errors } = await open('/dashboard', { theme: 'dark' });
    const logo = page.locator('.ant-layout-sider').getByTestId('site-logo');
    await logo.waitFor();
    expect(await logo.getAttribute('src')).toBe(lightLogo);
    expect(await logo.getAttribute('data-plate')).toBe('light');
    expect(await logo.evaluate((img) => getComputedStyle(img).backgroundColor)).toBe(
      'rgb(255, 255, 255)',
    );
    await page
      .locator('.ant-layout-sider')
      .screenshot({ path: 'e2e/screenshots/small-dark-logo.png' });

    // With a dark logo, that one shows as it is.
    const darkLogo = await upload(
      'logo-toi.png',
      await sharp({ create: { width: 240, height: 80, channels: 3, background: '#f5a623' } })
        .png()
        .toBuffer(),
    );
    expect((await setLogos(lightLogo, darkLogo)).status).toBe(200);
    await page.reload();
    await expect.poll(() => logo.getAttribute('src')).toBe(darkLogo);
    expect(await logo.getAttribute('data-plate')).toBeNull();
    expect(errors).toEqual([]);
  });

  it('fits the orders list and the editor on a 390 px phone, the user menu in reach', async () => {
    const phone = { width: 390, height: 844 };
    const { page, errors } = await open(`/posts/product/order/${productType}`, phone);
    await page.getByText('Nguyễn Thị Minh Khai').first().waitFor();
    expect(await sidewaysScroll(page), await overflowing(page)).toBeLessThanOrEqual(0);
    const userMenu = page.getByTestId('account-menu');
    const box = (await userMenu.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(phone.width);
    // A table wider than the phone scrolls inside its own box: every column stays reachable.
    const tableScrolls = await page
      .locator('table')
      .first()
      .evaluate((table) => {
        for (let node = table.parentElement; node; node = node.parentElement) {
          const overflow = getComputedStyle(node).overflowX;
          if (overflow === 'auto' || overflow === 'scroll')
            return node.clientWidth <= window.innerWidth;
          if (overflow === 'hidden' || overflow === 'clip') return false;
        }
        return false;
      });
    expect(tableScrolls).toBe(true);
    // …and its columns keep a width they can be read at, rather than squeezing into the phone:
    // the order's code on one line, the customer's name on two at most (it took four).
    const row = page.locator('tbody tr', { hasText: 'Nguyễn Thị Minh Khai' });
    const lineCount = (node: Locator) =>
      node.evaluate((element) => {
        const range = document.createRange();
        range.selectNodeContents(element);
        return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
      });
    const lines = (text: string) => lineCount(row.getByText(text, { exact: true }));
    expect(await lines(orderCode)).toBe(1);
    expect(await lines('0912000111')).toBe(1);
    expect(await lines('Nguyễn Thị Minh Khai')).toBeLessThanOrEqual(2);
    // The box that scrolls is reached with the keyboard (its arrows scroll it).
    expect(
      await page
        .locator('table')
        .first()
        .evaluate((table) => table.closest('[tabindex="0"]')?.scrollWidth),
    ).toBeGreaterThan(phone.width);
    await screenshot(page, 'small-orders-390');
    // The order's lines scroll sideways in the drawer too, the product's name on two lines at
    // most (it broke after every word) and the amounts on one.
    await page.goto(`${app.baseUrl}/sales/orders`);
    // its search box says what it finds an order by
    await page.getByPlaceholder('Mã đơn, tên, số điện thoại…').waitFor();
    await page.getByRole('button', { name: `Đơn hàng ${orderCode}` }).click();
    const drawer = page.getByRole('dialog', { name: `Đơn hàng ${orderCode}` });
    const name = drawer.getByText('Cà phê sữa đá Sài Gòn đậm vị', { exact: true });
    await name.waitFor();
    expect(await lineCount(name)).toBeLessThanOrEqual(2);
    const orderLines = drawer.locator('table', { hasText: 'CF-SUA-DA-SAIGON' });
    expect(await lineCount(orderLines.locator('tbody td').nth(1))).toBe(1);
    expect(
      await orderLines.evaluate((table) => table.closest('[tabindex="0"]')?.scrollWidth),
    ).toBeGreaterThan(phone.width - 48);
    await screenshot(page, 'small-order-390');
    await page.keyboard.press('Escape');
    await userMenu.click();
    await page.getByRole('menuitem', { name: 'Đăng xuất' }).waitFor();
    await page.keyboard.press('Escape');

    await page.goto(`${app.baseUrl}/posts/edit/${productType}/${productId}`);
    await page.getByLabel('Tiêu đề', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Thêm phần nội dung' }).click();
    await page.getByRole('textbox', { name: 'Phần 1: Nội dung' }).waitFor();
    expect(await sidewaysScroll(page), await overflowing(page)).toBeLessThanOrEqual(0);
    const editorBox = (await userMenu.boundingBox())!;
    expect(editorBox.x + editorBox.width).toBeLessThanOrEqual(phone.width);
    await screenshot(page, 'small-editor-390');
    expect(errors).toEqual([]);
  });

  it("opens a date range and a date-time picker within a phone's width, today's day on it", async () => {
    const phone = { width: 390, height: 844 };
    const { page, errors } = await open(`/posts/product/order/${productType}`, phone);
    const panel = page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)');
    const today = shopClock(new Date()).day;
    /** The open picker's box lies within the phone's width, and today's cell with it. */
    const fits = async () => {
      await panel.waitFor();
      for (const box of [
        (await panel.locator('.ant-picker-panel-container').boundingBox())!,
        (await panel.locator(`td[title="${today}"]`).first().boundingBox())!,
      ]) {
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(phone.width);
      }
    };
    // the orders' date range: its two months stood side by side, this month off the screen
    await page.getByLabel('Ngày tạo').first().click();
    await fits();
    await screenshot(page, 'small-range-390');
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden' });
    // a discount's start: its day and its time stood side by side
    await page.goto(`${app.baseUrl}/posts/product/discount/${productType}`);
    await page.getByRole('button', { name: 'Thêm mới' }).click();
    await page.locator('#create-form_start_at').click();
    await fits();
    await screenshot(page, 'small-datetime-390');
    expect(errors).toEqual([]);
  });

  it('says a wide list is empty, or loading, where a phone shows it, either way round', async () => {
    const phone = { width: 390, height: 844 };
    /** How much of the thing lies inside the window, from 0 to 1. */
    const inSight = (element: ReturnType<Page['locator']>) =>
      element.evaluate((node) => {
        const box = node.getBoundingClientRect();
        const seen = Math.min(box.right, window.innerWidth) - Math.max(box.left, 0);
        return Math.max(0, seen) / box.width;
      });
    for (const direction of ['ltr', 'rtl'] as const) {
      // No stock yet: ten columns, a table three phones wide. Its "no products" sat in the
      // table's middle, off the screen, and the list looked blank.
      const { page } = await open('/warehouse/stock', { ...phone, direction });
      const empty = page.getByText('Chưa có sản phẩm trong kho');
      await empty.waitFor();
      expect(await inSight(empty), direction).toBe(1);
      // The list's answer on its way: the spinner is in sight too.
      await page.route('**/api/v1/users?**', () => undefined);
      await page.goto(`${app.baseUrl}/users/list`);
      const spinner = page.locator('.list-table-box .ant-spin-section');
      await spinner.waitFor();
      expect(await inSight(spinner), direction).toBe(1);
      if (direction === 'ltr') await screenshot(page, 'small-list-loading-390');
    }
  });

  it('draws status tags dark on the dark theme and pale on the light one', async () => {
    const background = async (theme: 'light' | 'dark') => {
      const { page } = await open(`/posts/product/order/${productType}`, { theme });
      const tag = page
        .locator('tbody tr', { hasText: orderCode })
        .getByText('Mới', { exact: true });
      await tag.waitFor();
      if (theme === 'dark') await screenshot(page, 'small-orders-dark');
      return tag.evaluate((node) => {
        const [r = 0, g = 0, b = 0] = getComputedStyle(node)
          .backgroundColor.match(/\d+/g)!
          .map(Number);
        return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
      });
    };
    // (on the dark page a pale tag was the brightest thing on the screen)
    expect(await background('dark')).toBeLessThan(0.25);
    expect(await background('light')).toBeGreaterThan(0.85);
  });

  it("keeps a row's date in its own order right to left, and a tag apart from the text beside it", async () => {
    for (const direction of ['rtl', 'ltr'] as const) {
      // The activity log's time column: "10:21 6 thg 12, 2026" reads time first, left of the
      // year, whichever the direction (right to left its "10:21 6" moved behind the year).
      const log = await open('/users/audit', { direction });
      // a row of data: while the page loads, the table holds its empty placeholder row
      const firstRow = log.page.locator('tbody tr.ant-table-row').first();
      await firstRow.waitFor();
      const order = await firstRow.evaluate((tr) => {
        const walker = document.createTreeWalker(tr, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const text = node.textContent ?? '';
          if (!/\d\d:\d\d .*\d{4}$/.test(text)) continue;
          const leftOf = (at: number) => {
            const range = document.createRange();
            range.setStart(node, at);
            range.setEnd(node, at + 1);
            return range.getBoundingClientRect().left;
          };
          return { time: leftOf(text.search(/\d\d:\d\d/)), year: leftOf(text.search(/\d{4}$/)) };
        }
        throw new Error('no date in the row');
      });
      expect(order.time, direction).toBeLessThan(order.year);
      await screenshot(log.page, `small-audit-${direction}`);
      expect(log.errors).toEqual([]);

      // "Chưa thanh toán" and "Thu hộ (COD)" ran together: "Chưa thanh toánThu hộ (COD)".
      const { page, errors } = await open(`/posts/product/order/${productType}`, { direction });
      const tag = page.locator('tbody tr', { hasText: orderCode }).getByTestId('payment-status');
      const gap = await tag.evaluate((node) => {
        const next = node.nextElementSibling!.getBoundingClientRect();
        const own = node.getBoundingClientRect();
        return Math.max(next.left - own.right, own.left - next.right);
      });
      expect(gap, direction).toBeGreaterThanOrEqual(4);
      expect(errors).toEqual([]);
    }
  });
});
