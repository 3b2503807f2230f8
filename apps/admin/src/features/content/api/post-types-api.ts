import { allPostTypesQueryOptions, postTypesApi } from '../../../lib/api/post-types';

export { allPostTypesQueryOptions, postTypesApi };

/**
 * The sidebar's copy of the types, under a key of its own: after a type changes the menu
 * reloads it two seconds later (the user is told), not in the middle of the save.
 */
export const NAV_POST_TYPES_KEY = ['nav', '/types'] as const;
