import { readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3Server, type TestS3Server } from '../../storage/s3-test-server';
import { countRows, createTestApp, type TestApp } from '../../test/test-app';
import {
  makeAnimatedGif,
  makeCfb,
  makeDocx,
  makeImage,
  makeMp4,
  makeNoiseJpeg,
  makePdf,
  makePngBomb,
  makePptx,
  makeWebm,
  makeXlsx,
  makeZip,
  SVG_WITH_SCRIPT,
} from './test-fixtures';

type Part = { field?: string; filename: string; content: Buffer | string; contentType?: string };

/** A multipart/form-data body as a browser sends it. */
export const multipart = (parts: Part[], fields: Record<string, string> = {}) => {
  const boundary = `----media${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  for (const part of parts) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.field ?? 'file'}"; filename="${part.filename}"\r\n` +
          `Content-Type: ${part.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      Buffer.from(part.content),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
};

const storedFiles = async (t: TestApp) => {
  const root = path.join(t.dataDir, 'media');
  try {
    return (await readdir(root, { recursive: true, withFileTypes: true }))
      .filter((e) => e.isFile() && !e.name.endsWith('.meta.json'))
      .map((e) => path.relative(root, path.join(e.parentPath, e.name)));
  } catch {
    return [];
  }
};
const tmpFiles = async (t: TestApp) => {
  try {
    return await readdir(path.join(t.dataDir, 'tmp', 'uploads'));
  } catch {
    return [];
  }
};

const upload = (
  t: TestApp,
  parts: Part[],
  options: { token?: string; fields?: Record<string, string>; query?: string } = {},
) => {
  const body = multipart(parts, options.fields);
  return t.request('POST', `/api/v1/media${options.query ?? ''}`, {
    token: options.token ?? t.adminToken,
    payload: body.payload,
    headers: body.headers,
  });
};

describe('media API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ MEDIA_MAX_BYTES: String(2 * 1024 * 1024) });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('accepts each allowed type, decided by the bytes', async () => {
    const cases: Array<[string, Buffer | string, string]> = [
      ['a.jpg', await makeImage('jpeg'), 'image/jpeg'],
      ['a.png', await makeImage('png'), 'image/png'],
      ['a.webp', await makeImage('webp'), 'image/webp'],
      ['a.gif', await makeAnimatedGif(), 'image/gif'],
      ['a.avif', await makeImage('avif', 64, 64), 'image/avif'],
      ['a.svg', SVG_WITH_SCRIPT, 'image/svg+xml'],
      ['a.mp4', makeMp4(), 'video/mp4'],
      ['a.webm', makeWebm(), 'video/webm'],
      ['a.pdf', makePdf(), 'application/pdf'],
      ['a.zip', makeZip({ 'x.txt': 'x' }), 'application/zip'],
      [
        'a.docx',
        makeDocx(),
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      ],
      ['a.xlsx', makeXlsx(), 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      [
        'a.pptx',
        makePptx(),
        'application/vnd.openxmlformats-officedocument.presentationml.presentation',
      ],
      ['a.doc', makeCfb('WordDocument'), 'application/msword'],
      ['a.xls', makeCfb('Workbook'), 'application/vnd.ms-excel'],
      ['a.ppt', makeCfb('PowerPoint Document'), 'application/vnd.ms-powerpoint'],
      ['a.txt', 'Xin chào\n', 'text/plain'],
      ['a.csv', 'a,b\n1,2\n', 'text/csv'],
    ];
    for (const [filename, content, type] of cases) {
      const response = await upload(t, [{ filename, content }]);
      expect(response.statusCode, `${filename}: ${response.body}`).toBe(201);
      expect(response.json().data).toMatchObject({ type, name: filename });
    }
  });

  it('ignores a disguising extension and refuses what is not accepted', async () => {
    const png = await upload(t, [
      { filename: 'invoice.pdf', content: await makeImage('png'), contentType: 'application/pdf' },
    ]);
    expect(png.json().data).toMatchObject({ type: 'image/png', kind: 'image' });
    expect(png.json().data.file_name).toMatch(/\.png$/);

    const before = await countRows(t, 'media');
    const filesBefore = await storedFiles(t);
    for (const [filename, content] of [
      ['photo.jpg', Buffer.from('7f454c46020101000000000000000000', 'hex')], // an ELF binary
      ['page.txt', '<!doctype html><script>alert(1)</script>'],
      ['setup.png', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(300)])],
      ['x.ps', '%!PS-Adobe-3.0\n'],
    ] as const) {
      const response = await upload(t, [{ filename, content }], {});
      expect(response.statusCode, filename).toBe(422);
      expect(response.json()).toMatchObject({
        code: 'validation_failed',
        errors: { file: [expect.any(String)] },
      });
    }
    const en = await t.request('POST', '/api/v1/media', {
      token: t.adminToken,
      locale: 'en',
      ...(() => {
        const b = multipart([{ filename: 'x.exe', content: Buffer.from('7f454c46', 'hex') }]);
        return { payload: b.payload, headers: b.headers };
      })(),
    });
    expect(en.json().errors.file).toEqual(['This type of file is not accepted.']);
    expect(await countRows(t, 'media')).toBe(before);
    expect(await storedFiles(t)).toEqual(filesBefore);
  });

  it('sanitizes an SVG with a script and serves it with nosniff', async () => {
    const response = await upload(t, [{ filename: 'logo.svg', content: SVG_WITH_SCRIPT }]);
    const media = response.json().data;
    const file = await t.request('GET', media.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/svg+xml');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-security-policy']).toContain("default-src 'none'");
    expect(file.body).not.toMatch(/script|onload|onclick|javascript:|foreignObject|tracker/i);
    expect(file.body).toContain('<rect');
  });

  it('refuses a decompression bomb', async () => {
    const before = await storedFiles(t);
    const response = await upload(t, [{ filename: 'bomb.png', content: makePngBomb() }], {});
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.file).toHaveLength(1);
    expect(await storedFiles(t)).toEqual(before);
  });

  it('normalizes path-traversal names and stores under generated keys', async () => {
    const response = await upload(t, [
      { filename: '../../../etc/Ca\u0300 phe\u0302\u0000.txt', content: 'hello' },
    ]);
    expect(response.statusCode).toBe(201);
    const media = response.json().data;
    expect(media.name).toBe('Cà phê.txt');
    expect(media.path).toMatch(/^\d{4}\/\d{2}\/[0-9a-f]{24}\.txt$/);
    const windows = await upload(t, [{ filename: '..\\..\\boot.ini', content: 'x' }]);
    expect(windows.json().data.name).toBe('boot.ini');
    const traversal = await t.request('GET', '/api/v1/media/files/..%2F..%2Ftest.db');
    expect(traversal.statusCode).toBe(404);
    // The URL is normalized before routing: this lands on /media/test.db, a protected route.
    const traversal2 = await t.request('GET', '/api/v1/media/files/2026/../../test.db');
    expect([401, 404]).toContain(traversal2.statusCode);
    expect(traversal2.rawPayload.includes(Buffer.from('SQLite format'))).toBe(false);
  });

  it('answers 413 above MEDIA_MAX_BYTES and leaves no file or row', async () => {
    const before = await countRows(t, 'media');
    const filesBefore = await storedFiles(t);
    const big = await makeNoiseJpeg(1600, 1200, 100);
    expect(big.length).toBeGreaterThan(2 * 1024 * 1024);
    const response = await upload(t, [
      { filename: 'small.txt', content: 'ok' },
      { filename: 'big.jpg', content: big },
    ]);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({
      code: 'payload_too_large',
      message: expect.any(String),
    });
    expect(await countRows(t, 'media')).toBe(before);
    expect(await storedFiles(t)).toEqual(filesBefore);
    expect(await tmpFiles(t)).toEqual([]);
  });

  it('re-encodes images without metadata, measures them and makes a thumbnail', async () => {
    const input = await makeImage('jpeg', 1200, 800);
    expect(input.includes(Buffer.from('SecretCam'))).toBe(true);
    const media = (await upload(t, [{ filename: 'photo.jpg', content: input }])).json().data;
    expect(media).toMatchObject({ width: 1200, height: 800, kind: 'image' });
    const file = await t.request('GET', media.url);
    expect(file.rawPayload.includes(Buffer.from('SecretCam'))).toBe(false);
    expect(file.headers['cache-control']).toContain('max-age=');
    const thumb = await t.request('GET', media.thumbnail_url);
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect((await sharp(thumb.rawPayload).metadata()).width).toBe(320);
  });

  it('uploads several files in one go, with an area', async () => {
    const response = await upload(
      t,
      [
        { filename: 'one.txt', content: 'one' },
        { filename: 'two.png', content: await makeImage('png', 50, 50) },
      ],
      { fields: { area: 'posts' } },
    );
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toHaveLength(2);
    const list = await t.request('GET', '/api/v1/media?area=posts', { token: t.adminToken });
    expect(
      list
        .json()
        .data.map((m: { name: string }) => m.name)
        .sort(),
    ).toEqual(['one.txt', 'two.png']);
  });

  it('lists newest first, filters by type, searches by name, paginates', async () => {
    const list = await t.request('GET', '/api/v1/media?limit=5', { token: t.adminToken });
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body.data).toHaveLength(5);
    expect(body.meta.pagination).toMatchObject({ count: 5, per_page: 5, current_page: 1 });
    const ids = body.data.map((m: { id: number }) => m.id);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));

    const images = await t.request('GET', '/api/v1/media?type=image&limit=100', {
      token: t.adminToken,
    });
    expect(images.json().data.every((m: { kind: string }) => m.kind === 'image')).toBe(true);
    const pdfs = await t.request('GET', '/api/v1/media?type=application/pdf,video', {
      token: t.adminToken,
    });
    expect(
      pdfs
        .json()
        .data.map((m: { type: string }) => m.type)
        .sort(),
    ).toEqual(['application/pdf', 'video/mp4', 'video/webm']);

    const search = await t.request('GET', `/api/v1/media?search=${encodeURIComponent('ca phe')}`, {
      token: t.adminToken,
    });
    expect(search.json().data.map((m: { name: string }) => m.name)).toEqual(['Cà phê.txt']);

    expect(
      (await t.request('GET', '/api/v1/media?type=exe', { token: t.adminToken })).statusCode,
    ).toBe(422);
    expect(
      (await t.request('GET', '/api/v1/media?limit=0', { token: t.adminToken })).statusCode,
    ).toBe(422);
    expect(
      (await t.request('GET', '/api/v1/media?orderBy=path', { token: t.adminToken })).statusCode,
    ).toBe(422);
  });

  it('shows, renames and checks permissions; audits every write', async () => {
    const media = (await upload(t, [{ filename: 'old.txt', content: 'x' }])).json().data;
    const renamed = await t.request('PATCH', `/api/v1/media/${media.id}`, {
      token: t.adminToken,
      body: { name: 'New name' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data.name).toBe('New name');
    // The title changes; the name the file was uploaded under stays, for the details to show.
    expect(
      (await t.request('GET', `/api/v1/media/${media.id}`, { token: t.adminToken })).json().data,
    ).toMatchObject({ name: 'New name', original_name: 'old.txt' });
    expect(media.file_name).not.toBe('old.txt');
    expect(
      (
        await t.request('PATCH', `/api/v1/media/${media.id}`, {
          token: t.adminToken,
          body: { name: '' },
        })
      ).statusCode,
    ).toBe(422);

    const audits = await t.db
      .selectFrom('audit_logs')
      .select(['action'])
      .where('entity', '=', 'media')
      .where('entity_id', '=', String(media.id))
      .execute();
    expect(audits.map((a) => a.action).sort()).toEqual(['create', 'update']);
  });

  it('serves files publicly with type, cache headers, nosniff and ranges', async () => {
    const media = (await upload(t, [{ filename: 'digits.txt', content: '0123456789' }])).json()
      .data;
    const file = await t.request('GET', media.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers).toMatchObject({
      'content-type': 'text/plain',
      'x-content-type-options': 'nosniff',
      'cache-control': 'public, max-age=31536000, immutable',
    });
    expect(file.body).toBe('0123456789');
    const part = await t.request('GET', media.url, { headers: { range: 'bytes=2-4' } });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe('234');
    expect(part.headers['content-range']).toBe('bytes 2-4/10');
    const again = await t.request('GET', media.url, {
      headers: { 'if-none-match': String(file.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect((await t.request('GET', '/api/v1/media/files/2026/01/nothing.txt')).statusCode).toBe(
      404,
    );
    expect((await t.request('GET', `${media.url}.meta.json`)).statusCode).toBe(404);
  });

  it('answers a range past the end with 416 and the size, and ignores a malformed one', async () => {
    const media = (await upload(t, [{ filename: 'ten.txt', content: 'abcdefghij' }])).json().data;
    for (const range of ['bytes=999999-', 'bytes=10-', 'bytes=10-20', 'bytes=-0']) {
      const past = await t.request('GET', media.url, { headers: { range }, locale: 'en' });
      expect(past.statusCode, range).toBe(416);
      expect(past.headers['content-range']).toBe('bytes */10');
      expect(past.headers['content-type']).toMatch(/^application\/json/);
      expect(past.headers['cache-control']).toBeUndefined();
      expect(past.json()).toEqual({
        message: 'The requested range lies outside the file.',
        code: 'range_not_satisfiable',
      });
    }
    for (const range of [
      'bytes=100-50',
      'bytes=5-4',
      'bytes=0-1,4-5',
      'items=0-3',
      'bytes=abc',
      'bytes=-',
    ]) {
      const whole = await t.request('GET', media.url, { headers: { range } });
      expect(whole.statusCode, range).toBe(200);
      expect(whole.body).toBe('abcdefghij');
    }
    const tail = await t.request('GET', media.url, { headers: { range: 'bytes=-3' } });
    expect(tail.statusCode).toBe(206);
    expect(tail.body).toBe('hij');
    const clipped = await t.request('GET', media.url, { headers: { range: 'bytes=8-999' } });
    expect([clipped.statusCode, clipped.body, clipped.headers['content-range']]).toEqual([
      206,
      'ij',
      'bytes 8-9/10',
    ]);
  });

  it('deletes the row, the file and its thumbnails', async () => {
    const media = (
      await upload(t, [{ filename: 'gone.png', content: await makeImage('png', 400, 400) }])
    ).json().data;
    const files = await storedFiles(t);
    expect(files).toContain(media.path);
    expect(files).toContain(media.path.replace('.png', '-thumb.webp'));
    const response = await t.request('DELETE', `/api/v1/media/${media.id}`, {
      token: t.adminToken,
    });
    expect(response.statusCode).toBe(204);
    const after = await storedFiles(t);
    expect(after).not.toContain(media.path);
    expect(after).not.toContain(media.path.replace('.png', '-thumb.webp'));
    expect((await t.request('GET', media.url)).statusCode).toBe(404);
    expect(
      (await t.request('GET', `/api/v1/media/${media.id}`, { token: t.adminToken })).statusCode,
    ).toBe(404);
    expect(
      (await t.request('DELETE', `/api/v1/media/${media.id}`, { token: t.adminToken })).statusCode,
    ).toBe(404);
  });

  it('is described in the OpenAPI document', async () => {
    const docs = await t.request('GET', '/api/v1/docs/json');
    expect(docs.statusCode).toBe(200);
    expect(Object.keys(docs.json().paths)).toEqual(
      expect.arrayContaining(['/api/v1/media', '/api/v1/media/{id}']),
    );
  });

  it('refuses a request without a file, or not multipart', async () => {
    const empty = multipart([], { area: 'posts' });
    expect(
      (
        await t.request('POST', '/api/v1/media', {
          token: t.adminToken,
          payload: empty.payload,
          headers: empty.headers,
        })
      ).statusCode,
    ).toBe(422);
    expect(
      (await t.request('POST', '/api/v1/media', { token: t.adminToken, body: { file: 'x' } }))
        .statusCode,
    ).toBe(415);
  });
});

describe('media API on the S3 driver', () => {
  let s3: TestS3Server;
  let t: TestApp;
  beforeAll(async () => {
    s3 = await startTestS3Server('media-api');
    t = await createTestApp({
      MEDIA_STORAGE: 's3',
      S3_ENDPOINT: s3.endpoint,
      S3_BUCKET: s3.bucket,
      S3_REGION: s3.region,
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    });
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  it('stores in the bucket, gives the public URL, serves and deletes', async () => {
    const media = (
      await upload(t, [{ filename: 'p.png', content: await makeImage('png', 500, 300) }])
    ).json().data;
    expect(media.url).toBe(`${s3.endpoint}/${s3.bucket}/${media.path}`);
    const direct = await fetch(media.url);
    expect(direct.status).toBe(200);
    expect(direct.headers.get('content-type')).toBe('image/png');
    const thumb = await fetch(media.thumbnail_url);
    expect(thumb.status).toBe(200);
    const proxied = await t.request('GET', `/api/v1/media/files/${media.path}`);
    expect(proxied.statusCode).toBe(200);
    expect(proxied.headers['x-content-type-options']).toBe('nosniff');
    expect(
      (await t.request('DELETE', `/api/v1/media/${media.id}`, { token: t.adminToken })).statusCode,
    ).toBe(204);
    expect((await fetch(media.url)).status).toBe(404);
    expect((await fetch(media.thumbnail_url)).status).toBe(404);
  });

  it('answers 413 and leaves nothing in the bucket', async () => {
    const s = t.config;
    expect(s.mediaStorage).toBe('s3');
    const list = async () => {
      const res = await fetch(`${s3.endpoint}/${s3.bucket}?list-type=2`);
      return (await res.text()).match(/<Key>/g)?.length ?? 0;
    };
    const before = await list();
    const big = Buffer.alloc(51 * 1024 * 1024, 1);
    const response = await upload(t, [
      { filename: 'ok.txt', content: 'fine' },
      { filename: 'big.txt', content: big },
    ]);
    expect(response.statusCode).toBe(413);
    expect(await list()).toBe(before);
  });
});
