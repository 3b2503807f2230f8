import { sql, type RawBuilder } from 'kysely';
import { z } from 'zod';
import { tableColumns } from '../db/columns';
import { translateDbError, type ConstraintHints } from './db-errors';
import type { Db } from '../db/connection';
import { preparedQuery, type Arg } from '../db/prepared';
import { toJson, type JsonText } from '../db/types';
import { writeAudit, type AuditAction } from './audit';
import { rowsDeleted } from './deletions';
import { emit, type EventPayload } from './events';
import type { RoutePermission } from './auth/guard';
import type { ServiceContext } from './context';
import { AppError, forbidden, notFound, type ErrorCode } from './errors';
import { createListEngine, type ListDefinition, type ListRow } from './list-engine';
import {
  loadRelations,
  moveTreeRows,
  prepareTreeDelete,
  setColumns,
  settleAfterDelete,
  splitRelations,
  takeSets,
  writeRelations,
  type ChildrenPolicy,
  type Relation,
  type TreeRelation,
} from './relations';
import type { ColumnOf, RowOf, TableName, UpdateOf } from './table';

/**
 * The generic resource: one declaration gives list/show/create/update/delete
 * with the parameters every list takes (list-engine.ts), answers as `{ data }`,
 * validation by the shared schemas, declared relations, constraint errors as 422s
 * and an audit entry in the same transaction. A resource adds only its own rules through the write hooks; a
 * special screen registers routes of its own beside these (resource-routes.ts).
 *
 * A write goes through explicit steps:
 *  1. validate: the route's shared schema (before the service is called);
 *  2. prepare, outside the transaction: work that is slow or touches the outside
 *     (hashing, storing files, making slugs) — `hooks.prepare`;
 *  3. one short transaction: `hooks.beforeWrite`, the row, its relations, `hooks.afterWrite`,
 *     the audit entry (maintained counts follow by trigger);
 *  4. after the commit: `hooks.afterCommit` (mail, caches); when the transaction
 *     fails instead, `undo` of what prepare did (a stored file is removed).
 */

/** How a delete's constraint errors read: on the record's `id`, in the resource's words. */
const deleteHints = (def: { constraintHints?: ConstraintHints; inUse?: string }) => ({
  foreign_key: 'id',
  ...def.constraintHints,
  ...(def.inUse ? { foreign_key_message: def.inUse } : {}),
});

export type Row = Record<string, unknown>;

export type ResourcePermissions = {
  list: RoutePermission;
  show: RoutePermission;
  create: RoutePermission;
  update: RoutePermission;
  delete: RoutePermission;
};

export type RouteName = 'list' | 'show' | 'create' | 'update' | 'delete' | 'reorder';

/**
 * Work prepared outside the transaction that belongs to the write: rows to add
 * inside the transaction, what to undo when it fails (a stored file), what to do
 * once it has committed.
 */
export type SideWork<TRecord = object> = {
  /** The audit entry's action when it is not the plain create/update (a permission change). */
  auditAction?: AuditAction;
  /** Column values the side work decides (e.g. the `avatar` URL of a stored upload). */
  values?: Row;
  write?: (tx: Db, row: Row) => Promise<void>;
  /**
   * The last step inside the transaction, with the record as answered: what must commit or
   * fail with the write itself (the stored answer of an `Idempotency-Key`).
   */
  finish?: (tx: Db, record: TRecord) => Promise<void>;
  undo?: () => Promise<void>;
  afterCommit?: () => Promise<void>;
};

/** A row's values before the write: declared JSON columns hold the value itself (the pipeline serializes it). */
export type WriteValues<TB extends TableName> = {
  [K in keyof UpdateOf<TB>]: Exclude<UpdateOf<TB>[K], undefined | null> extends JsonText
    ? unknown
    : UpdateOf<TB>[K];
};

/** What prepare hands to the transaction: the row's values, and its side work. */
export type Prepared<TB extends TableName> = SideWork & { values: WriteValues<TB> };

