import {
  COMMENT_STATUSES,
  commentCreateSchema,
  commentBulkSchema,
  commentRecordSchema,
  commentUpdateSchema,
  type Comment,
  type CommentCreate,
  type CommentStatus,
  type CommentUpdate,
} from '@backoffice/shared/comment.schema';
import { integerParam, itemResponse } from '@backoffice/shared/list-query.schema';
import { idParam } from '@backoffice/shared/schema-kit';
import { sql } from 'kysely';
import { z } from 'zod';
import { registerBulk } from '../../core/bulk-route';
import { serviceContext } from '../../core/context';
import { invalid } from '../../core/errors';
import { equalsFilter } from '../../core/list-engine';
import { tree } from '../../core/relations';
import { createResourceService, crudPermissions } from '../../core/resource';
import { registerResource } from '../../core/resource-routes';
import { searchText } from '../../core/search';
import type { ServiceContext } from '../../core/context';
import { holds } from '../../core/auth/guard';
import { checkPostTakes } from '../content';
import { readSetting } from '../settings';
import type { Db } from '../../db/connection';
import './comments.table';
import { exportColumns } from '../../core/export/export-route';
import type { TypedApp } from '../../core/typed-app';

/** Staff answer from the back office; anyone else is a member of the website. */
const isStaff = (ctx: ServiceContext) =>
  !!ctx.actor && (ctx.actor.isSuperAdmin || holds(ctx.actor, 'comments.create'));

/** A PATCH changes the message; moderation changes the status alone. */
type CommentChange = CommentUpdate | { status: CommentStatus };
const commentChangeSchema: z.ZodType<CommentChange> = commentUpdateSchema;

type Hidden = { user_id?: number | null; thread?: number };

/** Authors, posts and the number of replies under each comment of a page: one query each. */
const complete = async (db: Db, records: Comment[]) => {
  const rows = records as Array<Comment & Hidden>;
  const userIds = [...new Set(rows.map((r) => r.user_id).filter((v): v is number => v != null))];
  const postIds = [...new Set(rows.map((r) => r.post_id))];
  const threads = [...new Set(rows.map((r) => r.thread).filter((v): v is number => v != null))];
  const users = new Map<number, { id: number; name: string; avatar: string | null }>();
  if (userIds.length > 0)
    for (const user of await db
      .selectFrom('users')
      .select(['id', 'name', 'avatar'])
      .where('id', 'in', userIds)
      .execute())
      users.set(Number(user.id), {
        id: Number(user.id),
        name: user.name,
        avatar: user.avatar ?? null,
      });
  const posts = new Map<number, { id: number; title: string }>();
  if (postIds.length > 0)
    for (const post of await db
      .selectFrom('posts')
      .select(['id', 'title'])
      .where('id', 'in', postIds)
      .execute())
      posts.set(Number(post.id), { id: Number(post.id), title: post.title });
  // Replies never leave their thread, so the thread's rows are enough to count them.
  const children = new Map<number, number[]>();
  if (threads.length > 0)
    for (const row of await db
      .selectFrom('comments')
      .select(['id', 'comment_id'])
      .where('thread', 'in', threads)
      .execute())
      if (row.comment_id != null) {
        const parent = Number(row.comment_id);
        children.set(parent, [...(children.get(parent) ?? []), Number(row.id)]);
      }
  const descendants = (id: number): number =>
    (children.get(id) ?? []).reduce((sum, child) => sum + 1 + descendants(child), 0);
  for (const record of rows) {
    record.author = record.user_id != null ? (users.get(record.user_id) ?? null) : null;
    record.post = posts.get(record.post_id) ?? null;
    record.replies_count = descendants(record.id);
    delete record.user_id;
    delete record.thread;
  }
};

/**
 * Comments on posts, as threads: a reply sits right after the comment it answers (newest
 * reply first), threads come newest first, and a comment is deleted with its replies.
 */
