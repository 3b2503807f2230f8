import { listQuerySchema, type Pagination } from '@backoffice/shared/list-query.schema';
import {
  sql,
  type Expression,
  type ExpressionBuilder,
  type SelectQueryBuilder,
  type SqlBool,
} from 'kysely';
import { z } from 'zod';
import type { Db } from '../db/connection';
import type { Database } from '../db/types';
import type { ServiceContext } from './context';
import { paginate, parseListQuery, type ParsedList } from './list-query';
import {
  containsIgnoringCase,
  matchSearchText,
  planSearch,
  searchRank,
  type SearchPlan,
} from './search';
import type { ColumnOf, RowOf, TableName } from './table';

/**
 * The one list engine: the parameters every list takes (page, limit, search, field
 * search, orderBy/sortedBy, include, a resource's filters) over one table, with
 * a total that stays cheap on very large tables. A resource declares what may be
 * searched, filtered and sorted; everything else is a 422 (see list-query.ts).
 */

export type SearchMatch = 'exact' | 'contains' | 'number';

export type ListFilter<TB extends TableName> = {
  /** Validates the query parameter of the same name (it arrives as text). */
  schema: z.ZodType;
  where: (
    eb: ExpressionBuilder<Database, TB>,
    value: never,
    ctx: ServiceContext,
  ) => Expression<SqlBool>;
  /** Set for `column = value` filters: a maintained count keyed by the column can serve the total. */
  column?: ColumnOf<TB>;
  /**
   * A page of the list filtered by this filter read off an index of its own (a category's
   * posts with those below it): the page's ids in the list's order and its total, or
   * `undefined` when these other filters or this order are not what that index answers, and
   * the list is read the general way. Asked only for a page without a search.
   */
  page?: (ctx: ServiceContext, request: IndexedPageRequest) => Promise<IndexedPage | undefined>;
};

export type IndexedPageRequest = {
  value: never;
  /** The list's other filters, by name. */
  filters: Record<string, unknown>;
  order: readonly [string, 'asc' | 'desc'];
  limit: number;
  offset: number;
};

/** The ids of a page, in order, and the list's total (counted only if the page does not tell it). */
export type IndexedPage = { ids: number[]; total: () => Promise<number> };

export type ListDefinition<TB extends TableName, TColumn extends ColumnOf<TB> = ColumnOf<TB>> = {
  /** Columns a list returns (the screen's columns, never large content) besides `id`; default every column. */
  columns?: readonly TColumn[];
  /**
   * A plain `search` term: `index` goes through the folded `search_text` index
   * (Vietnamese folding, every word); a list of columns matches the literal term
   * inside any of them (small tables only).
   */
  search?: 'index' | readonly ColumnOf<TB>[];
  /**
   * `search=field:value`: which fields, on which column, matched how; `normalize` reads the
   * value as the column stores it (a phone typed `0912 345 678` is kept as its digits).
   */
  searchFields?: Record<
    string,
    { column: ColumnOf<TB>; match: SearchMatch; normalize?: (value: string) => string }
  >;
  /** Columns usable as `orderBy` besides `id` and `created_at`. Each needs an index that finishes the sort on a big table. */
  sortable?: readonly ColumnOf<TB>[];
  defaultOrder: readonly [ColumnOf<TB>, 'asc' | 'desc'];
  /**
   * Rows with the same value of a sort column are ordered next by another column, in its own
   * direction, before `id` (comments: the newest thread first, then each thread read top-down).
   */
  thenBy?: Partial<Record<ColumnOf<TB>, readonly [ColumnOf<TB>, 'asc' | 'desc']>>;
  filters?: Record<string, ListFilter<TB>>;
  /** `limit=0` (everything) is allowed: small resources only. */
  allowAll?: boolean;
  /**
   * The table keeps maintained counts (migration-kit `addRowCount`): the total of
   * an unfiltered list, and, with `by`, of lists filtered by equality on those columns.
   */
  counted?: boolean | { by: readonly ColumnOf<TB>[] };
  /**
   * Find the page's ids first, then read only those rows: for tables whose rows are large
   * (a post's content), where sorting or skipping whole rows would read every one of them.
   * Pays off with an index that covers the filters and the sort.
   */
  idsFirst?: boolean;
};

