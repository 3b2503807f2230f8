import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await t.createUser(['manage-languages'])).token;
});
afterAll(() => t.close());

const list = async () => (await t.request('GET', '/api/v1/languages?limit=0', { token })).json();

describe('languages', () => {
  it('starts with vi (default), en and ja, sorted by sort', async () => {
    const body = await list();
    expect(body.data.map((l: { key: string }) => l.key)).toEqual(['vi', 'en', 'ja']);
    expect(
      body.data
        .filter((l: { is_default: boolean }) => l.is_default)
        .map((l: { key: string }) => l.key),
    ).toEqual(['vi']);
    expect(body.meta.pagination).toEqual({
      count: 3,
      total: 3,
      per_page: 3,
      current_page: 1,
      total_pages: 1,
    });
  });

  it('adds a language at the end, and refuses a bad or duplicate key with the spec texts', async () => {
    const created = await t.request('POST', '/api/v1/languages', {
      token,
      body: { key: 'zh-TW', name: '繁體中文' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({
      key: 'zh-TW',
      name: '繁體中文',
      is_default: false,
      sort: 4,
    });
    expect((await list()).data.at(-1).key).toBe('zh-TW');

    const missing = await t.request('POST', '/api/v1/languages', {
      token,
      locale: 'en',
      body: { name: 'X' },
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toMatchObject({
      code: 'validation_failed',
      errors: { key: ['Please choose a language!'] },
    });
    const pattern = await t.request('POST', '/api/v1/languages', {
      token,
      locale: 'en',
      body: { key: 'Vietnamese!', name: 'X' },
    });
    expect(pattern.json().errors.key).toEqual([
      'The language code is not valid (for example vi, en or zh-TW).',
    ]);
    const duplicate = await t.request('POST', '/api/v1/languages', {
      token,
      locale: 'ja',
      body: { key: 'en', name: 'English' },
    });
    expect(duplicate.statusCode).toBe(422);
    expect(duplicate.json().errors.key).toEqual(['この言語はすでに追加されています。']);
  });

  it('keeps exactly one default, and never deletes it', async () => {
    const moved = await t.request('PATCH', '/api/v1/languages/en/default', { token });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data).toMatchObject({ key: 'en', is_default: true });
    const defaults = (await list()).data.filter((l: { is_default: boolean }) => l.is_default);
    expect(defaults.map((l: { key: string }) => l.key)).toEqual(['en']);

    const refused = await t.request('DELETE', '/api/v1/languages/en', { token, locale: 'en' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.key).toEqual(['The default language cannot be deleted.']);
    expect((await t.request('DELETE', '/api/v1/languages/vi', { token })).statusCode).toBe(204);
    expect((await list()).data.map((l: { key: string }) => l.key)).not.toContain('vi');
    expect((await t.request('DELETE', '/api/v1/languages/vi', { token })).statusCode).toBe(404);
    expect((await t.request('PATCH', '/api/v1/languages/xx/default', { token })).statusCode).toBe(
      404,
    );
  });
});
