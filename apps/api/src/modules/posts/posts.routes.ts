import { itemResponse } from '@backoffice/shared/list-query.schema';
import {
  postBulkSchema,
  postPreviewSchema,
  postRecordSchema,
  type Post,
  type PostCreate,
  postCreateSchema,
} from '@backoffice/shared/post.schema';
import { idParam } from '@backoffice/shared/schema-kit';
import { z } from 'zod';
import { registerBulk } from '../../core/bulk-route';
import { serviceContext, type ServiceContext } from '../../core/context';
import { invalid, notFound } from '../../core/errors';
import { optionalCell, registerImport, wholeNumber } from '../../core/import/import-route';
import { registerResource } from '../../core/resource-routes';
import { integerParam } from '@backoffice/shared/list-query.schema';
import { announceDuePosts } from './post-publication';
import { makePreviewToken } from './post-preview';
import { postsService } from './posts.service';
import type { Row } from '../../core/resource';
import { exportColumns } from '../../core/export/export-route';
import type { TypedApp } from '../../core/typed-app';

/**
 * Who makes or changes orders and stock slips picks their products from the list of posts
 * without `posts.list`: a list of products only, one that asks for `style=product` or for a
 * type of product style.
 */
const asksForProducts = async (ctx: ServiceContext, query: Row) => {
  const { style, type_id: typeId } = query;
  if (Array.isArray(style) && style.length > 0 && style.every((one) => one === 'product'))
    return true;
  if (typeof typeId !== 'number') return false;
  const type = await ctx.db
    .selectFrom('post_types')
    .select('style')
    .where('id', '=', typeId)
    .executeTakeFirst();
  return type?.style === 'product';
};

/** How often each instance looks for scheduled posts whose moment has come. */
export const ANNOUNCE_EVERY_MS = 5_000;

export const postsRoutes = async (app: TypedApp) => {
  // Scheduled posts appear by a rule read at every request; this timer only announces them
  // (`post.published`) once their moment has come. Every instance runs it; each post is
  // announced by the one that claims it.
  let timer: ReturnType<typeof setInterval> | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      announceDuePosts(app.db, app.clock.now()).catch((error: unknown) =>
        app.log.warn({ err: error }, 'posts: announcing scheduled posts failed'),
      );
    }, ANNOUNCE_EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));

  registerResource(app, postsService, {
    narrowReaders: {
      keys: ['orders.create', 'orders.update', 'edit-warehouses'],
      allows: asksForProducts,
    },
    export: exportColumns<Post>(
      {
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
      },
      { status: 'post.status' },
    ),
  });

  registerImport(app, {
    path: 'posts',
    permission: 'posts.create',
    query: z.strictObject({ type_id: integerParam() }),
    columns: { 'product.code': 'code', 'product.price': 'price' },
    listed: { status: 'post.status' },
    parse: (cells) =>
      postCreateSchema.safeParse({
        type_id: 1,
        title: cells.title ?? '',
        description: optionalCell(cells.description),
        status: optionalCell(cells.status),
        product: { code: cells.code ?? '', price: wholeNumber(cells.price) },
      }),
    unique: {
      field: 'product.code',
      of: (input) => input.product!.code!,
      message: 'import.code_repeated',
    },
    write: async (ctx, input: PostCreate, query: { type_id: number }) => {
      const existing = await ctx.db
        .selectFrom('posts')
        .select(['id', 'type_id'])
        .where('product_code', '=', input.product!.code!)
        .executeTakeFirst();
      if (existing && existing.type_id !== query.type_id)
        throw invalid({ code: 'import.code_other_type' });
      const { type_id: _type, ...fields } = input;
      if (existing) {
        await postsService.update(ctx, existing.id, fields);
        return 'updated';
      }
      await postsService.create(ctx, { ...input, type_id: query.type_id });
      return 'created';
    },
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
      data: await postsService.update(serviceContext(request), request.params.id, {
        status: 'published',
      }),
    }),
  });

  app.post('/api/v1/posts/:id/preview', {
    config: { permission: 'posts.update' },
    schema: {
      tags: ['posts'],
      operationId: 'previewPost',
      summary:
        'A token that shows the post as saved on the website for an hour, whatever its status',
      params: idParam,
      response: { 200: itemResponse(postPreviewSchema) },
    },
    handler: async (request) => {
      const ctx = serviceContext(request);
      const post = await postsService.findRow(ctx.db, request.params.id);
      if (!post) throw notFound();
      return { data: makePreviewToken(app.config.appSecret, post.id, ctx.clock.now()) };
    },
  });

  registerBulk(app, postsService, {
    summary: 'Delete several posts, or give them a new status',
    body: postBulkSchema,
    actions: {
      delete: { permission: 'posts.delete', change: 'delete' },
      status: {
        permission: 'posts.update',
        change: ({ status }) => {
          if (!status) throw invalid({ status: 'post.bulk_status_required' });
          return { status };
        },
      },
    },
  });
};