/** A row as a list reads it: the declared columns and `id` (every column when none are declared). */
export type ListRow<TB extends TableName, TColumn extends ColumnOf<TB> = ColumnOf<TB>> = Pick<
  RowOf<TB>,
  Extract<TColumn | 'id', keyof RowOf<TB>>
>;

export type ListPage<TRecord> = { data: TRecord[]; meta: { pagination: Pagination } };

/** An equality filter on one column; its total can come from a maintained count. */
export const equalsFilter = <TB extends TableName>(
  column: ColumnOf<TB>,
  schema: z.ZodType,
): ListFilter<TB> => ({
  schema,
  column,
  where: (eb, value) => eb(eb.ref(column as never), '=', value as never),
});

/** The `row_counts` key of a table, or of its rows having these column values. */
export const countKey = (table: string, values: Record<string, unknown> = {}) =>
  [
    table,
    ...Object.keys(values)
      .sort()
      .map((column) => `${column}=${String(values[column] ?? '')}`),
  ].join('|');

/** No search, sort or include: a report's order is its own. */
const REPORT_SPEC = {
  searchFields: [],
  sortable: [],
  includes: [],
  defaultOrder: ['id', 'desc'],
} as const;

/** The column a page's rows carry their list's total in, when the page counts (not a table's). */
const PAGE_TOTAL = 'list_total__';

/** Whether a page's own rows tell the total (not full, or the first and empty). */
const totalFromPage = (rows: number, limit: number, offset: number) =>
  limit === 0 || (rows > 0 && rows < limit) || (rows === 0 && offset === 0);

/**
 * A read that is not one table's rows (a report of grouped or joined figures: stock per
 * product, a product's movements, a supplier's deliveries) pages and counts like every list:
 * the same `page` and `limit` rules (`limit=0` is refused), the order the report gives, and
 * the total counted only when the page does not tell it.
 */
export const readReportPage = async <T>(
  query: { page?: number; limit?: number },
  read: (page: { limit: number; offset: number }) => Promise<T[]>,
  count: () => Promise<number>,
): Promise<ListPage<T>> => {
  const list = parseListQuery(query, REPORT_SPEC);
  const offset = (list.page - 1) * list.limit;
  const rows = await read({ limit: list.limit, offset });
  const total = totalFromPage(rows.length, list.limit, offset)
    ? offset + rows.length
    : await count();
  return { data: rows, meta: { pagination: paginate(rows.length, total, list) } };
};

/** A report's filter: its query parameter's schema, and which of the report's rows it keeps. */
export type ReportFilter<Q> = {
  schema: z.ZodType;
  /** The value as the schema gives it (`integerParam` gives a number). */
  where: (rows: Q, value: never) => Q;
};

const reportPageShape = listQuerySchema.pick({ page: true, limit: true }).shape;

type ReportQueryShape<F extends Record<string, { schema: z.ZodType }>> = typeof reportPageShape & {
  [K in keyof F]: z.ZodOptional<F[K]['schema']>;
};

/**
 * A report declared like a list: where its rows come from (`from`, given the path's record
 * when the report is one record's: a supplier's deliveries), its `filters`, and how a page is
 * read and the rows counted. It gives the route's `querystring` (page, limit and the filters:
 * strict, so an unknown parameter is a 422 naming it), `list` for a page and `pages` for every
 * row a batch at a time (an export). Filters are the only place a query parameter is read.
 */