export type WriteChange<TB extends TableName, TInput> =
  | { action: 'create'; input: TInput; current?: undefined }
  | { action: 'update'; input: TInput; current: RowOf<TB> };

export type WriteHooks<TB extends TableName, TRecord, TCreate, TUpdate> = {
  /**
   * Step 2 (outside the transaction): the row's values from the validated input. Without it,
   * the values are the input's fields that the route's schema declares and that are columns
   * of the table (see `columnValues`).
   */
  prepare?: (
    ctx: ServiceContext,
    change: WriteChange<TB, TCreate | TUpdate>,
  ) => Promise<Prepared<TB>> | Prepared<TB>;
  /**
   * Step 3, before the row is written: rules that need a consistent view (may throw
   * `invalid(...)`), and values that must be taken under the write lock (the next
   * number of a sequence); what it returns is merged into the values. `input` is the
   * request as validated, for fields that are no column (work done with the row).
   */
  beforeWrite?: (
    tx: Db,
    ctx: ServiceContext,
    change: {
      action: 'create' | 'update';
      values: WriteValues<TB>;
      current?: RowOf<TB>;
      relations: Row;
      input: TCreate | TUpdate;
    },
  ) => Promise<WriteValues<TB> | void> | WriteValues<TB> | void;
  /** Step 3, after the row and its relations are written: rows of other tables that change with it. */
  afterWrite?: (
    tx: Db,
    ctx: ServiceContext,
    change: { action: 'create' | 'update'; row: RowOf<TB>; before?: RowOf<TB> },
  ) => Promise<void> | void;
  beforeDelete?: (tx: Db, ctx: ServiceContext, current: RowOf<TB>) => Promise<void> | void;
  /** Step 4: after the commit. A failure here is logged; the write stands. */
  afterCommit?: (
    ctx: ServiceContext,
    change: { action: 'create' | 'update' | 'delete'; record: TRecord },
  ) => Promise<void> | void;
  /** Marker for the input types (never called). */
  readonly _types?: (create: TCreate, update: TUpdate) => void;
};

export type ResourceDef<
  TB extends TableName,
  TRecord extends object,
  TCreate = Row,
  TUpdate = Row,
  TColumn extends ColumnOf<TB> = ColumnOf<TB>,
> = {
  /** URL segment under /api/v1, e.g. `redirects`. */
  path: string;
  table: TB;
  /** Name in the audit log and in the API description (`redirect`). */
  entity: string;
  /** How the API description names one record and several, when the entity and path read badly. */
  labels?: { one: string; many: string };
  permissions: ResourcePermissions;
  /** The path parameter naming one record; `id` unless a resource is addressed by another key. */
  key?: { param: string; column: ColumnOf<NoInfer<TB>>; schema: z.ZodType };
  schemas: { create: z.ZodType<TCreate>; update: z.ZodType<TUpdate>; record: z.ZodType<TRecord> };
  list: ListDefinition<NoInfer<TB>, TColumn>;
  /**
   * From a list row (the list's `columns` and `id`); a whole row is given to it too (show,
   * writes). `now` is the read's moment on the app's clock, for a field derived from time (a
   * discount's phase).
   */
  toRecord: (row: ListRow<NoInfer<TB>, NoInfer<TColumn>>, now: Date) => TRecord;
  /**
   * What the audit entry keeps of a row, when that is not the record as answered: fields
   * the record does not show but whose changes must be traced (a user's identity card).
   */
  auditOf?: (row: RowOf<NoInfer<TB>>) => Row;
  /** Folded text for the search index, from the whole row after a write. */
  searchText?: (row: RowOf<NoInfer<TB>>) => string;
  /** Columns holding JSON: written with `toJson`. */
  jsonColumns?: readonly ColumnOf<NoInfer<TB>>[];
  relations?: readonly Relation[];
  constraintHints?: ConstraintHints;
  /**
   * The message of a delete refused because other records still point at this one (a foreign
   * key: a warehouse's slips, a supplier's imports), instead of the general "referenced record
   * does not exist or is still in use", which reads as a fault to the person deleting.
   */
  inUse?: string;
  routes?: readonly RouteName[];
  hooks?: WriteHooks<NoInfer<TB>, TRecord, TCreate, TUpdate>;
  /**
   * Which rows this caller may change or delete, beyond the route's permission (an account
   * that outranks the caller is not theirs to edit): asked inside the write's transaction on
   * the row as it is, for every update and delete, one by one or in bulk. A refused row is a
   * 403 on its own and skipped in a bulk write.
   */
  rowAccess?: RowAccess<NoInfer<TB>>;
  /** Loaders for `include=`: they add fields to the records of a page. */
  includes?: Record<string, (ctx: ServiceContext, records: TRecord[]) => Promise<void>>;
  /** Fields every answer carries that come from other tables (counts, derived lists); runs after the relations. */
  complete?: (db: Db, records: TRecord[]) => Promise<void>;
  /**
   * Columns from other tables read with one record's row (a show) in the same query, so that
   * `complete` need not ask for them in queries of their own: `toRecord` finds them in the row.
   */
  rowColumns?: (db: Db) => readonly RawBuilder<unknown>[];
  /**
   * What the website is told of a write (core/events.ts: webhooks): the events and their data,
   * decided from the row before and after it, and told in the write's transaction.
   */
  events?: (
    tx: Db,
    change: ResourceChange<RowOf<NoInfer<TB>>, TRecord>,
  ) => Promise<readonly ResourceEvent[]> | readonly ResourceEvent[];
};

