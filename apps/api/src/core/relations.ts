import { sql, type RawBuilder } from 'kysely';
import { engineOf, type Db } from '../db/connection';
import { invalid } from './errors';
import type { ColumnOf, TableName } from './table';

/**
 * Relations a resource declares instead of writing by hand. The write pipeline
 * keeps each of them in the same transaction as the row; `show`, `create` and
 * `update` answer with them, and a list adds one when asked with `include=<field>`.
 */

type Values = Record<string, unknown>;

/**
 * A reference that must name an existing record: the 422 names `path` (e.g. `products.0.post_id`)
 * with `message` (`validation.foreign_key` by default). `where` narrows the rows that count
 * (equal columns, e.g. groups of style `trademark`), `condition` adds any other test on the row.
 */
export type Target = {
  table: TableName;
  column: string;
  where?: Record<string, unknown>;
  condition?: RawBuilder<unknown>;
  message?: string;
};

/**
 * How a child names another record: always the same table (a `Target`), or a table chosen per
 * item (a menu item's `ref_id` names a category or a post by its `type`); undefined: the item
 * names nothing.
 */
export type Reference = Target | ((item: Values) => Target | undefined);

/** Many-to-many: the field holds a set of ids kept in a link table (`group_ids`, `category_ids`). */
export type SetRelation = {
  kind: 'set';
  field: string;
  table: TableName;
  ownerColumn: string;
  targetColumn: string;
  target: Target;
};

/** Ordered children in a table of their own (`items`, `config`, `chapters` → `lessons`). */
export type ChildrenRelation = {
  kind: 'children';
  field: string;
  table: TableName;
  ownerColumn: string;
  orderColumn: string;
  /** The child row's own columns from one validated item (owner and order are added). */
  toRow: (item: Values) => Values;
  /** The item as the API answers it, from a child row. */
  toItem: (row: Values) => Values;
  /** Item fields naming other records, e.g. `{ post_id: { table: 'posts', column: 'id' } }`. */
  references?: Record<string, Reference>;
  /** Children of each child, e.g. a chapter's lessons. */
  children?: ChildrenRelation;
  /**
   * Items hold items of the same kind to any depth (menu items): every row keeps the owner,
   * and `parentColumn` names the row above it (null at the top); `field` holds the sub-items.
   */
  nested?: { field: string; parentColumn: string };
};

/**
 * The rows of the table form a forest through a parent column, ordered among
 * siblings; parents live in the same scope (e.g. the same post type). A parent can
 * never be its own descendant, and `level` (1 at the top) is kept for every row.
 */
export type TreeRelation = {
  kind: 'tree';
  parentColumn: string;
  orderColumn: string;
  levelColumn: string;
  scopeColumn?: string;
  /**
   * Kept when set: the row's place in the whole tree read top-down (a parent, then its
   * children in sibling order, ties by `tieColumn` then id), so a flat list sorted by it
   * is the tree, ready for a `--Title` display or an indented select.
   */
  positionColumn?: string;
  tieColumn?: string;
};

export type Relation = SetRelation | ChildrenRelation | TreeRelation;

export const manyToMany = <TL extends TableName, TT extends TableName>(relation: {
  field: string;
  table: TL;
  ownerColumn: ColumnOf<TL>;
  targetColumn: ColumnOf<TL>;
  target: { table: TT; column: ColumnOf<TT> };
}): SetRelation => ({ kind: 'set', ...relation });

type ChildrenDeclaration<TC extends TableName> = {
  field: string;
  table: TC;
  ownerColumn: ColumnOf<TC>;
  orderColumn: ColumnOf<TC>;
  toRow: (item: Values) => Partial<Record<ColumnOf<TC>, unknown>>;
  toItem: (row: Values) => Values;
  references?: Record<string, Reference>;
  children?: ChildrenRelation;
  nested?: { field: string; parentColumn: ColumnOf<TC> };
};

export const orderedChildren = <TC extends TableName>(
  relation: ChildrenDeclaration<TC>,
): ChildrenRelation => ({
  kind: 'children',
  ...relation,
  toRow: relation.toRow as (item: Values) => Values,
});

export const tree = <TB extends TableName>(relation: {
  parentColumn: ColumnOf<TB>;
  orderColumn: ColumnOf<TB>;
  levelColumn: ColumnOf<TB>;
  scopeColumn?: ColumnOf<TB>;
  positionColumn?: ColumnOf<TB>;
  tieColumn?: ColumnOf<TB>;
}): TreeRelation => ({ kind: 'tree', ...relation });

