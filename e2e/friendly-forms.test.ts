import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from './support/app-server';
import { hasChromium, launchChromium } from './support/chromium';
import { apiClient, apiLogin, screenshot, type Tokens, signedInPages } from './support/session';
import { shopClock } from './support/shop-clock';

type Saved = { data: { id: number } & Record<string, unknown> };

/**
 * Forms a shop owner fills without knowing JSON or key rules, in Vietnamese: keys made from
 * titles, a widget built with controls, a data field's form that follows its style, and
 * date pickers that only offer what their rules take.
 */
describe.skipIf(!hasChromium)(
  'forms for people who are not developers',
  { timeout: 180_000 },
  () => {
    let app: RunningApp;
    let browser: Browser;
    let admin: Tokens;
    let api: ReturnType<typeof apiClient>;
    let productType = 0;
    let dataGroup = 0;
    const pages = signedInPages(
      () => browser,
      () => app.baseUrl,
      () => admin,
    );

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
            features: [{ key: 'fields', name: '', enabled: true }],
          },
        })
      ).body.data.id;
      dataGroup = (
        await api<Saved>('/groups', {
          method: 'POST',
          body: { style: 'field', type_id: productType, title: 'Thông tin thêm' },
        })
      ).body.data.id;
    });

    afterAll(async () => {
      await pages.close();
      await browser?.close();
      await app?.stop();
    });

    const open = (path: string) => pages.open(path, { language: 'vi' });
    const field = (scope: Page | Locator, label: string) =>
      scope.getByLabel(label, { exact: true });
    /** Chooses in a select by typing (a long list draws only the options in view). */
    const choose = async (page: Page, select: Locator, option: string) => {
      await select.click();
      await page.keyboard.type(option);
      await page.getByTitle(option, { exact: true }).last().click();
    };

    it('fills the keys of a menu and a slider from their titles, and keeps a key typed by hand', async () => {
      const { page, errors } = await open('/appearance/menu');
      await page.getByRole('button', { name: 'Thêm menu' }).first().click();
      const modal = page.locator('.ant-modal', { hasText: 'Thêm menu' });
      await field(modal, 'Tiêu đề').fill('Menu chân trang');
      expect(await field(modal, 'Khóa').inputValue()).toBe('menu-chan-trang');
      const created = page.waitForResponse(
        (response) =>
          response.url().endsWith('/api/v1/menus') && response.request().method() === 'POST',
      );
      await modal.getByRole('button', { name: 'Tạo' }).click();
      expect(((await (await created).json()) as Saved).data.key).toBe('menu-chan-trang');

      await page.goto(`${app.baseUrl}/appearance/slider`);
      await page.getByRole('button', { name: 'Thêm mới' }).click();
      const drawer = page.locator('.ant-drawer');
      await field(drawer, 'Tiêu đề').fill('Trang chủ mùa hè');
      expect(await field(drawer, 'Khóa').inputValue()).toBe('trang-chu-mua-he');
      await field(drawer, 'Khóa').fill('home-summer');
      await field(drawer, 'Tiêu đề').fill('Trang chủ mùa hè 2026');
      expect(await field(drawer, 'Khóa').inputValue()).toBe('home-summer');
      expect(errors).toEqual([]);
    });

    it('builds a widget with form controls, its JSON one click away', async () => {
      const { page, errors } = await open('/widgets/manager');
      await page.getByRole('button', { name: 'Thêm mới' }).click();
      const drawer = page.locator('.ant-drawer');
      await field(drawer, 'Tiêu đề').fill('Hộp hotline');
      expect(await field(drawer, 'Khóa').inputValue()).toBe('hop-hotline');

      await drawer.getByRole('button', { name: 'Thêm trường' }).click();
      // Saved half-built, each issue says which field and which part it is about.
      await drawer.getByRole('button', { name: 'Tạo' }).click();
      await drawer
        .getByTestId('settings-issues')
        .getByText('Trường 1: Khóa — Vui lòng nhập khóa của trường!')
        .waitFor();
      await field(drawer, 'Trường 1: Tiêu đề').fill('Số điện thoại');
      expect(await field(drawer, 'Trường 1: Khóa').inputValue()).toBe('so_dien_thoai');
      await drawer.getByRole('button', { name: 'Thêm trường' }).click();
      await field(drawer, 'Trường 2: Tiêu đề').fill('Vị trí');
      await choose(page, field(drawer, 'Trường 2: Kiểu'), 'Nút radio');
      await field(drawer, 'Trường 2: Các lựa chọn 1: Tên lựa chọn').fill('Bên trái');
      expect(await field(drawer, 'Trường 2: Các lựa chọn 1: Giá trị lưu').inputValue()).toBe(
        'ben-trai',
      );
      await drawer.getByRole('button', { name: 'Thêm lựa chọn' }).click();
      await field(drawer, 'Trường 2: Các lựa chọn 2: Tên lựa chọn').fill('Bên phải');
      // A list of partners, its columns built the same way.
      await drawer.getByRole('button', { name: 'Thêm trường' }).click();
      await field(drawer, 'Trường 3: Tiêu đề').fill('Đối tác');
      await choose(page, field(drawer, 'Trường 3: Kiểu'), 'Danh sách');
      await field(drawer, 'Trường 3 · Cột 1: Tiêu đề').fill('Logo');
      await choose(page, field(drawer, 'Trường 3 · Cột 1: Kiểu'), 'Hình ảnh');

      await drawer.getByRole('button', { name: 'Thêm phần' }).click();
      await field(drawer, 'Phần 1: Tên thuộc tính 1').fill('page');
      await field(drawer, 'Phần 1: Giá trị 1').fill('home');
      await drawer.getByTestId('settings-summary').getByText('Số điện thoại').waitFor();
      await screenshot(page, 'friendly-widget-builder');

      // The advanced view shows the same settings as JSON.
      await drawer.locator('.ant-segmented').first().getByText('JSON (nâng cao)').click();
      await expect
        .poll(async () => JSON.parse(await drawer.locator('#create-form_settings').inputValue()))
        .toMatchObject({
          fields: [{ key: 'so_dien_thoai' }, { key: 'vi_tri' }, { key: 'doi_tac' }],
        });

      const created = page.waitForResponse(
        (response) =>
          response.url().endsWith('/api/v1/widgets') && response.request().method() === 'POST',
      );
      await drawer.getByRole('button', { name: 'Tạo' }).click();
      const widget = ((await (await created).json()) as Saved).data;
      expect(widget).toMatchObject({
        key: 'hop-hotline',
        settings: {
          fields: [
            { key: 'so_dien_thoai', title: 'Số điện thoại', style: 'text' },
            {
              key: 'vi_tri',
              style: 'radiobox',
              data: [
                { value: 'ben-trai', title: 'Bên trái' },
                { value: 'ben-phai', title: 'Bên phải' },
              ],
            },
            { key: 'doi_tac', style: 'list', fields: [{ key: 'logo', style: 'image' }] },
          ],
        },
        sections: [{ page: 'home' }],
      });
      expect(errors).toEqual([]);
    });

    it('shows in a data field’s form only what its style uses, the key made from the title', async () => {
      const { page, errors } = await open(
        `/posts/data-group/${productType}/data-field/${dataGroup}`,
      );
      await page.getByRole('button', { name: 'Thêm mới' }).click();
      const drawer = page.locator('.ant-drawer');
      await field(drawer, 'Tiêu đề').fill('Giá khuyến mãi');
      expect(await field(drawer, 'Khóa').inputValue()).toBe('gia_khuyen_mai');
      // Text: no items, no API, no several-choices switch.
      const shown = async () => ({
        items: await drawer.getByRole('group', { name: 'Mục dữ liệu' }).count(),
        api: await drawer.getByText('Cài đặt API', { exact: true }).count(),
        several: await drawer.getByText('Có tùy chọn', { exact: true }).count(),
        value: await drawer.getByText('Giá trị', { exact: true }).count(),
        script: await drawer.getByText('Mã script', { exact: true }).count(),
      });
      expect(await shown()).toEqual({ items: 0, api: 0, several: 0, value: 1, script: 0 });
      await choose(page, field(drawer, 'Kiểu'), 'Hộp chọn');
      await expect.poll(shown).toEqual({ items: 1, api: 0, several: 1, value: 1, script: 1 });
      await screenshot(page, 'friendly-data-field-selectbox');
      await choose(page, field(drawer, 'Kiểu'), 'API');
      await expect.poll(shown).toEqual({ items: 0, api: 1, several: 1, value: 1, script: 1 });
      await choose(page, field(drawer, 'Kiểu'), 'Hình ảnh');
      await expect.poll(shown).toEqual({ items: 0, api: 0, several: 0, value: 0, script: 0 });
      expect(errors).toEqual([]);
    });

    it('offers in the discount form only times its rules take, and Enter in a date does not send it', async () => {
      const { page, errors } = await open(`/posts/product/discount/${productType}`);
      await page.getByRole('button', { name: 'Thêm mới' }).click();
      const drawer = page.locator('.ant-drawer');
      const posts: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST' && request.url().includes('/api/v1/discounts'))
          posts.push(request.url());
      });

      // The start: yesterday cannot be picked, nor an hour of today already gone.
      await field(drawer, 'Thời gian bắt đầu').click();
      const panel = page.locator('.ant-picker-dropdown:visible');
      const now = new Date();
      const yesterday = new Date(now.getTime() - 86_400_000);
      // days and hours on the shop's clock, the one the picker shows
      const cell = (day: Date) => panel.locator(`td[title="${shopClock(day).day}"]`);
      if (shopClock(yesterday).month === shopClock(now).month)
        expect(await cell(yesterday).getAttribute('class')).toContain('ant-picker-cell-disabled');
      await cell(now).click();
      if (shopClock(now).hour > 0) {
        const hour = panel
          .locator('.ant-picker-time-panel-column')
          .first()
          .locator('.ant-picker-time-panel-cell')
          .nth(shopClock(now).hour - 1);
        expect(await hour.getAttribute('class')).toContain('ant-picker-time-panel-cell-disabled');
      }
      // "Now" is never after now: no such button.
      expect(await panel.getByText('Bây giờ', { exact: true }).count()).toBe(0);
      await screenshot(page, 'friendly-discount-start');
      await page.keyboard.press('Escape');

      // Typed with Enter: the date is taken, the form is not sent.
      const inTwoDays = new Date(now.getTime() + 2 * 86_400_000);
      const typed = `${shopClock(inTwoDays).typedDay} 09:00`;
      await field(drawer, 'Thời gian bắt đầu').fill(typed);
      await field(drawer, 'Thời gian bắt đầu').press('Enter');
      await expect.poll(() => field(drawer, 'Thời gian bắt đầu').inputValue()).toBe(typed);
      // The end: the days before the start cannot be picked.
      await field(drawer, 'Thời gian kết thúc').click();
      const endPanel = page.locator('.ant-picker-dropdown:visible');
      const dayBefore = new Date(inTwoDays.getTime() - 86_400_000);
      if (shopClock(dayBefore).month === shopClock(inTwoDays).month)
        expect(
          await endPanel.locator(`td[title="${shopClock(dayBefore).day}"]`).getAttribute('class'),
        ).toContain('ant-picker-cell-disabled');
      await page.keyboard.press('Escape');
      await page.waitForTimeout(300);
      expect(posts).toEqual([]);
      // Nothing was checked either: the title is still without its "required" message.
      expect(await drawer.locator('.ant-form-item-explain-error').count()).toBe(0);
      expect(errors).toEqual([]);
    });
  },
);
