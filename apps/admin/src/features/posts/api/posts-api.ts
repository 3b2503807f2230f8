import type { Category } from '@backoffice/shared/category.schema';
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
import { apiRequest, type ItemResponse, type ListParams } from '../../../lib/api-client';
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

/** Every row of a list that has no `limit=0`: pages of 100 until the last. */
export const listAll = async <T>(
  api: {
    list: (
      params: ListParams,
      signal?: AbortSignal,
    ) => Promise<{ data: T[]; meta?: { pagination?: { total_pages: number } } }>;
  },
  params: ListParams,
  signal?: AbortSignal,
): Promise<T[]> => {
  const rows: T[] = [];
  for (let page = 1; page <= 50; page++) {
    const answer = await api.list({ ...params, limit: 100, page }, signal);
    rows.push(...answer.data);
    if (page >= (answer.meta?.pagination?.total_pages ?? 1)) break;
  }
  return rows;
};

export const pendingCountKey = ['/posts', 'pending-count'] as const;

/** Posts waiting for approval, from the maintained count (no rows are counted). */
export const pendingCount = (signal?: AbortSignal) =>
  postsApi
    .list({ status: 'pending', limit: 1 }, signal)
    .then((answer) => answer.meta?.pagination?.total ?? 0);