export const defineReport = <Q, T, F extends Record<string, ReportFilter<Q>>, TScope = void>(def: {
  from: (ctx: ServiceContext, scope: TScope) => Q;
  filters: F;
  read: (rows: Q, page: { limit: number; offset: number }, ctx: ServiceContext) => Promise<T[]>;
  count: (rows: Q, ctx: ServiceContext) => Promise<number>;
}) => {
  const filterShape = Object.fromEntries(
    Object.entries(def.filters).map(([name, filter]) => [name, filter.schema.optional()]),
  ) as { [K in keyof F]: z.ZodOptional<F[K]['schema']> };
  const filtered = (ctx: ServiceContext, query: Record<string, unknown>, scope: TScope) => {
    let rows = def.from(ctx, scope);
    for (const [name, filter] of Object.entries(def.filters))
      if (query[name] !== undefined) rows = filter.where(rows, query[name] as never);
    return rows;
  };
  const list = (
    ctx: ServiceContext,
    query: Record<string, unknown>,
    scope: TScope,
  ): Promise<ListPage<T>> => {
    const rows = filtered(ctx, query, scope);
    return readReportPage(
      query,
      (page) => def.read(rows, page, ctx),
      () => def.count(rows, ctx),
    );
  };
  return {
    /** The filters' parameters alone (an export adds them to its own). */
    filterShape,
    querystring: z.strictObject({ ...reportPageShape, ...filterShape } as ReportQueryShape<F>),
    list,
    /** Every row for a query's filters, in the report's order, `size` at a time. */
    async *pages(ctx: ServiceContext, query: Record<string, unknown>, scope: TScope, size = 100) {
      const rows = filtered(ctx, query, scope);
      for (let offset = 0; ; offset += size) {
        const batch = await def.read(rows, { limit: size, offset }, ctx);
        if (batch.length > 0) yield batch;
        if (batch.length < size) return;
      }
    },
    /** How many rows a query's filters keep. */
    count: (ctx: ServiceContext, query: Record<string, unknown>, scope: TScope) =>
      def.count(filtered(ctx, query, scope), ctx),
  };
};

type Loaders<TRecord> = Record<string, (ctx: ServiceContext, records: TRecord[]) => Promise<void>>;

/** One key of a list's order: a column, its direction, and where its NULLs sort on the engine. */
type OrderKey = { column: string; direction: 'asc' | 'desc'; nullsFirst: boolean };

/**
 * SQLite sorts NULL below every value, PostgreSQL above: with `asc` SQLite puts them first,
 * PostgreSQL last, and the other way round with `desc`.
 */
const nullsFirstOn = (engine: ServiceContext['engine'], direction: 'asc' | 'desc') =>
  engine === 'sqlite' ? direction === 'asc' : direction === 'desc';

/**
 * The rows after `last` in the order of `keys` (a keyset page's WHERE): after it on the first
 * key, or equal there and after it on the next, and so on, with NULLs where the engine sorts them.
 */
const afterRow = (
  keys: readonly OrderKey[],
  last: Record<string, unknown>,
  ref: (column: string) => Expression<unknown>,
): Expression<SqlBool> => {
  const [key, ...rest] = keys;
  if (!key) return sql<SqlBool>`1 = 0`;
  const column = ref(key.column);
  const value = last[key.column];
  const tail = rest.length > 0 ? afterRow(rest, last, ref) : undefined;
  if (value === null || value === undefined) {
    const beyond = key.nullsFirst ? sql<SqlBool>`${column} is not null` : undefined;
    const equal = tail ? sql<SqlBool>`(${column} is null and ${tail})` : undefined;
    const parts = [beyond, equal].filter((part) => part !== undefined);
    return parts.length > 0 ? sql<SqlBool>`(${sql.join(parts, sql` or `)})` : sql<SqlBool>`1 = 0`;
  }
  const beyond =
    key.direction === 'asc'
      ? sql<SqlBool>`${column} > ${value}`
      : sql<SqlBool>`${column} < ${value}`;
  const parts = [
    beyond,
    ...(tail ? [sql<SqlBool>`(${column} = ${value} and ${tail})`] : []),
    ...(key.nullsFirst ? [] : [sql<SqlBool>`${column} is null`]),
  ];
  // A bound the index can seek to, so that each page starts where the last one ended.
  const bound = key.nullsFirst
    ? key.direction === 'asc'
      ? sql<SqlBool>`${column} >= ${value}`
      : sql<SqlBool>`${column} <= ${value}`
    : undefined;
  const after = sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
  return bound ? sql<SqlBool>`(${bound} and ${after})` : after;
};

