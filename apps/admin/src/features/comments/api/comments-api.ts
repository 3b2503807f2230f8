// Types only: the sidebar's pending count (resource.ts) loads this file with the layout, and
// the schemas' code belongs to the comments screen, not to the first screen.
import type { BulkResult } from '@backoffice/shared/bulk.schema';
import type {
  Comment,
  CommentBulk,
  CommentCreate,
  CommentUpdate,
} from '@backoffice/shared/comment.schema';
import { postsApi } from '../../../lib/api/posts';
import { apiRequest } from '../../../lib/api-client';
import { createResourceApi, type Id } from '../../../lib/resource-api';

export type { Comment };

const base = createResourceApi<Comment, CommentCreate, CommentUpdate>('/comments');

/**
 * GET, POST /comments; PATCH /comments/{id} (the message only); DELETE /comments/{id} always
 * takes the replies with it, so no reply is ever left without the comment it answers.
 */
export const commentsApi = {
  ...base,
  remove: (id: Id) =>
    apiRequest<null>(`/comments/${encodeURIComponent(String(id))}`, {
      method: 'DELETE',
      query: { children: 'cascade' },
    }),
  /** POST /comments/{id}/approve: the website shows it. */
  approve: (id: Id) =>
    apiRequest<{ data: Comment }>(`/comments/${encodeURIComponent(String(id))}/approve`, {
      method: 'POST',
    }).then((answer) => answer.data),
  /** POST /comments/{id}/spam: the website hides it. */
  spam: (id: Id) =>
    apiRequest<{ data: Comment }>(`/comments/${encodeURIComponent(String(id))}/spam`, {
      method: 'POST',
    }).then((answer) => answer.data),
  /** POST /comments/bulk: several approved, marked as spam, or deleted with their replies. */
  bulk: (ids: number[], action: CommentBulk['action']) =>
    apiRequest<{ data: BulkResult }>('/comments/bulk', { method: 'POST', body: { ids, action } }),
};

/** Comments waiting for approval: one row asked for, its total read (the badge and the warm start share it). */
export const pendingCommentsQuery = {
  queryKey: commentsApi.keys.view('pending-count'),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    commentsApi
      .list({ status: 'pending', limit: 1 }, signal)
      .then((answer) => answer.meta?.pagination?.total ?? 0),
};

/** The posts a comment or rating belongs to, for the post filter and the create form. */
export const commentPostsApi = postsApi;
