import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { MediaKind } from '@backoffice/shared/media.schema';
import type { MediaStorage } from '../../storage/media-storage';
import { normalizeFileName } from './file-name';
import { ImageRefusedError, makeThumbnail, measureImage, processImage } from './image-process';
import { detectMediaType, isRefusal, RASTER_IMAGE_TYPES } from './media-types';
import { sanitizeSvg, SvgRefusedError } from '../../sanitize/svg';

/** Why a file was not stored; the routes turn these into 413 or 422 answers. */
export type IngestRefusal =
  'too_large' | 'unsupported_type' | 'image_too_big' | 'unreadable_image' | 'svg_refused';

export class IngestRefusedError extends Error {
  constructor(readonly reason: IngestRefusal) {
    super(`Upload refused: ${reason}`);
  }
}

/**
 * Temp files carry the writing process's id, so that at start-up the files of
 * processes that are gone (killed mid-upload) are removed and those of another
 * live process sharing DATA_DIR are left alone.
 */
export const tempUploadName = () => `upload-${process.pid}-${randomBytes(12).toString('hex')}`;

/** The process that wrote a temp upload file, or null for a name without one. */
export const tempUploadOwner = (name: string): number | null => {
  const match = /^upload-(\d+)-[0-9a-f]+$/.exec(name);
  return match ? Number(match[1]) : null;
};

/** What is known of a stored file, ready for its row. */
export type IngestedFile = {
  name: string;
  originalName: string;
  fileName: string;
  path: string;
  thumbPath: string | null;
  type: string;
  kind: MediaKind;
  size: number;
  width: number | null;
  height: number | null;
};

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** A fresh storage key stem `YYYY/MM/<24 hex chars>`, never derived from the user's name. */
export const newKeyStem = (date = new Date()) =>
  `${date.getUTCFullYear()}/${String(date.getUTCMonth() + 1).padStart(2, '0')}/${randomBytes(12).toString('hex')}`;

/** Counts bytes and stops the stream with `too_large` past the limit. */
const byteLimit = (maxBytes: number) => {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen > maxBytes) callback(new IngestRefusedError('too_large'));
      else callback(null, chunk);
    },
  });
};

/**
 * Stores one uploaded file: streams it to a temp file (bounded by `maxBytes`), decides its
 * type from the bytes, re-encodes images without metadata and draws their thumbnail,
 * sanitizes SVG, and puts the result in storage under a server-generated key. On any failure
 * nothing is left behind: not the temp file, not a stored object.
 */
export async function ingestUpload(options: {
  stream: Readable;
  filename: string;
  storage: MediaStorage;
  tmpDir: string;
  maxBytes: number;
  /** True when the multipart parser cut the stream at its own limit. */
  wasTruncated?: () => boolean;
}): Promise<IngestedFile> {
  const { storage, maxBytes } = options;
  await mkdir(options.tmpDir, { recursive: true });
  const tmp = path.join(options.tmpDir, tempUploadName());
  const stored: string[] = [];
  try {
    try {
      // Opened before a byte flows: a write stream opens its file in the background, so a
      // refusal mid-stream could have removed the file before it was made, leaving it behind.
      const sink = (await open(tmp, 'wx')).createWriteStream();
      await pipeline(options.stream, byteLimit(maxBytes), sink);
    } catch (error) {
      options.stream.resume();
      throw error;
    }
    if (options.wasTruncated?.()) throw new IngestRefusedError('too_large');
    const size = (await stat(tmp)).size;
    const originalName = normalizeFileName(options.filename);
    const detected = await detectMediaType(tmp, originalName);
    if (isRefusal(detected)) throw new IngestRefusedError('unsupported_type');

    const stem = newKeyStem();
    const key = `${stem}.${detected.ext}`;
    const thumbKey = `${stem}-thumb.webp`;
    let result: Pick<IngestedFile, 'size' | 'width' | 'height' | 'thumbPath'>;

    const putThumb = async (thumbnail: Buffer | null) => {
      if (!thumbnail) return null;
      stored.push(thumbKey);
      await storage.put(thumbKey, thumbnail, {
        contentType: 'image/webp',
        cacheControl: IMMUTABLE,
      });
      return thumbKey;
    };

    if (RASTER_IMAGE_TYPES.has(detected.mime)) {
      let image;
      try {
        image = await processImage(await readFile(tmp), detected.mime);
      } catch (error) {
        if (error instanceof ImageRefusedError) {
          throw new IngestRefusedError(
            error.reason === 'too_many_pixels' ? 'image_too_big' : 'unreadable_image',
          );
        }
        throw error;
      }
      stored.push(key);
      const [, thumbPath] = await Promise.all([
        storage.put(key, image.data, { contentType: detected.mime, cacheControl: IMMUTABLE }),
        putThumb(image.thumbnail),
      ]);
      result = { size: image.data.length, width: image.width, height: image.height, thumbPath };
    } else if (detected.mime === 'image/svg+xml') {
      let clean: Buffer;
      try {
        clean = Buffer.from(sanitizeSvg(await readFile(tmp, 'utf8')));
      } catch (error) {
        if (error instanceof SvgRefusedError) throw new IngestRefusedError('svg_refused');
        throw error;
      }
      const { width, height } = await measureImage(clean);
      await storage.put(key, clean, { contentType: detected.mime, cacheControl: IMMUTABLE });
      stored.push(key);
      result = {
        size: clean.length,
        width,
        height,
        thumbPath: await putThumb(await makeThumbnail(clean)),
      };
    } else {
      await storage.put(key, createReadStream(tmp), {
        contentType: detected.mime,
        size,
        cacheControl: IMMUTABLE,
      });
      stored.push(key);
      result = { size, width: null, height: null, thumbPath: null };
    }
    return {
      name: originalName,
      originalName,
      fileName: key.split('/').pop()!,
      path: key,
      type: detected.mime,
      kind: detected.kind,
      ...result,
    };
  } catch (error) {
    await Promise.all(stored.map((k) => storage.delete(k).catch(() => undefined)));
    throw error;
  } finally {
    await rm(tmp, { force: true });
  }
}
