import type { PostType, PostTypeCreate, PostTypeUpdate } from '@backoffice/shared/post-type.schema';
import { createResourceApi } from '../resource-api';

/** GET /types (limit=0), POST /types; GET, PATCH, DELETE /types/{id}. */
export const postTypesApi = createResourceApi<PostType, PostTypeCreate, PostTypeUpdate>('/types');

/** Every post type, in their order: the sidebar's Posts section and the type-bound screens read it. */
export const allPostTypesQueryOptions = () => postTypesApi.rowsQueryOptions({ limit: 0 });
