import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpServer } from '../../mail/smtp-test-server';
import { fromJson } from '../../db/types';
import { createTestApp, type TestApp } from '../../test/test-app';
import { makePdf } from '../media/test-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A multipart body as the admin sends it: text fields, and files as [name, filename, type, bytes]. */
const multipart = (
  fields: Record<string, string>,
  files: Array<[string, string, string, Buffer]> = [],
) => {
  const boundary = '----bo' + Math.random().toString(16).slice(2);
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  for (const [name, filename, type, bytes] of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
    );
    chunks.push(bytes, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
};

const update = (
  token: string,
  fields: Record<string, string>,
  files: Array<[string, string, string, Buffer]> = [],
  locale = 'en',
) =>
  t.request('POST', '/api/v1/profile?_method=PATCH', {
    token,
    locale,
    ...multipart(fields, files),
  });

describe('profile', () => {
  it('updates only the fields sent, through POST ?_method=PATCH multipart', async () => {
    const user = await t.createUser([]);
    await update(user.token, { phone: '0912345678', address: '1 Lê Lợi, Quận 1' });
    const response = await update(user.token, {
      name: 'Trần Thị Mai',
      gender: 'female',
      birthday: '1990-02-03',
      marital_status: 'married',
      id_card: '079090001234',
      id_card_date: '2021-05-06',
      id_card_place: 'Hà Nội',
      zalo: '0912345678',
      facebook: 'https://facebook.com/mai',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      name: 'Trần Thị Mai',
      gender: 'female',
      birthday: '1990-02-03',
      marital_status: 'married',
      id_card: '079090001234',
      id_card_date: '2021-05-06',
      id_card_place: 'Hà Nội',
      phone: '0912345678',
      address: '1 Lê Lợi, Quận 1',
      email: user.email,
    });
    // The change is in the audit log, identity-card fields included, and searchable by the new name.
    const entry = await t.db
      .selectFrom('audit_logs')
      .select(['user_id', 'action', 'changes'])
      .where('entity', '=', 'user')
      .where('entity_id', '=', String(user.id))
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ user_id: user.id, action: 'update' });
    expect(fromJson(entry.changes)).toMatchObject({
      name: [user.name, 'Trần Thị Mai'],
      id_card: [null, '079090001234'],
      marital_status: [null, 'married'],
    });
    const found = await t.request('GET', `/api/v1/users?search=${encodeURIComponent('tran mai')}`, {
      token: t.adminToken,
    });
    expect(found.json().data.map((u: { id: number }) => u.id)).toEqual([user.id]);
  });

  it('never changes status, roles or permissions through the profile: they are refused by name', async () => {
    const user = await t.createUser([]);
    const response = await update(user.token, {
      name: 'Changed Name',
      status: 'disable',
      roles: '1',
      permissions: 'users.delete',
      must_change_password: 'true',
    });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors).sort()).toEqual([
      'must_change_password',
      'permissions',
      'roles',
      'status',
    ]);
    const profile = (await t.request('GET', '/api/v1/profile', { token: user.token })).json().data;
    expect(profile).toMatchObject({
      name: user.name,
      status: 'enable',
      roles: [],
      permissions: [],
      must_change_password: false,
    });
  });

  it('answers bad values with the spec texts', async () => {
    const user = await t.createUser([]);
    const other = await t.createUser([]);
    const response = await update(user.token, {
      email: other.email.toUpperCase(),
      phone: '12345',
      name: 'x',
      gender: 'robot',
      birthday: '1990-13-45',
    });
    expect(response.statusCode).toBe(422);
    const errors = response.json().errors;
    expect(errors.phone).toEqual(['Invalid phone number!']);
    expect(errors.name).toEqual(['The name must be between 2 and 200 characters.']);
    expect(errors.gender).toBeDefined();
    expect(errors.birthday).toBeDefined();
    const duplicate = await update(user.token, { email: other.email.toUpperCase() }, [], 'vi');
    expect(duplicate.json().errors.email).toEqual([
      'Địa chỉ email của bạn đã tồn tại! Vui lòng nhập địa chỉ email khác.',
    ]);
  });

  it('stores an avatar through the media storage and serves its thumbnail', async () => {
    const user = await t.createUser([]);
    const png = await sharp({
      create: { width: 800, height: 600, channels: 3, background: '#c0392b' },
    })
      .png()
      .toBuffer();
    const response = await update(user.token, { name: 'Avatar Owner' }, [
      ['avatar', 'me.png', 'image/png', png],
    ]);
    expect(response.statusCode).toBe(200);
    const url = response.json().data.avatar_url as string;
    expect(url).toBeTruthy();
    const file = await t.request('GET', new URL(url, 'http://localhost').pathname);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/^image\//);
    const meta = await sharp(file.rawPayload).metadata();
    expect(meta.width).toBeLessThanOrEqual(320);

    const notImage = await update(user.token, {}, [
      ['avatar', 'me.png', 'image/png', Buffer.from('just text, not a picture')],
    ]);
    expect(notImage.statusCode).toBe(422);
    expect(notImage.json().errors.avatar).toEqual([
      'The avatar must be an image (JPEG, PNG, WebP, GIF or AVIF).',
    ]);
    expect(
      (await t.request('GET', '/api/v1/profile', { token: user.token })).json().data.avatar_url,
    ).toBe(url);
  });
  it('chooses an image of the media library as the avatar by its URL, refuses other URLs, clears it', async () => {
    const user = await t.createUser([]);
    const png = await sharp({
      create: { width: 640, height: 480, channels: 3, background: '#2980b9' },
    })
      .png()
      .toBuffer();
    const image = (
      await t.request('POST', '/api/v1/media', {
        token: t.adminToken,
        ...multipart({}, [['file', 'library.png', 'image/png', png]]),
      })
    ).json().data;
    expect(image.thumbnail_url).toBeTruthy();
    const pdf = (
      await t.request('POST', '/api/v1/media', {
        token: t.adminToken,
        ...multipart({}, [['file', 'doc.pdf', 'application/pdf', makePdf()]]),
      })
    ).json().data;
    expect(pdf.kind).toBe('document');

    // The file's own URL, absolute on the API's origin as the picker returns it: stored as its thumbnail.
    const chosen = await update(user.token, {
      avatar: new URL(image.url, 'http://localhost').href,
    });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json().data).toMatchObject({
      avatar: image.thumbnail_url,
      avatar_url: image.thumbnail_url,
    });
    // The thumbnail's URL as GET /media gives it, through JSON; the value held passes unchanged.
    expect(
      (
        await t.request('PATCH', '/api/v1/profile', {
          token: user.token,
          body: { avatar: image.thumbnail_url },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await update(user.token, { avatar: image.thumbnail_url, name: 'Kept Avatar' })).json().data
        .avatar,
    ).toBe(image.thumbnail_url);

    const refused = [
      'https://evil.example.com/cat.png',
      `https://evil.example.com${new URL(image.url, 'http://localhost').pathname}`,
      '/api/v1/media/files/2026/01/nothing-here.png',
      '/api/v1/media/files/../../etc/passwd',
      'not a url',
      pdf.url,
    ];
    for (const avatar of refused) {
      const response = await update(user.token, { avatar });
      expect(response.statusCode, avatar).toBe(422);
      expect(response.json().errors.avatar).toEqual([
        'Please choose an image from the media library as the avatar.',
      ]);
    }
    const vi = await update(user.token, { avatar: 'https://evil.example.com/cat.png' }, [], 'vi');
    expect(vi.json().errors.avatar).toEqual([
      'Vui lòng chọn một hình ảnh trong thư viện media làm ảnh đại diện.',
    ]);
    const ja = await update(user.token, { avatar: 'https://evil.example.com/cat.png' }, [], 'ja');
    expect(ja.json().errors.avatar).toEqual([
      'アバターにはメディアライブラリの画像を選択してください。',
    ]);
    expect(
      (await t.request('GET', '/api/v1/profile', { token: user.token })).json().data.avatar,
    ).toBe(image.thumbnail_url);

    // "" (multipart) and null (JSON) remove it.
    expect((await update(user.token, { avatar: '' })).json().data).toMatchObject({
      avatar: null,
      avatar_url: null,
    });
    await update(user.token, { avatar: image.url });
    const cleared = await t.request('PATCH', '/api/v1/profile', {
      token: user.token,
      body: { avatar: null },
    });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().data).toMatchObject({ avatar: null, avatar_url: null });
  });
});

