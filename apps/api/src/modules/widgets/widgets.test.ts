import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let editor: string;
beforeAll(async () => {
  t = await createTestApp();
  editor = (
    await t.createUser(['widgets.list', 'widgets.create', 'widgets.update', 'widgets.delete'])
  ).token;
});
afterAll(() => t.close());

/** A hotline box: a required phone, a position chosen among options, and a list of partner logos. */
const settings = {
  fields: [
    { key: 'hotline', title: 'Đường dây nóng', style: 'text', required: true },
    {
      key: 'position',
      title: 'Vị trí',
      style: 'radiobox',
      data: [
        { value: 'left', title: 'Bên trái' },
        { value: 'right', title: 'Bên phải' },
      ],
    },
    { key: 'limit', title: 'Số mục', style: 'number' },
    {
      key: 'partners',
      title: 'Đối tác',
      style: 'list',
      fields: [
        { key: 'logo', title: 'Logo', style: 'image', required: true },
        { key: 'name', title: 'Tên', style: 'text' },
      ],
    },
    {
      key: 'category',
      title: 'Danh mục',
      style: 'api',
      api: { path: '/categories?limit=100', list_key: 'data', value_key: 'id', title_key: 'title' },
    },
  ],
};

const widget = {
  key: 'hotline-box',
  title: 'Hộp đường dây nóng',
  icon: '/api/v1/media/files/2026/11/phone.svg',
  group: { name: 'Chân trang' },
  description: 'Hiển thị số điện thoại ở chân trang',
  type: 'footer',
  settings,
  sections: [{ page: 'home', position: 'footer' }],
};

const create = (body: unknown, locale = 'en', token = editor) =>
  t.request('POST', '/api/v1/widgets', { token, body, locale });
const setValue = (id: number, body: unknown, locale = 'en', token = editor) =>
  t.request('PATCH', `/api/v1/widgets/${id}/value`, { token, body, locale });

