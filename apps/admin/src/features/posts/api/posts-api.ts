import type { BulkResult } from '@backoffice/shared/bulk.schema';
import type { Post, PostBulk, PostDetail, PostStatus } from '@backoffice/shared/post.schema';
import { queryOptions } from '@tanstack/react-query';
import { agenciesApi } from '../../../lib/api/agencies';
import { categoriesApi } from '../../../lib/api/categories';
import { discountsApi } from '../../../lib/api/discounts';
import { groupsApi } from '../../../lib/api/groups';
import { postTypesApi } from '../../../lib/api/post-types';
import { postsApi } from '../../../lib/api/posts';
import { apiRequest, type ItemResponse } from '../../../lib/api-client';
import type { Id } from '../../../lib/resource-api';

/** The posts screens read these endpoints through their one client each. */
export { agenciesApi, categoriesApi, discountsApi, groupsApi, postsApi, postTypesApi };

/** One whole post (every box), for the editor. */
export const getPost = (id: number, signal?: AbortSignal) =>
  apiRequest<ItemResponse<PostDetail>>(`/posts/${id}`, { signal }).then((r) => r.data);

/** One whole post for the editor: a shape of its own beside the list's record. */
export const postDetailQueryOptions = (id: number) =>
  queryOptions({
    queryKey: postsApi.keys.itemView(id, 'detail'),
    queryFn: ({ signal }) => getPost(id, signal),
  });

/** The editor's related-posts box: posts of the type found by a search, or named by id. */
export const relatedSearchQueryOptions = (typeId: Id, search: string) =>
  postsApi.listQueryOptions({ type_id: typeId, search: search || undefined, limit: 20 });
export const relatedByIdsQueryOptions = (ids: readonly number[]) =>
  postsApi.listQueryOptions({ ids: ids.join(','), limit: 100 });

/** The editor's most used categories of a type: those holding the most posts. */
export const mostUsedCategoriesQueryOptions = (typeId: Id, limit: number) =>
  categoriesApi.listQueryOptions({
    type_id: typeId,
    orderBy: 'post_count',
    sortedBy: 'desc',
    limit,
  });

export const bulkPosts = (ids: number[], action: PostBulk['action'], status?: PostStatus) =>
  apiRequest<{ data: BulkResult }>('/posts/bulk', {
    method: 'POST',
    body: { ids, action, ...(status ? { status } : {}) },
  });

/** A one-hour token that shows the post as saved on the website, whatever its status. */
export const previewPost = (id: number) =>
  apiRequest<ItemResponse<{ token: string; expires_at: string }>>(`/posts/${id}/preview`, {
    method: 'POST',
  }).then((response) => response.data);

export const approvePost = (id: number) =>
  apiRequest<ItemResponse<Post>>(`/posts/${id}/approve`, { method: 'POST' });

export const pendingCountKey = postsApi.keys.view('pending-count');

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