export const createListEngine = <
  TB extends TableName,
  TRecord,
  TColumn extends ColumnOf<TB> = ColumnOf<TB>,
>(
  table: TB,
  def: ListDefinition<TB, TColumn>,
  toRecord: (row: ListRow<TB, TColumn>, now: Date) => TRecord,
  includes: Loaders<TRecord> = {},
  complete?: (db: Db, records: TRecord[]) => Promise<void>,
) => {
  const spec = {
    searchFields: Object.keys(def.searchFields ?? {}),
    sortable: def.sortable ?? [],
    includes: Object.keys(includes),
    defaultOrder: def.defaultOrder,
    allowAll: def.allowAll,
  };
  const countedBy = new Set<string>(typeof def.counted === 'object' ? def.counted.by : []);
  const ref = (column: string) => sql.ref(`${table}.${column}`);

  /** The WHERE of a list, and the maintained count that answers its total when there is one. */
  const conditions = (
    ctx: ServiceContext,
    list: ParsedList,
    query: Record<string, unknown>,
    plan?: SearchPlan,
  ) => {
    const where: Array<(eb: ExpressionBuilder<Database, TB>) => Expression<SqlBool>> = [];
    if (list.term) {
      if (def.search === 'index') {
        const words = plan ?? { indexed: [], checked: [], visitsEveryMatch: false };
        where.push(() => matchSearchText(table, words));
      } else if (def.search) {
        const term = list.term;
        const columns = def.search;
        where.push(
          () =>
            sql<SqlBool>`(${sql.join(
              columns.map((column) => containsIgnoringCase(ctx.engine, ref(column), term)),
              sql` or `,
            )})`,
        );
      }
    }
    for (const { field, value: typed } of list.fields) {
      const { column, match, normalize } = def.searchFields![field]!;
      const value = normalize ? normalize(typed) : typed;
      if (match === 'contains')
        where.push(() => containsIgnoringCase(ctx.engine, ref(column), value));
      else if (match === 'number')
        where.push(() =>
          /^\d{1,15}$/.test(value)
            ? sql<SqlBool>`${ref(column)} = ${Number(value)}`
            : sql<SqlBool>`1 = 0`,
        );
      else where.push(() => sql<SqlBool>`${ref(column)} = ${value}`);
    }
    const equalities: Record<string, unknown> = {};
    let onlyCountedEqualities = list.term === undefined && list.fields.length === 0;
    for (const [name, filter] of Object.entries(def.filters ?? {})) {
      const value = query[name];
      if (value === undefined) continue;
      where.push((eb) => filter.where(eb, value as never, ctx));
      if (filter.column && countedBy.has(filter.column)) equalities[filter.column] = value;
      else onlyCountedEqualities = false;
    }
    return {
      where,
      countedKey: def.counted && onlyCountedEqualities ? countKey(table, equalities) : undefined,
    };
  };

  /** The page from a filter's own index (`ListFilter.page`), when one answers this query. */
  const indexedPage = async (
    ctx: ServiceContext,
    list: ParsedList,
    query: Record<string, unknown>,
    offset: number,
  ) => {
    if (list.term !== undefined || list.fields.length > 0 || list.limit === 0) return undefined;
    const given = Object.entries(def.filters ?? {}).filter(([name]) => query[name] !== undefined);
    for (const [name, filter] of given) {
      if (!filter.page) continue;
      const filters = Object.fromEntries(
        given.filter(([other]) => other !== name).map(([other]) => [other, query[other]]),
      );
      const found = await filter.page(ctx, {
        value: query[name] as never,
        filters,
        order: list.order,
        limit: list.limit,
        offset,
      });
      if (found) return found;
    }
    return undefined;
  };

  const maintainedCount = async (ctx: ServiceContext, key: string) => {
    const row = await ctx.db
      .selectFrom('row_counts')
      .select('n')
      .where('table_name', '=', key)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  };

  return {
    /** Reads one page of the list for a validated query (the route's querystring schema). */
    async list(ctx: ServiceContext, query: Record<string, unknown>): Promise<ListPage<TRecord>> {
      const list = parseListQuery(query, spec);
      const plan =
        def.search === 'index' && list.term
          ? await planSearch(ctx.db, ctx.engine, table, list.term)
          : undefined;
      const { where, countedKey } = conditions(ctx, list, query, plan);
      // The builder is typed for the union of tables; conditions are built for this table's.
      const filtered = ctx.db
        .selectFrom(table as TableName)
        .where((eb) =>
          eb.and(
            where.map((condition) => condition(eb as unknown as ExpressionBuilder<Database, TB>)),
          ),
        );
      const [orderBy, direction] = list.order;
      const columns = def.columns ? [...new Set(['id', ...def.columns])] : undefined;
      const offset = list.limit > 0 ? (list.page - 1) * list.limit : 0;
      const indexed = await indexedPage(ctx, list, query, offset);
      const rank =
        def.search === 'index' && list.term && !list.orderChosen
          ? searchRank(table, list.term)
          : undefined;
      const ordered = <Q extends SelectQueryBuilder<Database, TableName, object>>(query: Q): Q => {
        let sorted = (rank ? query.orderBy(rank) : query) as Q;
        sorted = sorted.orderBy(ref(orderBy), direction) as Q;
        const then = (
          def.thenBy as Record<string, readonly [string, 'asc' | 'desc']> | undefined
        )?.[orderBy];
        if (then) sorted = sorted.orderBy(ref(then[0]), then[1]) as Q;
        if (orderBy !== 'id') sorted = sorted.orderBy(ref('id'), direction) as Q;
        return sorted;
      };
      const paged = <Q extends SelectQueryBuilder<Database, TableName, object>>(query: Q): Q =>
        list.limit > 0 ? (query.limit(list.limit).offset(offset) as Q) : query;
      // A search that visits every match to order them (`SearchPlan.visitsEveryMatch`) counts
      // them in the same pass (`count(*) over ()`, taken before the limit) instead of a second
      // query visiting them all again: its total is never a maintained count.
      const countsInPage = plan?.visitsEveryMatch === true && list.limit > 0;
      const countAll = sql<number>`count(*) over ()`.as(PAGE_TOTAL);
      let source: SelectQueryBuilder<Database, TableName, object> = filtered;
      let pageTotal = countAll;
      if (indexed) {
        source = ctx.db
          .selectFrom(table as TableName)
          .where(ref('id'), 'in', indexed.ids.length > 0 ? indexed.ids : [0]);
      } else if (def.idsFirst && list.limit > 0) {
        const ids = paged(
          ordered(
            filtered.select(
              countsInPage ? [ref('id').as('id'), countAll] : [ref('id').as('id')],
            ) as SelectQueryBuilder<Database, TableName, object>,
          ),
        );
        const whole = ctx.db.selectFrom(table as TableName);
        // The page's ids carry the total: joined, not `in (…)`, so that it comes along.
        source = countsInPage
          ? (whole.innerJoin(ids.as('page'), (join) =>
              join.onRef(sql.ref('page.id') as never, '=', ref('id') as never),
            ) as unknown as SelectQueryBuilder<Database, TableName, object>)
          : whole.where(ref('id'), 'in', ids);
        pageTotal = sql<number>`${sql.ref(`page.${PAGE_TOTAL}`)}`.as(PAGE_TOTAL);
      }
      const selected: SelectQueryBuilder<Database, TableName, object> = columns
        ? source.select([
            ...columns.map((column) => ref(column).as(column)),
            ...(countsInPage ? [pageTotal] : []),
          ])
        : countsInPage
          ? (source.selectAll(table as TableName) as typeof source).select(pageTotal)
          : source.selectAll(table as TableName);
      const page = def.idsFirst || indexed ? ordered(selected) : paged(ordered(selected));
      const read = (await page.execute()) as unknown as Array<Record<string, unknown>>;
      const inPage = countsInPage && read.length > 0 ? Number(read[0]![PAGE_TOTAL]) : undefined;
      if (countsInPage) for (const row of read) delete row[PAGE_TOTAL];
      // The builder is typed for the union of tables; the rows are this table's declared columns.
      const rows = read as unknown as ListRow<TB, TColumn>[];

      let total: number;
      if (totalFromPage(rows.length, list.limit, offset)) total = offset + rows.length;
      else if (inPage !== undefined) total = inPage;
      else if (indexed) total = await indexed.total();
      else if (countedKey) total = await maintainedCount(ctx, countedKey);
      else
        total = Number(
          (await filtered.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n,
        );

      const now = ctx.clock.now();
      const records = rows.map((row) => toRecord(row, now));
      await complete?.(ctx.db, records);
      for (const name of list.includes) await includes[name]!(ctx, records);
      return { data: records, meta: { pagination: paginate(records.length, total, list) } };
    },
    /**
     * The whole list for a validated query, in its order, a batch of records at a time: each
     * batch starts after the last row of the one before (keyset), so reading a million rows
     * costs the same per batch as the first, and only one batch is held at a time.
     */
    async *stream(
      ctx: ServiceContext,
      query: Record<string, unknown>,
      batch = 1000,
    ): AsyncGenerator<TRecord[]> {
      const list = parseListQuery({ ...query, page: undefined, limit: undefined }, spec);
      const plan =
        def.search === 'index' && list.term
          ? await planSearch(ctx.db, ctx.engine, table, list.term)
          : undefined;
      const { where } = conditions(ctx, list, query, plan);
      const [orderBy, direction] = list.order;
      const then = (def.thenBy as Record<string, readonly [string, 'asc' | 'desc']> | undefined)?.[
        orderBy
      ];
      const keys: OrderKey[] = [
        { column: orderBy, direction },
        ...(then ? [{ column: then[0], direction: then[1] }] : []),
        ...(orderBy !== 'id' ? [{ column: 'id', direction }] : []),
      ].map((key) => ({ ...key, nullsFirst: nullsFirstOn(ctx.engine, key.direction) }));
      const columns = [
        ...new Set(['id', ...(def.columns ?? []), ...keys.map((key) => key.column)]),
      ];
      // Rows whose first sort value is NULL are read in a pass of their own, before or after the
      // others as the engine sorts them: the other pass then has a bound its index can seek to.
      const [first, ...rest] = keys;
      const firstRef = ref(first!.column);
      const passes =
        first!.column === 'id'
          ? [{ only: undefined, keys }]
          : [
              {
                only: sql<SqlBool>`${firstRef} is not null`,
                keys: [{ ...first!, nullsFirst: true }, ...rest],
              },
              { only: sql<SqlBool>`${firstRef} is null`, keys: rest },
            ];
      if (first!.nullsFirst) passes.reverse();
      for (const pass of passes) {
        let last: Record<string, unknown> | undefined;
        for (;;) {
          const after = last;
          let page = ctx.db
            .selectFrom(table as TableName)
            .where((eb) =>
              eb.and([
                ...where.map((condition) =>
                  condition(eb as unknown as ExpressionBuilder<Database, TB>),
                ),
                ...(pass.only ? [pass.only] : []),
                ...(after ? [afterRow(pass.keys, after, ref)] : []),
              ]),
            )
            .select(columns.map((column) => ref(column).as(column)));
          for (const key of keys) page = page.orderBy(ref(key.column), key.direction);
          const rows = (await page.limit(batch).execute()) as Array<Record<string, unknown>>;
          if (rows.length === 0) break;
          last = rows.at(-1);
          // The builder is typed for the union of tables; the rows are this table's columns.
          const now = ctx.clock.now();
          const records = (rows as unknown as ListRow<TB, TColumn>[]).map((row) =>
            toRecord(row, now),
          );
          await complete?.(ctx.db, records);
          yield records;
          if (rows.length < batch) break;
        }
      }
    },
    /** The include names a single record may ask for. */
    parseIncludes: (include: string | undefined) => parseListQuery({ include }, spec).includes,
    includes,
  };
};
