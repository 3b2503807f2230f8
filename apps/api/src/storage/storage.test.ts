import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from './local-storage';
import { isValidKey, type MediaStorage } from './media-storage';
import { createS3Storage } from './s3-storage';
import { startTestS3Server, type TestS3Server } from './s3-test-server';

const text = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.from(c as Buffer));
  return Buffer.concat(chunks).toString('utf8');
};

const listFiles = async (dir: string): Promise<string[]> => {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) out.push(path.relative(dir, path.join(entry.parentPath, entry.name)));
  }
  return out.sort();
};

function contract(name: string, make: () => MediaStorage) {
  describe(`${name} storage`, () => {
    it('puts a buffer and a stream, gets them back with type and size, deletes them', async () => {
      const storage = make();
      await storage.put('2026/11/a.txt', Buffer.from('hello'), { contentType: 'text/plain' });
      await storage.put('2026/11/b.bin', Readable.from([Buffer.from('ab'), Buffer.from('cd')]), {
        contentType: 'application/octet-stream',
      });
      const a = await storage.get('2026/11/a.txt');
      expect(a?.contentType).toBe('text/plain');
      expect(a?.size).toBe(5);
      expect(await text(a!.body)).toBe('hello');
      const b = await storage.stat('2026/11/b.bin');
      expect(b).toMatchObject({ size: 4, contentType: 'application/octet-stream' });
      await storage.delete('2026/11/a.txt');
      await storage.delete('2026/11/b.bin');
      expect(await storage.get('2026/11/a.txt')).toBeNull();
      expect(await storage.stat('2026/11/b.bin')).toBeNull();
      await storage.delete('2026/11/never-was.txt');
    });

    it('refuses keys that could escape or are not server-made', async () => {
      const storage = make();
      for (const key of ['../x', 'a/../../x', '/abs', 'a//b', 'A.txt', 'a/.hidden', 'a\\b', '']) {
        await expect(
          storage.put(key, Buffer.from('x'), { contentType: 'text/plain' }),
        ).rejects.toThrow();
      }
    });
  });
}

describe('keys', () => {
  it('accepts generated keys only', () => {
    expect(isValidKey('2026/11/abc-thumb.webp')).toBe(true);
    expect(isValidKey('..')).toBe(false);
    expect(isValidKey('a/./b')).toBe(false);
  });
});

let localDir = '';
beforeAll(async () => {
  localDir = await mkdtemp(path.join(tmpdir(), 'media-local-'));
});
afterAll(async () => {
  await rm(localDir, { recursive: true, force: true });
});

contract('local', () => createLocalStorage({ dir: localDir }));

describe('local storage atomicity', () => {
  it('leaves no partial file when the source stream fails', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'media-local-'));
    const storage = createLocalStorage({ dir });
    // A source failing at once races the temporary file's opening: several times, so that a
    // removal made before the file exists shows.
    for (let attempt = 0; attempt < 20; attempt++) {
      const failing = new Readable({
        read() {
          this.push(Buffer.alloc(1024, 1));
          this.destroy(new Error('client went away'));
        },
      });
      await expect(
        storage.put('x/broken.bin', failing, { contentType: 'application/octet-stream' }),
      ).rejects.toThrow('client went away');
    }
    expect(await listFiles(dir)).toEqual([]);
    expect(await storage.get('x/broken.bin')).toBeNull();
    await rm(dir, { recursive: true, force: true });
  });

  it('has no public URL (the API serves the files)', () => {
    expect(createLocalStorage({ dir: localDir }).publicUrl('a.txt')).toBeNull();
  });
});

describe('s3 against s3rver', () => {
  let server: TestS3Server;
  beforeAll(async () => {
    server = await startTestS3Server();
  });
  afterAll(async () => {
    await server?.close();
  });

  contract('s3', () => createS3Storage(server));

  it('serves objects at the public URL', async () => {
    const storage = createS3Storage(server);
    await storage.put('p/q.txt', Buffer.from('public'), { contentType: 'text/plain' });
    const url = storage.publicUrl('p/q.txt')!;
    expect(url).toBe(`${server.endpoint}/${server.bucket}/p/q.txt`);
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('public');
    expect(
      createS3Storage({ ...server, publicUrl: 'https://cdn.example.com/m/' }).publicUrl('p/q.txt'),
    ).toBe('https://cdn.example.com/m/p/q.txt');
  });

  it('streams of unknown length are stored whole', async () => {
    const storage = createS3Storage(server);
    const big = Buffer.alloc(3 * 1024 * 1024, 7);
    await storage.put('p/big.bin', Readable.from([big.subarray(0, 1000), big.subarray(1000)]), {
      contentType: 'application/octet-stream',
    });
    expect((await storage.stat('p/big.bin'))?.size).toBe(big.length);
  });
});

describe('ranges', () => {
  let server: TestS3Server;
  beforeAll(async () => {
    server = await startTestS3Server('media-range');
  });
  afterAll(async () => {
    await server?.close();
  });
  it('both drivers read a byte range and report the whole size', async () => {
    for (const storage of [createLocalStorage({ dir: localDir }), createS3Storage(server)]) {
      await storage.put('r/digits.txt', Buffer.from('0123456789'), { contentType: 'text/plain' });
      const part = await storage.get('r/digits.txt', { start: 2, end: 5 });
      expect(part?.size).toBe(10);
      expect(await text(part!.body)).toBe('2345');
    }
  });
});
