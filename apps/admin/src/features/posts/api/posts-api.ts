import type { Category } from '@backoffice/shared/category.schema';
import type { Discount } from '@backoffice/shared/discount.schema';
import type { Group } from '@backoffice/shared/group.schema';
import type {
  Post,
  PostBulk,
  PostCreate,
  PostDetail,
  PostStatus,
  PostUpdate,
} from '@backoffice/shared/post.schema';
import type { PostType } from '@backoffice/shared/post-type.schema';
import { apiRequest, type ItemResponse } from '../../../lib/api-client';
import { createResourceApi } from '../../../lib/resource-api';

export const postsApi = createResourceApi<Post, PostCreate, PostUpdate>('/posts');

/** One whole post (every box), for the editor. */
export const getPost = (id: number, signal?: AbortSignal) =>
  apiRequest<ItemResponse<PostDetail>>(`/posts/${id}`, { signal }).then((r) => r.data);

export const bulkPosts = (ids: number[], action: PostBulk['action'], status?: PostStatus) =>
  apiRequest<{ data: { done: number } }>('/posts/bulk', {
    method: 'POST',
    body: { ids, action, ...(status ? { status } : {}) },
  });

export const approvePost = (id: number) =>
  apiRequest<ItemResponse<Post>>(`/posts/${id}/approve`, { method: 'POST' });

export const postTypesApi = createResourceApi<PostType>('/types');
export const categoriesApi = createResourceApi<Category, Record<string, unknown>>('/categories');
export const groupsApi = createResourceApi<Group>('/groups');
export const agenciesApi = createResourceApi<{ id: number; name: string }>('/agencies');
/** Discounts a product or a course may name (read here: a feature keeps its own calls). */
export const discountsApi = createResourceApi<Discount>('/discounts');

export const pendingCountKey = ['/posts', 'pending-count'] as const;

/** Posts waiting for approval, from the maintained count (no rows are counted). */
export const pendingCount = (signal?: AbortSignal) =>
  postsApi
    .list({ status: 'pending', limit: 1 }, signal)
    .then((answer) => answer.meta?.pagination?.total ?? 0);

/** The sidebar's count of posts waiting for approval (the badge and the warm start share it). */
export const pendingCountQuery = {
  queryKey: pendingCountKey,
  queryFn: ({ signal }: { signal: AbortSignal }) => pendingCount(signal),
};
