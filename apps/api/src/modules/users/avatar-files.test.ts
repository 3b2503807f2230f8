import { mkdirSync, readdirSync, writeFileSync, existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, createTestApp, type TestApp } from '../../test/test-app';
import { multipart, uniqueEmail } from '../../test/test-kit';
import { AVATARS_KEPT_PER_USER, removeStaleUploads } from '../media';

/** Files that belong to a write are kept only when it commits; avatars are bounded; temp files go. */
let t: TestApp;
let png: Buffer;

/** Every stored file under the data folder (the database's own files left out). */
const storedFiles = () =>
  readdirSync(t.dataDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !/\.db(-wal|-shm)?$|app-secret/.test(entry.name))
    .map((entry) => relative(t.dataDir, join(entry.parentPath, entry.name)))
    .sort();

const avatarFile = () => ({
  field: 'avatar',
  filename: 'me.png',
  type: 'image/png',
  bytes: png,
});

beforeAll(async () => {
  t = await createTestApp();
  png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#c0392b' } })
    .png()
    .toBuffer();
});
afterAll(() => t.close());

describe('files that belong to a write', () => {
  it('a registration refused for a taken email keeps neither the avatar file nor a media row', async () => {
    const taken = uniqueEmail();
    const first = await t.request('POST', '/api/v1/register', {
      token: t.adminToken,
      body: { name: 'Trần Thị B', email: taken, password: 'Strong-pass-42' },
    });
    expect(first.statusCode).toBe(201);
    const files = storedFiles();
    const rows = await countRows(t, 'media');
    const refused = await t.request('POST', '/api/v1/register', {
      token: t.adminToken,
      locale: 'en',
      ...multipart(
        { name: 'Trần Thị B', email: taken.toUpperCase(), password: 'Strong-pass-42' },
        avatarFile(),
      ),
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.email).toEqual([
      'Your email address has existed! Please enter another email address.',
    ]);
    expect(await countRows(t, 'media')).toBe(rows);
    expect(storedFiles()).toEqual(files);

    // The same registration with a free email keeps both.
    const accepted = await t.request('POST', '/api/v1/register', {
      token: t.adminToken,
      ...multipart(
        { name: 'Trần Thị B', email: uniqueEmail(), password: 'Strong-pass-42' },
        avatarFile(),
      ),
    });
    expect(accepted.statusCode).toBe(201);
    expect(await countRows(t, 'media')).toBe(rows + 1);
    expect(storedFiles().length).toBeGreaterThan(files.length);
  });

  it(`avatars uploaded outside the library count against a bound of ${AVATARS_KEPT_PER_USER} per uploader; shown ones stay`, async () => {
    const uploader = await t.createUser(['users.list', 'users.create', 'users.update']);
    const uploaderId = (await t.request('GET', '/api/v1/profile', { token: uploader.token })).json()
      .data.id as number;
    const people = [];
    for (let index = 0; index < AVATARS_KEPT_PER_USER + 3; index++) {
      const created = await t.request('POST', '/api/v1/register', {
        token: uploader.token,
        body: { name: `Người ${index}`, email: uniqueEmail(), password: 'Strong-pass-42' },
      });
      expect(created.statusCode).toBe(201);
      people.push(created.json().data.id as number);
    }
    // The first person's avatar is replaced over and over: the old pictures nobody shows go.
    for (let round = 0; round < AVATARS_KEPT_PER_USER + 3; round++) {
      const changed = await t.request('POST', `/api/v1/users/${people[0]}?_method=PATCH`, {
        token: uploader.token,
        ...multipart({}, avatarFile()),
      });
      expect(changed.statusCode).toBe(200);
    }
    const avatarsOf = () =>
      t.db
        .selectFrom('media')
        .select(['id', 'path'])
        .where('area', '=', 'avatars')
        .where('user_id', '=', uploaderId)
        .execute();
    expect(await avatarsOf()).toHaveLength(AVATARS_KEPT_PER_USER);

    // Avatars that people show are never removed, even past the bound.
    for (const person of people.slice(1)) {
      const changed = await t.request('POST', `/api/v1/users/${person}?_method=PATCH`, {
        token: uploader.token,
        ...multipart({}, avatarFile()),
      });
      expect(changed.statusCode).toBe(200);
    }
    const shown = await t.db
      .selectFrom('users')
      .select('avatar')
      .where('id', 'in', people)
      .execute();
    expect(shown.every((row) => row.avatar !== null)).toBe(true);
    for (const row of shown) {
      const file = await t.request('GET', row.avatar!);
      expect(file.statusCode, row.avatar!).toBe(200);
    }
    expect((await avatarsOf()).length).toBe(people.length);
  });

  it('temporary upload files an interrupted process left behind go at start-up; a running one keeps its own', async () => {
    const dir = join(t.dataDir, 'tmp', 'uploads');
    mkdirSync(dir, { recursive: true });
    // A pid far above any the kernel hands out: that writer is gone.
    const gone = join(dir, 'upload-4194999-0123456789abcdef');
    const older = join(dir, 'upload-from-an-older-release');
    const mine = join(dir, `upload-${process.pid}-fedcba9876543210`);
    for (const file of [gone, older, mine]) writeFileSync(file, 'half an upload');
    await removeStaleUploads(dir);
    expect([gone, older, mine].map((file) => existsSync(file))).toEqual([false, false, true]);
  });
});
