import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from './support/app-server';
import { hasChromium, launchChromium } from './support/chromium';
import { apiClient, apiLogin, type Tokens, signedInPages } from './support/session';
import { type Look, SHOP_LOOK, shootLook, TWO_LOOKS } from './support/looks';

type Slide = {
  image: string;
  title: string | null;
  url: string | null;
  description: string | null;
};
type Widget = { id: number; key: string; value: Record<string, unknown> };

/**
 * The looks the forms' tests open their screens in, so that each form is seen in every language,
 * both themes and both directions between them (the lists' looks are `TWO_LOOKS`).
 */
const LOOKS: readonly Look[] = [
  SHOP_LOOK,
  { language: 'en', theme: 'dark', direction: 'rtl' },
  { language: 'ja', theme: 'light', direction: 'rtl' },
];

const hotlineSettings = {
  fields: [
    { key: 'hotline', title: 'Hotline', style: 'text', required: true },
    {
      key: 'position',
      title: 'Position',
      style: 'radiobox',
      data: [
        { value: 'left', title: 'Left' },
        { value: 'right', title: 'Right' },
      ],
    },
    {
      key: 'theme',
      title: 'Colour',
      style: 'selectbox',
      data: [
        { value: 'light', title: 'Light' },
        { value: 'dark', title: 'Dark' },
      ],
    },
    {
      key: 'partners',
      title: 'Partner',
      style: 'list',
      fields: [
        { key: 'logo', title: 'Logo', style: 'image', required: true },
        { key: 'name', title: 'Name', style: 'text' },
      ],
    },
  ],
};

