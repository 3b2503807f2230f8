import { feedbackCreateSchema } from '@backoffice/shared/feedback.schema';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { serviceContext } from '../../core/context';
import { ERROR_RESPONSES } from '../../core/openapi';
import { PUBLIC_PREFIX, PUBLIC_TAG, allowOrigin, listPublicRoute } from '../../core/public';
import { claimPublicWrite, publicWriteState } from '../../core/public-rate';
import { rateLimitHeaders } from '../../core/rate-limit-headers';
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

const feedbackLimit = (request: FastifyRequest) => ({
  max: FEEDBACK_PER_WINDOW,
  windowSeconds: FEEDBACK_WINDOW_SECONDS,
  now: serviceContext(request).clock.now(),
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
    onSend: rateLimitHeaders((request) =>
      publicWriteState(serviceContext(request).db, 'feedback', request.ip, feedbackLimit(request)),
    ),
    handler: async (request, reply) => {
      const ctx = serviceContext(request);
      await claimPublicWrite(ctx.db, 'feedback', request.ip, feedbackLimit(request));
      const saved = await feedbackService.create(ctx, request.body);
      reply.code(201).header('cache-control', 'no-store');
      return { data: publicFeedbackShape.parse(saved) };
    },
  });
};
