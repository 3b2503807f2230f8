import { integerParam, itemResponse } from '@backoffice/shared/list-query.schema';
import {
  RATING_SCORE_MAX,
  RATING_SCORE_MIN,
  ratingCreateSchema,
  ratingRecordSchema,
  ratingSummaryQuerySchema,
  ratingSummarySchema,
  ratingUpdateSchema,
  type Rating,
} from '@backoffice/shared/rating.schema';
import { sql } from 'kysely';
import { serviceContext } from '../../core/context';
import { invalid } from '../../core/errors';
import { equalsFilter } from '../../core/list-engine';
import { createResourceService } from '../../core/resource';
import { registerResource } from '../../core/resource-routes';
import { searchText } from '../../core/search';
import { checkPostTakes } from '../content';
import './comments.table';
import type { TypedApp } from '../../core/typed-app';

/** Scores visitors and members give to posts; staff may add one by hand and delete any. */
export const ratingsService = createResourceService({
  path: 'ratings',
  table: 'ratings',
  entity: 'rating',
  permissions: {
    list: 'ratings.list',
    show: 'ratings.list',
    create: 'ratings.create',
    update: 'ratings.create',
    delete: 'ratings.delete',
  },
  routes: ['list', 'show', 'create', 'delete'],
  schemas: { create: ratingCreateSchema, update: ratingUpdateSchema, record: ratingRecordSchema },
  list: {
    columns: ['post_id', 'user_id', 'author_name', 'content', 'score', 'created_at', 'updated_at'],
    search: 'index',
    sortable: ['score'],
    defaultOrder: ['id', 'desc'],
    filters: {
      post_id: equalsFilter<'ratings'>('post_id', integerParam()),
      user_id: equalsFilter<'ratings'>('user_id', integerParam()),
      score: equalsFilter<'ratings'>(
        'score',
        integerParam('rating.score_range', RATING_SCORE_MAX).refine((v) => v >= RATING_SCORE_MIN, {
          error: 'rating.score_range',
        }),
      ),
    },
    counted: { by: ['post_id'] },
  },
  toRecord: (row): Rating => ({
    id: Number(row.id),
    post_id: Number(row.post_id),
    user_id: row.user_id == null ? null : Number(row.user_id),
    author_name: row.author_name ?? null,
    content: row.content ?? null,
    score: Number(row.score),
    created_at: row.created_at,
    updated_at: row.updated_at,
  }),
  searchText: (row) => searchText(row.author_name, row.content),
  includes: {
    user: async (ctx, records) => {
      const ids = [...new Set(records.map((r) => r.user_id).filter((v): v is number => v != null))];
      const users =
        ids.length > 0
          ? await ctx.db
              .selectFrom('users')
              .select(['id', 'name', 'avatar'])
              .where('id', 'in', ids)
              .execute()
          : [];
      const byId = new Map(
        users.map((u) => [
          Number(u.id),
          { id: Number(u.id), name: u.name, avatar: u.avatar ?? null },
        ]),
      );
      for (const record of records)
        record.user = record.user_id == null ? null : (byId.get(record.user_id) ?? null);
    },
    post: async (ctx, records) => {
      const ids = [...new Set(records.map((r) => r.post_id))];
      const posts =
        ids.length > 0
          ? await ctx.db
              .selectFrom('posts')
              .select(['id', 'title'])
              .where('id', 'in', ids)
              .execute()
          : [];
      const byId = new Map(posts.map((p) => [Number(p.id), { id: Number(p.id), title: p.title }]));
      for (const record of records) record.post = byId.get(record.post_id) ?? null;
    },
  },
  hooks: {
    // Only staff reach this route (a hand-entered rating), so drafts may be rated too.
    beforeWrite: async (tx, _ctx, { values }) => {
      await checkPostTakes(tx, values.post_id as number, 'ratings', { staff: true });
      if (values.user_id != null) {
        const user = await tx
          .selectFrom('users')
          .select('id')
          .where('id', '=', values.user_id)
          .executeTakeFirst();
        if (!user) throw invalid({ user_id: 'validation.foreign_key' });
      }
    },
  },
});

export const ratingsRoutes = async (app: TypedApp) => {
  // Before the resource's `/:id`, though a static path wins over a parameter anyway.
  app.get('/api/v1/ratings/summary', {
    config: { permission: 'ratings.list' },
    schema: {
      tags: ['ratings'],
      operationId: 'ratingSummary',
      summary: "A post's number of ratings and their average score",
      querystring: ratingSummaryQuerySchema,
      response: { 200: itemResponse(ratingSummarySchema) },
    },
    handler: async (request) => {
      const { post_id: postId } = request.query;
      const ctx = serviceContext(request);
      const row = await ctx.db
        .selectFrom('ratings')
        .select([sql<number>`count(*)`.as('count'), sql<number | null>`avg(score)`.as('average')])
        .where('post_id', '=', postId)
        .executeTakeFirstOrThrow();
      const count = Number(row.count);
      const average = row.average == null ? null : Math.round(Number(row.average) * 100) / 100;
      return { data: { post_id: postId, count, average: count === 0 ? null : average } };
    },
  });
  registerResource(app, ratingsService, { bulkDelete: true });
};
