import type { Readable } from 'node:stream';

/** What a stored object is: its content type and size in bytes. */
export type MediaObjectInfo = {
  contentType: string;
  size: number;
  lastModified?: Date;
  etag?: string;
};

export type MediaObject = MediaObjectInfo & { body: Readable };

export type ByteRange = { start: number; end: number };

export type PutOptions = {
  contentType: string;
  /** Known size in bytes; required by some S3-compatible stores for streams. */
  size?: number;
  /** Cache-Control stored with the object (S3) — the serving route sets its own. */
  cacheControl?: string;
};

/**
 * One place to keep media files. Keys are server-generated relative paths made of
 * `[a-z0-9._-]` segments separated by `/` (see `assertValidKey`). Writes are atomic:
 * a reader sees the whole object or nothing, and a failed write leaves nothing behind.
 */
export type MediaStorage = {
  readonly driver: 'local' | 's3';
  put(key: string, body: Buffer | Readable, options: PutOptions): Promise<MediaObjectInfo>;
  /**
   * The object, or `null` when there is no such key. With `range` (inclusive byte offsets,
   * already checked against the size) the body holds only those bytes; `size` stays the
   * whole object's size.
   */
  get(key: string, range?: ByteRange): Promise<MediaObject | null>;
  /** Metadata only, or `null` when there is no such key. */
  stat(key: string): Promise<MediaObjectInfo | null>;
  /** Removes the object; a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** An absolute URL the public can fetch the key from, or `null` when the API serves it. */
  publicUrl(key: string): string | null;
};

const KEY_RE = /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/;

export const isValidKey = (key: string): boolean =>
  key.length <= 512 &&
  KEY_RE.test(key) &&
  !key.split('/').some((part) => part === '.' || part === '..');

export function assertValidKey(key: string): void {
  if (!isValidKey(key)) throw new Error(`Invalid media storage key: ${JSON.stringify(key)}`);
}