/** What a write does to a row it is allowed to touch. */
export type RowAction = 'update' | 'delete';

export type RowAccess<TB extends TableName> = (
  tx: Db,
  ctx: ServiceContext,
  row: RowOf<TB>,
  action: RowAction,
) => Promise<boolean> | boolean;

/**
 * What a bulk write did: `done` rows changed, and each row it left as it was with the error
 * code saying why (`not_found`: gone meanwhile, `forbidden`: not this caller's to touch,
 * `validation_failed` or `conflict`: a rule of the resource refused it).
 */
export type BulkResult = { done: number; skipped: Array<{ id: number; code: ErrorCode }> };

/**
 * A write as its events see it: no `after` on a delete, no `before` on a create; `at` is its
 * moment on the app's clock (the row's `updated_at`, a webhook body's `at`).
 */
export type ResourceChange<TRow, TRecord> = {
  action: 'create' | 'update' | 'delete';
  at: Date;
  before?: TRow;
  after?: TRow;
  record: TRecord;
};

export type ResourceEvent = { event: string; data: EventPayload };

/** One permission for every action: a `manage-…` key lets its holder read and change everything of the resource. */
export const samePermission = (permission: RoutePermission): ResourcePermissions => ({
  list: permission,
  show: permission,
  create: permission,
  update: permission,
  delete: permission,
});

/** The usual `<prefix>.list|create|update|delete` keys; showing one record needs `.list`. */
export const crudPermissions = (prefix: string): ResourcePermissions => ({
  list: `${prefix}.list` as RoutePermission,
  show: `${prefix}.list` as RoutePermission,
  create: `${prefix}.create` as RoutePermission,
  update: `${prefix}.update` as RoutePermission,
  delete: `${prefix}.delete` as RoutePermission,
});

/** The top-level fields an object schema declares (through `.transform` pipes); undefined for any other schema. */
const fieldsOf = (schema: z.core.$ZodType): ReadonlySet<string> | undefined => {
  if (schema instanceof z.ZodObject) return new Set(Object.keys(schema.shape));
  if (schema instanceof z.ZodPipe) return fieldsOf(schema.in);
  return undefined;
};

const defined = (values: Row) =>
  Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));

export const createResourceService = <
  TB extends TableName,
  TRecord extends object,
  TCreate = Row,
  TUpdate = Row,
  TColumn extends ColumnOf<TB> = ColumnOf<TB>,
