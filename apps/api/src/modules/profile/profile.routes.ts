import { itemResponse } from '@backoffice/shared/list-query.schema';
import { profileRecordSchema, profileUpdateSchema } from '@backoffice/shared/user.schema';
import { actorOf } from '../../core/auth/guard';
import { serviceContext } from '../../core/context';
import { FORM_BODY, readForm } from '../../core/form';
import { prepareAvatar } from '../media';
import { announceEmailChange, checkOwnEmailChange } from '../users';
import { profileService } from './profile.service';
import type { TypedApp } from '../../core/typed-app';

export const profileRoutes = async (app: TypedApp) => {
  app.get('/api/v1/profile', {
    // the set-up screen of a user whose role requires two-factor sign-in shows who they are
    config: { permission: 'authenticated', allowTwoFactorSetup: true },
    schema: {
      summary: "Show the signed-in user's profile",
      tags: ['profile'],
      response: { 200: itemResponse(profileRecordSchema) },
    },
    handler: async (request) => ({
      data: await profileService.show(serviceContext(request), actorOf(request).user.id),
    }),
  });

  // `POST /profile?_method=PATCH` arrives here as PATCH (multipart with an optional avatar file).
  app.patch('/api/v1/profile', {
    config: {
      permission: 'authenticated',
      form: { schema: profileUpdateSchema, files: ['avatar'] },
    },
    schema: {
      summary: "Update the signed-in user's profile",
      tags: ['profile'],
      consumes: FORM_BODY,
      description:
        'multipart/form-data or JSON with the fields of profileUpdateSchema; `avatar` is an image file, or the URL of an image in the media library ("" or null removes it)',
      response: { 200: itemResponse(profileRecordSchema) },
    },
    handler: async (request) => {
      const ctx = serviceContext(request);
      const userId = actorOf(request).user.id;
      const { fields, files } = await readForm(request, profileUpdateSchema, { files: ['avatar'] });
      const { avatar: text, current_password: currentPassword, ...rest } = fields;
      // The old address hears of the change before it is written (a refused mail changes nothing).
      const emailChange = await checkOwnEmailChange(ctx, userId, rest.email, currentPassword);
      if (emailChange) await announceEmailChange(app.mailer, emailChange, ctx.locale);
      const current = await ctx.db
        .selectFrom('users')
        .select(['id', 'avatar'])
        .where('id', '=', userId)
        .executeTakeFirst();
      const avatar = await prepareAvatar(app, request, ctx, current, text, files);
      await profileService.update(ctx, userId, rest, avatar);
      return { data: await profileService.show(ctx, userId) };
    },
  });
};
