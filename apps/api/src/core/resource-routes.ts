import {
  itemResponse,
  listQuerySchema,
  listResponse,
  showQuerySchema,
} from '@backoffice/shared/list-query.schema';
import { idParam } from '@backoffice/shared/schema-kit';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { serviceContext, type ServiceContext } from './context';
import { exportQuerySchema, registerExport, type ExportColumn } from './export/export-route';
import type { ListPage } from './list-engine';
import type { ChildrenPolicy, TreeRelation } from './relations';
import type { ResourcePermissions, Row, RouteName } from './resource';

/** What registering needs of a resource service (see resource.ts). */
export type RoutableResource = {
  def: {
    path: string;
    entity: string;
    /** How the API description names one record and several (default: the entity and the path). */
    labels?: { one: string; many: string };
    permissions: ResourcePermissions;
    key?: { param: string; schema: z.ZodType };
    routes?: readonly RouteName[];
    schemas: { create: z.ZodType; update: z.ZodType; record: z.ZodType };
    list: { filters?: Record<string, { schema: z.ZodType }> };
  };
  tree?: TreeRelation;
  list: (ctx: ServiceContext, query: Row) => Promise<unknown>;
  show: (ctx: ServiceContext, key: unknown, include?: string) => Promise<unknown>;
  create: (ctx: ServiceContext, input: never) => Promise<unknown>;
  update: (ctx: ServiceContext, key: unknown, input: never) => Promise<unknown>;
  remove: (
    ctx: ServiceContext,
    key: unknown,
    options?: { children?: ChildrenPolicy },
  ) => Promise<void>;
  move: (ctx: ServiceContext, moves: TreeMoves['items']) => Promise<void>;
  expand: (ctx: ServiceContext, record: never, include?: string) => Promise<unknown>;
  checkIncludes: (include?: string) => unknown;
  stream: (ctx: ServiceContext, query: Row) => AsyncIterable<unknown[]>;
};

/** What a resource adds to its routes: `export` gives `GET /x/export` with these columns. */
export type ResourceRouteOptions<TRecord> = {
  export?: ReadonlyArray<ExportColumn<TRecord>>;
  /**
   * What this reader sees of a record, when that depends on who reads (slips show purchase
   * costs only to some): applied to every answer and export row of the resource.
   */
  view?: (ctx: ServiceContext, record: TRecord) => TRecord;
};

type TreeMoves = { items: Array<{ id: number; parent_id: number | null; order: number }> };

const DEFAULT_ROUTES: readonly RouteName[] = ['list', 'show', 'create', 'update', 'delete'];

/** A drag and drop in a tree screen: new parents and sibling orders, written together. */
export const treeMovesSchema = z.strictObject({
  items: z
    .array(
      z.strictObject({
        id: z.number().int().positive(),
        parent_id: z.number().int().positive().nullable(),
        order: z.number().int().min(0).max(1_000_000),
      }),
    )
    .min(1)
    .max(1000),
});