export const commentsService = createResourceService({
  path: 'comments',
  table: 'comments',
  entity: 'comment',
  permissions: crudPermissions('comments'),
  schemas: {
    create: commentCreateSchema,
    update: commentChangeSchema,
    record: commentRecordSchema,
  },
  list: {
    columns: [
      'post_id',
      'comment_id',
      'user_id',
      'message',
      'status',
      'level',
      'thread',
      'position',
      'created_at',
      'updated_at',
    ],
    search: 'index',
    sortable: ['thread'],
    defaultOrder: ['thread', 'desc'],
    thenBy: { thread: ['position', 'asc'] },
    filters: {
      post_id: equalsFilter<'comments'>('post_id', integerParam()),
      comment_id: equalsFilter<'comments'>('comment_id', integerParam()),
      status: equalsFilter<'comments'>(
        'status',
        z.enum(COMMENT_STATUSES, { error: 'list.filter' }),
      ),
    },
    counted: { by: ['post_id'] },
  },
  toRecord: (row): Comment =>
    ({
      id: Number(row.id),
      post_id: Number(row.post_id),
      comment_id: row.comment_id == null ? null : Number(row.comment_id),
      message: row.message,
      status: row.status,
      level: Number(row.level),
      replies_count: 0,
      author: null,
      post: null,
      user_id: row.user_id == null ? null : Number(row.user_id),
      thread: Number(row.thread),
      created_at: row.created_at,
      updated_at: row.updated_at,
    }) as Comment & Hidden,
  complete,
  searchText: (row) => searchText(row.message),
  relations: [
    tree<'comments'>({
      parentColumn: 'comment_id',
      orderColumn: 'sort',
      levelColumn: 'level',
      scopeColumn: 'post_id',
      positionColumn: 'position',
    }),
  ],
  hooks: {
    prepare: (ctx, { action, input }) =>
      action === 'create'
        ? {
            values: {
              ...(input as CommentCreate),
              comment_id: (input as CommentCreate).comment_id ?? null,
              user_id: ctx.actor?.user.id ?? null,
            },
          }
        : {
            values: 'status' in input ? { status: input.status } : { message: input.message },
          },
    beforeWrite: async (tx, ctx, { action, values }) => {
      if (action !== 'create') return;
      const staff = isStaff(ctx);
      await checkPostTakes(tx, values.post_id as number, 'comments', { staff });
      const parentId = values.comment_id;
      // The newest sibling goes first, so a new reply sits right under the comment it answers.
      const siblings = await tx
        .selectFrom('comments')
        .select(sql<number | null>`min(sort)`.as('first'))
        .where('post_id', '=', values.post_id as number)
        .where((eb) =>
          parentId == null ? eb('comment_id', 'is', null) : eb('comment_id', '=', parentId),
        )
        .executeTakeFirst();
      const sort = siblings?.first == null ? 0 : Number(siblings.first) - 1;
      const status: CommentStatus =
        staff || (await readSetting(tx, 'comments_need_approval')) === 'false'
          ? 'approved'
          : 'pending';
      if (parentId == null) return { sort, status };
      const parent = await tx
        .selectFrom('comments')
        .select(['post_id', 'thread', 'status'])
        .where('id', '=', parentId)
        .executeTakeFirst();
      // A member answers only what the website shows: another's comment waiting for approval
      // (or marked spam) answers as a missing one.
      if (!parent || (!staff && parent.status !== 'approved'))
        throw invalid({ comment_id: 'validation.foreign_key' });
      if (Number(parent.post_id) !== Number(values.post_id))
        throw invalid({ comment_id: 'comment.parent_other_post' });
      return { sort, status, thread: Number(parent.thread) };
    },
    afterWrite: async (tx, _ctx, { action, row }) => {
      if (action === 'create' && row.comment_id == null)
        await tx.updateTable('comments').set({ thread: row.id }).where('id', '=', row.id).execute();
    },
  },
});

export const commentsRoutes = async (app: TypedApp) => {
  registerResource(app, commentsService, {
    export: exportColumns<Comment>(
      {
        id: (comment) => comment.id,
        author: (comment) => comment.author?.name,
        message: (comment) => comment.message,
        post: (comment) => comment.post?.title,
        status: (comment) => comment.status,
        created_at: (comment) => comment.created_at,
      },
      { status: 'comment.status' },
    ),
  });
  for (const [action, status, summary] of [
    ['approve', 'approved', 'Approve a comment: the website shows it'],
    ['spam', 'spam', 'Mark a comment as spam: the website hides it'],
  ] as const)
    app.post(`/api/v1/comments/:id/${action}`, {
      config: { permission: 'comments.update' },
      schema: {
        tags: ['comments'],
        operationId: `${action}Comment`,
        summary,
        params: idParam,
        response: { 200: itemResponse(commentRecordSchema) },
      },
      handler: async (request) => ({
        data: await commentsService.update(serviceContext(request), request.params.id, {
          status,
        }),
      }),
    });
  registerBulk(app, commentsService, {
    summary: 'Approve several comments, mark them as spam, or delete them with their replies',
    body: commentBulkSchema,
    actions: {
      approve: {
        permission: 'comments.update',
        change: (): CommentChange => ({ status: 'approved' }),
      },
      spam: { permission: 'comments.update', change: (): CommentChange => ({ status: 'spam' }) },
      delete: { permission: 'comments.delete', change: 'delete', children: 'cascade' },
    },
  });
  // A member of the website comments as themself; staff answer through POST /comments.
  app.post('/api/v1/comments/user', {
    config: { permission: 'authenticated' },
    schema: {
      tags: ['comments'],
      operationId: 'createUserComment',
      summary: 'Comment as the signed-in member',
      body: commentCreateSchema,
      response: { 201: itemResponse(commentRecordSchema) },
    },
    handler: async (request, reply) => {
      const record = await commentsService.create(serviceContext(request), request.body);
      return reply.status(201).send({ data: record });
    },
  });
};
