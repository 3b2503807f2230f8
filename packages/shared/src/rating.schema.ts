import { z } from 'zod';
import { integerParam } from './list-query.schema';
import { id, optionalText, requiredText, timestamps } from './schema-kit';

export const RATING_SCORE_MIN = 1;
export const RATING_SCORE_MAX = 5;

/**
 * A score given to a post, by a registered user (`user_id`) or by a visitor who left only a
 * name (`author_name`): one of the two, never both.
 */
export const ratingCreateSchema = z
  .strictObject({
    post_id: id(),
    user_id: id().nullish(),
    author_name: requiredText({
      max: 200,
      required: 'rating.author_required',
      tooLong: 'validation.too_long',
    }).nullish(),
    content: optionalText(5000),
    score: z
      .number({ error: 'rating.score_range' })
      .int({ error: 'rating.score_range' })
      .min(RATING_SCORE_MIN, { error: 'rating.score_range' })
      .max(RATING_SCORE_MAX, { error: 'rating.score_range' }),
  })
  .superRefine((value, ctx) => {
    const hasUser = value.user_id != null;
    const hasName = value.author_name != null;
    if (hasUser && hasName)
      ctx.addIssue({ code: 'custom', path: ['author_name'], message: 'rating.author_or_user' });
    if (!hasUser && !hasName)
      ctx.addIssue({ code: 'custom', path: ['author_name'], message: 'rating.author_required' });
  });

/** Ratings are not edited; the update schema exists for the generic form and refuses everything. */
export const ratingUpdateSchema = z.strictObject({});

export const ratingRecordSchema = z.object({
  id: z.number(),
  post_id: z.number(),
  user_id: z.number().nullable(),
  author_name: z.string().nullable(),
  content: z.string().nullable(),
  score: z.number(),
  user: z
    .object({ id: z.number(), name: z.string(), avatar: z.string().nullable() })
    .nullable()
    .optional(),
  post: z.object({ id: z.number(), title: z.string() }).nullable().optional(),
  ...timestamps,
});

/** A post's ratings in short: how many, and their mean score (null when there are none). */
export const ratingSummarySchema = z.object({
  post_id: z.number(),
  count: z.number(),
  average: z.number().nullable(),
});

export const ratingSummaryQuerySchema = z.strictObject({
  post_id: integerParam('validation.integer'),
});

export type Rating = z.infer<typeof ratingRecordSchema>;
export type RatingCreate = z.infer<typeof ratingCreateSchema>;
export type RatingSummary = z.infer<typeof ratingSummarySchema>;
