import { postTypesApi } from '../../../lib/api/post-types';

export { postTypesApi };

/** Every post type, in their order: the sidebar's Posts section and the type-bound screens read it. */
export const allPostTypesQueryOptions = () => postTypesApi.rowsQueryOptions({ limit: 0 });

/**
 * The sidebar's copy of the types, under a key of its own: after a type changes the menu
 * reloads it two seconds later (the user is told), not in the middle of the save.
 */
export const NAV_POST_TYPES_KEY = ['nav', '/types'] as const;
