import { sql } from 'kysely';
import { loadavg } from 'node:os';
import sharp from 'sharp';
import { searchText } from '../apps/api/src/core/search';
import { measure, startServer, type BenchScenario, type Measurement } from './harness';

const MEDIA_ROWS = 100_000;

/** A noisy (so poorly compressible, photo-sized) JPEG of about `targetBytes`. */
const makeJpeg = async (targetBytes: number) => {
  const noise = (width: number, height: number) => {
    const raw = Buffer.alloc(width * height * 3);
    let seed = 7;
    for (let i = 0; i < raw.length; i++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      // a gradient with noise on it: big and photo-like to encode
      raw[i] = (((i / 3) % width) / width) * 128 + ((seed >> 16) & 0x7f);
    }
    return sharp(raw, { raw: { width, height, channels: 3 } })
      .jpeg({ quality: 92 })
      .toBuffer();
  };
  const sample = await noise(400, 300);
  const bytesPerPixel = sample.length / (400 * 300);
  const pixels = targetBytes / bytesPerPixel;
  const width = Math.round(Math.sqrt((pixels * 4) / 3));
  return noise(width, Math.round((width * 3) / 4));
};

const uploadOnce = async (base: string, token: string, bytes: Buffer, name: string) => {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), name);
  const response = await fetch(`${base}/api/v1/media`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (response.status !== 201)
    throw new Error(`upload ${response.status}: ${await response.text()}`);
  await response.arrayBuffer();
};

/** Sequential uploads (one client, as the admin sends them): MB/s including re-encoding and thumbnails. */
const throughput = async (
  base: string,
  token: string,
  label: string,
  bytes: Buffer,
  count: number,
) => {
  await uploadOnce(base, token, bytes, 'warm-up.jpg');
  const started = process.hrtime.bigint();
  for (let i = 0; i < count; i++) await uploadOnce(base, token, bytes, `${label}-${i}.jpg`);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const meta = await sharp(bytes).metadata();
  return {
    label,
    size: `${(bytes.length / 1024 ** 2).toFixed(1)} MB (${meta.width}×${meta.height})`,
    count,
    mbPerSecond: (bytes.length * count) / 1024 ** 2 / seconds,
    msPerFile: (seconds * 1000) / count,
  };
};

const listTable = (rows: Measurement[]) =>
  [
    '| route | requests/s | p50 ms | p99 ms | non-2xx |',
    '| --- | ---: | ---: | ---: | ---: |',
    ...rows.map(
      (row) =>
        `| ${row.name} | ${row.requestsPerSecond} | ${row.p50Ms} | ${row.p99Ms} | ${row.errors} |`,
    ),
  ].join('\n');

/** The media numbers: upload MB/s for 1 MB and 20 MB images, and the media list with 100,000 rows. */
export const mediaScenario: BenchScenario = {
  section: 'Media',
  run: async ({ database, dataDir }) => {
    const { db } = database;
    const kinds = [
      ['image', 'image/jpeg', 'jpg'],
      ['image', 'image/png', 'png'],
      ['document', 'application/pdf', 'pdf'],
      ['video', 'video/mp4', 'mp4'],
    ] as const;
    const base = Date.now() - MEDIA_ROWS * 1000;
    for (let start = 0; start < MEDIA_ROWS; start += 2000) {
      const rows = Array.from({ length: 2000 }, (_, i) => {
        const n = start + i;
        const [kind, type, ext] = kinds[n % kinds.length]!;
        const name = `Ảnh sản phẩm cà phê ${n}.${ext}`;
        const stamp = new Date(base + n * 1000).toISOString();
        const key = `2026/11/${n.toString(16).padStart(24, '0')}`;
        return {
          name,
          original_name: name,
          file_name: `${key.slice(8)}.${ext}`,
          path: `${key}.${ext}`,
          thumb_path: kind === 'image' ? `${key}-thumb.webp` : null,
          type,
          kind,
          size: 100_000 + n,
          width: kind === 'image' ? 1600 : null,
          height: kind === 'image' ? 1200 : null,
          area: n % 10 === 0 ? 'posts' : null,
          user_id: null,
          search_text: searchText(name),
          created_at: stamp,
          updated_at: stamp,
        };
      });
      await db.insertInto('media').values(rows).execute();
    }
    await sql`PRAGMA optimize`.execute(db);
    await database.close();

    const [oneMb, twentyMb] = await Promise.all([makeJpeg(1024 ** 2), makeJpeg(20 * 1024 ** 2)]);
    const server = await startServer(dataDir);
    const auth = { authorization: `Bearer ${server.token}` };
    try {
      const uploads = [
        await throughput(server.base, server.token, '1 MB JPEG', oneMb, 20),
        await throughput(server.base, server.token, '20 MB JPEG', twentyMb, 5),
      ];
      const url = (query: string) => `${server.base}/api/v1/media?${query}`;
      await measure('warm-up', url('limit=40'), auth, { duration: 3 });
      const lists = [
        await measure('GET /media?limit=40 (newest first, page 1)', url('limit=40'), auth),
        await measure('GET /media?limit=40&page=500 (deep page)', url('limit=40&page=500'), auth),
        await measure('GET /media?limit=40&type=image', url('limit=40&type=image'), auth),
        await measure('GET /media?limit=40&area=posts', url('limit=40&area=posts'), auth),
        await measure(
          'GET /media?limit=40&search=ca phe 4242',
          url('limit=40&search=ca%20phe%204242'),
          auth,
        ),
      ];
      const load = loadavg()
        .map((n) => n.toFixed(1))
        .join(', ');
      return [
        `Load average when the runs ended: ${load} (2 cores; other work on the machine makes these numbers vary).`,
        '',
        '### Upload throughput',
        '',
        'One client uploading sequentially through `POST /api/v1/media` (local storage): the time covers the',
        'transfer, type detection, re-encoding without metadata, the 320 px WebP thumbnail, storage and the row.',
        '',
        '| file | uploads | MB/s | ms per file |',
        '| --- | ---: | ---: | ---: |',
        ...uploads.map(
          (u) =>
            `| ${u.size} | ${u.count} | ${u.mbPerSecond.toFixed(1)} | ${Math.round(u.msPerFile)} |`,
        ),
        '',
        `### Media list with ${MEDIA_ROWS.toLocaleString('en')} rows`,
        '',
        `${MEDIA_ROWS.toLocaleString('en')} media rows (plus the uploads above); 10 connections, 10 s per route (autocannon).`,
        '',
        listTable(lists),
      ].join('\n');
    } finally {
      await server.stop();
    }
  },
};
