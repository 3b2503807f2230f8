import type { PostType, PostTypeCreate, PostTypeUpdate } from '@backoffice/shared/post-type.schema';
import { queryOptions } from '@tanstack/react-query';
import { createResourceApi } from '../../../lib/resource-api';

/** GET /types (limit=0), POST /types; GET, PATCH, DELETE /types/{id}. */
export const postTypesApi = createResourceApi<PostType, PostTypeCreate, PostTypeUpdate>('/types');

/** Every post type, in their order: the sidebar's Posts section and the type-bound screens read it. */
export const allPostTypesQueryOptions = () =>
  queryOptions({
    queryKey: postTypesApi.keys.list({ limit: 0 }),
    queryFn: ({ signal }) => postTypesApi.list({ limit: 0 }, signal).then((page) => page.data),
  });

/**
 * The sidebar's copy of the types, under a key of its own: after a type changes the menu
 * reloads it two seconds later (the user is told), not in the middle of the save.
 */
export const NAV_POST_TYPES_KEY = ['nav', '/types'] as const;
