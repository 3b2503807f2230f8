/** How a type's posts list is sorted until the user sorts it (newest first). */
export const POSTS_LIST_SORT = { orderBy: 'created_at', sortedBy: 'desc' } as const;
