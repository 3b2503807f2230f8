/**
 * A post's statuses, apart from the post's schemas: the posts list needs these words only, and
 * importing the schemas built every zod schema of a post (about 20 ms) before its first row.
 */

/** published = visible, private = hidden (admin only), draft, pending = review requested. */
export const POST_STATUSES = ['published', 'private', 'draft', 'pending'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];
