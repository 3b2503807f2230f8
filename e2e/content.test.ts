import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from './support/app-server';
import { axeViolations } from './support/axe';
import { settle } from './support/looks';
import { hasChromium, launchChromium } from './support/chromium';
import { apiClient, apiLogin, screenshot, signedInPages, type Tokens } from './support/session';

type Category = { id: number; parent_id: number | null; display_title: string };

describe.skipIf(!hasChromium)('content structure in the browser', () => {
  let app: RunningApp;
  let browser: Browser;
  let admin: Tokens;
  let api: ReturnType<typeof apiClient>;
  let typeId = 0;
  let dataGroupId = 0;
  const pages = signedInPages(
    () => browser,
    () => app.baseUrl,
    () => admin,
  );

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchChromium()]);
    admin = await apiLogin(app.baseUrl);
    api = apiClient(app.baseUrl, admin);
    const type = await api<{ data: { id: number } }>('/types', {
      method: 'POST',
      body: { style: 'article', title: 'Tin tức' },
    });
    typeId = type.body.data.id;
    for (const title of ['Thời sự', 'Thế giới', 'Châu Á'])
      await api('/categories', { method: 'POST', body: { type_id: typeId, title } });
    await api('/groups', {
      method: 'POST',
      body: { style: 'trademark', type_id: typeId, title: 'Báo Nhân Dân' },
    });
  });

  afterAll(async () => {
    await pages.close();
    await browser?.close();
    await app?.stop();
  });

  const open = pages.open;

  const sidebar = (page: Page) => page.locator('.ant-layout-sider, nav').first();

  it('builds a product type with renamed features; the sidebar reloads 2 s later with its entries', async () => {
    const { page, errors } = await open('/post-type/manager');
    await page.getByText('Tin tức').first().waitFor();
    await page.getByRole('button', { name: 'Add new' }).click();
    await page.locator('#create-form_title').fill('Cà Phê Đặc Biệt');
    expect(await page.locator('#create-form_slug').inputValue()).toBe('ca-phe-dac-biet');
    await page.locator('#create-form_style').click();
    await page.locator('.ant-select-item-option', { hasText: 'Product' }).click();
    await page.getByLabel('Name of Categories for this type').fill('Dòng sản phẩm');
    await page.getByLabel('Name of Trademarks for this type').fill('Nhà rang');
    await page.getByLabel('Enable Ratings').click();
    await screenshot(page, 'content-type-form');
    expect(await axeViolations(page)).toEqual([]);

    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/v1/types') && r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Create' }).click();
    const body = (await (await saved).json()) as {
      data: { id: number; features: Array<{ key: string; name: string | null; enabled: boolean }> };
    };
    expect(body.data.features.find((f) => f.key === 'category')).toEqual({
      key: 'category',
      name: 'Dòng sản phẩm',
      enabled: true,
    });
    expect(body.data.features.find((f) => f.key === 'ratings')?.enabled).toBe(false);
    await page.getByText('The post type was saved. The menu will reload in 2 seconds.').waitFor();
    const savedAt = Date.now();

    // The menu is rebuilt two seconds later: the new type's group, with its renamed entries.
    await sidebar(page).getByText('Posts', { exact: true }).click();
    const group = sidebar(page).getByText('Cà Phê Đặc Biệt', { exact: true });
    await group.waitFor({ timeout: 10_000 });
    expect(Date.now() - savedAt).toBeGreaterThanOrEqual(1500);
    await group.click();
    const links = page.locator(`a[href^="/posts/"][href$="/${body.data.id}"]`);
    // its products and the screens its features enable (under their new names); the shop's
    // orders and discounts are in the Sales section, once for every product type
    await expect
      .poll(() => links.allTextContents())
      .toEqual([
        'All products',
        'Add product',
        'Dòng sản phẩm',
        'Groups',
        'Nhà rang',
        'Data groups',
      ]);
    await screenshot(page, 'content-sidebar');
    expect(errors).toEqual([]);
  });

  it('builds a three-level category tree by dragging, saved on the server', async () => {
    const { page, errors } = await open(`/posts/post-category/${typeId}`, { language: 'vi' });
    const tree = page.getByRole('tree');
    await tree.waitFor();
    const node = (title: string) =>
      page.locator('.ant-tree-treenode', {
        has: page.locator('.ant-tree-title', { hasText: new RegExp(`^${title}`) }),
      });
    await node('Châu Á').waitFor();
    const drag = async (from: string, to: string) => {
      const source = (await node(from).locator('.ant-tree-title').boundingBox())!;
      const target = (await node(to).locator('.ant-tree-title').boundingBox())!;
      const y = target.y + target.height * 0.8;
      await page.mouse.move(source.x + 10, source.y + source.height / 2);
      await page.mouse.down();
      await page.mouse.move(source.x + 20, source.y + source.height / 2, { steps: 3 });
      // Far enough to the right of where the drag started to mean "inside".
      await page.mouse.move(target.x + 40, y, { steps: 10 });
      await page.mouse.move(target.x + 60, y, { steps: 2 });
      await page.mouse.up();
    };
    const titles = async () =>
      (await api<{ data: Category[] }>(`/categories?type_id=${typeId}&limit=100`)).body.data.map(
        (c) => c.display_title,
      );

    await drag('Thế giới', 'Thời sự');
    await expect.poll(titles).toEqual(['Thời sự', '-Thế giới', 'Châu Á']);
    await drag('Châu Á', 'Thế giới');
    await expect.poll(titles).toEqual(['Thời sự', '-Thế giới', '--Châu Á']);
    await screenshot(page, 'content-categories-light');
    expect(await axeViolations(page)).toEqual([]);

    // Keyboard alternative: select Châu Á, Alt + ← takes it out of Thế giới.
    await node('Châu Á').locator('.ant-tree-title').click();
    await page.keyboard.press('Alt+ArrowLeft');
    await expect.poll(titles).toEqual(['Thời sự', '-Thế giới', '-Châu Á']);
    expect(errors).toEqual([]);
  });

  it('adds a category under a parent, and deleting a parent asks about its children', async () => {
    const { page } = await open(`/posts/post-category/${typeId}`, {
      language: 'en',
      theme: 'dark',
    });
    await page.getByRole('tree').waitFor();
    await page.getByRole('button', { name: 'Add category' }).click();
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByText('Please enter the category title!').waitFor();
    await page.locator('#create-form_title').fill('Đông Nam Á');
    await page.locator('#create-form_parent_id').click();
    await page.locator('.ant-select-item-option', { hasText: '-Châu Á' }).click();
    await page.getByRole('button', { name: 'Create' }).click();
    await page.locator('.ant-tree-title', { hasText: 'Đông Nam Á' }).waitFor();
    await page.locator('.ant-drawer-open').waitFor({ state: 'detached' });
    await page.locator('.ant-tree-treenode', { hasText: 'Đông Nam Á' }).waitFor();
    expect(
      (await api<{ data: Category[] }>(`/categories?type_id=${typeId}&limit=100`)).body.data.map(
        (c) => c.display_title,
      ),
    ).toEqual(['Thời sự', '-Thế giới', '-Châu Á', '--Đông Nam Á']);
    await screenshot(page, 'content-categories-dark');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Delete: Châu Á' }).click();
    await page.getByText(/It has 1 sub-items/).waitFor();
    await page.locator('.ant-modal-confirm-btns').getByRole('button', { name: 'Cancel' }).click();
  });

  it('shows the post type form in the dark theme, and right to left', async () => {
    for (const look of [
      { language: 'ja', theme: 'dark', direction: undefined, name: 'content-type-form-dark' },
      { language: 'en', theme: 'light', direction: 'rtl', name: 'content-type-form-rtl' },
    ] as const) {
      const { page, errors } = await open('/post-type/manager', look);
      await page.locator('tbody tr[data-row-key]').first().waitFor();
      await page
        .getByRole('button', { name: look.language === 'ja' ? '新規追加' : 'Add new' })
        .click();
      const drawer = page.locator('.ant-drawer-open');
      await drawer.locator('#create-form_title').fill('Cà Phê Rang Xay');
      expect(await drawer.locator('#create-form_slug').inputValue()).toBe('ca-phe-rang-xay');
      await settle(page);
      await screenshot(page, look.name);
      expect(await axeViolations(page)).toEqual([]);
      if (look.direction === 'rtl')
        expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      expect(errors).toEqual([]);
    }
  });

  it('builds a data group in its form, in the dark theme', async () => {
    const { page, errors } = await open(`/posts/data-group/${typeId}`, { theme: 'dark' });
    await page.getByRole('heading', { name: /Data groups/ }).waitFor();
    await page.getByRole('button', { name: 'Add new' }).click();
    const drawer = page.locator('.ant-drawer-open');
    // The post type is the screen's own, chosen already.
    await drawer.locator('.ant-select-content', { hasText: 'Tin tức' }).waitFor();
    await drawer.getByRole('button', { name: 'Create' }).click();
    await drawer.getByText('Please enter the title!').waitFor();
    await drawer.locator('#create-form_title').fill('Thông tin thêm');
    expect(await drawer.locator('#create-form_slug').inputValue()).toBe('thong-tin-them');
    await drawer.locator('#create-form_description').fill('Nguồn, tác giả và vùng miền của bài.');
    await settle(page);
    await screenshot(page, 'content-data-group-form-dark');
    expect(await axeViolations(page)).toEqual([]);
    const saved = page.waitForResponse(
      (r) => r.url().includes('/api/v1/groups') && r.request().method() === 'POST',
    );
    await drawer.getByRole('button', { name: 'Create' }).click();
    const body = (await (await saved).json()) as {
      data: { id: number; style: string; type_id: number; slug: string; fields: unknown[] };
    };
    expect(body.data).toMatchObject({
      style: 'field',
      type_id: typeId,
      slug: 'thong-tin-them',
      fields: [],
    });
    dataGroupId = body.data.id;
    await page.locator('tr', { hasText: 'Thông tin thêm' }).waitFor();
    // Each data group shows its fields (the list asks for them).
    await page.getByRole('columnheader', { name: 'Fields' }).waitFor();
    expect(errors).toEqual([]);
  });

  it('adds, edits and deletes an article group with a confirm, in both themes', async () => {
    for (const theme of ['light', 'dark'] as const) {
      const title = theme === 'light' ? 'Nổi bật tuần' : 'Tin đọc nhiều';
      const slug = theme === 'light' ? 'noi-bat-tuan' : 'tin-doc-nhieu';
      const { page, errors } = await open(`/posts/article-group/${typeId}`, {
        theme,
        language: theme === 'light' ? 'en' : 'vi',
      });
      const en = theme === 'light';
      await page
        .getByRole('heading', { name: en ? /Groups · Tin tức/ : /Nhóm · Tin tức/ })
        .waitFor();
      await page.getByRole('button', { name: en ? 'Add new' : 'Thêm mới' }).click();
      const drawer = page.locator('.ant-drawer-open');
      await drawer.locator('#create-form_title').fill(title);
      expect(await drawer.locator('#create-form_slug').inputValue()).toBe(slug);
      await drawer.locator('#create-form_description').fill('Những bài được chọn.');
      await settle(page);
      await screenshot(page, `content-article-group-form-${theme}`);
      expect(await axeViolations(page)).toEqual([]);
      const created = page.waitForResponse(
        (r) => r.url().includes('/api/v1/groups') && r.request().method() === 'POST',
      );
      await drawer.getByRole('button', { name: en ? 'Create' : 'Tạo' }).click();
      // The screen's post type goes with it, without a control of its own.
      expect(((await created).request().postDataJSON() as { type_id: number }).type_id).toBe(
        typeId,
      );
      const row = page.locator('tr[data-row-key]', { hasText: title });
      await row.waitFor();
      await drawer.waitFor({ state: 'detached' });

      await row.getByRole('button', { name: en ? 'Edit' : 'Sửa' }).click();
      const editor = page.locator('.ant-drawer-open');
      expect(await editor.locator('#edit-form_title').inputValue()).toBe(title);
      await editor.locator('#edit-form_title').fill(`${title} (sửa)`);
      await editor.getByRole('button', { name: en ? 'Save' : 'Lưu' }).click();
      const edited = page.locator('tr[data-row-key]', { hasText: `${title} (sửa)` });
      await edited.waitFor();
      await editor.waitFor({ state: 'detached' });
      const stored = (
        await api<{ data: Array<{ title: string; slug: string; style: string }> }>(
          `/groups?style=article&type_id=${typeId}&limit=100`,
        )
      ).body.data.find((group) => group.title === `${title} (sửa)`);
      // The slug stays as saved when the title changes.
      expect(stored).toMatchObject({ style: 'article', slug });
      await settle(page);
      await screenshot(page, `content-article-groups-${theme}`);
      expect(await axeViolations(page)).toEqual([]);

      await edited.getByRole('button', { name: en ? 'Delete' : 'Xóa' }).click();
      const confirm = page.locator('.ant-popconfirm');
      await confirm.getByText(en ? 'Delete this item?' : /Xóa mục này/).waitFor();
      await settle(page);
      await screenshot(page, `content-article-group-delete-${theme}`);
      await confirm.getByRole('button', { name: en ? 'Delete' : 'Xóa' }).click();
      await edited.waitFor({ state: 'detached' });
      expect(
        (
          await api<{ data: Array<{ title: string }> }>(
            `/groups?style=article&type_id=${typeId}&limit=100`,
          )
        ).body.data.map((group) => group.title),
      ).not.toContain(`${title} (sửa)`);
      expect(errors).toEqual([]);
    }
  });

  it('makes a data field fed by a local API, previewed as the post editor shows it', async () => {
    const { page, errors } = await open(`/posts/data-group/${typeId}/data-field/${dataGroupId}`);
    await page.getByRole('heading', { name: /Data fields · Thông tin thêm/ }).waitFor();
    await page.getByRole('button', { name: 'Add new' }).click();
    await page.locator('#create-form_key').fill('province');
    await page.locator('#create-form_title').fill('Tỉnh thành');
    await page.locator('#create-form_style').click();
    await page.locator('.ant-select-item-option', { hasText: /^Select box$/ }).click();
    // A select box needs items.
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByText('Please add at least 1 data item!').waitFor();

    // The editor style is previewed as the rich text editor the post screen shows.
    await page.locator('#create-form_style').click();
    await page.keyboard.type('Editor');
    await page.locator('.ant-select-item-option', { hasText: /^Editor$/ }).click();
    const preview = page.getByTestId('field-preview');
    const rich = preview.getByRole('textbox', { name: 'Tỉnh thành' });
    await expect.poll(() => rich.getAttribute('contenteditable')).toBe('true');
    await preview
      .getByRole('toolbar', { name: 'Formatting' })
      .getByRole('button', { name: 'Bold' })
      .waitFor();

    await page.locator('#create-form_style').click();
    // Fifteen styles: found by typing.
    await page.keyboard.type('API');
    await page.locator('.ant-select-item-option', { hasText: /^API$/ }).click();
    await page.getByLabel('Path', { exact: true }).fill('/locations/nowhere');
    await preview.getByText(/could not be loaded from \/locations\/nowhere/).waitFor();
    await page.getByLabel('Path', { exact: true }).fill('/locations/provinces');
    await page.getByLabel('List key').fill('data');
    await page.getByLabel('Value key').fill('code');
    await page.getByLabel('Title key').fill('name');
    await preview.locator('.ant-select').click();
    // The empty option comes first; the provinces follow, found as one types.
    const options = page.locator('.ant-select-item-option:visible');
    await expect.poll(() => options.first().textContent()).toBe('— None —');
    await page.keyboard.type('Hà Nội');
    await options.filter({ hasText: 'Hà Nội' }).first().waitFor();
    await page.keyboard.press('Escape');
    await screenshot(page, 'content-field-form');
    expect(await axeViolations(page)).toEqual([]);

    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/v1/fields') && r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Create' }).click();
    const body = (await (await saved).json()) as { data: { api: unknown; group_id: number } };
    expect(body.data).toMatchObject({
      group_id: dataGroupId,
      api: { path: '/locations/provinces', list_key: 'data', value_key: 'code', title_key: 'name' },
    });
    await page.locator('tr', { hasText: 'province' }).waitFor();
    expect(errors.filter((error) => !error.includes('404'))).toEqual([]);
  });

  it('makes a select box of several values whose items form a tree, previewed as a tree', async () => {
    const { page, errors } = await open(`/posts/data-group/${typeId}/data-field/${dataGroupId}`);
    await page.getByRole('heading', { name: /Data fields · Thông tin thêm/ }).waitFor();
    await page.getByRole('button', { name: 'Add new' }).click();
    const drawer = page.locator('.ant-drawer-open');
    await drawer.locator('#create-form_key').fill('region');
    await drawer.locator('#create-form_title').fill('Vùng miền');
    // The switches mean something only for a select box or an API select.
    await drawer.getByText('Has children').waitFor({ state: 'detached' });
    await drawer.locator('#create-form_style').click();
    await page.locator('.ant-select-item-option', { hasText: /^Select box$/ }).click();
    await drawer.getByText('Has children').waitFor();
    const items = [
      ['bac', 'Miền Bắc'],
      ['hn', 'Hà Nội'],
      ['bd', 'Ba Đình'],
      ['nam', 'Miền Nam'],
    ];
    for (const [index, [value, title]] of items.entries()) {
      await drawer.getByRole('button', { name: 'Add: Item' }).click();
      await drawer.locator(`#create-form_data_${index}_value`).fill(value!);
      await drawer.locator(`#create-form_data_${index}_title`).fill(title!);
    }
    // Parents are asked for once the choices are a tree.
    await drawer.locator('#create-form_data_1_parent').waitFor({ state: 'detached' });
    await drawer.getByRole('switch', { name: 'Has children' }).click();
    await drawer.getByRole('switch', { name: 'Has options' }).click();
    const parent = async (index: number, label: string) => {
      await drawer.locator(`#create-form_data_${index}_parent`).click();
      await page.locator('.ant-select-item-option:visible', { hasText: label }).click();
    };
    await parent(1, 'Miền Bắc (bac)');
    await parent(2, 'Hà Nội (hn)');

    const preview = page.getByTestId('field-preview');
    await preview.locator('.ant-select').click();
    const node = (title: string) =>
      page.locator('.ant-select-tree-treenode:visible', { hasText: title });
    await node('Ba Đình').waitFor();
    const depth = (title: string) => node(title).locator('.ant-select-tree-indent-unit').count();
    expect([
      await depth('Miền Bắc'),
      await depth('Hà Nội'),
      await depth('Ba Đình'),
      await depth('Miền Nam'),
    ]).toEqual([0, 1, 2, 0]);
    // Several values: Ba Đình and Miền Nam both.
    await node('Ba Đình').locator('.ant-select-tree-title').click();
    await node('Miền Nam').locator('.ant-select-tree-title').click();
    await expect
      .poll(() => preview.locator('.ant-select-selection-item').allTextContents())
      .toEqual(['Ba Đình', 'Miền Nam']);
    await settle(page);
    await screenshot(page, 'content-field-tree');
    await page.keyboard.press('Escape');
    expect(await axeViolations(page)).toEqual([]);

    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/v1/fields') && r.request().method() === 'POST',
    );
    await drawer.getByRole('button', { name: 'Create' }).click();
    const body = (await (await saved).json()) as { data: Record<string, unknown> };
    expect(body.data).toMatchObject({
      style: 'selectbox',
      has_option: true,
      has_children: true,
      data: [
        { value: 'bac', title: 'Miền Bắc' },
        { value: 'hn', title: 'Hà Nội', parent: 'bac' },
        { value: 'bd', title: 'Ba Đình', parent: 'hn' },
        { value: 'nam', title: 'Miền Nam' },
      ],
    });
    await page.locator('tr', { hasText: 'region' }).waitFor();
    expect(errors).toEqual([]);
  });

  for (const theme of ['light', 'dark'] as const)
    for (const [name, path] of [
      ['types', () => '/post-type'],
      ['trademarks', () => `/posts/trademark-group/${typeId}`],
      ['data-groups', () => `/posts/data-group/${typeId}`],
      ['fields', () => `/posts/data-group/${typeId}/data-field/${dataGroupId}`],
    ] as const)
      it(`shows the ${name} screen in the ${theme} theme without serious axe findings`, async () => {
        const { page } = await open(path(), { language: theme === 'dark' ? 'ja' : 'vi', theme });
        await page.locator('tbody tr[data-row-key]').first().waitFor();
        await screenshot(page, `content-${name}-${theme}`);
        expect(await axeViolations(page)).toEqual([]);
      });

  it('says a data group is not there, or could not be read with a way to ask again', async () => {
    const { page } = await open(`/posts/data-group/${typeId}/data-field/99999`, {
      language: 'vi',
    });
    await page.getByText('Nhóm dữ liệu này không tồn tại hoặc đã bị xóa.').waitFor();
    // an address naming no number asks the server nothing
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/v1/groups')) asked.push(request.url());
    });
    await page.goto(`${app.baseUrl}/posts/data-group/${typeId}/data-field/abc`);
    await page.getByText('Nhóm dữ liệu này không tồn tại hoặc đã bị xóa.').waitFor();
    expect(asked).toEqual([]);
    // a trademark group is not a data group of fields
    const trademark = await api<{ data: { id: number } }>('/groups', {
      method: 'POST',
      body: { style: 'trademark', type_id: typeId, title: 'Báo Tuổi Trẻ' },
    });
    await page.goto(
      `${app.baseUrl}/posts/data-group/${typeId}/data-field/${trademark.body.data.id}`,
    );
    await page.getByText('Nhóm dữ liệu này không tồn tại hoặc đã bị xóa.').waitFor();
    // the server cannot be reached: the screen says so, and asking again brings the group
    const group = await api<{ data: { id: number } }>('/groups', {
      method: 'POST',
      body: { style: 'field', type_id: typeId, title: 'Nguồn bài' },
    });
    await page.route('**/api/v1/groups/*', (route) => route.abort());
    await page.goto(`${app.baseUrl}/posts/data-group/${typeId}/data-field/${group.body.data.id}`);
    await page.getByText('Không tải được dữ liệu. Vui lòng thử lại sau.').waitFor();
    await page.unroute('**/api/v1/groups/*');
    await page.getByRole('button', { name: 'Thử lại' }).click();
    await page.getByRole('button', { name: 'Quay lại nhóm dữ liệu' }).waitFor();
  });

  it('shows the category tree right to left', async () => {
    const { page } = await open(`/posts/post-category/${typeId}`, {
      language: 'en',
      direction: 'rtl',
    });
    await page.locator('.ant-tree-title', { hasText: 'Thời sự' }).waitFor();
    await screenshot(page, 'content-categories-rtl');
    expect(await axeViolations(page)).toEqual([]);
  });
});
