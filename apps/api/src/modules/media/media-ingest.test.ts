import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLocalStorage } from '../../storage/local-storage';
import { IngestRefusedError, ingestUpload } from './media-ingest';
import { makeImage, makeNoiseJpeg, makePdf, makePngBomb, SVG_WITH_SCRIPT } from './test-fixtures';

let root = '';
beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'media-ingest-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const files = async () =>
  (await readdir(root, { recursive: true, withFileTypes: true }))
    .filter((e) => e.isFile())
    .map((e) => e.name);

const ingest = (bytes: Buffer | string, filename: string, maxBytes = 5 * 1024 * 1024) => {
  const storage = createLocalStorage({ dir: path.join(root, 'media') });
  const chunks = Buffer.from(bytes);
  const stream = Readable.from([chunks.subarray(0, 100), chunks.subarray(100)]);
  return {
    storage,
    done: ingestUpload({ stream, filename, storage, tmpDir: path.join(root, 'tmp'), maxBytes }),
  };
};

describe('ingestUpload', () => {
  it('stores a re-encoded image and its thumbnail under generated keys', async () => {
    const { storage, done } = ingest(await makeImage('jpeg', 1000, 500), '../../etc/Ảnh.jpg');
    const out = await done;
    expect(out).toMatchObject({
      type: 'image/jpeg',
      kind: 'image',
      width: 1000,
      height: 500,
      name: 'Ảnh.jpg',
    });
    expect(out.path).toMatch(/^\d{4}\/\d{2}\/[0-9a-f]{24}\.jpg$/);
    expect(out.thumbPath).toBe(out.path.replace('.jpg', '-thumb.webp'));
    const stored = await storage.get(out.path);
    expect(stored?.contentType).toBe('image/jpeg');
    stored?.body.destroy();
    const thumb = await storage.get(out.thumbPath!);
    const chunks: Buffer[] = [];
    for await (const c of thumb!.body) chunks.push(c as Buffer);
    expect((await sharp(Buffer.concat(chunks)).metadata()).width).toBe(320);
    expect((await files()).filter((f) => f.startsWith('upload-'))).toEqual([]);
  });

  it('stores other files byte for byte', async () => {
    const pdf = makePdf();
    const { storage, done } = ingest(pdf, 'report.pdf');
    const out = await done;
    expect(out).toMatchObject({
      type: 'application/pdf',
      kind: 'document',
      size: pdf.length,
      thumbPath: null,
    });
    expect((await storage.stat(out.path))?.size).toBe(pdf.length);
  });

  it('sanitizes SVG', async () => {
    const { done } = ingest(SVG_WITH_SCRIPT, 'logo.svg');
    const out = await done;
    expect(out).toMatchObject({ type: 'image/svg+xml', width: 40, height: 20 });
  });

  it('leaves nothing behind when a file is over the limit, refused, or a bomb', async () => {
    const big = await makeNoiseJpeg(600, 600);
    await expect(ingest(big, 'big.jpg', 10_000).done).rejects.toMatchObject({
      reason: 'too_large',
    });
    await expect(
      ingest(Buffer.from('7f454c4602010100', 'hex'), 'x.png').done,
    ).rejects.toMatchObject({
      reason: 'unsupported_type',
    });
    await expect(ingest(makePngBomb(), 'bomb.png').done).rejects.toBeInstanceOf(IngestRefusedError);
    await expect(ingest(makePngBomb(), 'bomb.png').done).rejects.toMatchObject({
      reason: 'image_too_big',
    });
    expect(await files()).toEqual([]);
  });
});
