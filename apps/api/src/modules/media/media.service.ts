import {
  MEDIA_KINDS,
  mediaListQuerySchema,
  mediaRecordSchema,
  mediaUpdateSchema,
  type Media,
  type MediaUsage,
} from '@backoffice/shared/media.schema';
import type { Readable } from 'node:stream';
import { writeAudit } from '../../core/audit';
import { actorOf } from '../../core/auth/guard';
import type { ServiceContext } from '../../core/context';
import { AppError, invalid, notFound } from '../../core/errors';
import { equalsFilter } from '../../core/list-engine';
import { createResourceService, crudPermissions, type Row } from '../../core/resource';
import type { RowOf } from '../../core/table';
import { searchText } from '../../core/search';
import { isValidKey, type MediaStorage } from '../../storage/media-storage';
import type { Db } from '../../db/connection';
import { IngestRefusedError, ingestUpload, type IngestedFile } from './media-ingest';
import './media.table';
import { findMediaUsage } from './media-usage';

export const MEDIA_FILES_PATH = '/api/v1/media/files';
export const MAX_FILES_PER_UPLOAD = 20;
/** The media area of avatars (users, profile). */
export const AVATAR_AREA = 'avatars';

const LIST_COLUMNS = [
  'name',
  'original_name',
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

  const toRecord = (row: Pick<RowOf<'media'>, (typeof LIST_COLUMNS)[number] | 'id'>): Media => ({
    id: Number(row.id),
    name: row.name,
    original_name: row.original_name,
    file_name: row.file_name,
    path: row.path,
    type: row.type,
    kind: row.kind,
    size: Number(row.size),
    width: row.width == null ? null : Number(row.width),
    height: row.height == null ? null : Number(row.height),
    area: row.area ?? null,
    url: urlOf(row.path),
    thumbnail_url: row.thumb_path ? urlOf(row.thumb_path) : null,
    created_at: row.created_at,
    updated_at: row.updated_at,
  });

  const resource = createResourceService({
    path: 'media',
    table: 'media',
    entity: 'media',
    permissions: crudPermissions('media'),
    schemas: { create: mediaUpdateSchema, update: mediaUpdateSchema, record: mediaRecordSchema },
    routes: ['list', 'show', 'update'],
    list: {
      searchFields: {
        name: { column: 'name', match: 'contains' },
        type: { column: 'type', match: 'exact' },
        area: { column: 'area', match: 'exact' },
      },
      sortable: ['name', 'size'],
      defaultOrder: ['created_at', 'desc'],
      columns: LIST_COLUMNS,
      search: 'index',
      counted: true,
      filters: {
        type: {
          schema: mediaListQuerySchema.shape.type.unwrap(),
          where: (eb, value: string) => {
            const parts = value.split(',').map((part) => part.trim());
            const kinds = parts.filter((part) => (MEDIA_KINDS as readonly string[]).includes(part));
            const mimes = parts.filter((part) => part.includes('/'));
            return eb.or([
              ...(kinds.length ? [eb('kind', 'in', kinds as Media['kind'][])] : []),
              ...(mimes.length ? [eb('type', 'in', mimes)] : []),
            ]);
          },
        },
        area: equalsFilter<'media'>('area', mediaListQuerySchema.shape.area.unwrap()),
      },
    },
    toRecord,
    searchText: (row) => searchText(row.name, row.original_name),
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

  /** Writes the rows of stored files with their audit entries, inside the caller's transaction. */
  const insertRows = async (
    tx: Db,
    ctx: ServiceContext,
    files: IngestedFile[],
    area: string | null,
  ): Promise<Media[]> => {
    const out: Media[] = [];
    for (const file of files) {
      const stamp = ctx.clock.now().toISOString();
      const row = await tx
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
        .executeTakeFirstOrThrow();
      const record = toRecord(row);
      await writeAudit(tx, ctx.audit, {
        action: 'create',
        entity: 'media',
        entityId: row.id,
        after: record as Row,
      });
      out.push(record);
    }
    return out;
  };

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
      return row ? toRecord(row) : null;
    },

    /** Drops stored files whose rows were never written (a later file of the upload failed). */
    discard: (files: IngestedFile[]) => removeObjects(files),

    insertRows,

    /** Writes the rows of stored files in one transaction; the files go when it fails. */
    async createRows(
      ctx: ServiceContext,
      files: IngestedFile[],
      area: string | null,
    ): Promise<Media[]> {
      try {
        return await ctx.transaction((tx) => insertRows(tx, ctx, files, area));
      } catch (error) {
        await removeObjects(files);
        throw error;
      }
    },

    /** The URL a stored file will have (before its row exists). */
    urlOfFile: (file: IngestedFile) => urlOf(file.thumbPath ?? file.path),

    /**
     * Keeps at most `keep` avatar items uploaded by one user: older ones that no
     * user shows any more are deleted (rows now, files by the returned function after
     * the commit), so avatars uploaded outside the library cannot grow without bound.
     */
    async pruneAvatars(tx: Db, ctx: ServiceContext, userId: number, keep: number) {
      const old = await tx
        .selectFrom('media')
        .selectAll()
        .where('area', '=', AVATAR_AREA)
        .where('user_id', '=', userId)
        .orderBy('id', 'desc')
        .offset(keep)
        .limit(1000)
        .execute();
      if (old.length === 0) return async () => {};
      const urls = old.flatMap((row) => [
        urlOf(row.path),
        ...(row.thumb_path ? [urlOf(row.thumb_path)] : []),
      ]);
      const shown = new Set(
        (await tx.selectFrom('users').select('avatar').where('avatar', 'in', urls).execute()).map(
          (row) => row.avatar,
        ),
      );
      const unused = old.filter(
        (row) =>
          !shown.has(urlOf(row.path)) && !(row.thumb_path && shown.has(urlOf(row.thumb_path))),
      );
      if (unused.length === 0) return async () => {};
      await tx
        .deleteFrom('media')
        .where(
          'id',
          'in',
          unused.map((row) => row.id),
        )
        .execute();
      for (const row of unused)
        await writeAudit(tx, ctx.audit, {
          action: 'delete',
          entity: 'media',
          entityId: row.id,
          before: toRecord(row) as Row,
        });
      return async () => {
        await removeObjects(unused.map((row) => ({ path: row.path, thumbPath: row.thumb_path })));
      };
    },

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

    /** Where the file is shown, asked before it is deleted (`media-usage.ts`). */
    async usage(ctx: ServiceContext, id: number): Promise<MediaUsage> {
      const row = await resource.findRow(ctx.db, id);
      if (!row) throw notFound();
      return findMediaUsage(ctx.db, actorOf(ctx), row.path);
    },

    storage,
  };
};

export type MediaService = ReturnType<typeof createMediaService>;
