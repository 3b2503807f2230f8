import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import type { ServiceContext } from '../../core/context';
import { invalid } from '../../core/errors';
import type { UploadedFile } from '../../core/form';
import type { SideWork } from '../../core/resource';
import { AVATAR_AREA } from './media.service';

/** Avatar items one user's uploads may keep (older ones nobody shows are removed). */
export const AVATARS_KEPT_PER_USER = 5;

/**
 * The `avatar` change of a users or profile write. An uploaded `avatar` file is
 * stored now (before the write's transaction) and becomes a media item of the area
 * `avatars` inside that transaction; if the write fails the file is removed, so a
 * refused write keeps neither a file nor a media row. A text `avatar` names an image
 * already in the media library by its URL (stored as its thumbnail's URL); "" or null
 * removes it; the value the user already has passes unchanged; nothing sent, no change.
 */
export const prepareAvatar = async (
  app: FastifyInstance,
  request: FastifyRequest,
  ctx: ServiceContext,
  current: { id: number; avatar: string | null } | undefined,
  text: string | null | undefined,
  files: readonly UploadedFile[],
): Promise<SideWork> => {
  const { media } = app;
  const file = files.find((f) => f.field === 'avatar');
  if (file) {
    const ingested = await media.ingest(Readable.from(file.buffer), file.filename || 'avatar');
    if (ingested.kind !== 'image') {
      await media.discard([ingested]);
      throw invalid({ avatar: 'avatar.not_image' });
    }
    let removePruned: () => Promise<void> = async () => undefined;
    const uploader = ctx.actor?.user.id;
    return {
      values: { avatar: media.urlOfFile(ingested) },
      write: async (tx) => {
        await media.insertRows(tx, ctx, [ingested], AVATAR_AREA);
        if (uploader !== undefined)
          removePruned = await media.pruneAvatars(tx, ctx, uploader, AVATARS_KEPT_PER_USER);
      },
      undo: async () => {
        await media.discard([ingested]);
      },
      afterCommit: () => removePruned(),
    };
  }
  if (text === undefined) return {};
  if (text === null) return { values: { avatar: null } };
  if (current && current.avatar === text) return {};
  const chosen = await media.findImageByUrl(ctx.db, text, [
    `${request.protocol}://${request.host}`,
  ]);
  if (!chosen) throw invalid({ avatar: 'media.avatar_not_media' });
  return { values: { avatar: chosen.thumbnail_url ?? chosen.url } };
};