/** Registers the declared routes of a resource on the app. */
export const registerResource = <TRecord = never>(
  app: FastifyInstance,
  service: RoutableResource,
  options: ResourceRouteOptions<TRecord> = {},
) => {
  const { def } = service;
  const routes = new Set(def.routes ?? DEFAULT_ROUTES);
  const keyParam = def.key ? z.object({ [def.key.param]: def.key.schema }) : idParam;
  const keyName = def.key?.param ?? 'id';
  const base = `/api/v1/${def.path}`;
  const filters = Object.fromEntries(
    Object.entries(def.list.filters ?? {}).map(([name, filter]) => [
      name,
      filter.schema.optional(),
    ]),
  );
  const tags = [def.path];
  const keyOf = (params: unknown) => (params as Row)[keyName];
  // The API description: operationIds and summaries from the resource's names.
  const pascal = (name: string) =>
    name
      .split(/[^a-zA-Z0-9]+/)
      .map((w) => w[0]!.toUpperCase() + w.slice(1))
      .join('');
  const one = def.labels?.one ?? def.entity.replace(/_/g, ' ');
  const many = def.labels?.many ?? def.path.replace(/[-/]/g, ' ');
  const describe = (verb: string, summary: string) => ({
    operationId: `${verb}${verb === 'list' || verb === 'reorder' ? pascal(def.path) : pascal(def.entity)}`,
    summary,
  });

  const view = options.view as ((ctx: ServiceContext, record: unknown) => unknown) | undefined;
  const seen = <R>(ctx: ServiceContext, record: R): R => (view ? (view(ctx, record) as R) : record);
  async function* viewed(ctx: ServiceContext, batches: AsyncIterable<TRecord[]>) {
    for await (const batch of batches) yield batch.map((record) => seen(ctx, record));
  }
  const seenPage = (ctx: ServiceContext, page: unknown) =>
    view
      ? {
          ...(page as ListPage<unknown>),
          data: (page as ListPage<unknown>).data.map((one) => seen(ctx, one)),
        }
      : page;

  if (options.export)
    registerExport(app, {
      path: def.path,
      permission: def.permissions.list,
      querystring: exportQuerySchema.extend(filters),
      columns: options.export,
      rows: (ctx, query) => viewed(ctx, service.stream(ctx, query) as AsyncIterable<TRecord[]>),
      total: async (ctx, query) =>
        ((await service.list(ctx, { ...query, limit: 1 })) as ListPage<unknown>).meta.pagination
          .total,
    });
  if (routes.has('list'))
    app.get(base, {
      config: { permission: def.permissions.list },
      schema: {
        tags,
        ...describe('list', `List ${many}`),
        querystring: listQuerySchema.extend(filters),
        response: { 200: listResponse(def.schemas.record) },
      },
      handler: async (request) => {
        const ctx = serviceContext(request);
        return seenPage(ctx, await service.list(ctx, request.query as Row));
      },
    });
  if (routes.has('show'))
    app.get(`${base}/:${keyName}`, {
      config: { permission: def.permissions.show },
      schema: {
        tags,
        ...describe('get', `Show one ${one}`),
        params: keyParam,
        querystring: showQuerySchema,
        response: { 200: itemResponse(def.schemas.record) },
      },
      handler: async (request) => {
        const ctx = serviceContext(request);
        const record = await service.show(
          ctx,
          keyOf(request.params),
          (request.query as { include?: string }).include,
        );
        return { data: seen(ctx, record) };
      },
    });
  if (routes.has('create'))
    app.post(base, {
      config: { permission: def.permissions.create },
      schema: {
        tags,
        ...describe('create', `Create one ${one}`),
        querystring: showQuerySchema,
        body: def.schemas.create,
        response: { 201: itemResponse(def.schemas.record) },
      },
      handler: async (request, reply) => {
        const ctx = serviceContext(request);
        const include = (request.query as { include?: string }).include;
        // An unknown include is refused before anything is written.
        service.checkIncludes(include);
        const record = await service.create(ctx, request.body as never);
        return reply
          .status(201)
          .send({ data: seen(ctx, await service.expand(ctx, record as never, include)) });
      },
    });
  if (routes.has('update'))
    app.patch(`${base}/:${keyName}`, {
      config: { permission: def.permissions.update },
      schema: {
        tags,
        ...describe('update', `Update one ${one}`),
        params: keyParam,
        querystring: showQuerySchema,
        body: def.schemas.update,
        response: { 200: itemResponse(def.schemas.record) },
      },
      handler: async (request) => {
        const ctx = serviceContext(request);
        const include = (request.query as { include?: string }).include;
        service.checkIncludes(include);
        const record = await service.update(ctx, keyOf(request.params), request.body as never);
        return { data: seen(ctx, await service.expand(ctx, record as never, include)) };
      },
    });
  if (routes.has('reorder') && service.tree)
    app.post(`${base}/reorder`, {
      config: { permission: def.permissions.update },
      schema: { tags, ...describe('reorder', `Move ${many} in their tree`), body: treeMovesSchema },
      handler: async (request, reply) => {
        await service.move(serviceContext(request), (request.body as TreeMoves).items);
        return reply.status(204).send();
      },
    });
  if (routes.has('delete'))
    app.delete(`${base}/:${keyName}`, {
      config: { permission: def.permissions.delete },
      schema: {
        tags,
        ...describe('delete', `Delete one ${one}`),
        params: keyParam,
        ...(service.tree
          ? {
              querystring: z.object({
                children: z.enum(['lift', 'cascade'], { error: 'tree.children_policy' }).optional(),
              }),
            }
          : {}),
      },
      handler: async (request, reply) => {
        const options = service.tree
          ? { children: (request.query as { children?: ChildrenPolicy }).children }
          : {};
        await service.remove(serviceContext(request), keyOf(request.params), options);
        return reply.status(204).send();
      },
    });
};
