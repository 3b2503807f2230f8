import multipart, { type FastifyMultipartBaseOptions } from '@fastify/multipart';
import {
  MEDIA_AREA_RE,
  mediaUploadAnswerSchema,
  mediaUsageSchema,
} from '@backoffice/shared/media.schema';
import { idParam } from '@backoffice/shared/schema-kit';
import fp from 'fastify-plugin';
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { serviceContext } from '../../core/context';
import { AppError, invalid } from '../../core/errors';
import { registerResource } from '../../core/resource-routes';
import { isValidKey, type ByteRange } from '../../storage/media-storage';
import { tempUploadOwner, type IngestedFile } from './media-ingest';
import {
  createMediaService,
  MAX_FILES_PER_UPLOAD,
  MEDIA_FILES_PATH,
  type MediaService,
} from './media.service';
import type { TypedApp } from '../../core/typed-app';

declare module 'fastify' {
  interface FastifyInstance {
    media: MediaService;
  }
}

/** Shown inline by browsers; everything else is offered as a download. */
const INLINE =
  /^(image\/(jpeg|png|webp|gif|avif|svg\+xml)|video\/(mp4|webm)|application\/pdf|text\/plain)$/;

/**
 * One `bytes=a-b`, `bytes=a-` or `bytes=-n` range, as HTTP reads it: a header that is not
 * a valid range (`bytes=100-50`, several ranges, another unit) is ignored and the whole file
 * served; a valid range that starts past the end (or `bytes=-0`) cannot be satisfied.
 */
export const parseRange = (
  header: string | undefined,
  size: number,
): ByteRange | null | 'unsatisfiable' => {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const last = match[2] === '' ? Infinity : Number(match[2]);
  if (last < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end: Math.min(last, size - 1) };
};

const isAlive = (pid: number) => {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Temp upload files that an interrupted process left behind: every one whose
 * writer is no longer running (names carry the writer's pid; a name without one
 * comes from an older release and is left over too).
 */
export const removeStaleUploads = async (dir: string) => {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return;
  }
  for (const name of names) {
    const owner = tempUploadOwner(name);
    if (owner === null || !isAlive(owner)) await rm(path.join(dir, name), { force: true });
  }
};

/**
 * The media library: list/show/rename through the generic resource, upload
 * (multipart, several files), delete with the files, and the public file route.
 * Not encapsulated: other modules reach the service as `app.media` (avatars, logos, ...).
 */
