import { feedbackCreateSchema } from '@backoffice/shared/feedback.schema';
import { z } from 'zod';
import { serviceContext } from '../../core/context';
import { ERROR_RESPONSES } from '../../core/openapi';
import { PUBLIC_PREFIX, PUBLIC_TAG, allowOrigin, listPublicRoute } from '../../core/public';
import { claimPublicWrite } from '../../core/public-rate';
import { feedbackService } from './feedback.routes';
import type { TypedApp } from '../../core/typed-app';

/**
 * The website's contact form: a visitor's message becomes a feedback record for staff. The
 * answer repeats what was received and nothing of any other feedback; an address may send
 * at most 5 within 10 minutes.
 */
export const FEEDBACK_PER_WINDOW = 5;
export const FEEDBACK_WINDOW_SECONDS = 10 * 60;

const publicFeedbackSchema = feedbackCreateSchema.omit({ status: true });

export const publicFeedbackShape = z.object({
  type: z.string().nullable(),
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  content: z.string().nullable(),
  created_at: z.string(),
});

export const feedbackPublicRoutes = async (app: TypedApp) => {
  const url = `${PUBLIC_PREFIX}/feedback`;
  listPublicRoute('POST', url);
  app.post(url, {
    config: { permission: 'public' },
    schema: {
      tags: [PUBLIC_TAG],
      operationId: 'publicSendFeedback',
      summary: "The website's contact form: a message for staff",
      body: publicFeedbackSchema,
      response: { 201: z.object({ data: publicFeedbackShape }), 429: ERROR_RESPONSES[429] },
    },
    onRequest: async (request, reply) => allowOrigin(request, reply),
    handler: async (request, reply) => {
      const ctx = serviceContext(request);
      await claimPublicWrite(ctx.db, 'feedback', request.ip, {
        max: FEEDBACK_PER_WINDOW,
        windowSeconds: FEEDBACK_WINDOW_SECONDS,
        now: ctx.clock.now(),
      });
      const saved = await feedbackService.create(ctx, request.body);
      reply.code(201).header('cache-control', 'no-store');
      return { data: publicFeedbackShape.parse(saved) };
    },
  });
};
