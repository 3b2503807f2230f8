import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let editor: string;
beforeAll(async () => {
  t = await createTestApp();
  editor = (await t.createUser(['seos.list', 'seos.create', 'seos.update', 'seos.delete'])).token;
});
afterAll(() => t.close());

const record = {
  url: '/gioi-thieu',
  type: 'website',
  title: 'Giới thiệu cửa hàng',
  image: '/api/v1/media/files/2026/11/abc.webp',
  description: 'Cà phê rang xay tại Đà Lạt',
  keywords: ['cà phê', 'đà lạt'],
};

const create = (body: unknown, locale = 'en', token = editor) =>
  t.request('POST', '/api/v1/seos', { token, body, locale });

describe('SEO records', () => {
  it('creates, shows, updates and deletes a record with its keywords', async () => {
    const created = await create(record);
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id;
    expect(created.json().data).toMatchObject({ ...record, id });

    const shown = await t.request('GET', `/api/v1/seos/${id}`, { token: editor });
    expect(shown.json().data.keywords).toEqual(['cà phê', 'đà lạt']);

    const updated = await t.request('PATCH', `/api/v1/seos/${id}`, {
      token: editor,
      body: { type: 'article', keywords: [] },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toMatchObject({
      type: 'article',
      keywords: [],
      title: record.title,
    });

    expect((await t.request('DELETE', `/api/v1/seos/${id}`, { token: editor })).statusCode).toBe(
      204,
    );
    expect((await t.request('GET', `/api/v1/seos/${id}`, { token: editor })).statusCode).toBe(404);
  });

  it('requires url, type, title and image with the texts of the request language, and stores nothing', async () => {
    const before = await countRows(t, 'seos');
    const empty = await create({});
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({
      url: ['Please enter the URL!'],
      type: ['Please choose the type!'],
      title: ['Please enter the title!'],
      image: ['Please choose an image!'],
    });
    expect((await create({}, 'vi')).json().errors.title).toEqual(['Vui lòng nhập tiêu đề!']);
    expect((await create({}, 'ja')).json().errors.image).toEqual(['画像を選択してください。']);
    expect((await create({ ...record, url: 'javascript:alert(1)' })).json().errors.url).toEqual([
      'The URL must be a path starting with / or an http(s) address.',
    ]);
    expect((await create({ ...record, type: 'video' })).statusCode).toBe(422);
    expect((await create({ ...record, keywords: 'cà phê' })).statusCode).toBe(422);
    expect(await countRows(t, 'seos')).toBe(before);
  });

  it('refuses a second record for the same URL', async () => {
    expect((await create({ ...record, url: '/lien-he' })).statusCode).toBe(201);
    const duplicate = await create({ ...record, url: '/lien-he' });
    expect(duplicate.statusCode).toBe(422);
    expect(duplicate.json().errors.url).toEqual(['This URL already has an SEO record.']);
  });

  it('finds records by folded words of the title, url, description and keywords', async () => {
    await create({
      ...record,
      url: '/duong-pho',
      title: 'Đường phố Sài Gòn',
      keywords: ['ẩm thực'],
    });
    const titles = async (search: string) =>
      (
        await t.request('GET', `/api/v1/seos?search=${encodeURIComponent(search)}`, {
          token: editor,
        })
      )
        .json()
        .data.map((r: { title: string }) => r.title);
    expect(await titles('duong pho')).toEqual(['Đường phố Sài Gòn']);
    expect(await titles('am thuc')).toEqual(['Đường phố Sài Gòn']);
    expect(await titles('sai gon duong')).toEqual(['Đường phố Sài Gòn']);
  });
});
