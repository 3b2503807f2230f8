import {
  type Comment,
  type CommentCreate,
  commentCreateSchema,
  type CommentUpdate,
  commentUpdateSchema,
} from '@backoffice/shared/comment.schema';
import { postsApi } from '../../../lib/api/posts';
import { apiRequest } from '../../../lib/api-client';
import { createResourceApi, type Id } from '../../../lib/resource-api';

export { commentCreateSchema, commentUpdateSchema, type Comment };

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
};

/** The posts a comment or rating belongs to, for the post filter and the create form. */
export const commentPostsApi = postsApi;