// The core writes tables it knows only by name; Kysely's typed builder needs a concrete table,
// so these few statements are written with sql.table/sql.ref (still parameterised).
const selectWhereIn = async (
  db: Db,
  table: string,
  columns: string[],
  column: string,
  values: readonly unknown[],
) => {
  if (values.length === 0) return [] as Values[];
  const { rows } =
    await sql<Values>`select ${sql.join(columns.map((c) => sql.ref(c)))} from ${sql.table(table)}
    where ${sql.ref(column)} in (${sql.join(values.map((v) => sql`${v}`))})`.execute(db);
  return rows;
};

const insertRow = async (db: Db, table: string, values: Values): Promise<Values> => {
  const columns = Object.keys(values);
  const { rows } =
    await sql<Values>`insert into ${sql.table(table)} (${sql.join(columns.map((c) => sql.ref(c)))})
    values (${sql.join(columns.map((c) => sql`${values[c] as never}`))}) returning *`.execute(db);
  return rows[0]!;
};

/** Checks that every id names a record; the 422 names the first path that does not. */
export const assertReferences = async (
  db: Db,
  target: Target,
  refs: Array<{ path: string; id: unknown }>,
) => {
  const wanted = [
    ...new Set(refs.map((ref) => ref.id).filter((id) => id !== null && id !== undefined)),
  ];
  if (wanted.length === 0) return;
  const filters = [
    ...Object.entries(target.where ?? {}).map(
      ([column, value]) => sql`${sql.ref(column)} = ${value}`,
    ),
    ...(target.condition ? [sql`(${target.condition})`] : []),
  ];
  const { rows } =
    await sql<Values>`select ${sql.ref(target.column)} from ${sql.table(target.table)}
    where ${sql.ref(target.column)} in (${sql.join(wanted.map((v) => sql`${v}`))})
    ${filters.length > 0 ? sql`and ${sql.join(filters, sql` and `)}` : sql``}`.execute(db);
  const found = new Set(rows.map((row) => String(row[target.column])));
  const missing = refs.find(
    (ref) => ref.id !== null && ref.id !== undefined && !found.has(String(ref.id)),
  );
  if (missing) throw invalid({ [missing.path]: target.message ?? 'validation.foreign_key' });
};

const writeSet = async (
  tx: Db,
  relation: SetRelation,
  ownerId: number,
  ids: readonly unknown[],
) => {
  const unique = [...new Set(ids)];
  await assertReferences(
    tx,
    relation.target,
    unique.map((id) => ({ path: relation.field, id })),
  );
  // Only the links that change are written: counts kept by triggers on the link table (a
  // category's posts) move only for them, and a save that keeps the set touches nothing.
  const { rows } =
    await sql<Values>`select ${sql.ref(relation.targetColumn)} from ${sql.table(relation.table)}
    where ${sql.ref(relation.ownerColumn)} = ${ownerId}`.execute(tx);
  const stored = new Set(rows.map((row) => String(row[relation.targetColumn])));
  const wanted = new Set(unique.map(String));
  const gone = rows
    .map((row) => row[relation.targetColumn])
    .filter((id) => !wanted.has(String(id)));
  if (gone.length > 0)
    await sql`delete from ${sql.table(relation.table)} where ${sql.ref(relation.ownerColumn)} = ${ownerId}
      and ${sql.ref(relation.targetColumn)} in (${sql.join(gone.map((id) => sql`${id}`))})`.execute(
      tx,
    );
  for (const id of unique)
    if (!stored.has(String(id)))
      await insertRow(tx, relation.table, {
        [relation.ownerColumn]: ownerId,
        [relation.targetColumn]: id,
      });
};

/** Refs grouped by the target each names, in the order the items come (so the first missing path is named). */
const referencesByTarget = (
  reference: Reference,
  items: readonly Values[],
  field: string,
  path: string,
) => {
  const groups = new Map<Target, Array<{ path: string; id: unknown }>>();
  for (const [index, item] of items.entries()) {
    const target = typeof reference === 'function' ? reference(item) : reference;
    if (!target) continue;
    groups.set(target, [
      ...(groups.get(target) ?? []),
      { path: `${path}.${index}.${field}`, id: item[field] },
    ]);
  }
  return groups;
};

