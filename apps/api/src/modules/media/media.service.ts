import {
  MEDIA_KINDS,
  mediaListQuerySchema,
  mediaRecordSchema,
  mediaUpdateSchema,
  type Media,
} from '@backoffice/shared/media.schema';
import type { Readable } from 'node:stream';
import { writeAudit } from '../../core/audit';
import type { ServiceContext } from '../../core/context';
import { AppError, invalid, notFound } from '../../core/errors';
import { createResourceService, type Row } from '../../core/resource';
import { searchText } from '../../core/search';
import { now } from '../../db/types';
import { isValidKey, type MediaStorage } from '../../storage/media-storage';
import type { Db } from '../../db/connection';
import { IngestRefusedError, ingestUpload, type IngestedFile } from './media-ingest';
import './media.table';

export const MEDIA_FILES_PATH = '/api/v1/media/files';
export const MAX_FILES_PER_UPLOAD = 20;

const LIST_COLUMNS = [
  'name',
  'file_name',
  'path',
  'thumb_path',
  'type',
  'kind',
  'size',
  'width',
  'height',
  'area',
  'created_at',
  'updated_at',
] as const;

export const formatBytes = (bytes: number) =>
  bytes >= 1024 ** 3
    ? `${+(bytes / 1024 ** 3).toFixed(1)} GB`
    : bytes >= 1024 ** 2
      ? `${+(bytes / 1024 ** 2).toFixed(1)} MB`
      : `${Math.ceil(bytes / 1024)} KB`;

const parseUrl = (value: string) => {
  try {
    return new URL(value);
  } catch {
    return null;
  }
};

export type MediaServiceOptions = {
  storage: MediaStorage;
  maxBytes: number;
  /** Where uploads wait while they are checked (DATA_DIR/tmp/uploads). */
  tmpDir: string;
  /** Absolute origin put before the served path (`PUBLIC_URL`); relative URLs without it. */
  publicUrl?: string;
};

