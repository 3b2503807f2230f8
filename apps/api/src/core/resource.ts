import { listQuerySchema, listResponse, itemResponse } from '@backoffice/shared/list-query.schema';
import { idParam } from '@backoffice/shared/schema-kit';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import { z } from 'zod';
import { translateDbError, type ConstraintHints } from '../db/db-errors';
import type { Db } from '../db/connection';
import { now } from '../db/types';
import { writeAudit } from './audit';
import type { RoutePermission } from './auth/guard';
import { serviceContext, type ServiceContext } from './context';
import { notFound } from './errors';
import { paginate, parseListQuery, type ListSpec, type ParsedList } from './list-query';
import { matchSearchText } from './search';

/**
 * The generic resource: from one declaration, list/show/create/update/delete
 * with contract §3's parameters and shapes, validation by the shared schemas,
 * constraint errors as 422s, and an audit entry in the same transaction.
 * A resource overrides only what is its own through the hooks; a screen that
 * is special simply registers routes of its own beside these.
 */

// Rows are plain objects here; each resource's `toRecord` gives them their shape.
export type Row = Record<string, unknown>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- table names are data here
type AnyDb = Kysely<any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnySelect = SelectQueryBuilder<any, any, any>;

export type FieldMatch = { column: string; match: 'exact' | 'like' | 'number' };

export type ListFilter = {
  schema: z.ZodType;
  apply: (query: AnySelect, value: never, ctx: ServiceContext) => AnySelect;
};

export type ResourceDef<TRecord extends object> = {
  /** URL segment under /api/v1, e.g. `redirects`. */
  path: string;
  table: string;
  /** Name in the audit log. */
  entity: string;
  permissions: { list: RoutePermission; show: RoutePermission; create: RoutePermission; update: RoutePermission; delete: RoutePermission };
  /** The path parameter naming one record; `id` unless a resource is addressed by another key. */
  key?: { param: string; column: string; schema: z.ZodType };
  schemas: { create: z.ZodType; update: z.ZodType; record: z.ZodType<TRecord> };
  list: ListSpec & {
    /** Columns a list returns (the screen's columns); default every column. */
    columns?: readonly string[];
    /** `index`: the folded `search_text` index; a list of columns: LIKE (small tables only). */
    search: 'index' | readonly string[];
    fieldColumns?: Record<string, FieldMatch>;
    filters?: Record<string, ListFilter>;
    /** The table keeps a maintained count (migration-kit addRowCount). */
    counted?: boolean;
  };
  toRecord: (row: Row) => TRecord;
  /** Folded text for the search index, from the full row after a write. */
  searchText?: (row: Row) => string;
  constraintHints?: ConstraintHints;
  routes?: ReadonlyArray<'list' | 'show' | 'create' | 'update' | 'delete'>;
  hooks?: {
    /** Values to insert from the validated body; may throw `invalid(...)`. */
    beforeCreate?: (ctx: ServiceContext, input: Row, tx: Db) => Promise<Row> | Row;
    /** Values to update from the validated body and the current row. */
    beforeUpdate?: (ctx: ServiceContext, input: Row, current: Row, tx: Db) => Promise<Row> | Row;
    beforeDelete?: (ctx: ServiceContext, current: Row, tx: Db) => Promise<void> | void;
    afterWrite?: (ctx: ServiceContext, row: Row, tx: Db) => Promise<void> | void;
  };
  /** Loaders for `include=`: they add fields to the records of a page. */
  includes?: Record<string, (ctx: ServiceContext, records: TRecord[]) => Promise<void>>;
};

/** One permission for every action, as the spec's `manage-…` keys work. */
export const samePermission = (permission: RoutePermission): ResourceDef<object>['permissions'] => ({
  list: permission,
  show: permission,
  create: permission,
  update: permission,
  delete: permission,
});

/** The usual `<prefix>.list|create|update|delete` keys; showing one record needs `.list`. */
export const crudPermissions = (prefix: string): ResourceDef<object>['permissions'] => ({
  list: `${prefix}.list` as RoutePermission,
  show: `${prefix}.list` as RoutePermission,
  create: `${prefix}.create` as RoutePermission,
  update: `${prefix}.update` as RoutePermission,
  delete: `${prefix}.delete` as RoutePermission,
});

const withoutUndefined = (values: Row) => Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));