>(
  def: ResourceDef<TB, TRecord, TCreate, TUpdate, TColumn>,
) => {
  const keyColumn: string = def.key?.column ?? 'id';
  const relations = def.relations ?? [];
  const treeRelation = relations.find(
    (relation): relation is TreeRelation => relation.kind === 'tree',
  );
  const relationFields = new Set(
    relations.flatMap((relation) => (relation.kind === 'tree' ? [] : [relation.field])),
  );
  const hooks = def.hooks ?? {};

  // Relation fields are includable in lists like any loader.
  const includes: Record<string, (ctx: ServiceContext, records: TRecord[]) => Promise<void>> = {
    ...def.includes,
  };
  for (const field of relationFields)
    includes[field] = (ctx, records) =>
      loadRelations(ctx.db, relations, records as Row[], new Set([field]));
  const engine = createListEngine(def.table, def.list, def.toRecord, includes, def.complete);

  // A row of any resource's table, read by name: its key and id, and the relations' columns.
  const fields = (row: RowOf<TB>): Row => row as Row;
  const idOf = (row: RowOf<TB>) => fields(row).id as number;
  const keyOf = (row: RowOf<TB>) => fields(row)[keyColumn];

  // A record's row is read on every show and write: its query is built once per engine
  // (db/prepared.ts).
  const rowQuery = preparedQuery(
    (_db, arg: Arg<{ key: unknown }>) =>
      sql<
        RowOf<TB>
      >`select * from ${sql.table(def.table)} where ${sql.ref(keyColumn)} = ${arg('key')}`,
  );
  const findRow = (db: Db, key: unknown): Promise<RowOf<TB> | undefined> =>
    rowQuery.executeTakeFirst(db, { key });

  const toStored = (values: Row) => {
    const stored = { ...values };
    for (const column of def.jsonColumns ?? [])
      if (stored[column] !== undefined) stored[column] = toJson(stored[column]);
    return stored;
  };

  /** The record as answered: its fields plus every declared relation. */
  const recordOf = async (
    db: Db,
    now: Date,
    row: RowOf<TB>,
    sets?: ReadonlyMap<string, unknown[]>,
  ) => {
    const record = def.toRecord(row, now);
    await loadRelations(db, relations, [record as Row], undefined, sets);
    await def.complete?.(db, [record]);
    return record;
  };

  /** The row with the ids of its set relations, in one query (see `setColumns`). */
  const hasSets = relations.some((relation) => relation.kind === 'set');
  const rowWithSetsQuery = preparedQuery(
    (db, arg: Arg<{ key: unknown }>) =>
      sql<RowOf<TB>>`select ${sql.table(def.table)}.*, ${sql.join([
        ...setColumns(db, def.table, relations),
        ...(def.rowColumns?.(db) ?? []),
      ])}
      from ${sql.table(def.table)} where ${sql.ref(keyColumn)} = ${arg('key')}`,
  );
  const findRowWithSets = async (db: Db, key: unknown) => {
    if (!hasSets && !def.rowColumns) {
      const row = await findRow(db, key);
      return row && { row, sets: undefined };
    }
    const row = await rowWithSetsQuery.executeTakeFirst(db, { key });
    return row && { row, sets: takeSets(relations, row as Row) };
  };

  /** One record as answered, or undefined. */
  const findRecord = async (db: Db, now: Date, key: unknown) => {
    const found = await findRowWithSets(db, key);
    return found && (await recordOf(db, now, found.row, found.sets));
  };

  let knownColumns: Promise<ReadonlySet<string>> | undefined;
  const columnsOfTable = (ctx: ServiceContext) =>
    (knownColumns ??= tableColumns(ctx.db, ctx.engine, def.table).catch((error: unknown) => {
      knownColumns = undefined;
      throw error;
    }));
  const declaredFields = {
    create: fieldsOf(def.schemas.create),
    update: fieldsOf(def.schemas.update),
  };

  /**
   * The values of a write without a `prepare` hook: only the input's fields that the route's
   * schema declares and that are columns of the table, so a field that is no column (one a
   * relation or a route handles, a confirmation) never reaches the SQL.
   */
  const columnValues = async (
    ctx: ServiceContext,
    action: 'create' | 'update',
    input: Row,
  ): Promise<WriteValues<TB>> => {
    const columns = await columnsOfTable(ctx);
    const declared = declaredFields[action];
    const values: Row = {};
    for (const [key, value] of Object.entries(input))
      if (columns.has(key) && (declared?.has(key) ?? true)) values[key] = value;
    // Each key was just checked against the table's columns.
    return values as WriteValues<TB>;
  };

  // `at`: the app's clock, which also makes an order's code and a slip's day
  const writeRow = async (tx: Db, at: Date, values: Row, current?: RowOf<TB>) => {
    const stamp = at.toISOString();
    const merged = { ...(current ?? {}), ...values } as RowOf<TB>;
    const stored = toStored({
      ...values,
      ...(def.searchText ? { search_text: def.searchText(merged) } : {}),
      updated_at: stamp,
    });
    const columns = Object.keys(current ? stored : { ...stored, created_at: stamp });
    if (!current) stored.created_at = stamp;
    const { rows } = current
      ? await sql<
          RowOf<TB>
        >`update ${sql.table(def.table)} set ${sql.join(columns.map((c) => sql`${sql.ref(c)} = ${stored[c] as never}`))}
          where id = ${idOf(current)} returning *`.execute(tx)
      : await sql<
          RowOf<TB>
        >`insert into ${sql.table(def.table)} (${sql.join(columns.map((c) => sql.ref(c)))})
          values (${sql.join(columns.map((c) => sql`${stored[c] as never}`))}) returning *`.execute(
          tx,
        );
    return rows[0]!;
  };

  type Change = WriteChange<TB, TCreate | TUpdate>;
  type Ready = { prepared: Prepared<TB>; given: Row };

  /** Step 2 of a create or update, outside the transaction: the row's values and side work. */
  const prepareChange = async (
    ctx: ServiceContext,
    change: Change,
    side: SideWork<TRecord>,
  ): Promise<Ready> => {
    const { values: input, given } = splitRelations(relations, change.input as Row);
    try {
      const prepared = hooks.prepare
        ? await hooks.prepare(ctx, change)
        : { values: await columnValues(ctx, change.action, input) };
      // Relation fields are written by the relations, never as columns.
      const values = { ...prepared.values } as Row;
      for (const field of relationFields) delete values[field];
      return { prepared: { ...prepared, values: values as WriteValues<TB> }, given };
    } catch (error) {
      await side.undo?.();
      throw error;
    }
  };

  /** Refuses a row the caller may not touch (the resource's `rowAccess`). */
  const checkAccess = async (tx: Db, ctx: ServiceContext, row: RowOf<TB>, action: RowAction) => {
    if (def.rowAccess && !(await def.rowAccess(tx, ctx, row, action))) throw forbidden();
  };

  /**
   * The checks of step 3, inside the transaction and before anything is written: the row as
   * it is now, the caller's access to it, `hooks.beforeWrite`. A bulk write skips a row they
   * refuse and goes on with the others.
   */
  const checkWrite = async (
    tx: Db,
    ctx: ServiceContext,
    change: Change,
    { prepared, given }: Ready,
    side: SideWork<TRecord>,
  ) => {
    const current =
      change.action === 'update' ? await findRow(tx, keyOf(change.current)) : undefined;
    if (change.action === 'update' && !current) throw notFound();
    if (current) await checkAccess(tx, ctx, current, 'update');
    let values = defined({ ...(prepared.values as Row), ...side.values }) as WriteValues<TB>;
    const adjusted = await hooks.beforeWrite?.(tx, ctx, {
      action: change.action,
      values,
      current,
      relations: given,
      input: change.input,
    });
    if (adjusted) values = { ...values, ...defined(adjusted as Row) } as WriteValues<TB>;
    return { current, values };
  };

  /** The writes of step 3: the row, its relations, the side work, the audit entry, the events. */
  const applyWrite = async (
    tx: Db,
    ctx: ServiceContext,
    change: Change,
    { prepared, given }: Ready,
    side: SideWork<TRecord>,
    { current, values }: Awaited<ReturnType<typeof checkWrite>>,
  ) => {
    const at = ctx.clock.now();
    const before = !current
      ? undefined
      : def.auditOf
        ? def.auditOf(current)
        : ((await recordOf(tx, at, current)) as Row);
    const row = await writeRow(tx, at, values as Row, current);
    await writeRelations(tx, def.table, relations, fields(row), given, current && fields(current));
    await prepared.write?.(tx, fields(row));
    await side.write?.(tx, fields(row));
    await hooks.afterWrite?.(tx, ctx, { action: change.action, row, before: current });
    const record = (await findRecord(tx, at, keyOf(row)))!;
    await writeAudit(tx, ctx.audit, {
      action: side.auditAction ?? change.action,
      entity: def.entity,
      entityId: idOf(row),
      before,
      after: def.auditOf ? def.auditOf(row) : (record as Row),
    });
    await tellEvents(tx, { action: change.action, at, before: current, after: row, record });
    await side.finish?.(tx, record);
    return record;
  };

  /** Steps 2–4 of a create or update (see the comment at the top). */
  const write = async (ctx: ServiceContext, change: Change, side: SideWork<TRecord> = {}) => {
    const ready = await prepareChange(ctx, change, side);
    let record: TRecord;
    try {
      record = await ctx.transaction(async (tx) =>
        applyWrite(tx, ctx, change, ready, side, await checkWrite(tx, ctx, change, ready, side)),
      );
    } catch (error) {
      await ready.prepared.undo?.();
      await side.undo?.();
      throw translateDbError(error, def.constraintHints);
    }
    await runAfterCommit(ctx, { action: change.action, record }, [
      ready.prepared.afterCommit,
      side.afterCommit,
    ]);
    return record;
  };

  /**
   * The checks of a delete: the row, the caller's access, `beforeDelete`, and a tree row's
   * children (refused without a policy; lifted or removed with one). Nothing is refused once
   * rows are written, so a bulk delete may skip a row they refuse.
   */
  const checkDelete = async (
    tx: Db,
    ctx: ServiceContext,
    key: unknown,
    children?: ChildrenPolicy,
  ) => {
    const current = await findRow(tx, key);
    if (!current) throw notFound();
    await checkAccess(tx, ctx, current, 'delete');
    await hooks.beforeDelete?.(tx, ctx, current);
    const before = await recordOf(tx, ctx.clock.now(), current);
    const removed = treeRelation
      ? await prepareTreeDelete(tx, def.table, treeRelation, fields(current), children)
      : [];
    return { current, before, removed };
  };

  const applyDelete = async (
    tx: Db,
    ctx: ServiceContext,
    { current, before, removed }: Awaited<ReturnType<typeof checkDelete>>,
  ) => {
    const at = ctx.clock.now();
    await sql`delete from ${sql.table(def.table)} where id = ${idOf(current)}`.execute(tx);
    if (treeRelation) await settleAfterDelete(tx, def.table, treeRelation, fields(current));
    await rowsDeleted(tx, def.table, [idOf(current), ...(removed as number[])], at);
    await tellEvents(tx, { action: 'delete', at, before: current, record: before });
    const audited = def.auditOf ? def.auditOf(current) : (before as Row);
    await writeAudit(tx, ctx.audit, {
      action: 'delete',
      entity: def.entity,
      entityId: idOf(current),
      before: removed.length > 0 ? { ...audited, removed_children: removed } : audited,
    });
    return before;
  };

  /**
   * One row's delete inside a bulk delete, in a savepoint of its own: its checks refuse it as
   * they refuse the delete of one row, and so does a reference that refuses it (a stock slip
   * naming a warehouse), which undoes this row's writes alone, so the others still go.
   */
  const deleteOneOfMany = async (
    tx: Db,
    ctx: ServiceContext,
    id: number,
    children?: ChildrenPolicy,
  ) => {
    await sql`savepoint bulk_row`.execute(tx);
    try {
      const record = await applyDelete(tx, ctx, await checkDelete(tx, ctx, id, children));
      await sql`release savepoint bulk_row`.execute(tx);
      return record;
    } catch (error) {
      await sql`rollback to savepoint bulk_row`.execute(tx);
      await sql`release savepoint bulk_row`.execute(tx);
      throw translateDbError(error, deleteHints(def));
    }
  };

  /** A refusal that concerns one row (gone, not the caller's, against a rule): a bulk write skips it. */
  const refusalOf = (error: unknown) =>
    error instanceof AppError && error.status < 500 ? error.code : undefined;

  /**
   * The same update, or a delete, of many rows in one transaction: each row is checked as in
   * a write of its own (gone, `rowAccess`, the hooks' rules) and skipped when refused; the
   * others are written, each with its audit entry and events. What happens after the commit
   * runs once it has committed, row by row.
   */
  const bulk = async (
    ctx: ServiceContext,
    ids: readonly number[],
    change: { action: 'update'; input: TUpdate } | { action: 'delete'; children?: ChildrenPolicy },
  ): Promise<BulkResult> => {
    // In id order: two bulk writes over the same rows lock them in the same order, so on
    // PostgreSQL the second waits for the first instead of deadlocking with it.
    const unique = [...new Set(ids)].sort((a, b) => a - b);
    const skipped: BulkResult['skipped'] = [];
    const refuse = (id: number, error: unknown) => {
      const code = refusalOf(error);
      if (!code) throw error;
      skipped.push({ id, code });
    };
    // Updates are prepared outside the transaction, as one row's are.
    const items: Array<{ id: number; update?: { change: Change; ready: Ready } }> = [];
    const undoAll = async (some = items) => {
      for (const item of some) await item.update?.ready.prepared.undo?.();
    };
    try {
      for (const id of unique) {
        if (change.action === 'delete') {
          items.push({ id });
          continue;
        }
        const current = await findRow(ctx.db, id);
        if (!current) {
          skipped.push({ id, code: 'not_found' });
          continue;
        }
        const update: Change = { action: 'update', input: change.input, current };
        try {
          items.push({
            id,
            update: { change: update, ready: await prepareChange(ctx, update, {}) },
          });
        } catch (error) {
          refuse(id, error);
        }
      }
    } catch (error) {
      await undoAll();
      throw error;
    }
    let outcome: {
      done: Array<{ record: TRecord; ready?: Ready }>;
      refused: Array<{ id: number; code: ErrorCode; ready?: Ready }>;
    };
    try {
      outcome = await ctx.transaction(async (tx) => {
        // Fresh on every attempt: a transaction retried after a conflict starts again.
        const done: Array<{ record: TRecord; ready?: Ready }> = [];
        const refused: Array<{ id: number; code: ErrorCode; ready?: Ready }> = [];
        const refuse = (id: number, error: unknown, ready?: Ready) => {
          const code = refusalOf(error);
          if (!code) throw error;
          refused.push({ id, code, ready });
        };
        // Only the checks (and, for a delete, references) refuse a row; anything else failing
        // once rows are written undoes them all.
        for (const { id, update } of items) {
          if (!update) {
            const children = change.action === 'delete' ? change.children : undefined;
            const record = await deleteOneOfMany(tx, ctx, id, children).catch((error: unknown) => {
              refuse(id, error);
            });
            if (record) done.push({ record });
            continue;
          }
          const checked = await checkWrite(tx, ctx, update.change, update.ready, {}).catch(
            (error: unknown) => {
              refuse(id, error, update.ready);
            },
          );
          if (checked)
            done.push({
              record: await applyWrite(tx, ctx, update.change, update.ready, {}, checked),
              ready: update.ready,
            });
        }
        return { done, refused };
      });
    } catch (error) {
      await undoAll();
      throw translateDbError(
        error,
        change.action === 'delete' ? deleteHints(def) : def.constraintHints,
      );
    }
    for (const { id, code, ready } of outcome.refused) {
      await ready?.prepared.undo?.();
      skipped.push({ id, code });
    }
    for (const { record, ready } of outcome.done)
      await runAfterCommit(ctx, { action: change.action, record }, [ready?.prepared.afterCommit]);
    return { done: outcome.done.length, skipped: skipped.sort((a, b) => a.id - b.id) };
  };

  const tellEvents = async (tx: Db, change: ResourceChange<RowOf<TB>, TRecord>) => {
    if (!def.events) return;
    for (const { event, data } of await def.events(tx, change))
      await emit(event, data, tx, change.at);
  };

  const runAfterCommit = async (
    ctx: ServiceContext,
    change: { action: 'create' | 'update' | 'delete'; record: TRecord },
    more: ReadonlyArray<(() => Promise<void>) | undefined> = [],
  ) => {
    for (const work of [() => hooks.afterCommit?.(ctx, change), ...more]) {
      try {
        await work?.();
      } catch (error) {
        ctx.log?.error({ err: error }, `${def.entity}: after-commit work failed`);
      }
    }
  };

  const expand = async (ctx: ServiceContext, record: TRecord, include?: string) => {
    for (const name of engine.parseIncludes(include))
      if (!relationFields.has(name)) await includes[name]!(ctx, [record]);
    return record;
  };

  return {
    def,
    findRow,
    relations,
    tree: treeRelation,

    list: (ctx: ServiceContext, query: Row) => engine.list(ctx, query),

    /** The whole list for a query, a batch of records at a time (exports). */
    stream: (ctx: ServiceContext, query: Row, batch?: number) => engine.stream(ctx, query, batch),

    async show(ctx: ServiceContext, key: unknown, include?: string) {
      const record = await findRecord(ctx.db, ctx.clock.now(), key);
      if (!record) throw notFound();
      return expand(ctx, record, include);
    },

    /** Adds what `include=` asks for to a record just written (create and update answer with it). */
    expand: (ctx: ServiceContext, record: TRecord, include?: string) =>
      expand(ctx, record, include),
    /** Refuses an unknown `include` (422) before anything is written. */
    checkIncludes: (include?: string) => engine.parseIncludes(include),

    /** `side`: work a route prepared for this write (e.g. a stored upload), see SideWork. */
    create: (ctx: ServiceContext, input: TCreate, side?: SideWork<TRecord>) =>
      write(ctx, { action: 'create', input }, side),

    async update(ctx: ServiceContext, key: unknown, input: TUpdate, side?: SideWork<TRecord>) {
      // Read outside the transaction for prepare; the transaction reads it again.
      const current = await findRow(ctx.db, key);
      if (!current) {
        await side?.undo?.();
        throw notFound();
      }
      return write(ctx, { action: 'update', input, current }, side);
    },

    /** The same update, or a delete, of many rows in one transaction (see `bulk` above). */
    bulk,

    /** A drag and drop in a tree: new parents and sibling orders, checked and written together. */
    async move(
      ctx: ServiceContext,
      moves: ReadonlyArray<{ id: number; parent_id: number | null; order: number }>,
    ) {
      if (!treeRelation) throw notFound();
      try {
        await ctx.transaction(async (tx) => {
          await moveTreeRows(tx, def.table, treeRelation, moves);
          await writeAudit(tx, ctx.audit, {
            action: 'update',
            entity: def.entity,
            details: { moved: moves },
          });
        });
      } catch (error) {
        throw translateDbError(error, def.constraintHints);
      }
    },

    async remove(ctx: ServiceContext, key: unknown, options: { children?: ChildrenPolicy } = {}) {
      let record: TRecord;
      try {
        record = await ctx.transaction(async (tx) =>
          applyDelete(tx, ctx, await checkDelete(tx, ctx, key, options.children)),
        );
      } catch (error) {
        throw translateDbError(error, deleteHints(def));
      }
      await runAfterCommit(ctx, { action: 'delete', record });
    },
  };
};
