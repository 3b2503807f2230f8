import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let editor: string;
beforeAll(async () => {
  t = await createTestApp();
  editor = (
    await t.createUser(['sliders.list', 'sliders.create', 'sliders.update', 'sliders.delete'])
  ).token;
});
afterAll(() => t.close());

const slide = (n: number) => ({
  image: `/api/v1/media/files/2026/11/slide-${n}.webp`,
  title: `Ưu đãi mùa hè ${n}`,
  url: `/khuyen-mai/${n}`,
  description: `Giảm giá cà phê ${n}`,
});

const slider = { key: 'trang-chu', title: 'Trang chủ', items: [slide(1), slide(2), slide(3)] };

const create = (body: unknown, locale = 'en', token = editor) =>
  t.request('POST', '/api/v1/sliders', { token, body, locale });

describe('sliders', () => {
  it('creates a slider, keeps its slides in the order given, reorders them and deletes it', async () => {
    const created = await create(slider);
    expect(created.statusCode).toBe(201);
    const { id } = created.json().data;
    expect(created.json().data).toMatchObject({
      id,
      key: 'trang-chu',
      title: 'Trang chủ',
      items: slider.items,
    });

    const reordered = [slider.items[2], slider.items[0], slider.items[1]];
    const updated = await t.request('PATCH', `/api/v1/sliders/${id}`, {
      token: editor,
      body: { items: reordered },
    });
    expect(updated.statusCode).toBe(200);
    const shown = await t.request('GET', `/api/v1/sliders/${id}`, { token: editor });
    expect(shown.json().data.items.map((item: { title: string }) => item.title)).toEqual([
      'Ưu đãi mùa hè 3',
      'Ưu đãi mùa hè 1',
      'Ưu đãi mùa hè 2',
    ]);
    expect(shown.json().data.title).toBe('Trang chủ');

    expect((await t.request('DELETE', `/api/v1/sliders/${id}`, { token: editor })).statusCode).toBe(
      204,
    );
    expect((await t.request('GET', `/api/v1/sliders/${id}`, { token: editor })).statusCode).toBe(
      404,
    );
  });

  it('stores empty captions and links as null, and an empty slider when no items are sent', async () => {
    const created = await create({
      key: 'chi-anh',
      title: 'Chỉ ảnh',
      items: [{ image: '/a.webp', title: '', url: '' }],
    });
    expect(created.json().data.items).toEqual([
      { image: '/a.webp', title: null, url: null, description: null },
    ]);
    const empty = await create({ key: 'rong', title: 'Rỗng' });
    expect(empty.statusCode).toBe(201);
    expect(empty.json().data.items).toEqual([]);
  });

  it('requires key, title and each slide image, in the request language, and stores nothing', async () => {
    const before = await countRows(t, 'sliders');
    const empty = await create({ items: [{ title: 'Không ảnh' }] });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({
      key: ['Please enter the key!'],
      title: ['Please enter the title!'],
      'items.0.image': ['Please choose an image!'],
    });
    const vi = (await create({}, 'vi')).json().errors;
    expect(vi.key).toEqual(['Vui lòng nhập khóa!']);
    expect(vi.title).toEqual(['Vui lòng nhập tiêu đề!']);
    expect((await create({}, 'ja')).json().errors.key).toEqual(['キーを入力してください。']);
    expect(await countRows(t, 'sliders')).toBe(before);
  });

  it('takes keys of lowercase letters, digits, "-" and "_" only, never changing what was sent', async () => {
    for (const key of ['Trang-chu', 'trang chu', 'ｔｒａｎｇ', 'trang/chu', 'trang.chu', 'trăng']) {
      const response = await create({ ...slider, key });
      expect(response.statusCode, key).toBe(422);
      expect(response.json().errors.key).toEqual([
        'The key may contain only lowercase letters, digits, "-" and "_".',
      ]);
    }
    expect((await create({ ...slider, key: 'home_slider-2' })).statusCode).toBe(201);
  });

  it('refuses a duplicate key on create and on update with its own text', async () => {
    expect((await create({ ...slider, key: 'doi-tac' })).statusCode).toBe(201);
    const duplicate = await create({ ...slider, key: 'doi-tac' });
    expect(duplicate.statusCode).toBe(422);
    expect(duplicate.json().errors).toEqual({
      key: ['A slider with this key already exists. Please enter another key.'],
    });
    expect((await create({ ...slider, key: 'doi-tac' }, 'vi')).json().errors.key).toEqual([
      'Đã có slider với khóa này. Vui lòng nhập khóa khác.',
    ]);
    const other = (await create({ ...slider, key: 'doi-tac-2' })).json().data;
    const renamed = await t.request('PATCH', `/api/v1/sliders/${other.id}`, {
      token: editor,
      body: { key: 'doi-tac' },
      locale: 'ja',
    });
    expect(renamed.statusCode).toBe(422);
    expect(renamed.json().errors.key).toEqual([
      'このキーのスライダーはすでに存在します。別のキーを入力してください。',
    ]);
  });

  it('lets only one of two simultaneous creates with the same key through', async () => {
    const results = await Promise.all([
      create({ ...slider, key: 'cung-luc' }),
      create({ ...slider, key: 'cung-luc' }),
      create({ ...slider, key: 'cung-luc' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 422, 422]);
    const listed = await t.request('GET', '/api/v1/sliders?search=key:cung-luc', { token: editor });
    expect(listed.json().meta.pagination.total).toBe(1);
  });

  it('refuses links that are not a path, an anchor or an http(s) address, unknown fields and wrong types', async () => {
    const before = await countRows(t, 'sliders');
    const badLink = await create({
      ...slider,
      key: 'xau',
      items: [
        slide(1),
        { ...slide(2), url: 'javascript:alert(1)' },
        { ...slide(3), image: 'data:image/png;base64,AAAA' },
      ],
    });
    expect(badLink.statusCode).toBe(422);
    expect(badLink.json().errors).toEqual({
      'items.1.url': [
        'The link must be a path starting with /, an anchor starting with #, or an http(s) address.',
      ],
      'items.2.image': [
        'The link must be a path starting with /, an anchor starting with #, or an http(s) address.',
      ],
    });
    const unknown = await create({
      ...slider,
      key: 'xau',
      color: 'red',
      items: [{ ...slide(1), caption: 'x' }],
    });
    expect(unknown.statusCode).toBe(422);
    expect(Object.keys(unknown.json().errors).sort()).toEqual(['color', 'items.0.caption']);
    expect((await create({ ...slider, key: 'xau', title: 42 })).json().errors.title).toBeDefined();
    expect((await create({ ...slider, key: 'xau', items: 'anh.webp' })).statusCode).toBe(422);
    expect(
      (await create({ ...slider, key: 'xau', title: 'Nul\u0000' })).json().errors.title,
    ).toEqual(['Control characters are not allowed.']);
    const tooMany = await create({
      ...slider,
      key: 'xau',
      items: Array.from({ length: 51 }, (_, n) => slide(n)),
    });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors.items).toBeDefined();
    expect(await countRows(t, 'sliders')).toBe(before);
  });

  it('lists the newest first and finds sliders by folded words of the title and slide titles', async () => {
    await create({
      key: 'mua-thu',
      title: 'Bộ sưu tập mùa thu',
      items: [{ ...slide(9), title: 'Bánh trung thu' }],
    });
    const list = await t.request('GET', '/api/v1/sliders', { token: editor });
    expect(list.json().data[0].key).toBe('mua-thu');
    const keys = async (search: string) =>
      (
        await t.request('GET', `/api/v1/sliders?search=${encodeURIComponent(search)}`, {
          token: editor,
        })
      )
        .json()
        .data.map((row: { key: string }) => row.key);
    expect(await keys('suu tap mua thu')).toEqual(['mua-thu']);
    expect(await keys('banh trung')).toEqual(['mua-thu']);
    const sorted = await t.request('GET', '/api/v1/sliders?orderBy=key&sortedBy=asc&limit=100', {
      token: editor,
    });
    const sortedKeys = sorted.json().data.map((row: { key: string }) => row.key);
    expect(sortedKeys).toEqual([...sortedKeys].sort());
  });
});
