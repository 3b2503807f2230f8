import type { Post, PostCreate, PostUpdate } from '@backoffice/shared/post.schema';
import { createResourceApi } from '../resource-api';

/** GET, POST /posts; GET, PATCH, DELETE /posts/{id}: the one client of posts, for every screen. */
export const postsApi = createResourceApi<Post, PostCreate, PostUpdate>('/posts');
