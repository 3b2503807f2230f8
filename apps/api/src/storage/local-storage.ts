import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, readFile, rename, rm, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertValidKey,
  type ByteRange,
  type MediaObject,
  type MediaObjectInfo,
  type MediaStorage,
  type PutOptions,
} from './media-storage';

const META_SUFFIX = '.meta.json';

/**
 * Files under `dir`. Each object is its file plus a small `<file>.meta.json` sidecar holding
 * the content type. A write goes to a temporary file in the same folder, is fsynced, and is
 * renamed into place, so readers never see a partial file and a failed write leaves none.
 */
export function createLocalStorage(options: { dir: string }): MediaStorage {
  const root = path.resolve(options.dir);
  const fileOf = (key: string) => {
    assertValidKey(key);
    if (key.endsWith(META_SUFFIX)) throw new Error('Key names a metadata sidecar');
    const file = path.join(root, ...key.split('/'));
    if (!file.startsWith(root + path.sep)) throw new Error('Key escapes the media folder');
    return file;
  };
  const metaOf = (file: string) => `${file}${META_SUFFIX}`;

  const readMeta = async (file: string): Promise<MediaObjectInfo | null> => {
    let st;
    try {
      st = await stat(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
    let contentType = 'application/octet-stream';
    try {
      const meta = JSON.parse(await readFile(metaOf(file), 'utf8')) as { contentType?: unknown };
      if (typeof meta.contentType === 'string') contentType = meta.contentType;
    } catch {
      // No sidecar: served as bytes.
    }
    return {
      contentType,
      size: st.size,
      lastModified: st.mtime,
      etag: `"${st.size.toString(16)}-${st.mtimeMs.toString(16)}"`,
    };
  };

  const writeAtomic = async (file: string, body: Buffer | Readable) => {
    const tmp = path.join(path.dirname(file), `.tmp-${randomBytes(8).toString('hex')}`);
    const out = createWriteStream(tmp, { flags: 'wx' });
    try {
      await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, out);
      // fsync so a crash right after rename cannot leave an empty file.
      const handle = await open(tmp, 'r+');
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(tmp, file);
    } catch (error) {
      // A source that fails at once can fail while the file is still being opened: removed
      // before that, it would be created after, and left behind.
      if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
      await rm(tmp, { force: true });
      throw error;
    }
  };

  return {
    driver: 'local',
    async put(key: string, body: Buffer | Readable, opts: PutOptions) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeAtomic(
        metaOf(file),
        Buffer.from(JSON.stringify({ contentType: opts.contentType })),
      );
      try {
        await writeAtomic(file, body);
      } catch (error) {
        await rm(metaOf(file), { force: true });
        throw error;
      }
      const info = await readMeta(file);
      if (!info) throw new Error('Stored file vanished');
      return info;
    },
    async get(key: string, range?: ByteRange): Promise<MediaObject | null> {
      const file = fileOf(key);
      const info = await readMeta(file);
      if (!info) return null;
      return {
        ...info,
        body: createReadStream(file, range ? { start: range.start, end: range.end } : {}),
      };
    },
    async stat(key: string) {
      return readMeta(fileOf(key));
    },
    async delete(key: string) {
      const file = fileOf(key);
      for (const f of [file, metaOf(file)]) {
        try {
          await unlink(f);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        }
      }
    },
    publicUrl() {
      return null;
    },
  };
}
