import {
  type Rating,
  type RatingCreate,
  ratingCreateSchema,
  type RatingSummary,
} from '@backoffice/shared/rating.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { optionsFromList } from '../../../lib/options';
import { createResourceApi } from '../../../lib/resource-api';
import { usersResourceApi } from '../../../lib/api/users';

export { ratingCreateSchema, type Rating };

const base = createResourceApi<Rating, RatingCreate, never>('/ratings', { bulkDelete: true });

/**
 * GET /ratings (include=user,post), POST /ratings, DELETE /ratings/{id}. A new rating answers
 * with its user and post too, so the row shown at once has its author and rated item.
 */
export const ratingsApi = {
  ...base,
  create: (body: RatingCreate) =>
    apiRequest<{ data: Rating }>('/ratings', {
      method: 'POST',
      query: { include: 'user,post' },
      body,
    }).then((response) => response.data),
};

/** GET /ratings/summary?post_id=: a post's number of ratings and average score. */
export const ratingSummaryQuery = (postId: number) =>
  queryOptions({
    queryKey: ratingsApi.keys.view('summary', postId),
    queryFn: ({ signal }) =>
      apiRequest<{ data: RatingSummary }>('/ratings/summary', {
        query: { post_id: postId },
        signal,
      }).then((response) => response.data),
  });

export const useRatingSummary = (postId: number | undefined) =>
  useQuery({ ...ratingSummaryQuery(postId ?? 0), enabled: postId !== undefined && postId > 0 });

/** Registered users searched on the server as one types, for a rating recorded by hand. */
export const ratingUserOptions = optionsFromList(
  usersResourceApi,
  (user) => ({ value: user.id, label: `${user.name} · ${user.email}` }),
  { limit: 20 },
);
