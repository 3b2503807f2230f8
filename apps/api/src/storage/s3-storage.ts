import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { type Readable } from 'node:stream';
import {
  assertValidKey,
  type ByteRange,
  type MediaObject,
  type MediaObjectInfo,
  type MediaStorage,
  type PutOptions,
} from './media-storage';

export type S3StorageOptions = {
  /** Custom endpoint of an S3-compatible store (MinIO, s3rver, R2, ...); empty for AWS. */
  endpoint?: string;
  bucket: string;
  region?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Base URL the public fetches objects from (a CDN or the bucket's public address). */
  publicUrl?: string;
};

const isMissing = (error: unknown) =>
  error instanceof NoSuchKey ||
  error instanceof NotFound ||
  (error instanceof S3ServiceException &&
    (error.$metadata.httpStatusCode === 404 || error.name === 'NoSuchKey'));

/**
 * Any S3-compatible store through AWS SDK v3. A PutObject is atomic on S3: the object
 * appears whole or not at all. Custom endpoints use path-style addressing.
 */
export function createS3Storage(options: S3StorageOptions): MediaStorage & { client: S3Client } {
  const endpoint = options.endpoint?.replace(/\/+$/, '') || undefined;
  const region = options.region || 'us-east-1';
  const client = new S3Client({
    region,
    endpoint,
    forcePathStyle: Boolean(endpoint),
    // Many S3-compatible stores do not accept the newer default checksum trailers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    credentials:
      options.accessKeyId && options.secretAccessKey
        ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
        : undefined,
  });
  const bucket = options.bucket;
  const base = (
    options.publicUrl ||
    (endpoint ? `${endpoint}/${bucket}` : `https://${bucket}.s3.${region}.amazonaws.com`)
  ).replace(/\/+$/, '');

  const toInfo = (out: {
    ContentType?: string;
    ContentLength?: number;
    LastModified?: Date;
    ETag?: string;
  }): MediaObjectInfo => ({
    contentType: out.ContentType ?? 'application/octet-stream',
    size: out.ContentLength ?? 0,
    lastModified: out.LastModified,
    etag: out.ETag,
  });

  return {
    driver: 's3',
    client,
    async put(key: string, body: Buffer | Readable, opts: PutOptions) {
      assertValidKey(key);
      let payload: Buffer | Readable = body;
      let size = Buffer.isBuffer(body) ? body.length : opts.size;
      if (size === undefined) {
        // A stream of unknown length: buffer it (uploads are bounded by MEDIA_MAX_BYTES).
        const chunks: Buffer[] = [];
        for await (const chunk of body as Readable) chunks.push(Buffer.from(chunk as Buffer));
        payload = Buffer.concat(chunks);
        size = payload.length;
      }
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: payload,
          ContentLength: size,
          ContentType: opts.contentType,
          CacheControl: opts.cacheControl,
        }),
      );
      return { contentType: opts.contentType, size };
    },
    async get(key: string, range?: ByteRange): Promise<MediaObject | null> {
      assertValidKey(key);
      try {
        const out = await client.send(
          new GetObjectCommand({
            Bucket: bucket,
            Key: key,
            Range: range ? `bytes=${range.start}-${range.end}` : undefined,
          }),
        );
        const total = range
          ? Number(/\/(\d+)$/.exec(out.ContentRange ?? '')?.[1] ?? out.ContentLength)
          : out.ContentLength;
        return { ...toInfo({ ...out, ContentLength: total }), body: out.Body as Readable };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async stat(key: string) {
      assertValidKey(key);
      try {
        return toInfo(await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key })));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(key: string) {
      assertValidKey(key);
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
    publicUrl(key: string) {
      assertValidKey(key);
      return `${base}/${key}`;
    },
  };
}
