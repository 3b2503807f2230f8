import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let editor: string;
let scripter: string;
let reader: string;
beforeAll(async () => {
  t = await createTestApp();
  const crud = ['settings.list', 'settings.create', 'settings.update', 'settings.delete'];
  editor = (await t.createUser(crud)).token;
  scripter = (await t.createUser([...crud, 'settings.scripts'])).token;
  reader = (await t.createUser(['settings.list'])).token;
});
afterAll(() => t.close());

type Setting = { id: number; key: string; title: string | null; value: string | null };

const patch = (settings: unknown, token = editor, locale = 'en') =>
  t.request('PATCH', '/api/v1/settings', { token, body: { settings }, locale });

const all = async (token = editor): Promise<Record<string, Setting>> => {
  const response = await t.request('GET', '/api/v1/settings/all?limit=0', { token });
  expect(response.statusCode).toBe(200);
  return Object.fromEntries(
    (response.json().data as Setting[]).map((setting) => [setting.key, setting]),
  );
};

const valueOf = async (key: string) => (await all(scripter))[key]?.value;

describe('settings: named settings saved in bulk', () => {
  it('starts with the product options and answers every setting with limit=0', async () => {
    const settings = await all();
    expect(settings.product_code_syntax?.value).toBe('SP{N:6}');
    expect(settings.order_code_syntax?.value).toBe('DH{YY}{MM}{DD}');
    expect(settings.order_code_syntax_footer?.value).toBe('{N:4}');
    expect(settings.money_unit?.value).toBe('đ');
    // Only settings/all takes limit=0.
    expect((await t.request('GET', '/api/v1/settings?limit=0', { token: editor })).statusCode).toBe(
      422,
    );
  });

  it('calls a shop that has not named itself in the reader’s language', async () => {
    const siteName = async (locale: string) =>
      (await t.request('GET', '/api/v1/site', { locale })).json().data.site_name;
    expect(await siteName('vi')).toBe('Trang quản trị');
    expect(await siteName('en')).toBe('Back Office');
    expect(await siteName('ja')).toBe('管理画面');
  });

  it('saves the general settings together and the site (page titles, favicon) reads them at once', async () => {
    const saved = await patch([
      { key: 'site_name', value: 'Cà Phê Đà Lạt' },
      { key: 'site_description', value: 'Rang xay mỗi ngày' },
      { key: 'site_email', value: 'Hello@CaPhe.vn' },
      { key: 'site_hotline', value: '0901234567' },
      { key: 'favicon', value: '/api/v1/media/files/2026/11/icon.png' },
      { key: 'site_logo', value: '/api/v1/media/files/2026/11/logo.png' },
      { key: 'site_logo_dark', value: '/api/v1/media/files/2026/11/logo-dark.png' },
    ]);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toHaveLength(7);
    const settings = await all();
    expect(settings.site_email?.value).toBe('hello@caphe.vn');
    expect(settings.site_name?.value).toBe('Cà Phê Đà Lạt');

    const site = (await t.request('GET', '/api/v1/site')).json().data;
    expect(site).toMatchObject({
      site_name: 'Cà Phê Đà Lạt',
      favicon: '/api/v1/media/files/2026/11/icon.png',
      site_logo_dark: '/api/v1/media/files/2026/11/logo-dark.png',
      money_unit: 'đ',
    });
  });

  it('logs each change under the setting it changed, the first save and every later one', async () => {
    const logged = async () =>
      (
        await t.request('GET', '/api/v1/audit-logs?resource=setting&limit=1', {
          token: t.adminToken,
        })
      ).json().data[0];
    expect((await patch([{ key: 'site_keywords', value: 'cà phê' }])).statusCode).toBe(200);
    expect(await logged()).toMatchObject({
      action: 'create',
      before: null,
      after: { site_keywords: 'cà phê' },
    });
    // a later change named only `value`: the log could not say which setting it was
    expect((await patch([{ key: 'site_keywords', value: 'cà phê, trà' }])).statusCode).toBe(200);
    expect(await logged()).toMatchObject({
      action: 'update',
      before: { site_keywords: 'cà phê' },
      after: { site_keywords: 'cà phê, trà' },
    });
  });

  it('stores decomposed (NFD) text as composed (NFC)', async () => {
    await patch([{ key: 'copyright', value: '© Cà Phê'.normalize('NFD') }]);
    expect(await valueOf('copyright')).toBe('© Cà Phê'.normalize('NFC'));
  });

  it('is all or nothing: one wrong value refuses the whole request, naming it', async () => {
    const before = await all();
    const response = await patch([
      { key: 'site_name', value: 'Tên mới' },
      { key: 'site_hotline', value: '12345' },
      { key: 'social_facebook', value: 'javascript:alert(1)' },
    ]);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      'settings.1.value': [expect.stringMatching(/^Invalid phone number!/)],
      'settings.2.value': [expect.any(String)],
    });
    expect((await all()).site_name?.value).toBe(before.site_name?.value);
  });

  it('rolls back what it already wrote when a later setting fails inside the transaction', async () => {
    const auditBefore = await countRows(t, 'audit_logs');
    // The first is written before the unknown key is found; the transaction takes it back.
    const response = await patch([
      { key: 'site_name', value: 'Sẽ không được lưu' },
      { key: 'nosuchoption', value: 'x' },
    ]);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      'settings.1.key': ['There is no setting with this key.'],
    });
    expect(await valueOf('site_name')).toBe('Cà Phê Đà Lạt');
    expect(await countRows(t, 'audit_logs')).toBe(auditBefore);

    // A code syntax is checked after the writes (an order's main part and footer together).
    const syntax = await patch([
      { key: 'money_unit', value: 'VND' },
      { key: 'order_code_syntax_footer', value: '-{YYYY}' },
    ]);
    expect(syntax.statusCode).toBe(422);
    expect(syntax.json().errors).toEqual({
      'settings.1.value': [
        'The code syntax needs a sequence number {N} (or {N:k}) so that every code is unique.',
      ],
    });
    expect(await valueOf('money_unit')).toBe('đ');
  });

  it('checks the product options: not blank, one sequence, known placeholders', async () => {
    const blank = await patch([{ key: 'product_code_syntax', value: '  ' }], editor, 'vi');
    expect(blank.json().errors).toEqual({
      'settings.0.value': ['Cú pháp mã không được để trống.'],
    });
    expect(
      (await patch([{ key: 'product_code_syntax', value: 'SP{X}{N}' }])).json().errors,
    ).toEqual({
      'settings.0.value': ['Only {YYYY}, {YY}, {MM}, {DD} and {N} or {N:k} may stand in braces.'],
    });
    // The main part may hold the sequence instead of the footer, when both change together.
    const moved = await patch([
      { key: 'order_code_syntax', value: 'HD{YYYY}{N:5}' },
      { key: 'order_code_syntax_footer', value: '-VN' },
      { key: 'money_unit', value: '' },
    ]);
    expect(moved.statusCode).toBe(200);
    expect(await valueOf('order_code_syntax')).toBe('HD{YYYY}{N:5}');
    // An empty money unit prints the plain number.
    expect((await t.request('GET', '/api/v1/site')).json().data.money_unit).toBe('');
  });

  it('refuses a key sent twice, an unknown field, and a wrong type, by name', async () => {
    expect(
      (
        await patch([
          { key: 'copyright', value: 'a' },
          { key: 'copyright', value: 'b' },
        ])
      ).json().errors,
    ).toEqual({ 'settings.1.key': ['This key is sent more than once.'] });
    const unknown = await t.request('PATCH', '/api/v1/settings', {
      token: editor,
      body: { settings: [{ key: 'copyright', value: 'x', title: 'y' }], extra: 1 },
    });
    expect(unknown.statusCode).toBe(422);
    expect(Object.keys(unknown.json().errors).sort()).toEqual(['extra', 'settings.0.title']);
    expect((await patch([{ key: 'copyright', value: 5 }])).statusCode).toBe(422);
    expect((await patch([])).json().errors).toEqual({
      settings: ['Please send at least one setting.'],
    });
  });

  it('saves a named setting for the first time from two requests at once', async () => {
    const [a, b] = await Promise.all([
      patch([{ key: 'social_tiktok', value: 'https://tiktok.com/@a' }]),
      patch([{ key: 'social_tiktok', value: 'https://tiktok.com/@b' }]),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const rows = await t.db
      .selectFrom('settings')
      .select('value')
      .where('key', '=', 'social_tiktok')
      .execute();
    expect(rows).toHaveLength(1);
    expect(['https://tiktok.com/@a', 'https://tiktok.com/@b']).toContain(rows[0]!.value);
  });

  it('keeps the notification emails as a clean list', async () => {
    expect(
      (await patch([{ key: 'notification_emails', value: 'a@shop.vn, B@Shop.vn\nx' }])).json()
        .errors,
    ).toEqual({ 'settings.0.value': ['Every address must be a valid email address.'] });
    await patch([{ key: 'notification_emails', value: 'a@shop.vn, B@Shop.vn\nc@shop.vn' }]);
    expect(await valueOf('notification_emails')).toBe('a@shop.vn, b@shop.vn, c@shop.vn');
  });
});

