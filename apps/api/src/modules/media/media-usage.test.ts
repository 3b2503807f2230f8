import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { multipart } from '../../test/test-kit';
import { findMediaUsage } from './media-usage';
import { makeImage } from './test-fixtures';

let t: TestApp;
let typeId = 0;
beforeAll(async () => {
  t = await createTestApp();
  typeId = (
    await t.request('POST', '/api/v1/types', {
      token: t.adminToken,
      body: { style: 'article', title: 'Tin tức' },
    })
  ).json().data.id;
});
afterAll(() => t.close());

const upload = async (name: string) => {
  const body = multipart(
    {},
    { field: 'file', filename: name, type: 'image/png', bytes: await makeImage('png') },
  );
  const response = await t.request('POST', '/api/v1/media', {
    token: t.adminToken,
    payload: body.payload,
    headers: body.headers,
  });
  expect(response.statusCode).toBe(201);
  return response.json().data as { id: number; url: string };
};

const usage = (id: number, token = t.adminToken, locale = 'en') =>
  t.request('GET', `/api/v1/media/usage/${id}`, { token, locale });

describe('where a media file is shown', () => {
  it('names the posts, slides and settings holding its address, and nothing for a file no one shows', async () => {
    const shown = await upload('bia.png');
    const unused = await upload('khong-dung.png');
    for (const title of ['Khai trương cửa hàng', 'Mùa cà phê mới'])
      expect(
        (
          await t.request('POST', '/api/v1/posts', {
            token: t.adminToken,
            body: {
              type_id: typeId,
              title,
              avatar: title.startsWith('Khai') ? shown.url : null,
              // the other shows it inside its text, behind the website's own address
              contents: title.startsWith('Mùa')
                ? [{ content: `<p><img src="https://shop.example.vn${shown.url}" alt=""></p>` }]
                : [],
            },
          })
        ).statusCode,
      ).toBe(201);
    expect(
      (
        await t.request('POST', '/api/v1/sliders', {
          token: t.adminToken,
          body: {
            key: 'trang-chu',
            title: 'Trang chủ',
            items: [{ image: shown.url, title: 'Mở' }],
          },
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (
        await t.request('PATCH', '/api/v1/settings', {
          token: t.adminToken,
          body: { settings: [{ key: 'site_logo', value: shown.url }] },
        })
      ).statusCode,
    ).toBe(200);

    const answer = await usage(shown.id);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data).toEqual([
      {
        kind: 'post',
        count: 2,
        records: [
          { id: expect.any(Number), title: 'Khai trương cửa hàng' },
          { id: expect.any(Number), title: 'Mùa cà phê mới' },
        ],
      },
      { kind: 'setting', count: 1, records: [{ id: expect.any(Number), title: 'site_logo' }] },
      { kind: 'slider', count: 1, records: [{ id: expect.any(Number), title: 'Trang chủ' }] },
    ]);
    expect((await usage(unused.id)).json().data).toEqual([]);
  });

  it('counts records whose titles the caller may not list without naming them', async () => {
    const shown = await upload('logo-rieng.png');
    await t.request('PATCH', '/api/v1/settings', {
      token: t.adminToken,
      body: { settings: [{ key: 'site_logo_dark', value: shown.url }] },
    });
    const librarian = (await t.createUser(['media.list', 'media.delete'])).token;
    expect((await usage(shown.id, librarian)).json().data).toEqual([
      { kind: 'setting', count: 1, records: [] },
    ]);
  });

  it('reads a table a range of ids at a time without losing or repeating a record at the edges', async () => {
    const shown = await upload('tung-phan.png');
    const titles = ['Một', 'Hai', 'Ba', 'Bốn', 'Năm', 'Sáu', 'Bảy'];
    for (const [at, title] of titles.entries())
      await t.request('POST', '/api/v1/posts', {
        token: t.adminToken,
        // every other post between them holds nothing, so matches fall on both sides of a range
        body: { type_id: typeId, title, avatar: at % 2 === 0 ? shown.url : null },
      });
    const actor = {
      user: { id: 1, name: '', email: '', mustChangePassword: false, needsTwoFactor: false },
      sessionId: 'test',
      permissions: new Set<string>(),
      isSuperAdmin: true,
    };
    const key = shown.url.slice(shown.url.indexOf('/files/') + '/files/'.length);
    for (const chunk of [1, 2, 3, 1000])
      expect(await findMediaUsage(t.db, actor, key, chunk), `chunk ${chunk}`).toEqual([
        {
          kind: 'post',
          count: 4,
          records: ['Một', 'Ba', 'Năm', 'Bảy'].map((title) => ({ id: expect.any(Number), title })),
        },
      ]);
  });

  it('answers 404 for a file that does not exist and 403 without the media list key', async () => {
    const missing = await usage(999_999);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('not_found');
    const shown = await upload('an.png');
    const outsider = (await t.createUser(['posts.list'])).token;
    const refused = await usage(shown.id, outsider, 'vi');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('forbidden');
  });
});
