import { itemResponse } from '@backoffice/shared/list-query.schema';
import {
  postBulkSchema,
  postRecordSchema,
  type Post,
  type PostBulk,
} from '@backoffice/shared/post.schema';
import { idParam } from '@backoffice/shared/schema-kit';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { holds } from '../../core/auth/guard';
import { serviceContext } from '../../core/context';
import { forbidden, invalid } from '../../core/errors';
import { registerResource } from '../../core/resource-routes';
import { postsService } from './posts.service';
import { exportColumns } from '../../core/export/export-route';

export const postsRoutes = async (app: FastifyInstance) => {
  registerResource(app, postsService, {
    export: exportColumns<Post>({
      id: (post) => post.id,
      title: (post) => post.title,
      code: (post) => post.product?.code,
      price: (post) => post.product?.price ?? post.course?.price,
      status: (post) => post.status,
      category: (post) => post.primary_category?.title,
      author: (post) => post.author?.name,
      slug: (post) => post.slug,
      created_at: (post) => post.created_at,
      updated_at: (post) => post.updated_at,
    }),
  });

  app.post('/api/v1/posts/:id/approve', {
    config: { permission: 'posts.approve' },
    schema: {
      tags: ['posts'],
      operationId: 'approvePost',
      summary: 'Approve a post: it is published',
      params: idParam,
      response: { 200: itemResponse(postRecordSchema) },
    },
    handler: async (request) => ({
      data: await postsService.update(
        serviceContext(request),
        (request.params as { id: number }).id,
        {
          status: 'published',
        },
      ),
    }),
  });

  app.post('/api/v1/posts/bulk', {
    config: { permission: ['posts.delete', 'posts.update'] },
    schema: {
      tags: ['posts'],
      operationId: 'bulkPosts',
      summary: 'Delete several posts, or give them a new status',
      body: postBulkSchema,
      response: { 200: z.object({ data: z.object({ done: z.number() }) }) },
    },
    handler: async (request) => {
      const ctx = serviceContext(request);
      const body = request.body as PostBulk;
      const actor = ctx.actor!;
      const ids = [...new Set(body.ids)];
      if (body.action === 'delete') {
        if (!holds(actor, 'posts.delete')) throw forbidden();
        for (const id of ids) await postsService.remove(ctx, id).catch(ignoreMissing);
        return { data: { done: ids.length } };
      }
      if (!holds(actor, 'posts.update')) throw forbidden();
      if (!body.status) throw invalid({ status: 'post.bulk_status_required' });
      for (const id of ids)
        await postsService.update(ctx, id, { status: body.status }).catch(ignoreMissing);
      return { data: { done: ids.length } };
    },
  });
};

/** A post another person deleted in the meantime is simply not there any more. */
const ignoreMissing = (error: unknown) => {
  if ((error as { code?: string }).code === 'not_found') return;
  throw error;
};