describe('settings: permissions and the script settings', () => {
  it('lets a narrow role read but not write (403), and strangers nothing (401)', async () => {
    expect((await patch([{ key: 'copyright', value: 'x' }], reader)).statusCode).toBe(403);
    expect((await t.request('GET', '/api/v1/settings/all?limit=0')).statusCode).toBe(401);
    const noRole = (await t.createUser([])).token;
    expect(
      (await t.request('GET', '/api/v1/settings/all?limit=0', { token: noRole })).statusCode,
    ).toBe(403);
  });

  it('needs settings.scripts for the header and footer scripts and the tracker, and logs every save', async () => {
    const script = '<script>console.log("hi")</script>';
    const refused = await patch([
      { key: 'copyright', value: 'không lưu' },
      { key: 'header_script', value: script },
    ]);
    expect(refused.statusCode).toBe(403);
    expect(await valueOf('copyright')).not.toBe('không lưu');

    const auditBefore = await countRows(t, 'audit_logs');
    expect((await patch([{ key: 'header_script', value: script }], scripter)).statusCode).toBe(200);
    expect(await valueOf('header_script')).toBe(script);
    // Saved again unchanged: still in the log.
    expect((await patch([{ key: 'header_script', value: script }], scripter)).statusCode).toBe(200);
    const entries = await t.db
      .selectFrom('audit_logs')
      .selectAll()
      .where('entity', '=', 'setting')
      .orderBy('id', 'desc')
      .limit(2)
      .execute();
    expect(await countRows(t, 'audit_logs')).toBe(auditBefore + 2);
    // The unchanged save names its setting in the entry's facts, the first one in its changes.
    const json = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));
    expect(entries.map((entry) => json(entry.details ?? entry.changes))).toEqual([
      expect.stringMatching(/"key":"header_script","unchanged":true/),
      expect.stringContaining('header_script'),
    ]);

    // One by one too: editing or deleting a script row needs the key.
    const id = (await all()).header_script!.id;
    expect(
      (
        await t.request('PATCH', `/api/v1/settings/${id}`, {
          token: editor,
          body: { value: 'x' },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await t.request('PATCH', `/api/v1/settings/${id}`, { token: scripter, body: { value: '' } })
      ).json().data.value,
    ).toBeNull();
  });
});