const checkChildReferences = async (
  tx: Db,
  relation: ChildrenRelation,
  items: readonly Values[],
  path: string,
) => {
  for (const [field, reference] of Object.entries(relation.references ?? {}))
    for (const [target, refs] of referencesByTarget(reference, items, field, path))
      await assertReferences(tx, target, refs);
  for (const sub of [
    relation.children,
    relation.nested && { ...relation, field: relation.nested.field },
  ])
    if (sub)
      for (const [index, item] of items.entries())
        await checkChildReferences(
          tx,
          sub,
          (item[sub.field] as Values[] | undefined) ?? [],
          `${path}.${index}.${sub.field}`,
        );
};

const deleteChildren = async (tx: Db, relation: ChildrenRelation, ownerIds: readonly unknown[]) => {
  if (ownerIds.length === 0) return;
  if (relation.children) {
    const ids = (
      await selectWhereIn(tx, relation.table, ['id'], relation.ownerColumn, ownerIds)
    ).map((row) => row.id);
    await deleteChildren(tx, relation.children, ids);
  }
  await sql`delete from ${sql.table(relation.table)} where ${sql.ref(relation.ownerColumn)} in (${sql.join(ownerIds.map((id) => sql`${id}`))})`.execute(
    tx,
  );
};

const insertChildren = async (
  tx: Db,
  relation: ChildrenRelation,
  ownerId: unknown,
  items: readonly Values[],
  parentId: unknown = null,
) => {
  for (const [index, item] of items.entries()) {
    const row = await insertRow(tx, relation.table, {
      ...relation.toRow(item),
      [relation.ownerColumn]: ownerId,
      [relation.orderColumn]: index,
      ...(relation.nested ? { [relation.nested.parentColumn]: parentId } : {}),
    });
    if (relation.children)
      await insertChildren(
        tx,
        relation.children,
        row.id,
        (item[relation.children.field] as Values[] | undefined) ?? [],
      );
    if (relation.nested)
      await insertChildren(
        tx,
        relation,
        ownerId,
        (item[relation.nested.field] as Values[] | undefined) ?? [],
        row.id,
      );
  }
};

const loadChildren = async (
  db: Db,
  relation: ChildrenRelation,
  ownerIds: readonly unknown[],
): Promise<Map<string, Values[]>> => {
  const byOwner = new Map<string, Values[]>(ownerIds.map((id) => [String(id), []]));
  if (ownerIds.length === 0) return byOwner;
  const { rows } = await sql<Values>`select * from ${sql.table(relation.table)}
    where ${sql.ref(relation.ownerColumn)} in (${sql.join(ownerIds.map((id) => sql`${id}`))})
    order by ${sql.ref(relation.ownerColumn)}, ${sql.ref(relation.orderColumn)}, id`.execute(db);
  const nested = relation.children
    ? await loadChildren(
        db,
        relation.children,
        rows.map((row) => row.id),
      )
    : undefined;
  const items = new Map<string, Values>();
  for (const row of rows) {
    const item = relation.toItem(row);
    if (relation.children) item[relation.children.field] = nested!.get(String(row.id)) ?? [];
    if (relation.nested) item[relation.nested.field] = [];
    items.set(String(row.id), item);
  }
  for (const row of rows) {
    const item = items.get(String(row.id))!;
    const parentId = relation.nested ? row[relation.nested.parentColumn] : null;
    const parent =
      parentId === null || parentId === undefined ? undefined : items.get(String(parentId));
    if (parent) (parent[relation.nested!.field] as Values[]).push(item);
    else byOwner.get(String(row[relation.ownerColumn]))?.push(item);
  }
  return byOwner;
};

/** Ids in a stable order: numbers by value, keys (text) by their characters. */
const compareIds = (a: unknown, b: unknown) =>
  typeof a === 'number' && typeof b === 'number'
    ? a - b
    : String(a) < String(b)
      ? -1
      : String(a) > String(b)
        ? 1
        : 0;

/**
 * Recomputes `level` (and the declared position) for the scope of a tree and refuses a
 * structure where a row is its own ancestor (it would be unreachable from the top). Called after
 * every write that may move rows, inside the same transaction.
 */