describe('widgets', () => {
  it('creates a widget with its group link made from the name, shows, updates and deletes it', async () => {
    const created = await create(widget);
    expect(created.statusCode).toBe(201);
    const data = created.json().data;
    expect(data).toMatchObject({
      key: 'hotline-box',
      title: 'Hộp đường dây nóng',
      group: { name: 'Chân trang', slug: 'chan-trang' },
      type: 'footer',
      sections: [{ page: 'home', position: 'footer' }],
      value: {},
    });
    expect(data.settings.fields.map((field: { key: string }) => field.key)).toEqual([
      'hotline',
      'position',
      'limit',
      'partners',
      'category',
    ]);

    const updated = await t.request('PATCH', `/api/v1/widgets/${data.id}`, {
      token: editor,
      body: { group: { name: 'Đầu trang', slug: 'header-links' }, description: '' },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toMatchObject({
      group: { name: 'Đầu trang', slug: 'header-links' },
      description: null,
    });
    const ungrouped = await t.request('PATCH', `/api/v1/widgets/${data.id}`, {
      token: editor,
      body: { group: null },
    });
    expect(ungrouped.json().data.group).toBeNull();

    expect(
      (await t.request('DELETE', `/api/v1/widgets/${data.id}`, { token: editor })).statusCode,
    ).toBe(204);
    expect(
      (await t.request('GET', `/api/v1/widgets/${data.id}`, { token: editor })).statusCode,
    ).toBe(404);
  });

  it('starts with empty settings, sections and value when only the key and title are sent', async () => {
    const created = await create({ key: 'toi-gian', title: 'Tối giản' });
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({
      icon: null,
      group: null,
      type: null,
      settings: { fields: [] },
      sections: [],
      value: {},
    });
  });

  it('requires key and title in the request language and stores nothing', async () => {
    const before = await countRows(t, 'widgets');
    const empty = await create({});
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({
      key: ['Please enter the key!'],
      title: ['Please enter the title!'],
    });
    expect((await create({}, 'vi')).json().errors.title).toEqual(['Vui lòng nhập tiêu đề!']);
    expect((await create({}, 'ja')).json().errors.key).toEqual(['キーを入力してください。']);
    expect(await countRows(t, 'widgets')).toBe(before);
  });

  it('rejects a duplicate key with a clear text in every language, on create and on update', async () => {
    expect((await create({ ...widget, key: 'mang-xa-hoi' })).statusCode).toBe(201);
    const before = await countRows(t, 'widgets');
    const texts = {
      en: 'A widget with this key already exists. Please enter another key.',
      vi: 'Đã có widget với khóa này. Vui lòng nhập khóa khác.',
      ja: 'このキーのウィジェットはすでに存在します。別のキーを入力してください。',
    };
    for (const [locale, text] of Object.entries(texts)) {
      const duplicate = await create({ ...widget, key: 'mang-xa-hoi' }, locale);
      expect(duplicate.statusCode).toBe(422);
      expect(duplicate.json().errors).toEqual({ key: [text] });
    }
    const other = (await create({ ...widget, key: 'mang-xa-hoi-2' })).json().data;
    const renamed = await t.request('PATCH', `/api/v1/widgets/${other.id}`, {
      token: editor,
      body: { key: 'mang-xa-hoi' },
      locale: 'en',
    });
    expect(renamed.statusCode).toBe(422);
    expect(renamed.json().errors.key).toEqual([texts.en]);
    expect(await countRows(t, 'widgets')).toBe(before + 1);
  });

  it('lets only one of simultaneous creates with the same key through', async () => {
    const results = await Promise.all([1, 2, 3].map(() => create({ ...widget, key: 'cung-luc' })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 422, 422]);
    const listed = await t.request('GET', '/api/v1/widgets?search=key:cung-luc', { token: editor });
    expect(listed.json().meta.pagination.total).toBe(1);
  });

  it('takes keys and types of lowercase letters, digits, "-" and "_" only; "manager" is no type', async () => {
    for (const key of ['Hotline', 'hot line', 'ｈｏｔｌｉｎｅ', 'hộp']) {
      const response = await create({ ...widget, key });
      expect(response.statusCode, key).toBe(422);
      expect(response.json().errors.key).toEqual([
        'The key may contain only lowercase letters, digits, "-" and "_".',
      ]);
    }
    expect(
      (await create({ ...widget, key: 'loai-sai', type: 'Chân trang' })).json().errors.type,
    ).toEqual(['The type may contain only lowercase letters, digits, "-" and "_".']);
    expect(
      (await create({ ...widget, key: 'loai-sai', type: 'manager' })).json().errors.type,
    ).toEqual(['"manager" cannot be a widget type: it is the name of a screen.']);
    expect(
      (
        await create({ ...widget, key: 'loai-sai', group: { name: 'A', slug: 'Not A Slug' } })
      ).json().errors['group.slug'],
    ).toEqual(['Only lowercase letters, digits and hyphens are allowed.']);
    expect(
      (await create({ ...widget, key: 'loai-sai', group: { slug: 'a' } })).json().errors[
        'group.name'
      ],
    ).toEqual(['Please enter the group name!']);
  });

  it('validates the settings format and names the wrong part', async () => {
    const before = await countRows(t, 'widgets');
    const errorsOf = async (fields: unknown) =>
      (await create({ ...widget, key: 'cau-hinh', settings: { fields } })).json().errors;
    expect(await errorsOf([{ key: 'a', title: 'A', style: 'editor' }])).toEqual({
      'settings.fields.0.style': [
        'This value must be one of: text, number, date, time, textarea, selectbox, radiobox, checkbox, image, video, document, media, api, list.',
      ],
    });
    expect(await errorsOf([{ key: 'a', title: 'A', style: 'selectbox' }])).toEqual({
      'settings.fields.0.data': ['Please add at least one selection option.'],
    });
    expect(
      await errorsOf([
        {
          key: 'a',
          title: 'A',
          style: 'checkbox',
          data: [
            { value: 'x', title: 'X' },
            { value: 'x', title: 'Y' },
          ],
        },
      ]),
    ).toEqual({ 'settings.fields.0.data.1.value': ['Two options have the same value.'] });
    expect(
      await errorsOf([
        { key: 'a', title: 'A', style: 'text' },
        { key: 'a', title: 'B', style: 'number' },
      ]),
    ).toEqual({
      'settings.fields.1.key': ['Two fields have the same key.'],
    });
    expect(await errorsOf([{ key: 'a', title: 'A', style: 'list' }])).toEqual({
      'settings.fields.0.fields': ['Please add at least one list field.'],
    });
    expect(
      await errorsOf([
        { key: 'a', title: 'A', style: 'list', fields: [{ key: 'b', title: 'B', style: 'list' }] },
      ]),
    ).toHaveProperty('settings.fields.0.fields.0.style');
    expect(await errorsOf([{ key: 'a', title: 'A', style: 'api' }])).toEqual({
      'settings.fields.0.api': ['Please set the API source of this field.'],
    });
    expect(
      await errorsOf([
        {
          key: 'a',
          title: 'A',
          style: 'api',
          api: { path: 'javascript:alert(1)', value_key: 'id', title_key: '__proto__' },
        },
      ]),
    ).toEqual({
      'settings.fields.0.api.path': ['The API path must start with / or be an http(s) address.'],
      'settings.fields.0.api.title_key': [
        'Use property names separated by dots (for example data.items).',
      ],
    });
    // Never out of the API, whether the dots are written plainly or percent-encoded.
    for (const path of ['/types/../users', '/types/%2e%2e/users', '/types/.%2E', '/./types'])
      expect(
        await errorsOf([
          {
            key: 'a',
            title: 'A',
            style: 'api',
            api: { path, value_key: 'id', title_key: 'title' },
          },
        ]),
        path,
      ).toEqual({
        'settings.fields.0.api.path': ['The API path must start with / or be an http(s) address.'],
      });
    expect(await errorsOf([{ key: 'Sai Khoa', title: '', style: 'text', colour: 'red' }])).toEqual({
      'settings.fields.0.key': [
        'A field key starts with a lowercase letter and holds only lowercase letters, digits and "_".',
      ],
      'settings.fields.0.title': ['Please enter the field title!'],
      'settings.fields.0.colour': ['This field is not accepted.'],
    });
    expect(
      (await create({ ...widget, key: 'cau-hinh', settings: '{"fields": []}' })).json().errors
        .settings,
    ).toEqual(['The settings must be a JSON object with a "fields" list.']);
    expect(
      (
        await create({ ...widget, key: 'cau-hinh', settings: { fields: [], extra: 1 } }, 'vi')
      ).json().errors['settings.extra'],
    ).toEqual(['Trường này không được chấp nhận.']);
    expect(await countRows(t, 'widgets')).toBe(before);
  });

  it('takes sections as a list of JSON objects, without control characters, within a size', async () => {
    const before = await countRows(t, 'widgets');
    const errorsOf = async (sections: unknown) =>
      (await create({ ...widget, key: 'phan', sections })).json().errors;
    expect(await errorsOf([{ a: 1 }, 'footer'])).toEqual({
      'sections.1': ['Each section must be a JSON object.'],
    });
    expect(await errorsOf({ page: 'home' })).toHaveProperty('sections');
    expect(await errorsOf([{ text: 'a\u0000b' }])).toEqual({
      'sections.0.text': ['Control characters are not allowed.'],
    });
    expect(await errorsOf([{ text: 'x'.repeat(100_001) }])).toEqual({
      sections: ['This JSON is too large.'],
    });
    let deep: unknown = 'end';
    for (let level = 0; level < 12; level += 1) deep = { inner: deep };
    expect(Object.values(await errorsOf([deep]))).toEqual([['This JSON is nested too deeply.']]);
    expect(await countRows(t, 'widgets')).toBe(before);
    const nested = await create({
      ...widget,
      key: 'phan',
      sections: [{ page: 'home', blocks: [{ id: 1, show: true }] }],
    });
    expect(nested.json().data.sections).toEqual([
      { page: 'home', blocks: [{ id: 1, show: true }] },
    ]);
  });

  it('filters by type and by group, and finds widgets by folded words', async () => {
    await create({
      ...widget,
      key: 'banner-dau',
      title: 'Biểu ngữ đầu trang',
      type: 'header',
      group: { name: 'Đầu trang' },
    });
    const keys = async (query: string) =>
      (await t.request('GET', `/api/v1/widgets?${query}`, { token: editor }))
        .json()
        .data.map((row: { key: string }) => row.key);
    expect(await keys('type=header')).toEqual(['banner-dau']);
    expect(await keys('group=dau-trang')).toEqual(['banner-dau']);
    expect(await keys(`search=${encodeURIComponent('bieu ngu dau')}`)).toEqual(['banner-dau']);
    const typed = await t.request('GET', '/api/v1/widgets?type=header', { token: editor });
    expect(typed.json().meta.pagination.total).toBe(1);
    expect(
      (await t.request('GET', '/api/v1/widgets?type=Header%20x', { token: editor })).statusCode,
    ).toBe(422);
  });

  describe('the value', () => {
    let id: number;
    beforeAll(async () => {
      id = (await create({ ...widget, key: 'gia-tri' })).json().data.id;
    });

    const value = {
      hotline: '0901234567',
      position: 'right',
      limit: 4,
      partners: [
        { logo: '/api/v1/media/files/2026/11/a.webp', name: 'Cà phê Đà Lạt' },
        { logo: 'https://cdn.example.com/b.webp', name: null },
      ],
      category: 12,
    };

    it('is updated on its own route, checked against the settings, and shown with the widget', async () => {
      const updated = await setValue(id, { value });
      expect(updated.statusCode).toBe(200);
      expect(updated.json().data.value).toEqual(value);
      expect(updated.json().data.title).toBe('Hộp đường dây nóng');
      const shown = await t.request('GET', `/api/v1/widgets/${id}`, { token: editor });
      expect(shown.json().data.value).toEqual(value);
      // Empty optional fields may be cleared.
      const cleared = await setValue(id, {
        value: { hotline: '1900 1234', position: null, partners: [] },
      });
      expect(cleared.json().data.value).toEqual({
        hotline: '1900 1234',
        position: null,
        partners: [],
      });
    });

    it('refuses a value that breaks the settings, naming each field, and keeps the stored one', async () => {
      await setValue(id, { value });
      const refused = await setValue(id, {
        value: {
          hotline: '',
          position: 'center',
          limit: '4',
          partners: [{ logo: 'javascript:alert(1)', name: 'X' }, { name: 'Không logo' }],
          colour: 'red',
        },
      });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors).toEqual({
        'value.hotline': ['This field is required.'],
        'value.position': ['Please choose one of the options.'],
        'value.limit': ['This value must be of type number.'],
        'value.partners.0.logo': [
          'The link must be a path starting with /, an anchor starting with #, or an http(s) address.',
        ],
        'value.partners.1.logo': ['This field is required.'],
        'value.colour': ['This field is not accepted.'],
      });
      const vi = await setValue(id, { value: { position: 'center' } }, 'vi');
      expect(vi.json().errors['value.position']).toEqual(['Vui lòng chọn một trong các lựa chọn.']);
      expect(vi.json().errors['value.hotline']).toEqual(['Trường này là bắt buộc.']);
      expect(
        (await t.request('GET', `/api/v1/widgets/${id}`, { token: editor })).json().data.value,
      ).toEqual(value);
    });

    it('must be a JSON object sent alone, on the value route only', async () => {
      expect((await setValue(id, { value: [1, 2] })).json().errors).toEqual({
        value: ['The value must be a JSON object.'],
      });
      expect((await setValue(id, { value: 'x' })).statusCode).toBe(422);
      expect((await setValue(id, {})).json().errors).toEqual({
        value: ['The value must be a JSON object.'],
      });
      expect((await setValue(id, { value, title: 'Khác' })).json().errors).toEqual({
        title: ['This field is not accepted.'],
      });
      const viaUpdate = await t.request('PATCH', `/api/v1/widgets/${id}`, {
        token: editor,
        body: { value },
        locale: 'en',
      });
      expect(viaUpdate.statusCode).toBe(422);
      expect(viaUpdate.json().errors).toEqual({ value: ['This field is not accepted.'] });
      expect((await create({ ...widget, key: 'co-gia-tri', value })).json().errors).toEqual({
        value: ['This field is not accepted.'],
      });
      expect((await setValue(999_999, { value })).statusCode).toBe(404);
    });

    it('follows the settings as they are now: a field removed from them is refused', async () => {
      const own = (await create({ ...widget, key: 'doi-cau-hinh' })).json().data.id;
      const narrower = await t.request('PATCH', `/api/v1/widgets/${own}`, {
        token: editor,
        body: { settings: { fields: [settings.fields[0]] } },
      });
      expect(narrower.statusCode).toBe(200);
      const refused = await setValue(own, { value: { hotline: '0901234567', limit: 4 } });
      expect(refused.json().errors).toEqual({ 'value.limit': ['This field is not accepted.'] });
      expect((await setValue(own, { value: { hotline: '0901234567' } })).statusCode).toBe(200);
    });

    it('checks every style: choices, dates, times, numbers, links and lists of choices', async () => {
      const all = (
        await create({
          ...widget,
          key: 'moi-kieu',
          settings: {
            fields: [
              {
                key: 'tags',
                title: 'Thẻ',
                style: 'checkbox',
                data: [
                  { value: 'a', title: 'A' },
                  { value: 'b', title: 'B' },
                ],
              },
              {
                key: 'several',
                title: 'Nhiều',
                style: 'selectbox',
                has_option: true,
                data: [{ value: 'x', title: 'X' }],
              },
              { key: 'day', title: 'Ngày', style: 'date' },
              { key: 'at', title: 'Giờ', style: 'time' },
              { key: 'gallery', title: 'Bộ ảnh', style: 'media' },
              { key: 'clip', title: 'Video', style: 'video' },
              { key: 'note', title: 'Ghi chú', style: 'textarea' },
            ],
          },
        })
      ).json().data.id;
      const good = {
        tags: ['a', 'b'],
        several: ['x'],
        day: '2026-11-23',
        at: '08:30',
        gallery: ['/a.webp', '/b.webp'],
        clip: 'https://video.example.com/v.mp4',
        note: 'Dòng 1\nDòng 2',
      };
      expect((await setValue(all, { value: good })).json().data.value).toEqual(good);
      const bad = await setValue(all, {
        value: {
          tags: ['c'],
          several: 'x',
          day: '23/11/2026',
          at: '25:00',
          gallery: '/a.webp',
          clip: 'data:video/mp4;base64,AA',
          note: 'a\u0000',
        },
      });
      expect(Object.keys(bad.json().errors).sort()).toEqual([
        'value.at',
        'value.clip',
        'value.day',
        'value.gallery',
        'value.note',
        'value.several',
        'value.tags.0',
      ]);
      expect(bad.json().errors['value.at']).toEqual(['The time must be written as HH:mm.']);
      // An api field holds the chosen item's value: a text or a number.
      const category = await setValue(id, {
        value: { hotline: '0901234567', category: { id: 12 } },
      });
      expect(category.json().errors).toEqual({ 'value.category': ['This value is not valid.'] });
      expect(
        (await setValue(id, { value: { hotline: '0901234567', category: 'tra' } })).statusCode,
      ).toBe(200);
    });

    it('is recorded in the audit log with what it was before', async () => {
      await setValue(id, { value: { hotline: '0281234567' } });
      const before = (await t.request('GET', `/api/v1/widgets/${id}`, { token: editor })).json()
        .data.value;
      await setValue(id, { value: { hotline: '0287654321' } });
      const log = await t.request(
        'GET',
        `/api/v1/audit-logs?entity=widget&entity_id=${id}&limit=1`,
        {
          token: t.adminToken,
        },
      );
      expect(log.json().data[0]).toMatchObject({
        action: 'update',
        changes: { value: [before, { hotline: '0287654321' }] },
      });
    });
  });
});