describe('settings: personal options', () => {
  const create = (body: unknown, locale = 'en') =>
    t.request('POST', '/api/v1/settings', { token: editor, body, locale });

  it('creates, lists, edits and deletes a personal option', async () => {
    const created = await create({ key: 'zalooa', title: 'Zalo OA', value: '123456' });
    expect(created.statusCode).toBe(201);
    const { id } = created.json().data;
    const personal = await t.request('GET', '/api/v1/settings?group=personal', { token: editor });
    expect(personal.json().data.map((s: Setting) => s.key)).toEqual(['zalooa']);
    const general = await t.request('GET', '/api/v1/settings/all?limit=0&group=general', {
      token: editor,
    });
    expect(general.json().data.map((s: Setting) => s.key)).toContain('site_name');
    expect(general.json().data.map((s: Setting) => s.key)).not.toContain('zalooa');

    const edited = await t.request('PATCH', `/api/v1/settings/${id}`, {
      token: editor,
      body: { title: 'Zalo chính thức', value: '654321' },
    });
    expect(edited.json().data).toMatchObject({ key: 'zalooa', title: 'Zalo chính thức' });
    // Saved in bulk by its key, like the named ones.
    expect((await patch([{ key: 'zalooa', value: '777' }])).statusCode).toBe(200);
    expect((await patch([{ key: 'zalooa', value: '' }])).json().errors).toEqual({
      'settings.0.value': ['Please enter the value!'],
    });
    expect(
      (await t.request('DELETE', `/api/v1/settings/${id}`, { token: editor })).statusCode,
    ).toBe(204);
  });

  it('follows the spec rules for key, title and value, in each language', async () => {
    const empty = await create({});
    expect(empty.json().errors).toEqual({
      key: ['Please enter the key!'],
      title: ['Please enter the title!'],
      value: ['Please enter the value!'],
    });
    const wrong = await create({ key: 'Hot_Line', title: 'A', value: 'x' });
    expect(wrong.json().errors).toEqual({
      key: ['The key may hold only lowercase letters (a-z) and digits.'],
      title: ['The title must be 2 to 100 characters long.'],
    });
    expect((await create({ key: 'abc', title: 'x'.repeat(101), value: 'x' })).statusCode).toBe(422);
    expect(
      (await create({ key: 'abc', title: 'Tiêu đề', value: 'x', kind: 1 })).json().errors,
    ).toEqual({
      kind: ['This field is not accepted.'],
    });
  });

  it('refuses a duplicate key with the spec text, also the key of a named setting', async () => {
    expect((await create({ key: 'hotline2', title: 'Hotline 2', value: '1' })).statusCode).toBe(
      201,
    );
    const duplicate = await create({ key: 'hotline2', title: 'Khác', value: '2' });
    expect(duplicate.statusCode).toBe(422);
    expect(duplicate.json().errors).toEqual({
      key: ['Your key has existed! Please enter another lock.'],
    });
    expect(
      (await create({ key: 'hotline2', title: 'Khác', value: '2' }, 'vi')).json().errors,
    ).toEqual({
      key: ['Khóa của bạn đã tồn tại! Vui lòng nhập khóa khác.'],
    });
    expect(
      (await create({ key: 'favicon', title: 'Biểu tượng', value: '2' })).json().errors,
    ).toEqual({
      key: ['Your key has existed! Please enter another lock.'],
    });
  });

  it('keeps one of two options created at once with the same key', async () => {
    const [a, b] = await Promise.all([
      create({ key: 'samekey', title: 'Một', value: '1' }),
      create({ key: 'samekey', title: 'Hai', value: '2' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 422]);
  });

  it('keeps the rows of named settings: their value is cleared, not deleted', async () => {
    const id = (await all()).copyright!.id;
    const response = await t.request('DELETE', `/api/v1/settings/${id}`, { token: editor });
    expect(response.statusCode).toBe(422);
  });
});
