import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from './support/app-server';
import { axeViolations } from './support/axe';
import { hasChromium, launchChromium } from './support/chromium';
import { apiClient, apiLogin, signInAsStaff, type Tokens, signedInPages } from './support/session';
import { type Look, shootLook, TWO_LOOKS } from './support/looks';

type Item = {
  type: string;
  ref_id: number | null;
  url: string | null;
  title: string;
  target: string;
  description: string | null;
  class_name: string | null;
  viewer: string;
  data: Record<string, unknown> | null;
  children: Item[];
};
type Menu = { id: number; key: string; title: string; items: Item[] };

/** The tree as titles indented by level, from the API's answer. */
const shape = (items: Item[], depth = 0): string[] =>
  items.flatMap((item) => [
    `${'  '.repeat(depth)}${item.title}`,
    ...shape(item.children, depth + 1),
  ]);

describe.skipIf(!hasChromium)('the menu editor in the browser', () => {
  let app: RunningApp;
  let browser: Browser;
  let admin: Tokens;
  let api: ReturnType<typeof apiClient>;
  const pages = signedInPages(
    () => browser,
    () => app.baseUrl,
    () => admin,
  );

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchChromium()]);
    admin = await apiLogin(app.baseUrl);
    api = apiClient(app.baseUrl, admin);
    await api('/seos', {
      method: 'POST',
      body: {
        url: '/gioi-thieu',
        type: 'website',
        title: 'Giới thiệu công ty',
        image: '/favicon.ico',
      },
    });
    await api('/seos', {
      method: 'POST',
      body: { url: '/tuyen-dung', type: 'website', title: 'Tuyển dụng', image: '/favicon.ico' },
    });
  });

  afterAll(async () => {
    await pages.close();
    await browser?.close();
    await app?.stop();
  });

  const open = (path: string, look: Look, tokens = admin) => pages.open(path, { ...look, tokens });

  const shoot = (page: Page, name: string, look: Look) => shootLook(page, 'menus', name, look);

  const createMenu = async (key: string, title: string, items: unknown[] = []) =>
    (await api<{ data: Menu }>('/menus', { method: 'POST', body: { key, title, items } })).body
      .data;

  const menuOf = async (id: number) => (await api<{ data: Menu }>(`/menus/${id}`)).body.data;

  const node = (page: Page, title: string) =>
    page.locator('.ant-tree-treenode', {
      has: page.locator('.ant-tree-title span', { hasText: new RegExp(`^${title}$`) }),
    });

  /** The tree on the screen as titles indented by level. */
  const screenShape = (page: Page) =>
    page.locator('.ant-tree-treenode:has([data-node-id])').evaluateAll((nodes) =>
      nodes.map((one) => {
        const depth = one.querySelectorAll('.ant-tree-indent-unit').length;
        const title = one.querySelector('[data-node-id] span span')?.textContent ?? '';
        return `${'  '.repeat(depth)}${title}`;
      }),
    );

  /**
   * Drags a node onto another: over the upper part of the first node it lands before it; over
   * the lower part, well to the right of where the drag began, inside it (the tree reads how
   * far right the pointer went as the wish to go a level deeper).
   */
  const drag = async (page: Page, from: string, to: string, part: 'upper' | 'inside') => {
    const source = (await node(page, from).locator('.ant-tree-title').boundingBox())!;
    const target = (await node(page, to).locator('.ant-tree-title').boundingBox())!;
    const y = target.y + target.height * (part === 'upper' ? 0.2 : 0.8);
    const x = target.x + (part === 'upper' ? 10 : 70);
    await page.mouse.move(source.x + 10, source.y + source.height / 2);
    await page.mouse.down();
    await page.mouse.move(source.x + 20, source.y + source.height / 2, { steps: 3 });
    await page.mouse.move(x, y, { steps: 10 });
    await page.mouse.move(x + 2, y, { steps: 2 });
    await page.mouse.up();
  };

  const addCustomLink = async (
    page: Page,
    url: string,
    title: string,
    texts: { url: string; label: string; add: string },
  ) => {
    const form = page.locator('form[id^="custom-link-"]');
    await form.getByLabel(texts.url).fill(url);
    await form.getByLabel(texts.label).fill(title);
    await form.getByRole('button', { name: texts.add }).click();
    await node(page, title).waitFor();
  };

  const VI = { url: 'URL', label: 'Nhãn điều hướng', add: 'Thêm vào menu' };
  const EN = { url: 'URL', label: 'Navigation label', add: 'Add to menu' };

  it('creates a menu, builds three levels by dragging, saves it, and the new menu comes first', async () => {
    await createMenu('footer', 'Chân trang', [{ title: 'Liên hệ', url: '/lien-he' }]);
    const look: Look = { language: 'vi', theme: 'light', direction: 'ltr' };
    const { page, errors } = await open('/appearance/menu', look);
    await page.getByTestId('menu-select').waitFor();

    await page.getByRole('button', { name: 'Thêm menu' }).first().click();
    const dialog = page.getByRole('dialog');
    // Saving empty shows the catalogue's texts on the fields.
    await dialog.getByRole('button', { name: 'Tạo' }).click();
    await dialog.getByText('Vui lòng nhập khóa!').waitFor();
    await shoot(page, 'create-dialog', look);
    await dialog.getByLabel('Tiêu đề').fill('Menu chính');
    await dialog.getByLabel('Khóa').fill('footer');
    await dialog.getByRole('button', { name: 'Tạo' }).click();
    await dialog.getByText('Đã có menu với khóa này. Vui lòng nhập khóa khác.').waitFor();
    await dialog.getByLabel('Khóa').fill('main');
    await dialog.getByRole('button', { name: 'Tạo' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Menu này chưa có mục nào. Hãy thêm từ cột bên trái.').waitFor();
    // The new menu is chosen and first in the list.
    await page.getByTestId('menu-select').click();
    const options = page.locator('.ant-select-item-option');
    await options.first().waitFor();
    expect(await options.allTextContents()).toEqual(['Menu chính (main)', 'Chân trang (footer)']);
    await page.keyboard.press('Escape');

    for (const [url, title] of [
      ['/', 'Trang chủ'],
      ['/san-pham', 'Sản phẩm'],
      ['/ca-phe', 'Cà phê'],
      ['/ca-phe/arabica', 'Arabica'],
    ] as const)
      await addCustomLink(page, url, title, VI);
    await page.getByTestId('unsaved').waitFor();
    expect(await screenShape(page)).toEqual(['Trang chủ', 'Sản phẩm', 'Cà phê', 'Arabica']);

    await drag(page, 'Cà phê', 'Sản phẩm', 'inside');
    await expect
      .poll(() => screenShape(page))
      .toEqual(['Trang chủ', 'Sản phẩm', '  Cà phê', 'Arabica']);
    await drag(page, 'Arabica', 'Cà phê', 'inside');
    await expect
      .poll(() => screenShape(page))
      .toEqual(['Trang chủ', 'Sản phẩm', '  Cà phê', '    Arabica']);
    // Reordering at the top: Sản phẩm (with its branch) before Trang chủ.
    await drag(page, 'Sản phẩm', 'Trang chủ', 'upper');
    await expect
      .poll(() => screenShape(page))
      .toEqual(['Sản phẩm', '  Cà phê', '    Arabica', 'Trang chủ']);
    await shoot(page, 'dragged', look);

    await page.getByRole('button', { name: 'Lưu menu' }).click();
    await page.getByText('Đã lưu menu.').waitFor();
    await page.getByTestId('unsaved').waitFor({ state: 'detached' });
    const saved = (await api<{ data: Menu[] }>('/menus?search=key:main')).body.data[0]!;
    expect(shape((await menuOf(saved.id)).items)).toEqual([
      'Sản phẩm',
      '  Cà phê',
      '    Arabica',
      'Trang chủ',
    ]);

    // After a reload the saved tree is what the screen shows.
    await page.reload();
    await node(page, 'Arabica').waitFor();
    expect(await screenShape(page)).toEqual(['Sản phẩm', '  Cà phê', '    Arabica', 'Trang chủ']);
    // The duplicate key was refused on purpose.
    expect(errors.filter((line) => !line.includes('status of 422'))).toEqual([]);
  });

  it('builds a three-level menu with the keyboard alone and saves it', async () => {
    const menu = await createMenu('keyboard', 'Bàn phím', [
      { title: 'Một', url: '/1' },
      { title: 'Hai', url: '/2' },
      { title: 'Ba', url: '/3' },
      { title: 'Bốn', url: '/4' },
    ]);
    await createMenu('after-keyboard', 'Sau bàn phím');
    const look: Look = { language: 'en', theme: 'light', direction: 'ltr' };
    const { page, errors } = await open(`/appearance/menu?menu=${menu.id}`, look);
    await node(page, 'Bốn').waitFor();
    await page.getByRole('tree', { name: 'Items of the menu' }).focus();
    // Down to Hai (the arrows select as they go), then Alt+→ into Một.
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowDown');
    await page.getByText('Selected: Hai').waitFor();
    await page.keyboard.press('Alt+ArrowRight');
    await expect.poll(() => screenShape(page)).toEqual(['Một', '  Hai', 'Ba', 'Bốn']);
    // Ba into Một (beside Hai), then into Hai: three levels.
    await page.keyboard.press('End');
    await page.keyboard.press('ArrowUp');
    await page.getByText('Selected: Ba').waitFor();
    await page.keyboard.press('Alt+ArrowRight');
    await page.keyboard.press('Alt+ArrowRight');
    await expect.poll(() => screenShape(page)).toEqual(['Một', '  Hai', '    Ba', 'Bốn']);
    await expect
      .poll(() => page.getByTestId('tree-announcement').textContent())
      .toBe('Ba moved under Hai, position 1.');
    // Bốn up above Một with Alt+↑.
    await page.keyboard.press('End');
    await page.getByText('Selected: Bốn').waitFor();
    await page.keyboard.press('Alt+ArrowUp');
    await expect.poll(() => screenShape(page)).toEqual(['Bốn', 'Một', '  Hai', '    Ba']);
    // Saving from the keyboard too.
    await page.getByRole('button', { name: 'Save menu' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('The menu was saved.').waitFor();
    expect(shape((await menuOf(menu.id)).items)).toEqual(['Bốn', 'Một', '  Hai', '    Ba']);
    // The menu just saved moves first in the list of menus.
    await page.getByTestId('menu-select').click();
    await expect
      .poll(() => page.locator('.ant-select-item-option').first().textContent())
      .toBe('Bàn phím (keyboard)');
    await page.keyboard.press('Escape');
    expect(errors).toEqual([]);
  });

  it('edits every field of an item in place, checks them, and they come back after a save', async () => {
    const menu = await createMenu('fields', 'Trường', [{ title: 'Khuyến mãi', url: '/km' }]);
    const look: Look = { language: 'en', theme: 'light', direction: 'ltr' };
    const { page, errors } = await open(`/appearance/menu?menu=${menu.id}`, look);
    await node(page, 'Khuyến mãi').waitFor();
    await page.getByRole('button', { name: 'Edit Khuyến mãi' }).click();
    const editor = page.getByTestId('item-editor');
    await editor.waitFor();

    await editor.getByLabel('Navigation label').fill('Ưu đãi tuần này');
    await editor.getByLabel('URL').fill('javascript:alert(1)');
    await editor.getByLabel('CSS classes').fill('a"><b');
    await editor.getByLabel('Custom data (JSON)').fill('[1, 2]');
    await editor.getByRole('button', { name: 'Apply' }).click();
    await editor
      .getByText(
        'The link must be a path starting with /, an anchor starting with #, or an http(s) address.',
      )
      .waitFor();
    await editor
      .getByText(
        'Class names may contain only letters, digits, "-" and "_", separated by single spaces.',
      )
      .waitFor();
    await editor.getByText('The custom data must be a JSON object.').waitFor();
    await editor.getByLabel('Custom data (JSON)').fill('{ "icon": "fire", ');
    await editor.getByRole('button', { name: 'Apply' }).click();
    await editor.getByText(/JSON/).first().waitFor();

    await editor.getByLabel('URL').fill('https://example.vn/uu-dai?tuan=1#top');
    await editor.getByLabel('CSS classes').fill('menu-hot is-red');
    await editor.getByLabel('Description').fill('Giảm giá cà phê Đà Lạt');
    await editor
      .getByLabel('Custom data (JSON)')
      .fill('{ "icon": "fire", "badge": { "text": "Mới" } }');
    await editor.getByLabel('Open in').click();
    await page.locator('.ant-select-item-option', { hasText: 'A new tab' }).click();
    await editor.getByLabel('Shown to').click();
    await page.locator('.ant-select-item-option', { hasText: 'Signed-in visitors' }).click();
    await shoot(page, 'item-editor', look);
    await editor.getByRole('button', { name: 'Apply' }).click();
    await editor.waitFor({ state: 'detached' });
    await node(page, 'Ưu đãi tuần này').waitFor();
    await page.getByRole('button', { name: 'Save menu' }).click();
    await page.getByText('The menu was saved.').waitFor();

    const expected = {
      type: 'custom',
      ref_id: null,
      url: 'https://example.vn/uu-dai?tuan=1#top',
      title: 'Ưu đãi tuần này',
      target: '_blank',
      description: 'Giảm giá cà phê Đà Lạt',
      class_name: 'menu-hot is-red',
      viewer: 'logged_in',
      data: { icon: 'fire', badge: { text: 'Mới' } },
      children: [],
    };
    expect((await menuOf(menu.id)).items).toEqual([expected]);

    // A fresh page shows every field as saved.
    await page.reload();
    await page.getByRole('button', { name: 'Edit Ưu đãi tuần này' }).click();
    await editor.waitFor();
    expect(await editor.getByLabel('Navigation label').inputValue()).toBe(expected.title);
    expect(await editor.getByLabel('URL').inputValue()).toBe(expected.url);
    expect(await editor.getByLabel('Description').inputValue()).toBe(expected.description);
    expect(await editor.getByLabel('CSS classes').inputValue()).toBe(expected.class_name);
    expect(JSON.parse(await editor.getByLabel('Custom data (JSON)').inputValue())).toEqual(
      expected.data,
    );
    await editor.getByText('A new tab').waitFor();
    await editor.getByText('Signed-in visitors').waitFor();

    // The server's refusal lands on its field: a key another menu has.
    await createMenu('taken', 'Đã có');
    await page.getByLabel('Key').fill('taken');
    await page.getByRole('button', { name: 'Save menu' }).click();
    await page
      .getByText('A menu with this key already exists. Please enter another key.')
      .waitFor();
    expect((await menuOf(menu.id)).key).toBe('fields');
    expect(errors.filter((line) => !line.includes('status of 422'))).toEqual([]);
  });

  it('adds pages from a source searched with Enter, folded, and removes an item with its children', async () => {
    const menu = await createMenu('sources', 'Nguồn', [
      { title: 'Cha', url: '/cha', children: [{ title: 'Con', url: '/con' }] },
    ]);
    const look: Look = { language: 'vi', theme: 'light', direction: 'ltr' };
    const { page, errors } = await open(`/appearance/menu?menu=${menu.id}`, look);
    await node(page, 'Con').waitFor();
    await page.getByRole('button', { name: 'Trang (SEO)' }).click();
    const panel = page.getByTestId('source-seo');
    await panel.getByText('Tuyển dụng').waitFor();
    const search = panel.getByLabel('Tìm trong Trang (SEO)');
    await search.fill('gioi thieu');
    await search.press('Enter');
    await expect.poll(() => panel.locator('.ant-checkbox-wrapper').count()).toBe(1);
    await panel.getByText('Giới thiệu công ty').click();
    await panel.getByRole('button', { name: 'Thêm vào menu (1)' }).click();
    await node(page, 'Giới thiệu công ty').waitFor();
    await shoot(page, 'sources', look);

    await page.getByRole('button', { name: 'Xóa Cha' }).click();
    // Its sub-item goes too (the second choice).
    await page.locator('.ant-modal-confirm .ant-radio-wrapper').nth(1).click();
    await page.locator('.ant-modal-confirm-btns .ant-btn-dangerous').click();
    await expect.poll(() => screenShape(page)).toEqual(['Giới thiệu công ty']);
    await page.getByRole('button', { name: 'Lưu menu' }).click();
    await page.getByText('Đã lưu menu.').waitFor();
    expect((await menuOf(menu.id)).items).toEqual([
      expect.objectContaining({ type: 'custom', title: 'Giới thiệu công ty', url: '/gioi-thieu' }),
    ]);
    expect(errors).toEqual([]);
  });

  it('adds a category of a post type, found folded, as an item pointing at it', async () => {
    const type = await api<{ data: { id: number } }>('/types', {
      method: 'POST',
      body: { style: 'article', title: 'Tin tức' },
    });
    const category = await api<{ data: { id: number } }>('/categories', {
      method: 'POST',
      body: { type_id: type.body.data.id, title: 'Du lịch Đà Lạt' },
    });
    await api('/categories', {
      method: 'POST',
      body: { type_id: type.body.data.id, title: 'Ẩm thực' },
    });
    const menu = await createMenu('categories', 'Menu chân trang');
    const look: Look = { language: 'vi', theme: 'dark', direction: 'ltr' };
    const { page, errors } = await open(`/appearance/menu?menu=${menu.id}`, look);
    await page.getByRole('button', { name: 'Danh mục', exact: true }).click();
    const panel = page.getByTestId('source-category');
    await panel.getByText('Ẩm thực').waitFor();
    const search = panel.getByLabel('Tìm trong Danh mục');
    await search.fill('du lich da lat');
    await search.press('Enter');
    await expect.poll(() => panel.locator('.ant-checkbox-wrapper').count()).toBe(1);
    await panel.getByText('Du lịch Đà Lạt').click();
    await panel.getByRole('button', { name: 'Thêm vào menu (1)' }).click();
    await node(page, 'Du lịch Đà Lạt').waitFor();
    await shoot(page, 'category-source', look);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Lưu menu' }).click();
    await page.getByText('Đã lưu menu.').waitFor();
    expect((await menuOf(menu.id)).items).toEqual([
      expect.objectContaining({
        type: 'category',
        ref_id: category.body.data.id,
        title: 'Du lịch Đà Lạt',
      }),
    ]);
    expect(errors).toEqual([]);
  });

  it('finds a post type folded, and a menu whose category was deleted still saves', async () => {
    const type = (
      await api<{ data: { id: number } }>('/types', {
        method: 'POST',
        body: { style: 'article', title: 'Tin tức Thể thao' },
      })
    ).body.data;
    await api('/types', { method: 'POST', body: { style: 'article', title: 'Tin nhanh' } });
    const category = (
      await api<{ data: { id: number } }>('/categories', {
        method: 'POST',
        body: { type_id: type.id, title: 'Bóng đá' },
      })
    ).body.data;
    const menu = await createMenu('deleted-category', 'Thể thao', [
      { title: 'Trang chủ', url: '/' },
      {
        type: 'category',
        ref_id: category.id,
        title: 'Bóng đá',
        children: [{ title: 'Lịch thi đấu', url: '/lich-thi-dau' }],
      },
    ]);
    // Someone deletes the category: its item goes, the sub-item takes its place.
    const removed = await api(`/categories/${category.id}`, { method: 'DELETE' });
    expect(removed.status).toBe(204);

    const look: Look = { language: 'en', theme: 'light', direction: 'ltr' };
    const { page, errors } = await open(`/appearance/menu?menu=${menu.id}`, look);
    await node(page, 'Lịch thi đấu').waitFor();
    expect(await screenShape(page)).toEqual(['Trang chủ', 'Lịch thi đấu']);
    await page.getByRole('button', { name: 'Post types', exact: true }).click();
    const panel = page.getByTestId('source-type');
    await panel.getByText('Tin nhanh').waitFor();
    const search = panel.getByLabel('Search Post types');
    await search.fill('tin tuc the thao');
    await search.press('Enter');
    await expect.poll(() => panel.locator('.ant-checkbox-wrapper').count()).toBe(1);
    await panel.getByText('Tin tức Thể thao').click();
    await panel.getByRole('button', { name: 'Add to menu (1)' }).click();
    await node(page, 'Tin tức Thể thao').waitFor();
    await shoot(page, 'type-source', look);
    await page.getByRole('button', { name: 'Save menu' }).click();
    await page.getByText('The menu was saved.').waitFor();
    expect(shape((await menuOf(menu.id)).items)).toEqual([
      'Trang chủ',
      'Lịch thi đấu',
      'Tin tức Thể thao',
    ]);
    expect((await menuOf(menu.id)).items[2]).toMatchObject({ type: 'type', ref_id: type.id });
    expect(errors).toEqual([]);
  });

  it('keeps the edits of an item not yet applied: asks before leaving and before opening another item', async () => {
    const menu = await createMenu('panel', 'Khung sửa', [
      { title: 'Một', url: '/1' },
      { title: 'Hai', url: '/2' },
    ]);
    const look: Look = { language: 'en', theme: 'light', direction: 'ltr' };
    const { page } = await open(`/appearance/menu?menu=${menu.id}`, look);
    await node(page, 'Một').waitFor();
    await page.getByRole('button', { name: 'Edit Một' }).click();
    const editor = page.getByTestId('item-editor');
    await editor.getByLabel('Navigation label').fill('Một đã sửa');
    // the tree itself is unchanged: nothing to save yet
    expect(await page.getByTestId('unsaved').count()).toBe(0);

    await page.getByRole('link', { name: 'Sliders' }).first().click();
    await page.getByText('Leave without saving?', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Stay on this page' }).click();
    expect(await editor.getByLabel('Navigation label').inputValue()).toBe('Một đã sửa');

    // Opening another item asks first; staying keeps the typing.
    await page.getByRole('button', { name: 'Edit Hai' }).click();
    const discard = page
      .getByRole('dialog')
      .filter({ hasText: 'Discard the changes to the item being edited?' });
    await discard.getByRole('button', { name: 'Stay on this page' }).click();
    expect(await editor.getByLabel('Navigation label').inputValue()).toBe('Một đã sửa');

    // Applied, the edit is in the tree (unsaved), and the panel holds nothing more.
    await editor.getByRole('button', { name: 'Apply' }).click();
    await node(page, 'Một đã sửa').waitFor();
    await page.getByTestId('unsaved').waitFor();
    await page.getByRole('button', { name: 'Edit Hai' }).click();
    await editor.getByLabel('Navigation label').fill('Hai đã sửa');
    await page.getByRole('button', { name: 'Edit Một đã sửa' }).click();
    await page
      .getByRole('dialog')
      .filter({ hasText: 'Discard the changes to the item being edited?' })
      .getByRole('button', { name: 'Discard changes' })
      .click();
    expect(await editor.getByLabel('Navigation label').inputValue()).toBe('Một đã sửa');
    await node(page, 'Hai').waitFor();
  });

  it('keeps unsaved changes when leaving by mistake: asks before going, and before a reload', async () => {
    await createMenu('leave-other', 'Menu khác');
    const menu = await createMenu('leave', 'Rời trang', [{ title: 'Gốc', url: '/' }]);
    const look: Look = { language: 'en', theme: 'light', direction: 'ltr' };
    const { page } = await open(`/appearance/menu?menu=${menu.id}`, look);
    await node(page, 'Gốc').waitFor();
    await addCustomLink(page, '/moi', 'Mới thêm', EN);

    // Another screen of the sidebar: the confirm, and staying keeps the work.
    await page.getByRole('link', { name: 'Sliders' }).first().click();
    await page.getByText('Leave without saving?', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Stay on this page' }).click();
    expect(new URL(page.url()).pathname).toBe('/appearance/menu');
    await node(page, 'Mới thêm').waitFor();
    // Choosing another menu asks too.
    await page.getByTestId('menu-select').click();
    await page.locator('.ant-select-item-option', { hasText: 'Menu khác' }).click();
    await page.getByText('Leave without saving?', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Stay on this page' }).click();
    await node(page, 'Mới thêm').waitFor();

    // A reload (or closing the tab) gets the browser's own question.
    const asked = new Promise<string>((resolve) =>
      page.once('dialog', (dialog) => {
        resolve(dialog.type());
        void dialog.dismiss();
      }),
    );
    void page.reload().catch(() => undefined);
    expect(await asked).toBe('beforeunload');
    await node(page, 'Mới thêm').waitFor();

    // Leaving on purpose goes, and nothing was saved.
    await page.getByRole('link', { name: 'Sliders' }).first().click();
    await page.getByRole('button', { name: 'Leave without saving' }).click();
    await page.waitForURL(/\/appearance\/slider/);
    expect(shape((await menuOf(menu.id)).items)).toEqual(['Gốc']);
  });

  it('shows a read-only tree to those who may only list menus', async () => {
    const menu = await createMenu('readonly', 'Chỉ xem', [
      { title: 'Cha', url: '/cha', children: [{ title: 'Con', url: '/con' }] },
    ]);
    const { tokens: reader } = await signInAsStaff(app.baseUrl, api, {
      role: 'Menu readers',
      permissions: ['menus.list'],
      name: 'Người Xem',
      email: 'menu-reader@example.com',
      password: 'Reader-pass-1',
    });
    const look: Look = { language: 'ja', theme: 'dark', direction: 'ltr' };
    const { page, errors } = await open(`/settings/menu?menu=${menu.id}`, look, reader);
    await node(page, 'Con').waitFor();
    expect(await page.getByRole('button', { name: 'メニューを保存' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'メニューに追加' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Con を編集' }).count()).toBe(0);
    expect(await page.getByTestId('tree-up').count()).toBe(0);
    await shoot(page, 'read-only', look);
    expect(errors).toEqual([]);
  });

  let looksMenu: Menu | undefined;
  const looksMenuId = async () => {
    looksMenu ??= await createMenu('looks', 'Giao diện', [
      {
        title: 'Sản phẩm',
        url: '/san-pham',
        viewer: 'guest',
        children: [
          {
            title: 'Cà phê',
            url: '/ca-phe',
            target: '_blank',
            children: [{ title: 'Arabica', url: '/a' }],
          },
        ],
      },
      { title: 'Liên hệ', url: '/lien-he' },
    ]);
    return looksMenu.id;
  };

  // One look per test: each opens the page, the item editor, and runs axe.
  it.each(TWO_LOOKS)('reads well in $language, $theme, $direction', async (look) => {
    const { page, errors } = await open(`/appearance/menu?menu=${await looksMenuId()}`, look);
    await node(page, 'Arabica').waitFor();
    await page.locator('[data-node-id] button').first().click();
    await page.getByTestId('item-editor').waitFor();
    await shoot(page, 'editor', look);
    expect(errors).toEqual([]);
  });
});