export const createResourceService = <TRecord extends object>(def: ResourceDef<TRecord>) => {
  const keyColumn = def.key?.column ?? 'id';
  const listColumns = def.list.columns ? [...new Set(['id', ...def.list.columns])] : undefined;

  const applyWhere = (ctx: ServiceContext, query: AnySelect, list: ParsedList, filters: Row) => {
    let q = query;
    if (list.term) {
      if (def.list.search === 'index') q = q.where(matchSearchText(ctx.engine, def.table, list.term));
      else {
        const pattern = `%${list.term.toLowerCase().replace(/[\\%_]/g, (c) => '\\' + c)}%`;
        const columns = def.list.search;
        q = q.where((eb) => eb.or(columns.map((column) => sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`)));
      }
    }
    for (const { field, value } of list.fields) {
      const spec = def.list.fieldColumns?.[field] ?? { column: field, match: 'exact' as const };
      if (spec.match === 'like') {
        const pattern = `%${value.toLowerCase().replace(/[\\%_]/g, (c) => '\\' + c)}%`;
        q = q.where(sql<boolean>`lower(${sql.ref(spec.column)}) like ${pattern} escape '\\'`);
      } else if (spec.match === 'number') {
        q = /^\d{1,15}$/.test(value) ? q.where(spec.column, '=', Number(value)) : q.where(sql<boolean>`1 = 0`);
      } else q = q.where(spec.column, '=', value);
    }
    for (const [name, filter] of Object.entries(def.list.filters ?? {}))
      if (filters[name] !== undefined) q = filter.apply(q, filters[name] as never, ctx);
    return q;
  };

  const findRow = async (db: Db, key: unknown) =>
    ((await (db as AnyDb).selectFrom(def.table).selectAll().where(keyColumn, '=', key).executeTakeFirst()) as Row | undefined);

  const loadIncludes = async (ctx: ServiceContext, records: TRecord[], includes: string[]) => {
    for (const name of includes) await def.includes?.[name]?.(ctx, records);
  };

  return {
    def,
    findRow,

    async list(ctx: ServiceContext, query: Row) {
      const list = parseListQuery(query, { ...def.list, includes: Object.keys(def.includes ?? {}) });
      const db = ctx.db as AnyDb;
      const filtered = list.term !== undefined || list.fields.length > 0 || Object.keys(def.list.filters ?? {}).some((f) => query[f] !== undefined);
      const base = applyWhere(ctx, db.selectFrom(def.table), list, query);
      const [column, direction] = list.order;
      let page = base
        .select(listColumns ?? [sql.raw('*') as never])
        .orderBy(column, direction)
        .$if(column !== 'id', (q) => q.orderBy('id', direction));
      if (list.limit > 0) page = page.limit(list.limit).offset((list.page - 1) * list.limit);
      const rows = (await page.execute()) as Row[];
      let total: number;
      if (list.limit > 0 && list.page === 1 && rows.length < list.limit) total = rows.length;
      else if (!filtered && def.list.counted) {
        const counter = await db.selectFrom('row_counts').select('n').where('table_name', '=', def.table).executeTakeFirst();
        total = Number(counter?.n ?? 0);
      } else {
        const counted = await base.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
        total = Number(counted.n);
      }
      const records = rows.map(def.toRecord);
      await loadIncludes(ctx, records, list.includes);
      return { data: records, meta: { pagination: paginate(records.length, total, list) } };
    },

    async show(ctx: ServiceContext, key: unknown, include?: string) {
      const row = await findRow(ctx.db, key);
      if (!row) throw notFound();
      const record = def.toRecord(row);
      const includes = parseListQuery({ include }, { ...def.list, includes: Object.keys(def.includes ?? {}) }).includes;
      await loadIncludes(ctx, [record], includes);
      return record;
    },

    async create(ctx: ServiceContext, input: Row) {
      try {
        const row = await ctx.transaction(async (tx) => {
          const values = withoutUndefined((await def.hooks?.beforeCreate?.(ctx, input, tx)) ?? input);
          const stamp = now();
          const inserted = (await (tx as AnyDb)
            .insertInto(def.table)
            .values({ ...values, ...(def.searchText ? { search_text: def.searchText(values) } : {}), created_at: stamp, updated_at: stamp })
            .returningAll()
            .executeTakeFirstOrThrow()) as Row;
          await def.hooks?.afterWrite?.(ctx, inserted, tx);
          await writeAudit(tx, ctx.audit, { action: 'create', entity: def.entity, entityId: inserted.id as number, after: def.toRecord(inserted) as Row });
          return inserted;
        });
        return def.toRecord(row);
      } catch (error) {
        throw translateDbError(error, def.constraintHints);
      }
    },

    async update(ctx: ServiceContext, key: unknown, input: Row) {
      try {
        const row = await ctx.transaction(async (tx) => {
          const current = await findRow(tx, key);
          if (!current) throw notFound();
          const values = withoutUndefined((await def.hooks?.beforeUpdate?.(ctx, input, current, tx)) ?? input);
          const merged = { ...current, ...values };
          const updated = (await (tx as AnyDb)
            .updateTable(def.table)
            .set({ ...values, ...(def.searchText ? { search_text: def.searchText(merged) } : {}), updated_at: now() })
            .where('id', '=', current.id)
            .returningAll()
            .executeTakeFirstOrThrow()) as Row;
          await def.hooks?.afterWrite?.(ctx, updated, tx);
          await writeAudit(tx, ctx.audit, {
            action: 'update',
            entity: def.entity,
            entityId: updated.id as number,
            before: def.toRecord(current) as Row,
            after: def.toRecord(updated) as Row,
          });
          return updated;
        });
        return def.toRecord(row);
      } catch (error) {
        throw translateDbError(error, def.constraintHints);
      }
    },

    async remove(ctx: ServiceContext, key: unknown) {
      try {
        await ctx.transaction(async (tx) => {
          const current = await findRow(tx, key);
          if (!current) throw notFound();
          await def.hooks?.beforeDelete?.(ctx, current, tx);
          await (tx as AnyDb).deleteFrom(def.table).where('id', '=', current.id).execute();
          await writeAudit(tx, ctx.audit, { action: 'delete', entity: def.entity, entityId: current.id as number, before: def.toRecord(current) as Row });
        });
      } catch (error) {
        throw translateDbError(error, { foreign_key: 'id', ...def.constraintHints });
      }
    },
  };
};

export type ResourceService<TRecord extends object> = ReturnType<typeof createResourceService<TRecord>>;

/** Registers the declared routes of a resource on the app. */
export const registerResource = <TRecord extends object>(app: FastifyInstance, service: ResourceService<TRecord>) => {
  const { def } = service;
  const routes = new Set(def.routes ?? ['list', 'show', 'create', 'update', 'delete']);
  const keyParam = def.key ? z.object({ [def.key.param]: def.key.schema }) : idParam;
  const keyName = def.key?.param ?? 'id';
  const base = `/api/v1/${def.path}`;
  const filters = Object.fromEntries(Object.entries(def.list.filters ?? {}).map(([name, filter]) => [name, filter.schema.optional()]));
  const tags = [def.path];
  const keyOf = (params: unknown) => (params as Row)[keyName];

  if (routes.has('list'))
    app.get(base, {
      config: { permission: def.permissions.list },
      schema: { tags, querystring: listQuerySchema.extend(filters), response: { 200: listResponse(def.schemas.record) } },
      handler: (request) => service.list(serviceContext(request), request.query as Row),
    });
  if (routes.has('show'))
    app.get(`${base}/:${keyName}`, {
      config: { permission: def.permissions.show },
      schema: { tags, params: keyParam, querystring: z.object({ include: z.string().max(200).optional() }), response: { 200: itemResponse(def.schemas.record) } },
      handler: async (request) => ({
        data: await service.show(serviceContext(request), keyOf(request.params), (request.query as { include?: string }).include),
      }),
    });
  if (routes.has('create'))
    app.post(base, {
      config: { permission: def.permissions.create },
      schema: { tags, body: def.schemas.create, response: { 201: itemResponse(def.schemas.record) } },
      handler: async (request, reply) => reply.status(201).send({ data: await service.create(serviceContext(request), request.body as Row) }),
    });
  if (routes.has('update'))
    app.patch(`${base}/:${keyName}`, {
      config: { permission: def.permissions.update },
      schema: { tags, params: keyParam, body: def.schemas.update, response: { 200: itemResponse(def.schemas.record) } },
      handler: async (request) => ({ data: await service.update(serviceContext(request), keyOf(request.params), request.body as Row) }),
    });
  if (routes.has('delete'))
    app.delete(`${base}/:${keyName}`, {
      config: { permission: def.permissions.delete },
      schema: { tags, params: keyParam },
      handler: async (request, reply) => {
        await service.remove(serviceContext(request), keyOf(request.params));
        return reply.status(204).send();
      },
    });
};
