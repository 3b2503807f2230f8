import multipart, { type FastifyMultipartBaseOptions } from '@fastify/multipart';
import { MEDIA_AREA_RE, mediaRecordSchema } from '@backoffice/shared/media.schema';
import { idParam } from '@backoffice/shared/schema-kit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { z } from 'zod';
import { serviceContext } from '../../core/context';
import { AppError, invalid } from '../../core/errors';
import { registerResource } from '../../core/resource';
import { createMediaStorage } from '../../storage/create-storage';
import { isValidKey, type ByteRange, type MediaStorage } from '../../storage/media-storage';
import type { IngestedFile } from './media-ingest';
import {
  createMediaService,
  MAX_FILES_PER_UPLOAD,
  MEDIA_FILES_PATH,
  type MediaService,
} from './media.service';

declare module 'fastify' {
  interface FastifyInstance {
    media?: MediaService;
  }
}

/** Shown inline by browsers; everything else is offered as a download. */
const INLINE =
  /^(image\/(jpeg|png|webp|gif|avif|svg\+xml)|video\/(mp4|webm)|application\/pdf|text\/plain)$/;

/** One `bytes=a-b`, `bytes=a-` or `bytes=-n` range; several ranges are served whole. */
export const parseRange = (
  header: string | undefined,
  size: number,
): ByteRange | null | 'unsatisfiable' => {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (match[1] === '' && match[2] === '')) return null;
  let start: number;
  let end: number;
  if (match[1] === '') {
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
};

/** Temp files an interrupted process left behind (older than a day: never one still being written). */
const removeStaleUploads = async (dir: string) => {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return;
  }
  const cutoff = Date.now() - 24 * 3600 * 1000;
  for (const name of names) {
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => null);
    if (info && info.mtimeMs < cutoff) await rm(file, { force: true });
  }
};

export type MediaModuleOptions = { storage?: MediaStorage };

/**
 * The media library (issue 5): list/show/rename through the generic resource, upload
 * (multipart, several files), delete with the files, and the public file route. Not
 * encapsulated, so other modules reach the service as `app.media` (avatars, logos, ...).
 */
async function mediaPlugin(app: FastifyInstance, options: MediaModuleOptions) {
  const { config } = app.deps;
  const storage = options.storage ?? createMediaStorage(config);
  const service = createMediaService({
    storage,
    maxBytes: config.mediaMaxBytes,
    tmpDir: path.join(config.dataDir, 'tmp', 'uploads'),
    publicUrl: config.publicUrl,
  });
  app.decorate('media', service);
  // Avatars (users, profile) are media items of the area `avatars`, shown by their thumbnail.
  app.deps.avatars = {
    save: async (ctx, file) => {
      const ingested = await service.ingest(Readable.from(file.buffer), file.filename || 'avatar');
      if (ingested.kind !== 'image') {
        await service.discard([ingested]);
        throw invalid({ avatar: 'avatar.not_image' });
      }
      const [record] = await service.createRows(ctx, [ingested], 'avatars');
      return record!.thumbnail_url ?? record!.url;
    },
    choose: async (ctx, url, origins) => {
      const media = await service.findImageByUrl(ctx.db, url, origins);
      if (!media) throw invalid({ avatar: 'media.avatar_not_media' });
      return media.thumbnail_url ?? media.url;
    },
    url: (stored) => stored,
  };
  await removeStaleUploads(path.join(config.dataDir, 'tmp', 'uploads'));

  if (!app.hasContentTypeParser('multipart/form-data')) await app.register(multipart);

  registerResource(app, service.resource);

  app.post('/api/v1/media', {
    config: { permission: 'media.create' },
    schema: {
      tags: ['media'],
      consumes: ['multipart/form-data'],
      querystring: z.object({
        area: z.string().regex(MEDIA_AREA_RE, { error: 'media.area' }).optional(),
      }),
      response: {
        201: z.object({ data: z.union([mediaRecordSchema, z.array(mediaRecordSchema)]) }),
      },
    },
    handler: async (request, reply) => {
      if (!request.isMultipart())
        throw new AppError('unsupported_media_type', 'error.unsupported_media_type');
      const ctx = serviceContext(request);
      let area = (request.query as { area?: string }).area ?? null;
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
        for await (const part of parts) {
          if (part.type === 'field') {
            if (part.fieldname === 'area' && typeof part.value === 'string' && part.value !== '') {
              if (!MEDIA_AREA_RE.test(part.value)) throw invalid({ area: 'media.area' });
              area = part.value;
            }
            continue;
          }
          if (!/^file(s)?(\[\])?$/.test(part.fieldname)) {
            part.file.resume();
            continue;
          }
          stored.push(
            await service.ingest(part.file, part.filename ?? 'file', () => part.file.truncated),
          );
        }
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

  app.delete('/api/v1/media/:id', {
    config: { permission: 'media.delete' },
    schema: { tags: ['media'], params: idParam },
    handler: async (request, reply) => {
      const { orphaned } = await service.remove(
        serviceContext(request),
        (request.params as { id: number }).id,
      );
      if (orphaned.length > 0) request.log.warn({ orphaned }, 'media files left in storage');
      return reply.status(204).send();
    },
  });

  // The public file route: the website shows these files, so no token is asked.
  app.get(`${MEDIA_FILES_PATH}/*`, {
    config: { permission: 'public' },
    handler: async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
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
        return reply
          .status(416)
          .header('content-range', `bytes */${info.size}`)
          .send({ message: 'Range Not Satisfiable' });
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

export const mediaModule = fp(mediaPlugin, { name: 'media', dependencies: ['deps'] });