/** The media library: the generic resource for list/show/rename, plus upload and delete with their files. */
export const createMediaService = (options: MediaServiceOptions) => {
  const { storage } = options;
  const origin = (options.publicUrl ?? '').replace(/\/+$/, '');
  const urlOf = (key: string) => storage.publicUrl(key) ?? `${origin}${MEDIA_FILES_PATH}/${key}`;

  const toRecord = (row: Row): Media => ({
    id: Number(row.id),
    name: String(row.name),
    file_name: String(row.file_name),
    path: String(row.path),
    type: String(row.type),
    kind: row.kind as Media['kind'],
    size: Number(row.size),
    width: row.width == null ? null : Number(row.width),
    height: row.height == null ? null : Number(row.height),
    area: (row.area as string | null) ?? null,
    url: urlOf(String(row.path)),
    thumbnail_url: row.thumb_path ? urlOf(String(row.thumb_path)) : null,
    created_at: String(row.created_at),
    updated_at: String(row.updated_at),
  });

  const resource = createResourceService<Media>({
    path: 'media',
    table: 'media',
    entity: 'media',
    permissions: {
      list: 'media.list',
      show: 'media.list',
      create: 'media.create',
      update: 'media.update',
      delete: 'media.delete',
    },
    schemas: { create: mediaUpdateSchema, update: mediaUpdateSchema, record: mediaRecordSchema },
    routes: ['list', 'show', 'update'],
    list: {
      searchFields: ['name', 'type', 'area'],
      fieldColumns: {
        name: { column: 'name', match: 'like' },
        type: { column: 'type', match: 'exact' },
        area: { column: 'area', match: 'exact' },
      },
      sortable: ['name', 'size'],
      includes: [],
      defaultOrder: ['created_at', 'desc'],
      columns: LIST_COLUMNS,
      search: 'index',
      counted: true,
      filters: {
        type: {
          schema: mediaListQuerySchema.shape.type.unwrap(),
          apply: (query, value: string) => {
            const parts = value.split(',').map((part) => part.trim());
            const kinds = parts.filter((part) => (MEDIA_KINDS as readonly string[]).includes(part));
            const mimes = parts.filter((part) => part.includes('/'));
            return query.where((eb) =>
              eb.or([
                ...(kinds.length ? [eb('kind', 'in', kinds)] : []),
                ...(mimes.length ? [eb('type', 'in', mimes)] : []),
              ]),
            );
          },
        },
        area: {
          schema: mediaListQuerySchema.shape.area.unwrap(),
          apply: (query, value: string) => query.where('area', '=', value),
        },
      },
    },
    toRecord,
    searchText: (row) => searchText(row.name as string, row.original_name as string | undefined),
  });

  /**
   * The storage key a media URL names: `/api/v1/media/files/<key>` (relative, or absolute on
   * `PUBLIC_URL`'s origin or one of `origins`), or the storage's own public URL; else null.
   */
  const keyOfUrl = (url: string, origins: readonly string[] = []): string | null => {
    const prefix = `${MEDIA_FILES_PATH}/`;
    let key: string | null = null;
    if (url.startsWith(prefix)) key = url.slice(prefix.length);
    else {
      const own = storage.publicUrl('k')?.slice(0, -1);
      if (own && url.startsWith(own)) key = url.slice(own.length);
      else {
        const parsed = parseUrl(url);
        const allowed = [origin, ...origins].map((o) => parseUrl(o)?.origin).filter(Boolean);
        if (
          parsed &&
          allowed.includes(parsed.origin) &&
          parsed.pathname.startsWith(prefix) &&
          !parsed.search &&
          !parsed.hash
        )
          key = parsed.pathname.slice(prefix.length);
      }
    }
    return key !== null && isValidKey(key) ? key : null;
  };

  const refusal = (error: IngestRefusedError) => {
    switch (error.reason) {
      case 'too_large':
        return new AppError('payload_too_large', 'media.too_large', {
          limit: formatBytes(options.maxBytes),
        });
      case 'unsupported_type':
        return invalid({ file: 'media.unsupported_type' });
      case 'image_too_big':
        return invalid({ file: 'media.image_too_big' });
      case 'unreadable_image':
        return invalid({ file: 'media.unreadable_image' });
      case 'svg_refused':
        return invalid({ file: 'media.svg_refused' });
      default: {
        const exhaustive: never = error.reason;
        return exhaustive;
      }
    }
  };

  const removeObjects = (
    files: Array<{ path: string; thumbPath?: string | null; thumb_path?: unknown }>,
  ) =>
    Promise.all(
      files
        .flatMap((f) => [f.path, f.thumbPath ?? (f.thumb_path as string | null)])
        .filter((k): k is string => Boolean(k))
        .map((k) => storage.delete(k).catch(() => undefined)),
    );

  return {
    resource,
    toRecord,

    /** Checks and stores one uploaded file (no row yet). */
    async ingest(
      stream: Readable,
      filename: string,
      wasTruncated?: () => boolean,
    ): Promise<IngestedFile> {
      try {
        return await ingestUpload({
          stream,
          filename,
          storage,
          tmpDir: options.tmpDir,
          maxBytes: options.maxBytes,
          wasTruncated,
        });
      } catch (error) {
        if (error instanceof IngestRefusedError) throw refusal(error);
        throw error;
      }
    },

    keyOfUrl,

    /** The image media item whose file or thumbnail a URL names (see `keyOfUrl`), or null. */
    async findImageByUrl(
      db: Db,
      url: string,
      origins: readonly string[] = [],
    ): Promise<Media | null> {
      const key = keyOfUrl(url, origins);
      if (!key) return null;
      const row = await db
        .selectFrom('media')
        .selectAll()
        .where('kind', '=', 'image')
        .where((eb) => eb.or([eb('path', '=', key), eb('thumb_path', '=', key)]))
        .executeTakeFirst();
      return row ? toRecord(row as Row) : null;
    },

    /** Drops stored files whose rows were never written (a later file of the upload failed). */
    discard: (files: IngestedFile[]) => removeObjects(files),

    /** Writes the rows of stored files, with their audit entries, in one transaction. */
    async createRows(
      ctx: ServiceContext,
      files: IngestedFile[],
      area: string | null,
    ): Promise<Media[]> {
      try {
        const rows = await ctx.transaction(async (tx) => {
          const out: Row[] = [];
          for (const file of files) {
            const stamp = now();
            const row = (await tx
              .insertInto('media')
              .values({
                name: file.name,
                original_name: file.originalName,
                file_name: file.fileName,
                path: file.path,
                thumb_path: file.thumbPath,
                type: file.type,
                kind: file.kind,
                size: file.size,
                width: file.width,
                height: file.height,
                area,
                user_id: ctx.actor?.user.id ?? null,
                search_text: searchText(file.name, file.originalName),
                created_at: stamp,
                updated_at: stamp,
              })
              .returningAll()
              .executeTakeFirstOrThrow()) as Row;
            await writeAudit(tx, ctx.audit, {
              action: 'create',
              entity: 'media',
              entityId: row.id as number,
              after: toRecord(row) as Row,
            });
            out.push(row);
          }
          return out;
        });
        return rows.map(toRecord);
      } catch (error) {
        await removeObjects(files);
        throw error;
      }
    },

    /** Deletes the row (audited), then its file and thumbnail. */
    /**
     * Deletes the row (audited), then its file and thumbnail. The row goes first: a file whose
     * removal fails is returned (the route logs it) rather than failing a delete already done.
     */
    async remove(ctx: ServiceContext, id: number): Promise<{ orphaned: string[] }> {
      const row = await resource.findRow(ctx.db, id);
      if (!row) throw notFound();
      await resource.remove(ctx, id);
      const keys = [row.path, row.thumb_path].filter(
        (k): k is string => typeof k === 'string' && k !== '',
      );
      const results = await Promise.allSettled(keys.map((k) => storage.delete(k)));
      return { orphaned: keys.filter((_, i) => results[i]!.status === 'rejected') };
    },

    storage,
  };
};

export type MediaService = ReturnType<typeof createMediaService>;