describe.skipIf(!hasChromium)('sliders and widgets in the browser', () => {
  let app: RunningApp;
  let browser: Browser;
  let admin: Tokens;
  let api: ReturnType<typeof apiClient>;
  const images: Array<{ id: number; url: string }> = [];
  const pages = signedInPages(
    () => browser,
    () => app.baseUrl,
    () => admin,
  );
  let hotline: Widget;

  const upload = async (name: string, color: string) => {
    const picture = await sharp({
      create: { width: 640, height: 320, channels: 3, background: color },
    })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(picture)]), name);
    const response = await fetch(`${app.baseUrl}/api/v1/media?area=slider`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${admin.access_token}`, Accept: 'application/json' },
      body: form,
    });
    return ((await response.json()) as { data: { id: number; url: string } }).data;
  };

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchChromium()]);
    admin = await apiLogin(app.baseUrl);
    api = apiClient(app.baseUrl, admin);
    for (const [name, color] of [
      ['do.png', '#c0392b'],
      ['xanh.png', '#2e86de'],
      ['vang.png', '#f1c40f'],
    ] as const)
      images.push(await upload(name, color));
    await api('/sliders', {
      method: 'POST',
      body: {
        key: 'trang-chu',
        title: 'Trang chủ',
        items: images.map((image, index) => ({
          image: image.url,
          title: ['Slide A', 'Slide B', 'Slide C'][index],
          url: `/khuyen-mai/${index + 1}`,
          description: 'Cà phê Đà Lạt',
        })),
      },
    });
    hotline = (
      await api<{ data: Widget }>('/widgets', {
        method: 'POST',
        body: {
          key: 'hotline-box',
          title: 'Hộp đường dây nóng',
          icon: images[0]!.url,
          group: { name: 'Chân trang' },
          description: 'Số điện thoại ở chân trang',
          type: 'footer',
          settings: hotlineSettings,
          sections: [{ page: 'home' }],
        },
      })
    ).body.data;
    await api('/widgets', {
      method: 'POST',
      body: {
        key: 'social-links',
        title: 'Mạng xã hội',
        type: 'footer',
        settings: { fields: [{ key: 'facebook', title: 'Facebook', style: 'text' }] },
      },
    });
  });

  afterAll(async () => {
    await pages.close();
    await browser?.close();
    await app?.stop();
  });

  const open = (path: string, look: Look) => pages.open(path, look);

  /** Console errors besides the refused requests a test makes on purpose. */
  const unexpected = (errors: string[]) => errors.filter((line) => !line.includes('status of 422'));

  const shoot = (page: Page, name: string, look: Look) => shootLook(page, 'appearance', name, look);

  const pickImage = async (
    page: Page,
    within: ReturnType<Page['locator']>,
    mediaId: number,
    label: RegExp,
  ) => {
    await within.getByRole('button', { name: label }).click();
    const modal = page.locator('.ant-modal').filter({ has: page.getByTestId('picker-choose') });
    await modal.locator(`[data-testid="media-item"][data-media-id="${mediaId}"]`).click();
    await modal.getByTestId('picker-choose').click();
    await modal.waitFor({ state: 'hidden' });
  };

  it('reorders the slides of a slider with the keyboard, previews them and saves the new order', async () => {
    const { page, errors } = await open('/appearance/slider', LOOKS[0]!);
    await page.getByText('Trang chủ').first().waitFor();
    await page.locator('tr', { hasText: 'Trang chủ' }).getByRole('button', { name: 'Sửa' }).click();
    const drawer = page.locator('.ant-drawer');
    await drawer.getByTestId('slider-preview').waitFor();
    expect(await page.locator('#edit-form_items_2_title').inputValue()).toBe('Slide C');

    // Keyboard only: focus "move item 3 up", press Enter twice (the focus stays on the slide's button).
    await page.getByRole('button', { name: 'Chuyển mục 3 lên' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Chuyển mục 2 lên' }).focus();
    await page.keyboard.press('Enter');
    expect(
      await Promise.all(
        [0, 1, 2].map((index) => page.locator(`#edit-form_items_${index}_title`).inputValue()),
      ),
    ).toEqual(['Slide C', 'Slide A', 'Slide B']);
    // The live preview follows the form: its first slide is now C.
    await expect
      .poll(() => drawer.locator('.slick-slide:not(.slick-cloned) img').first().getAttribute('alt'))
      .toBe('Slide C');
    await shoot(page, 'slider-form', LOOKS[0]!);

    const saved = page.waitForResponse(
      (response) =>
        /\/api\/v1\/sliders\/\d+$/.test(response.url()) && response.request().method() === 'PATCH',
    );
    await drawer.getByRole('button', { name: 'Lưu' }).click();
    const body = (await (await saved).json()) as { data: { items: Slide[] } };
    expect(body.data.items.map((item) => item.title)).toEqual(['Slide C', 'Slide A', 'Slide B']);
    expect(body.data.items[0]).toEqual({
      image: images[2]!.url,
      title: 'Slide C',
      url: '/khuyen-mai/3',
      description: 'Cà phê Đà Lạt',
    });
    await page.getByText('Đã cập nhật thành công.').waitFor();
    const stored = await api<{ data: Array<{ key: string; items: Slide[] }> }>(
      '/sliders?search=key:trang-chu',
    );
    expect(stored.body.data[0]!.items.map((item) => item.title)).toEqual([
      'Slide C',
      'Slide A',
      'Slide B',
    ]);
    expect(errors).toEqual([]);
  });

  it('adds a slider with slides from the media picker; it goes first and a duplicate key is refused', async () => {
    const { page, errors } = await open('/settings/slider', LOOKS[1]!);
    await page.getByText('Trang chủ').first().waitFor();
    await page.getByRole('button', { name: 'Add new' }).click();
    const drawer = page.locator('.ant-drawer');
    await page.locator('#create-form_key').fill('trang-chu');
    await page.locator('#create-form_title').fill('Khuyến mãi tháng 11');
    // Saving with a slide without its image names the image.
    await drawer.getByRole('button', { name: 'Create' }).click();
    await drawer.getByText('Please choose an image!').waitFor();
    await pickImage(
      page,
      drawer.locator('[data-list-field="items"] .ant-card').nth(0),
      images[0]!.id,
      /Choose$/,
    );
    await page.locator('#create-form_items_0_title').fill('Giảm 20%');
    await drawer.getByRole('button', { name: /Add: Slide/ }).click();
    await pickImage(
      page,
      drawer.locator('[data-list-field="items"] .ant-card').nth(1),
      images[1]!.id,
      /Choose$/,
    );
    await page.locator('#create-form_items_1_url').fill('javascript:alert(1)');
    await drawer.getByRole('button', { name: 'Create' }).click();
    await drawer
      .getByText(
        'The link must be a path starting with /, an anchor starting with #, or an http(s) address.',
      )
      .waitFor();
    await page.locator('#create-form_items_1_url').fill('/khuyen-mai');
    await drawer.getByRole('button', { name: 'Create' }).click();
    // The key is taken: the server's text shows on the key field.
    await drawer
      .locator('.ant-form-item', { has: page.locator('#create-form_key') })
      .getByText('A slider with this key already exists. Please enter another key.')
      .waitFor();
    await shoot(page, 'slider-create', LOOKS[1]!);
    await page.locator('#create-form_key').fill('khuyen-mai-11');
    await drawer.getByRole('button', { name: 'Create' }).click();
    await page.getByText('Created successfully.').waitFor();
    await expect
      .poll(() => page.locator('tbody tr[data-row-key]').first().textContent())
      .toContain('Khuyến mãi tháng 11');
    expect(unexpected(errors)).toEqual([]);
  });

  it.each(TWO_LOOKS)(
    'shows the slider list and its preview in $language, $theme, $direction',
    async (look) => {
      const { page, errors } = await open('/appearance/slider', look);
      await page.getByText('Trang chủ').first().waitFor();
      await shoot(page, 'slider-list', look);
      await page
        .locator('tr', { hasText: 'Trang chủ' })
        .locator('button[aria-label*="Trang chủ"]')
        .click();
      const modal = page.locator('.ant-modal', { has: page.getByTestId('slider-preview') });
      await modal.getByTestId('slider-preview').waitFor();
      await modal.locator('.slick-active img').first().waitFor();
      await shoot(page, 'slider-preview', look);
      expect(errors).toEqual([]);
    },
  );

  it('refuses a duplicate widget key with its text, then creates the widget first in the list', async () => {
    const look = LOOKS[2]!;
    const { page, errors } = await open('/widgets/manager', look);
    await page.getByText('Hộp đường dây nóng').waitFor();
    await page.getByRole('button', { name: '新規追加' }).click();
    const drawer = page.locator('.ant-drawer');
    await page.locator('#create-form_key').fill('hotline-box');
    await page.locator('#create-form_title').fill('Giờ mở cửa');
    await page.getByLabel('グループ名').fill('Đầu trang');
    expect(await page.getByLabel('グループのリンク').inputValue()).toBe('dau-trang');
    await page.locator('#create-form_type').fill('header');
    // The settings are built with controls; their JSON is the advanced view.
    await drawer.locator('.ant-segmented').first().getByText('JSON（上級者向け）').click();
    await page
      .locator('#create-form_settings')
      .fill('{"fields": [{"key": "hours", "title": "Giờ", "style": "selectbox"}]}');
    await drawer.getByRole('button', { name: /^作\s?成$/ }).click();
    await drawer.getByText('選択肢を 1 つ以上追加してください。').waitFor();
    // An API source never steps out of the API, even with its dots percent-encoded.
    await page
      .locator('#create-form_settings')
      .fill(
        '{"fields": [{"key": "hours", "title": "Giờ", "style": "api", "api": {"path": "/types/%2e%2e/users", "value_key": "id", "title_key": "name"}}]}',
      );
    await drawer.getByRole('button', { name: /^作\s?成$/ }).click();
    await drawer
      .getByText('API のパスは / で始めるか、http(s) のアドレスにしてください。')
      .waitFor();
    await page
      .locator('#create-form_settings')
      .fill(
        '{"fields": [{"key": "hours", "title": "Giờ mở cửa", "style": "text", "required": true}]}',
      );
    await drawer.getByTestId('settings-summary').getByText('Giờ mở cửa').waitFor();
    await drawer.getByRole('button', { name: /^作\s?成$/ }).click();
    const keyItem = drawer.locator('.ant-form-item', { has: page.locator('#create-form_key') });
    await keyItem
      .getByText('このキーのウィジェットはすでに存在します。別のキーを入力してください。')
      .waitFor();
    await page.locator('#create-form_key').scrollIntoViewIfNeeded();
    await shoot(page, 'widget-duplicate-key', look);
    await page.locator('#create-form_key').fill('opening-hours');
    await drawer.getByRole('button', { name: /^作\s?成$/ }).click();
    await page.getByText('作成しました。').waitFor();
    await expect
      .poll(() => page.locator('tbody tr[data-row-key]').first().textContent())
      .toContain('Giờ mở cửa');
    const created = await api<{ data: Array<{ group: unknown; settings: unknown }> }>(
      '/widgets?search=key:opening-hours',
    );
    expect(created.body.data[0]).toMatchObject({
      group: { name: 'Đầu trang', slug: 'dau-trang' },
      settings: { fields: [{ key: 'hours', title: 'Giờ mở cửa', style: 'text', required: true }] },
    });
    expect(unexpected(errors)).toEqual([]);
  });

  it('edits a widget value from the manager with the editor its settings describe', async () => {
    const look = LOOKS[0]!;
    const { page, errors } = await open('/widgets/manager', look);
    await page.getByText('Hộp đường dây nóng').waitFor();
    await page.getByRole('button', { name: 'Sửa nội dung: Hộp đường dây nóng' }).click();
    const drawer = page.locator('.ant-drawer');
    const form = `#widget-value-${hotline.id}`;
    await page.locator(`${form}_hotline`).waitFor();
    // Required by the settings: saving it empty names it.
    await drawer.getByRole('button', { name: 'Lưu' }).click();
    await drawer
      .locator('.ant-form-item', { has: page.locator(`${form}_hotline`) })
      .getByText('Trường này là bắt buộc.')
      .waitFor();
    await page.locator(`${form}_hotline`).fill('0901 234 567');
    await drawer.getByRole('radio', { name: 'Right' }).check();
    await page.locator(`${form}_theme`).click();
    await page.locator('.ant-select-item-option', { hasText: 'Dark' }).click();
    await drawer.getByRole('button', { name: /Thêm: Partner/ }).click();
    await pickImage(
      page,
      drawer.locator('[data-list-field="partners"] .ant-card').nth(0),
      images[1]!.id,
      /Chọn$/,
    );
    await page.locator(`${form}_partners_0_name`).fill('Cà phê Đà Lạt');
    await shoot(page, 'widget-value', look);

    const saved = page.waitForResponse((response) =>
      response.url().endsWith(`/api/v1/widgets/${hotline.id}/value`),
    );
    await drawer.getByRole('button', { name: 'Lưu' }).click();
    const answer = await saved;
    expect(answer.request().method()).toBe('PATCH');
    expect(((await answer.json()) as { data: Widget }).data.value).toEqual({
      hotline: '0901 234 567',
      position: 'right',
      theme: 'dark',
      // The picker hands back the file's whole address.
      partners: [{ logo: new URL(images[1]!.url, app.baseUrl).toString(), name: 'Cà phê Đà Lạt' }],
    });
    await page.getByText('Đã cập nhật thành công.').waitFor();
    expect(errors).toEqual([]);
  });

  it('edits the widgets of one type on /widgets/:type, each with its own editor', async () => {
    await api(`/widgets/${hotline.id}/value`, {
      method: 'PATCH',
      body: { value: { hotline: '1900 1234', position: 'left' } },
    });
    for (const look of LOOKS) {
      const { page, errors } = await open('/widgets/footer', look);
      await page.locator('[data-widget-key="hotline-box"]').waitFor();
      await page.locator('[data-widget-key="social-links"]').waitFor();
      expect(await page.locator(`#widget-value-${hotline.id}_hotline`).inputValue()).toBe(
        '1900 1234',
      );
      await shoot(page, 'widget-type', look);
      expect(errors).toEqual([]);
    }
    const { page, errors } = await open('/widgets/footer', LOOKS[2]!);
    const social = page.locator('[data-widget-key="social-links"]');
    await social.getByRole('textbox').fill('https://facebook.com/caphedalat');
    const saved = page.waitForResponse((response) =>
      /\/api\/v1\/widgets\/\d+\/value$/.test(response.url()),
    );
    // Japanese writes 保存, without the space Ant Design puts in Chinese labels.
    await social.getByRole('button', { name: '保存', exact: true }).click();
    expect(((await (await saved).json()) as { data: Widget }).data.value).toEqual({
      facebook: 'https://facebook.com/caphedalat',
    });
    // The other widget's editor kept its own value.
    expect(await page.locator(`#widget-value-${hotline.id}_hotline`).inputValue()).toBe(
      '1900 1234',
    );
    expect(errors).toEqual([]);
  });

  it.each(TWO_LOOKS)(
    'shows the widget list and the widget form in $language, $theme, $direction',
    async (look) => {
      const { page, errors } = await open('/widgets', look);
      await page.getByText('Hộp đường dây nóng').waitFor();
      await shoot(page, 'widget-list', look);
      await page
        .locator('tr', { hasText: 'Hộp đường dây nóng' })
        .locator('button')
        .filter({ has: page.locator('.anticon-edit') })
        .click();
      const drawer = page.locator('.ant-drawer');
      await drawer.getByTestId('settings-summary').waitFor();
      // The settings format opens below the settings, read left to right in every direction.
      await drawer.locator('.ant-collapse-header').click();
      await drawer.locator('pre[dir="ltr"]').waitFor();
      await drawer.getByTestId('settings-summary').scrollIntoViewIfNeeded();
      await shoot(page, 'widget-form', look);
      expect(errors).toEqual([]);
    },
  );
});