describe("changing one's own sign-in email", () => {
  const outboxTo = async (email: string) =>
    (
      await t.request('GET', `/api/v1/mail/outbox?search=${encodeURIComponent(`to:${email}`)}`, {
        token: t.adminToken,
      })
    ).json().data as Array<{
      subject: string;
      text: string;
    }>;
  const emailOf = async (token: string) =>
    (await t.request('GET', '/api/v1/profile', { token })).json().data.email as string;

  it('needs the current password, and tells the old address', async () => {
    const user = await t.createUser([]);
    const moved = `moved-${user.id}@example.com`;
    const missing = await update(user.token, { email: moved });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ current_password: ['Please enter the password!'] });
    const wrong = await update(user.token, { email: moved, current_password: 'not-the-password' });
    expect(wrong.json().errors).toEqual({
      current_password: ['The current password is not correct.'],
    });
    const ja = await update(user.token, { email: moved }, [], 'ja');
    expect(ja.json().errors.current_password).toHaveLength(1);
    expect(await emailOf(user.token)).toBe(user.email);
    expect(await outboxTo(user.email)).toEqual([]);

    // The same address, in another letter case, is no change and needs nothing.
    expect(
      (await update(user.token, { email: user.email.toUpperCase(), name: 'Same Mail' })).statusCode,
    ).toBe(200);

    const done = await update(user.token, {
      email: moved.toUpperCase(),
      current_password: user.password,
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().data.email).toBe(moved);
    expect(done.json().data).not.toHaveProperty('current_password');
    const [notice] = await outboxTo(user.email);
    expect(notice!.subject).toBe('The sign-in email of your account was changed');
    expect(notice!.text).toContain(`from ${user.email} to ${moved}`);
    expect(
      (
        await t.request('POST', '/api/v1/clients/web/login', {
          body: { email: moved, password: user.password },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('holds through PATCH /users/{own id} too, while an administrator changes others without it', async () => {
    const user = await t.createUser([]);
    const self = await t.request('PATCH', `/api/v1/users/${user.id}`, {
      token: user.token,
      locale: 'en',
      body: { email: `self-${user.id}@example.com` },
    });
    expect(self.statusCode).toBe(422);
    expect(self.json().errors.current_password).toEqual(['Please enter the password!']);
    const withPassword = await t.request('PATCH', `/api/v1/users/${user.id}`, {
      token: user.token,
      body: { email: `self-${user.id}@example.com`, current_password: user.password },
    });
    expect(withPassword.statusCode).toBe(200);
    expect((await outboxTo(user.email))[0]!.text).toContain(`self-${user.id}@example.com`);

    const byAdmin = await t.request('PATCH', `/api/v1/users/${user.id}`, {
      token: t.adminToken,
      body: { email: `by-admin-${user.id}@example.com` },
    });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json().data.email).toBe(`by-admin-${user.id}@example.com`);
  });

  it('changes nothing when the notice cannot be sent', async () => {
    const probe = await startSmtpServer();
    await probe.close();
    const down = await createTestApp({ SMTP_HOST: '127.0.0.1', SMTP_PORT: String(probe.port) });
    try {
      const user = await down.createUser([]);
      const response = await down.request('PATCH', '/api/v1/profile', {
        token: user.token,
        locale: 'en',
        body: {
          email: `nowhere-${user.id}@example.com`,
          current_password: user.password,
          name: 'Not Saved',
        },
      });
      expect(response.statusCode).toBe(503);
      expect(response.json().code).toBe('unavailable');
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      const profile = (await down.request('GET', '/api/v1/profile', { token: user.token })).json()
        .data;
      expect(profile).toMatchObject({ email: user.email, name: user.name });
    } finally {
      await down.close();
    }
  });
});
