import {
  itemResponse,
  listQuerySchema,
  listResponse,
  showQuerySchema,
} from '@backoffice/shared/list-query.schema';
import { bulkDeleteSchema, type BulkResult } from '@backoffice/shared/bulk.schema';
import { idParam } from '@backoffice/shared/schema-kit';
import { z } from 'zod';
import { registerBulk, type BulkChange } from './bulk-route';
import { serviceContext, type ServiceContext } from './context';
import { exportQuerySchema, registerExport, type ExportColumn } from './export/export-route';
import type { Permission } from '@backoffice/shared/permissions';
import { holds, type RoutePermission } from './auth/guard';
import { forbidden } from './errors';
import type { ListPage } from './list-engine';
import type { ChildrenPolicy, TreeRelation } from './relations';
import type { ResourcePermissions, Row, RouteName } from './resource';
import type { TypedApp, Validated } from './typed-app';

/**
 * What registering needs of a resource service (see resource.ts): its declaration, and the
 * service's calls typed by the declared schemas, so each route's body is what its schema
 * validated and each answer what the record schema describes.
 */
export type RoutableResource<TRecord, TCreate, TUpdate> = {
  def: {
    path: string;
    entity: string;
    /** How the API description names one record and several (default: the entity and the path). */
    labels?: { one: string; many: string };
    permissions: ResourcePermissions;
    key?: { param: string; schema: z.ZodType };
    routes?: readonly RouteName[];
    schemas: { create: z.ZodType<TCreate>; update: z.ZodType<TUpdate>; record: z.ZodType<TRecord> };
    list: { filters?: Record<string, { schema: z.ZodType }> };
  };
  tree?: TreeRelation;
  list: (ctx: ServiceContext, query: Row) => Promise<ListPage<TRecord>>;
  show: (ctx: ServiceContext, key: unknown, include?: string) => Promise<TRecord>;
  create: (ctx: ServiceContext, input: Validated<TCreate>) => Promise<TRecord>;
  update: (ctx: ServiceContext, key: unknown, input: Validated<TUpdate>) => Promise<TRecord>;
  remove: (
    ctx: ServiceContext,
    key: unknown,
    options?: { children?: ChildrenPolicy },
  ) => Promise<void>;
  bulk: (
    ctx: ServiceContext,
    ids: readonly number[],
    change: BulkChange<Validated<TUpdate>>,
  ) => Promise<BulkResult>;
  move: (ctx: ServiceContext, moves: TreeMoves['items']) => Promise<void>;
  expand: (ctx: ServiceContext, record: TRecord, include?: string) => Promise<TRecord>;
  checkIncludes: (include?: string) => unknown;
  stream: (ctx: ServiceContext, query: Row) => AsyncIterable<TRecord[]>;
};

/** What a resource adds to its routes: `export` gives `GET /x/export` with these columns. */
export type ResourceRouteOptions<TRecord> = {
  export?: ReadonlyArray<ExportColumn<TRecord>>;
  /**
   * What this reader sees of a record, when that depends on who reads (slips show purchase
   * costs only to some): applied to every answer and export row of the resource.
   */
  view?: (ctx: ServiceContext, record: TRecord) => TRecord;
  /**
   * Readers let into the list and its export for part of it only: holders of `keys` (and not
   * of the list's own permission) read the lists `allows` accepts (a clerk picking an order's
   * products reads product posts, not articles), and get a 403 for any other.
   */
  narrowReaders?: {
    keys: readonly Permission[];
    allows: (ctx: ServiceContext, query: Row) => Promise<boolean> | boolean;
  };
  /**
   * `POST /x/bulk` `{ ids, action: 'delete' }` beside `DELETE /x/{id}`: the same permission,
   * each row through the checks of its own delete, in one transaction (`service.bulk`).
   */
  bulkDelete?: boolean;
};

/** The keys a permission names ('public' and 'authenticated' name none). */
const keysOf = (permission: RoutePermission): readonly Permission[] =>
  permission === 'public' || permission === 'authenticated'
    ? []
    : typeof permission === 'string'
      ? [permission]
      : permission;

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

type TreeMoves = z.infer<typeof treeMovesSchema>;

/** What a tree's delete does with the children of the row (`DELETE /x/{id}?children=…`). */
const childrenQuerySchema = z.strictObject({
  children: z.enum(['lift', 'cascade'], { error: 'tree.children_policy' }).optional(),
});

