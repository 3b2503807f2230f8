import { itemResponse } from '@backoffice/shared/list-query.schema';
import { profileRecordSchema, profileUpdateSchema } from '@backoffice/shared/user.schema';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../core/auth/guard';
import { avatarChange } from '../../core/avatar';
import { serviceContext } from '../../core/context';
import { readForm } from '../../core/form';
import { profileService } from './profile.service';

export const profileRoutes = async (app: FastifyInstance) => {
  const avatarUrl = (path: string) => app.deps.avatars?.url(path) ?? path;

  app.get('/api/v1/profile', {
    config: { permission: 'authenticated' },
    schema: { tags: ['profile'], response: { 200: itemResponse(profileRecordSchema) } },
    handler: async (request) => ({ data: await profileService.show(serviceContext(request), actorOf(request).user.id, avatarUrl) }),
  });

  // `POST /profile?_method=PATCH` arrives here as PATCH (multipart with an optional avatar file).
  app.patch('/api/v1/profile', {
    config: { permission: 'authenticated' },
    schema: {
      tags: ['profile'],
      description:
        'multipart/form-data or JSON with the fields of profileUpdateSchema; `avatar` is an image file, or the URL of an image in the media library ("" or null removes it)',
      response: { 200: itemResponse(profileRecordSchema) },
    },
    handler: async (request) => {
      const ctx = serviceContext(request);
      const userId = actorOf(request).user.id;
      const { fields, files } = await readForm(request, profileUpdateSchema, { files: ['avatar'] });
      const { avatar, ...rest } = fields;
      await profileService.update(ctx, userId, { ...rest, ...(await avatarChange(app, request, ctx, userId, avatar, files)) });
      return { data: await profileService.show(ctx, userId, avatarUrl) };
    },
  });
};
