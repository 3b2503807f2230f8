import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServiceContext } from './context';
import { invalid } from './errors';
import type { UploadedFile } from './form';

/**
 * The `avatar` column's change from an update (profile, users): an uploaded `avatar` file is
 * stored as a new media item; else a text `avatar` names an image already in the media library
 * by its URL (checked, stored as its thumbnail's URL), "" / null removes it, and the value the
 * user already has passes unchanged. Nothing sent: no change.
 */
export const avatarChange = async (
  app: FastifyInstance,
  request: FastifyRequest,
  ctx: ServiceContext,
  userId: number,
  text: string | null | undefined,
  files: readonly UploadedFile[],
): Promise<{ avatar?: string | null }> => {
  const file = files.find((f) => f.field === 'avatar');
  if (file) return app.deps.avatars ? { avatar: await app.deps.avatars.save(ctx, file) } : {};
  if (text === undefined) return {};
  if (text === null) return { avatar: null };
  const current = await ctx.db
    .selectFrom('users')
    .select('avatar')
    .where('id', '=', userId)
    .executeTakeFirst();
  if (current && current.avatar === text) return {};
  if (!app.deps.avatars) throw invalid({ avatar: 'media.avatar_not_media' });
  const origins = [`${request.protocol}://${request.host}`];
  return { avatar: await app.deps.avatars.choose(ctx, text, origins) };
};