const settleTree = async (tx: Db, table: string, relation: TreeRelation, scopeValue: unknown) => {
  const scope = relation.scopeColumn
    ? sql`where ${sql.ref(relation.scopeColumn)} = ${scopeValue}`
    : sql``;
  const position = relation.positionColumn;
  const extra = position
    ? sql`, ${sql.ref(position)} as position, ${sql.ref(relation.orderColumn)} as sibling_order${
        relation.tieColumn ? sql`, ${sql.ref(relation.tieColumn)} as tie` : sql``
      }`
    : sql``;
  const { rows } =
    await sql<Values>`select id, ${sql.ref(relation.parentColumn)} as parent, ${sql.ref(relation.levelColumn)} as level ${extra}
    from ${sql.table(table)} ${scope}`.execute(tx);
  const children = new Map<string, Values[]>();
  for (const row of rows) {
    const key = row.parent == null ? 'root' : String(row.parent);
    children.set(key, [...(children.get(key) ?? []), row]);
  }
  const bySiblingOrder = (a: Values, b: Values) =>
    Number(a.sibling_order) - Number(b.sibling_order) ||
    String(a.tie ?? '').localeCompare(String(b.tie ?? ''), 'vi') ||
    compareIds(a.id, b.id);
  // Depth first, so that the visiting order is the top-down reading order.
  const levels = new Map<string, number>();
  const positions = new Map<string, number>();
  const stack: Array<[string, number]> = [['root', 0]];
  while (stack.length > 0) {
    const [id, level] = stack.pop()!;
    if (id !== 'root') positions.set(id, positions.size + 1);
    const kids = [...(children.get(id) ?? [])];
    if (position) kids.sort(bySiblingOrder);
    for (const child of kids.reverse()) {
      levels.set(String(child.id), level + 1);
      stack.push([String(child.id), level + 1]);
    }
  }
  if (levels.size !== rows.length) return false;
  for (const row of rows) {
    const level = levels.get(String(row.id))!;
    const place = positions.get(String(row.id))!;
    if (Number(row.level) !== level || (position && Number(row.position) !== place))
      await sql`update ${sql.table(table)} set ${sql.ref(relation.levelColumn)} = ${level}${
        position ? sql`, ${sql.ref(position)} = ${place}` : sql``
      } where id = ${row.id}`.execute(tx);
  }
  return true;
};

const treeParentCheck = async (tx: Db, table: string, relation: TreeRelation, row: Values) => {
  const parentId = row[relation.parentColumn];
  if (parentId === null || parentId === undefined) return;
  if (parentId === row.id) throw invalid({ [relation.parentColumn]: 'tree.cycle' });
  const [parent] = await selectWhereIn(
    tx,
    table,
    ['id', ...(relation.scopeColumn ? [relation.scopeColumn] : [])],
    'id',
    [parentId],
  );
  if (
    !parent ||
    (relation.scopeColumn &&
      String(parent[relation.scopeColumn]) !== String(row[relation.scopeColumn]))
  )
    throw invalid({ [relation.parentColumn]: 'validation.foreign_key' });
};

/**
 * A relation's field may sit inside an object of the body (`product.agency_prices`,
 * `course.chapters`): the dotted path says where. The relation is written when the path
 * is present, and answered inside that object when the record has it.
 */
const pathOf = (field: string) => field.split('.');

/** What a write carries for the declared relations, taken out of the validated input. */
export const splitRelations = (relations: readonly Relation[], input: Values) => {
  const values: Values = { ...input };
  const given: Values = {};
  for (const relation of relations) {
    if (relation.kind === 'tree') continue;
    const path = pathOf(relation.field);
    const last = path.pop()!;
    // Copy the objects along the path so the caller's input is left as it was.
    let holder: Values | undefined = values;
    for (const key of path) {
      const inner: unknown = holder[key];
      if (!inner || typeof inner !== 'object' || Array.isArray(inner)) {
        holder = undefined;
        break;
      }
      holder[key] = { ...(inner as Values) };
      holder = holder[key] as Values;
    }
    if (holder && last in holder) {
      given[relation.field] = holder[last];
      delete holder[last];
    }
  }
  return { values, given };
};

/** The object a dotted relation field is answered in, when the record has it. */
const holderOf = (record: Values, field: string): [Values, string] | undefined => {
  const path = pathOf(field);
  const last = path.pop()!;
  let holder: unknown = record;
  for (const key of path) {
    holder = (holder as Values)[key];
    if (!holder || typeof holder !== 'object' || Array.isArray(holder)) return undefined;
  }
  return [holder as Values, last];
};