/** Registers the declared routes of a resource on the app. */
export const registerResource = <TRecord, TCreate, TUpdate>(
  app: TypedApp,
  service: RoutableResource<TRecord, TCreate, TUpdate>,
  options: ResourceRouteOptions<TRecord> = {},
) => {
  const { def } = service;
  const routes = new Set(def.routes ?? DEFAULT_ROUTES);
  const keyName = def.key?.param ?? 'id';
  // The path parameter naming one record, read by its name.
  const keyParam: z.ZodType<Row> = def.key
    ? z.object({ [def.key.param]: def.key.schema })
    : idParam;
  const base = `/api/v1/${def.path}`;
  const filters = Object.fromEntries(
    Object.entries(def.list.filters ?? {}).map(([name, filter]) => [
      name,
      filter.schema.optional(),
    ]),
  );
  const tags = [def.path];
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

  const { view, narrowReaders } = options;
  const seen = (ctx: ServiceContext, record: TRecord) => (view ? view(ctx, record) : record);
  const listPermission = def.permissions.list;
  const listConfig: { permission: RoutePermission; narrowed?: readonly Permission[] } =
    narrowReaders
      ? {
          permission: [...keysOf(listPermission), ...narrowReaders.keys],
          narrowed: narrowReaders.keys,
        }
      : { permission: listPermission };
  const mayList = async (ctx: ServiceContext, query: Row) => {
    if (!narrowReaders || !ctx.actor || holds(ctx.actor, keysOf(listPermission))) return;
    if (!(await narrowReaders.allows(ctx, query))) throw forbidden();
  };
  async function* viewed(ctx: ServiceContext, batches: AsyncIterable<TRecord[]>) {
    for await (const batch of batches) yield batch.map((record) => seen(ctx, record));
  }
  const seenPage = (ctx: ServiceContext, page: ListPage<TRecord>) =>
    view ? { ...page, data: page.data.map((one) => seen(ctx, one)) } : page;

  if (options.export)
    registerExport(app, {
      path: def.path,
      ...listConfig,
      querystring: exportQuerySchema.extend(filters),
      columns: options.export,
      rows: (ctx, query) => viewed(ctx, service.stream(ctx, query)),
      // asked first, before a row is read
      total: async (ctx, query) => {
        await mayList(ctx, query);
        return (await service.list(ctx, { ...query, limit: 1 })).meta.pagination.total;
      },
    });
  if (routes.has('list'))
    app.get(base, {
      config: listConfig,
      schema: {
        tags,
        ...describe('list', `List ${many}`),
        querystring: listQuerySchema.extend(filters),
        response: { 200: listResponse(def.schemas.record) },
      },
      handler: async (request) => {
        const ctx = serviceContext(request);
        await mayList(ctx, request.query);
        return seenPage(ctx, await service.list(ctx, request.query));
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
        const record = await service.show(ctx, request.params[keyName], request.query.include);
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
        const { include } = request.query;
        // An unknown include is refused before anything is written.
        service.checkIncludes(include);
        const record = await service.create(ctx, request.body);
        return reply
          .status(201)
          .send({ data: seen(ctx, await service.expand(ctx, record, include)) });
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
        const { include } = request.query;
        service.checkIncludes(include);
        const record = await service.update(ctx, request.params[keyName], request.body);
        return { data: seen(ctx, await service.expand(ctx, record, include)) };
      },
    });
  if (routes.has('reorder') && service.tree)
    app.post(`${base}/reorder`, {
      config: { permission: def.permissions.update },
      schema: { tags, ...describe('reorder', `Move ${many} in their tree`), body: treeMovesSchema },
      handler: async (request, reply) => {
        await service.move(serviceContext(request), request.body.items);
        return reply.status(204).send();
      },
    });
  if (routes.has('delete')) {
    const deleteRoute = {
      config: { permission: def.permissions.delete },
      schema: { tags, ...describe('delete', `Delete one ${one}`), params: keyParam },
    };
    // A tree's delete says what becomes of the row's children; a flat resource takes no parameter.
    if (service.tree)
      app.delete(`${base}/:${keyName}`, {
        ...deleteRoute,
        schema: { ...deleteRoute.schema, querystring: childrenQuerySchema },
        handler: async (request, reply) => {
          await service.remove(serviceContext(request), request.params[keyName], {
            children: request.query.children,
          });
          return reply.status(204).send();
        },
      });
    else
      app.delete(`${base}/:${keyName}`, {
        ...deleteRoute,
        handler: async (request, reply) => {
          await service.remove(serviceContext(request), request.params[keyName]);
          return reply.status(204).send();
        },
      });
    if (options.bulkDelete) {
      const permission = def.permissions.delete;
      // The bulk route checks a key against the caller; 'public' and 'authenticated' are none.
      if (permission === 'public' || permission === 'authenticated')
        throw new Error(`${def.path}: a bulk delete needs a permission key`);
      // A tree's rows with children are skipped: a bulk delete chooses nothing for them.
      registerBulk(app, service, {
        summary: `Delete several ${many}`,
        body: bulkDeleteSchema,
        actions: { delete: { permission, change: 'delete' } },
      });
    }
  }
};