async function mediaPlugin(app: TypedApp) {
  const { config, storage } = app;
  const tmpDir = path.join(config.dataDir, 'tmp', 'uploads');
  const service = createMediaService({
    storage,
    maxBytes: config.mediaMaxBytes,
    tmpDir,
    publicUrl: config.publicUrl,
  });
  app.decorate('media', service);
  await removeStaleUploads(tmpDir);

  if (!app.hasContentTypeParser('multipart/form-data')) await app.register(multipart);

  registerResource(app, service.resource);

  app.post('/api/v1/media', {
    config: {
      permission: 'media.create',
      // `area` may come in the form as well as in the query; the files come as `file` or `files`.
      form: {
        schema: z.strictObject({ area: z.string().optional() }),
        files: ['file', 'files', 'files[]'],
      },
    },
    schema: {
      summary: 'Upload media files',
      tags: ['media'],
      consumes: ['multipart/form-data'],
      querystring: z.object({
        area: z
          .string()
          .max(50, { error: 'media.area' })
          .regex(MEDIA_AREA_RE, { error: 'media.area' })
          .optional(),
      }),
      response: { 201: mediaUploadAnswerSchema },
    },
    handler: async (request, reply) => {
      if (!request.isMultipart())
        throw new AppError('unsupported_media_type', 'error.unsupported_media_type');
      const ctx = serviceContext(request);
      let area = request.query.area ?? null;
      const stored: IngestedFile[] = [];
      try {
        const partsOptions: FastifyMultipartBaseOptions = {
          limits: {
            fileSize: config.mediaMaxBytes,
            files: MAX_FILES_PER_UPLOAD,
            fields: 10,
            fieldSize: 1024,
          },
          // Over the limit, busboy cuts the file and drains the rest; ingest answers 413.
          throwFileSizeLimit: false,
        };
        const parts = request.parts(partsOptions);
        // Fields other than `area` and the file fields are refused by name, once the body is read.
        const unknown = new Set<string>();
        for await (const part of parts) {
          if (part.type === 'field') {
            if (part.fieldname !== 'area') unknown.add(part.fieldname);
            else if (typeof part.value === 'string' && part.value !== '') {
              if (!MEDIA_AREA_RE.test(part.value)) throw invalid({ area: 'media.area' });
              area = part.value;
            }
            continue;
          }
          if (!/^file(s)?(\[\])?$/.test(part.fieldname)) unknown.add(part.fieldname);
          if (unknown.size > 0) {
            part.file.resume();
            continue;
          }
          stored.push(
            await service.ingest(part.file, part.filename ?? 'file', () => part.file.truncated),
          );
        }
        if (unknown.size > 0)
          throw invalid(
            Object.fromEntries([...unknown].map((field) => [field, 'validation.unknown_field'])),
          );
      } catch (error) {
        await service.discard(stored);
        if (error instanceof Error && (error as { code?: string }).code === 'FST_FILES_LIMIT')
          throw invalid({ file: 'media.too_many_files' });
        throw error;
      }
      if (stored.length === 0) throw invalid({ file: 'media.file_required' });
      const records = await service.createRows(ctx, stored, area);
      return reply.status(201).send({ data: records.length === 1 ? records[0]! : records });
    },
  });

  app.get('/api/v1/media/usage/:id', {
    config: { permission: 'media.list' },
    schema: {
      summary: 'Where a media item is shown (asked before deleting it)',
      tags: ['media'],
      params: idParam,
      response: { 200: mediaUsageSchema },
    },
    handler: async (request) => ({
      data: await service.usage(serviceContext(request), request.params.id),
    }),
  });

  app.delete('/api/v1/media/:id', {
    config: { permission: 'media.delete' },
    schema: { summary: 'Delete a media item and its files', tags: ['media'], params: idParam },
    handler: async (request, reply) => {
      const { orphaned } = await service.remove(serviceContext(request), request.params.id);
      if (orphaned.length > 0) request.log.warn({ orphaned }, 'media files left in storage');
      return reply.status(204).send();
    },
  });

  // The public file route: the website shows these files, so no token is asked.
  app.get(`${MEDIA_FILES_PATH}/*`, {
    config: { permission: 'public', ignoresQuery: true },
    schema: {
      summary: 'Download a media file (public)',
      tags: ['media'],
      // The storage key: `YYYY/MM/<name>` (checked below, so a bad key is a 404, never a 422).
      params: z.object({ '*': z.string().max(300) }),
    },
    handler: async (request, reply) => {
      const key = request.params['*'];
      // Generated keys only; never a local driver's metadata sidecar.
      if (!isValidKey(key) || key.endsWith('.meta.json'))
        throw new AppError('not_found', 'error.not_found');
      const info = await storage.stat(key);
      if (!info) throw new AppError('not_found', 'error.not_found');
      const etag = info.etag ?? `"${info.size.toString(16)}"`;
      reply
        .header('content-type', info.contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('etag', etag)
        .header('accept-ranges', 'bytes')
        .header('x-content-type-options', 'nosniff')
        .header(
          'content-security-policy',
          "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox",
        )
        .header('cross-origin-resource-policy', 'cross-origin')
        .header('content-disposition', INLINE.test(info.contentType) ? 'inline' : 'attachment');
      if (info.lastModified) reply.header('last-modified', info.lastModified.toUTCString());
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();
      const range = parseRange(request.headers.range, info.size);
      if (range === 'unsatisfiable') {
        // An error, not the file: none of the file's own headers go with it.
        for (const name of ['cache-control', 'etag', 'last-modified', 'content-disposition'])
          reply.removeHeader(name);
        throw new AppError('range_not_satisfiable', 'error.range_not_satisfiable', {}, undefined, {
          'content-range': `bytes */${info.size}`,
        });
      }
      const object = await storage.get(key, range ?? undefined);
      if (!object) throw new AppError('not_found', 'error.not_found');
      if (range) {
        reply.status(206).header('content-range', `bytes ${range.start}-${range.end}/${info.size}`);
        reply.header('content-length', String(range.end - range.start + 1));
      } else reply.header('content-length', String(info.size));
      return reply.send(object.body);
    },
  });
}

export const mediaModule = fp(mediaPlugin, {
  name: 'media',
  dependencies: ['services', 'storage'],
});