/** Writes the relations a create or update sent, after the row itself, in its transaction. */
export const writeRelations = async (
  tx: Db,
  table: string,
  relations: readonly Relation[],
  row: Values,
  given: Values,
  before?: Values,
) => {
  for (const relation of relations) {
    if (relation.kind === 'set') {
      if (given[relation.field] !== undefined)
        await writeSet(
          tx,
          relation,
          row.id as number,
          (given[relation.field] as unknown[] | null) ?? [],
        );
    } else if (relation.kind === 'children') {
      const items = given[relation.field] as Values[] | null | undefined;
      if (items === undefined) continue;
      await checkChildReferences(tx, relation, items ?? [], relation.field);
      await deleteChildren(tx, relation, [row.id]);
      await insertChildren(tx, relation, row.id, items ?? []);
    } else {
      await treeParentCheck(tx, table, relation, row);
      // With a kept position, a new order or tie (title) moves the row in the reading order too.
      const moved =
        !before ||
        Boolean(relation.positionColumn) ||
        before[relation.parentColumn] !== row[relation.parentColumn] ||
        (relation.scopeColumn && before[relation.scopeColumn] !== row[relation.scopeColumn]);
      if (
        moved &&
        !(await settleTree(
          tx,
          table,
          relation,
          relation.scopeColumn ? row[relation.scopeColumn] : undefined,
        ))
      )
        throw invalid({ [relation.parentColumn]: 'tree.cycle' });
      if (
        before &&
        relation.scopeColumn &&
        before[relation.scopeColumn] !== row[relation.scopeColumn]
      )
        await settleTree(tx, table, relation, before[relation.scopeColumn]);
    }
  }
};

const setColumn = (index: number) => `__set_${index}`;

/**
 * Columns to add to the select of one row of `table` so that the same query brings the ids of
 * each set relation, as a JSON array (the ids keep their type: numbers, or text keys). One query
 * for a record and its link tables instead of one per table; `takeSets` reads them back.
 */
export const setColumns = (db: Db, table: string, relations: readonly Relation[]) => {
  const sets = relations.filter((relation): relation is SetRelation => relation.kind === 'set');
  if (sets.length === 0) return [];
  const aggregate = engineOf(db as never) === 'postgres' ? 'json_agg' : 'json_group_array';
  return sets.map(
    (relation, index) =>
      sql`(select ${sql.raw(aggregate)}(${sql.ref(relation.targetColumn)}) from ${sql.table(relation.table)}
        where ${sql.ref(relation.ownerColumn)} = ${sql.ref(`${table}.id`)}) as ${sql.ref(setColumn(index))}`,
  );
};

/** Takes the columns `setColumns` added out of the row: the ids of each set relation, by field. */
export const takeSets = (relations: readonly Relation[], row: Values) => {
  const sets = new Map<string, unknown[]>();
  let index = 0;
  for (const relation of relations) {
    if (relation.kind !== 'set') continue;
    const key = setColumn(index++);
    const value = row[key];
    delete row[key];
    // PostgreSQL answers parsed JSON (null without rows), SQLite its text.
    const ids = (typeof value === 'string' ? JSON.parse(value) : (value ?? [])) as unknown[];
    sets.set(relation.field, ids.sort(compareIds));
  }
  return sets;
};

/**
 * Adds each relation's field to the records (`fields` limits which). `known`: sets already
 * read with the row (`setColumns`), for a single record.
 */
export const loadRelations = async (
  db: Db,
  relations: readonly Relation[],
  records: Values[],
  fields?: ReadonlySet<string>,
  known?: ReadonlyMap<string, unknown[]>,
) => {
  for (const relation of relations) {
    if (relation.kind === 'tree' || (fields && !fields.has(relation.field))) continue;
    if (relation.kind === 'set') {
      const given = known?.get(relation.field);
      if (given && records.length === 1) {
        const place = holderOf(records[0]!, relation.field);
        if (place) place[0][place[1]] = [...given];
        continue;
      }
      // A set inside an object only some records have (a product's box) is read for those only.
      const owners = records.filter((record) => holderOf(record, relation.field));
      if (owners.length === 0) continue;
      const rows = await selectWhereIn(
        db,
        relation.table,
        [relation.ownerColumn, relation.targetColumn],
        relation.ownerColumn,
        owners.map((record) => record.id),
      );
      for (const record of owners) {
        const place = holderOf(record, relation.field)!;
        place[0][place[1]] = rows
          .filter((row) => String(row[relation.ownerColumn]) === String(record.id))
          .map((row) => row[relation.targetColumn])
          .sort(compareIds);
      }
    } else {
      const owners = records.filter((record) => holderOf(record, relation.field));
      const byOwner = await loadChildren(
        db,
        relation,
        owners.map((record) => record.id),
      );
      for (const record of owners) {
        const [holder, key] = holderOf(record, relation.field)!;
        holder[key] = byOwner.get(String(record.id)) ?? [];
      }
    }
  }
};

