import { z } from 'zod';
import { bulkIds } from './bulk.schema';
import { id, requiredText, timestamps } from './schema-kit';

export const COMMENT_MESSAGE_MAX = 5000;

/**
 * Moderation: a member's comment waits (`pending`) while the `comments_need_approval` setting
 * is on; staff approve it or mark it `spam`. The website shows approved comments only.
 */
export const COMMENT_STATUSES = ['pending', 'approved', 'spam'] as const;
export type CommentStatus = (typeof COMMENT_STATUSES)[number];

const message = () =>
  requiredText({
    max: COMMENT_MESSAGE_MAX,
    required: 'comment.message_required',
    tooLong: 'comment.message_too_long',
  });

/** A comment on a post, or a reply to one (`comment_id` names the comment it answers). */
export const commentCreateSchema = z.strictObject({
  post_id: id(),
  comment_id: id().nullish(),
  message: message(),
});

/** Only the message of a comment can change: its post and its place in the thread stay. */
export const commentUpdateSchema = z.strictObject({ message: message() });

/** Several comments at once: approved, marked as spam, or deleted with their replies. */
export const commentBulkSchema = z.strictObject({
  ids: bulkIds(),
  action: z.enum(['approve', 'spam', 'delete'], { error: 'validation.invalid_value' }),
});

export const commentAuthorSchema = z.object({
  id: z.number(),
  name: z.string(),
  avatar: z.string().nullable(),
});

export const commentPostSchema = z.object({ id: z.number(), title: z.string() });

export const commentRecordSchema = z.object({
  id: z.number(),
  post_id: z.number(),
  comment_id: z.number().nullable(),
  message: z.string(),
  status: z.enum(COMMENT_STATUSES),
  /** 1 for a comment on the post, 2 for a reply to it, and so on. */
  level: z.number(),
  /** How many replies sit under it, at any depth (deleting it deletes them too). */
  replies_count: z.number(),
  author: commentAuthorSchema.nullable(),
  post: commentPostSchema.nullable(),
  ...timestamps,
});

export type Comment = z.infer<typeof commentRecordSchema>;
export type CommentCreate = z.infer<typeof commentCreateSchema>;
export type CommentUpdate = z.infer<typeof commentUpdateSchema>;
export type CommentBulk = z.infer<typeof commentBulkSchema>;