export type ChildrenPolicy = 'lift' | 'cascade';

/**
 * Before a tree row is deleted: its children move up to its parent (`lift`) or go
 * with it (`cascade`); without a choice a row that has children is not deleted
 * (422 on `children` with their number), so no row is ever left without its parent.
 */
export const prepareTreeDelete = async (
  tx: Db,
  table: string,
  relation: TreeRelation,
  row: Values,
  policy: ChildrenPolicy | undefined,
) => {
  const children = await selectWhereIn(tx, table, ['id'], relation.parentColumn, [row.id]);
  if (children.length === 0) return [] as unknown[];
  if (!policy)
    throw invalid({ children: { key: 'tree.has_children', params: { count: children.length } } });
  if (policy === 'lift') {
    await sql`update ${sql.table(table)} set ${sql.ref(relation.parentColumn)} = ${row[relation.parentColumn] ?? null}
      where ${sql.ref(relation.parentColumn)} = ${row.id}`.execute(tx);
    return [] as unknown[];
  }
  const doomed: unknown[] = [];
  let frontier: unknown[] = [row.id];
  while (frontier.length > 0) {
    frontier = (await selectWhereIn(tx, table, ['id'], relation.parentColumn, frontier)).map(
      (child) => child.id,
    );
    doomed.push(...frontier);
  }
  // Deepest first, so no row ever points at a deleted parent.
  for (const id of doomed.reverse())
    await sql`delete from ${sql.table(table)} where id = ${id}`.execute(tx);
  return doomed;
};

/** After a tree row is deleted: levels of the lifted rows. */
export const settleAfterDelete = async (
  tx: Db,
  table: string,
  relation: TreeRelation,
  row: Values,
) => {
  await settleTree(
    tx,
    table,
    relation,
    relation.scopeColumn ? row[relation.scopeColumn] : undefined,
  );
};

/** Moves several rows of a tree at once (a drag and drop): parents and sibling order, checked as a whole. */
export const moveTreeRows = async (
  tx: Db,
  table: string,
  relation: TreeRelation,
  moves: ReadonlyArray<{ id: number; parent_id: number | null; order: number }>,
) => {
  const ids = moves.map((move) => move.id);
  const rows = await selectWhereIn(
    tx,
    table,
    ['id', ...(relation.scopeColumn ? [relation.scopeColumn] : [])],
    'id',
    ids,
  );
  if (rows.length !== new Set(ids).size) throw invalid({ items: 'validation.foreign_key' });
  const scopes = new Set(
    rows.map((row) => (relation.scopeColumn ? String(row[relation.scopeColumn]) : '')),
  );
  if (scopes.size > 1) throw invalid({ items: 'tree.one_scope' });
  for (const [index, move] of moves.entries()) {
    const row = rows.find((r) => r.id === move.id)!;
    if (move.parent_id !== null) {
      const [parent] = await selectWhereIn(
        tx,
        table,
        ['id', ...(relation.scopeColumn ? [relation.scopeColumn] : [])],
        'id',
        [move.parent_id],
      );
      if (
        !parent ||
        (relation.scopeColumn &&
          String(parent[relation.scopeColumn]) !== String(row[relation.scopeColumn]))
      )
        throw invalid({ [`items.${index}.parent_id`]: 'validation.foreign_key' });
    }
    await sql`update ${sql.table(table)} set ${sql.ref(relation.parentColumn)} = ${move.parent_id},
      ${sql.ref(relation.orderColumn)} = ${move.order} where id = ${move.id}`.execute(tx);
  }
  const scopeValue = relation.scopeColumn ? rows[0]![relation.scopeColumn] : undefined;
  if (!(await settleTree(tx, table, relation, scopeValue)))
    throw invalid({ parent_id: 'tree.cycle' });
};
