import { postPath } from '@backoffice/shared/content-paths';
import { integerParam } from '@backoffice/shared/list-query.schema';
import { isSafeAddress } from '@backoffice/shared/address';
import { holdsAddresses, rendersHtml } from '@backoffice/shared/data-field.schema';
import {
  POST_STATUSES,
  postCreateSchema,
  postRecordSchema,
  postUpdateSchema,
  type Post,
  type PostCreate,
  type PostListRecord,
  type PostUpdate,
} from '@backoffice/shared/post.schema';
import { sql, type SqlBool } from 'kysely';
import { z } from 'zod';
import { holds } from '../../core/auth/guard';
import type { ServiceContext } from '../../core/context';
import { AppError, forbidden, invalid } from '../../core/errors';
import { equalsFilter } from '../../core/list-engine';
import { manyToMany, orderedChildren } from '../../core/relations';
import { createResourceService, crudPermissions, type Row } from '../../core/resource';
import { searchText } from '../../core/search';
import { redirectOldPath, settleSlug } from '../../core/slugs';
import type { Db } from '../../db/connection';
import { inIdList, preparedQuery, type Arg } from '../../db/prepared';
import { fromJson } from '../../db/types';
import { sanitizeRichValue } from '../../sanitize/rich-text';
import { nextProductCode } from './product-codes';
import { unitsInStock } from '../warehouse-changes';
import type { RowOf } from '../../core/table';
import '../discounts/discounts.table';
import '../warehouse-changes/warehouse-changes.table';
import { categoryListPage } from './category-pages';
import { postEvents } from './post-events';
import { announceDuePosts, publicationValues } from './post-publication';
import './posts.table';

type PostRow = RowOf<'posts'>;
type Values = Record<string, unknown>;

const LIST_COLUMNS = [
  'type_id',
  'title',
  'slug',
  'avatar',
  'status',
  'published_at',
  'primary_category_id',
  'author_id',
  'version',
  'style',
  'product_code',
  'price',
  'discount_id',
  'created_at',
  'updated_at',
] as const;

const ids = z
  .string()
  .regex(/^\d{1,15}(,\d{1,15}){0,99}$/, { error: 'list.filter' })
  .transform((value) => value.split(',').map(Number))
  .meta({ type: 'string', maxLength: 1600, description: 'Comma-separated ids' });

const styles = z
  .string()
  .regex(/^(article|product|course)(,(article|product|course)){0,2}$/, { error: 'list.filter' })
  .transform((value) => value.split(','))
  .meta({ type: 'string', maxLength: 30, description: 'Comma-separated post styles' });

const number = (value: unknown) => (value === null || value === undefined ? null : Number(value));

const seoOf = (value: unknown) => {
  const seo = (fromJson<Values | null>(value) ?? {}) as Values;
  return {
    title: (seo.title as string | null) ?? null,
    image: (seo.image as string | null) ?? null,
    description: (seo.description as string | null) ?? null,
    keywords: (seo.keywords as string[] | undefined) ?? [],
    links: (seo.links as Array<{ name: string; url: string }> | undefined) ?? [],
  };
};

/** Read with a shown record's row: its author and primary category, without queries of their own. */
type ShownColumns = 'author_name__' | 'author_avatar__' | 'primary_category_title__';
const SHOWN_WITH_ROW = 'primary_category_title__';
const rowColumns = () => [
  sql`(select name from users where users.id = posts.author_id) as author_name__`,
  sql`(select avatar from users where users.id = posts.author_id) as author_avatar__`,
  sql`(select title from categories where categories.id = posts.primary_category_id)
    as primary_category_title__`,
];

/** The record from a whole row, or a list row (the list's columns) from a list. */
const toRecord = (row: PostRow): Post => {
  const base: PostListRecord & { author_id?: number | null } = {
    id: row.id,
    type_id: row.type_id,
    title: row.title,
    slug: row.slug,
    avatar: row.avatar,
    status: row.status,
    published_at: row.published_at == null ? null : new Date(row.published_at).toISOString(),
    primary_category_id: row.primary_category_id,
    version: Number(row.version),
    author_id: row.author_id,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
  // A record shown alone brings its author and primary category in its row (`rowColumns`).
  if (SHOWN_WITH_ROW in row) {
    const shown = row as PostRow & Record<ShownColumns, string | null>;
    delete base.author_id;
    base.author =
      row.author_id == null || shown.author_name__ == null
        ? null
        : { id: row.author_id, name: shown.author_name__, avatar: shown.author_avatar__ };
    base.primary_category =
      row.primary_category_id == null || shown.primary_category_title__ == null
        ? null
        : { id: row.primary_category_id, title: shown.primary_category_title__ };
  }
  if (!('contents' in row)) {
    const listed = row as PostRow;
    if (listed.style === 'product')
      base.product = {
        code: listed.product_code,
        price: Number(listed.price),
        discount_id: listed.discount_id,
        agency_prices: [],
      };
    return base as Post;
  }
  return {
    ...base,
    description: row.description,
    images: fromJson<string[] | null>(row.images) ?? [],
    contents: fromJson<Post['contents'] | null>(row.contents) ?? [],
    category_ids: [],
    group_ids: [],
    related_ids: [],
    trademark_id: row.trademark_id,
    seo: seoOf(row.seo),
    fields: fromJson<Record<string, unknown> | null>(row.fields) ?? {},
    product:
      row.style === 'product'
        ? {
            code: row.product_code,
            price: Number(row.price),
            discount_id: row.discount_id,
            agency_prices: [],
          }
        : null,
    course:
      row.style === 'course'
        ? {
            price: Number(row.price),
            discount_id: row.discount_id,
            duration: number(row.duration),
            students: number(row.students),
            lessons_count: number(row.lessons_count),
            chapters: [],
          }
        : null,
  };
};

// Built once per engine: a record shown and a page listed each run them (db/prepared.ts).
const authorsQuery = preparedQuery(
  (db, arg: Arg<{ ids: string }>) =>
    sql<{ id: number; name: string; avatar: string | null }>`select id, name, avatar from users
      where ${inIdList(db, 'id', arg('ids'))}`,
);
const categoryTitlesQuery = preparedQuery(
  (db, arg: Arg<{ ids: string }>) =>
    sql<{ id: number; title: string }>`select id, title from categories
      where ${inIdList(db, 'id', arg('ids'))}`,
);

/** Authors and primary categories of a page: one query each, whatever the page size. */
const complete = async (db: Db, records: Post[]) => {
  const withAuthor = (records as Array<Post & { author_id?: number | null }>).filter(
    (record) => !('author' in record),
  );
  const authorIds = [...new Set(withAuthor.map((r) => r.author_id).filter((id) => id != null))];
  const categoryIds = [
    ...new Set(withAuthor.map((r) => r.primary_category_id).filter((id) => id != null)),
  ];
  const authors = new Map<number, { id: number; name: string; avatar: string | null }>();
  if (authorIds.length > 0)
    for (const user of await authorsQuery.execute(db, { ids: JSON.stringify(authorIds) }))
      authors.set(Number(user.id), { id: Number(user.id), name: user.name, avatar: user.avatar });
  const categories = new Map<number, { id: number; title: string }>();
  if (categoryIds.length > 0)
    for (const row of await categoryTitlesQuery.execute(db, { ids: JSON.stringify(categoryIds) }))
      categories.set(Number(row.id), { id: Number(row.id), title: row.title });
  // A list's products carry their agency prices too (a record has them from its relations).
  const listed = records.filter((r) => r.product && !('contents' in r));
  if (listed.length > 0) {
    const prices = await db
      .selectFrom('post_agency_prices')
      .select(['post_id', 'agency_id', 'price'])
      .where(
        'post_id',
        'in',
        listed.map((r) => r.id),
      )
      .orderBy('post_id')
      .orderBy('position')
      .execute();
    const byPost = new Map(listed.map((r) => [r.id, r.product!.agency_prices]));
    for (const price of prices)
      byPost
        .get(Number(price.post_id))
        ?.push({ agency_id: Number(price.agency_id), price: Number(price.price) });
  }
  for (const record of withAuthor) {
    record.author = record.author_id != null ? (authors.get(record.author_id) ?? null) : null;
    delete record.author_id;
    record.primary_category =
      record.primary_category_id != null
        ? (categories.get(record.primary_category_id) ?? null)
        : null;
  }
};

/**
 * `include=stock`: each product's units on hand, summed over the warehouses. Stock is for
 * those who may see the warehouses (`manage-warehouses`); anyone else asking is refused.
 */
const stockOnHand = async (ctx: ServiceContext, records: Post[]) => {
  if (!ctx.actor || !(ctx.actor.isSuperAdmin || holds(ctx.actor, 'manage-warehouses')))
    throw forbidden();
  const products = records.filter((record) => record.product);
  if (products.length === 0) return;
  const rows = await ctx.db
    .selectFrom('stock_levels')
    .select((eb) => ['post_id', eb.fn.sum<number | string>('in_stock').as('in_stock')])
    .where(
      'post_id',
      'in',
      products.map((record) => record.id),
    )
    .groupBy('post_id')
    .execute();
  const onHand = new Map(rows.map((row) => [Number(row.post_id), Number(row.in_stock)]));
  for (const record of products) record.product!.in_stock = onHand.get(record.id) ?? 0;
};

/** Data fields of a type by key, with the styles they have (a key may be in several groups). */
const dataFieldsOf = async (db: Db, typeId: number) => {
  const { rows } = await sql<{
    key: string;
    style: string;
  }>`select f.key, f.style from data_fields f
    join post_groups g on g.id = f.group_id where g.type_id = ${typeId} and g.style = 'field'`.execute(
    db,
  );
  const styles = new Map<string, Set<string>>();
  for (const row of rows) styles.set(row.key, (styles.get(row.key) ?? new Set()).add(row.style));
  return styles;
};

/**
 * A post's data field values as stored: every key must name a data field of its type (a
 * mistyped or removed one is refused by name, never kept unseen), and the value of a field
 * that renders HTML (`editor`) is sanitized in whatever shape it came: a text, a list of texts;
 * a picture's or a file's (`image`, `media`…) follows the address rule, as every link does.
 */
const checkFields = async (db: Db, typeId: number, fields: Record<string, unknown>) => {
  const defined = await dataFieldsOf(db, typeId);
  const unknown = Object.keys(fields).filter((key) => !defined.has(key));
  if (unknown.length > 0)
    throw invalid(
      Object.fromEntries(unknown.map((key) => [`fields.${key}`, 'post.field_unknown'])),
    );
  const badAddresses = Object.entries(fields).filter(
    ([key, value]) =>
      [...defined.get(key)!].some(holdsAddresses) &&
      [value]
        .flat()
        .some((item) => typeof item === 'string' && item !== '' && !isSafeAddress(item)),
  );
  if (badAddresses.length > 0)
    throw invalid(
      Object.fromEntries(badAddresses.map(([key]) => [`fields.${key}`, 'validation.address'])),
    );
  return Object.fromEntries(
    Object.entries(fields).map(([key, value]) => [
      key,
      [...defined.get(key)!].some(rendersHtml) ? sanitizeRichValue(value) : value,
    ]),
  );
};

const canApprove = (ctx: ServiceContext) =>
  !!ctx.actor && (ctx.actor.isSuperAdmin || holds(ctx.actor, 'posts.approve'));

/** The row's columns from the body: the product and course boxes are columns of the post. */
const columnsOf = (input: PostCreate | PostUpdate): Values => {
  const {
    product,
    course,
    category_ids: _categories,
    group_ids: _groups,
    related_ids: _related,
    ...rest
  } = input as PostCreate & { version?: number };
  const values: Values = { ...rest };
  if (rest.contents)
    values.contents = rest.contents.map((section) => ({
      title: section.title ?? null,
      image: section.image ?? null,
      // Sanitized by its schema (`richText()`) as the body was parsed.
      content: section.content ?? null,
    }));
  if (rest.seo !== undefined)
    values.seo = {
      title: rest.seo?.title ?? null,
      image: rest.seo?.image ?? null,
      description: rest.seo?.description ?? null,
      keywords: rest.seo?.keywords ?? [],
      links: rest.seo?.links ?? [],
    };
  if (product) {
    if (product.code !== undefined) values.product_code = product.code;
    if (product.price !== undefined) values.price = product.price;
    if (product.discount_id !== undefined) values.discount_id = product.discount_id;
  }
  if (course) {
    for (const key of ['price', 'discount_id', 'duration', 'students', 'lessons_count'] as const)
      if (course[key] !== undefined) values[key] = course[key];
  }
  return values;
};

const groupsOfType = async (tx: Db, ids: readonly number[]) => {
  if (ids.length === 0) return [] as Array<{ id: number; style: string; type_id: number }>;
  const { rows } = await sql<{ id: number; style: string; type_id: number }>`
    select id, style, type_id from post_groups where id in (${sql.join(ids.map((id) => sql`${id}`))})`.execute(
    tx,
  );
  return rows.map((row) => ({ ...row, id: Number(row.id), type_id: Number(row.type_id) }));
};

/** Rules that need the stored type, categories and groups: checked inside the write's transaction. */
const checkReferences = async (
  tx: Db,
  values: Values,
  relations: Row,
  style: string,
  typeId: number,
  at: Date,
  current?: PostRow,
) => {
  const input = values;

  const categoryIds = relations.category_ids as number[] | undefined;
  if (categoryIds && categoryIds.length > 0) {
    const { rows } = await sql<{ id: number; type_id: number }>`select id, type_id from categories
      where id in (${sql.join(categoryIds.map((id) => sql`${id}`))})`.execute(tx);
    const other = rows.find((row) => Number(row.type_id) !== typeId);
    if (other) throw invalid({ category_ids: 'post.category_other_type' });
  }
  // The primary category is one of the post's categories.
  const chosen =
    categoryIds ??
    (current
      ? (
          await tx
            .selectFrom('post_categories')
            .select('category_id')
            .where('post_id', '=', current.id)
            .execute()
        ).map((row) => row.category_id)
      : []);
  const adjusted: Values = {};
  if (input.primary_category_id != null) {
    if (!chosen.includes(input.primary_category_id as number))
      throw invalid({ primary_category_id: 'post.primary_not_chosen' });
  } else if (categoryIds) {
    // Without a choice, the first category is the primary one.
    const primary = input.primary_category_id === null ? null : current?.primary_category_id;
    if (primary == null || !categoryIds.includes(primary))
      adjusted.primary_category_id = categoryIds[0] ?? null;
  }

  const groupIds = relations.group_ids as number[] | undefined;
  if (groupIds && groupIds.length > 0) {
    const groups = await groupsOfType(tx, groupIds);
    if (groups.some((group) => group.style !== 'article' || group.type_id !== typeId))
      throw invalid({ group_ids: 'post.group_other_type' });
  }
  if (input.trademark_id != null) {
    const [trademark] = await groupsOfType(tx, [input.trademark_id as number]);
    if (!trademark || trademark.style !== 'trademark' || trademark.type_id !== typeId)
      throw invalid({ trademark_id: 'post.trademark_invalid' });
  }
  const relatedIds = relations.related_ids as number[] | undefined;
  if (current && relatedIds?.includes(current.id))
    throw invalid({ related_ids: 'post.related_self' });
  // Checked when it is chosen, in the write's transaction: a discount deleted at the same time
  // (refused while a post names it) and this choice never both go through; one gone since an
  // earlier choice does not stop the post from being saved.
  if (input.discount_id != null && input.discount_id !== current?.discount_id) {
    const discount = await tx
      .selectFrom('discounts')
      .select('id')
      .where('id', '=', input.discount_id as number)
      .executeTakeFirst();
    if (!discount) throw invalid({ [`${style}.discount_id`]: 'post.discount_invalid' });
  }

  if (typeof input.product_code === 'string') {
    const taken = await tx
      .selectFrom('posts')
      .select('id')
      .where('product_code', '=', input.product_code)
      .where('id', '<>', current?.id ?? 0)
      .executeTakeFirst();
    if (taken) throw invalid({ 'product.code': 'post.code_exists' });
  } else if (
    style === 'product' &&
    (input.product_code === null || (!current && input.product_code === undefined))
  )
    adjusted.product_code = await nextProductCode(tx, at);
  else if (style === 'product' && current && current.product_code === null)
    adjusted.product_code = await nextProductCode(tx, at);
  return adjusted;
};

/** Posts: articles, products and courses, with their boxes, approval and stale-save refusal. */
export const postsService = createResourceService({
  path: 'posts',
  table: 'posts',
  entity: 'post',
  labels: { one: 'post', many: 'posts' },
  permissions: crudPermissions('posts'),
  schemas: { create: postCreateSchema, update: postUpdateSchema, record: postRecordSchema },
  list: {
    columns: LIST_COLUMNS,
    search: 'index',
    searchFields: {
      title: { column: 'title', match: 'contains' },
      slug: { column: 'slug', match: 'exact' },
      id: { column: 'id', match: 'number' },
      code: { column: 'product_code', match: 'exact' },
    },
    sortable: ['title', 'status', 'updated_at'],
    defaultOrder: ['created_at', 'desc'],
    filters: {
      type_id: equalsFilter<'posts'>('type_id', integerParam()),
      status: equalsFilter<'posts'>(
        'status',
        z.enum(POST_STATUSES, { error: 'post.status_invalid' }),
      ),
      trademark_id: equalsFilter<'posts'>('trademark_id', integerParam()),
      // The category and every category below it.
      category_id: {
        schema: integerParam(),
        where: (_eb, value: number) => sql<SqlBool>`posts.id in (
          select pc.post_id from post_categories pc where pc.category_id in (
            with recursive below(id) as (
              select cast(${value} as integer)
              union all select c.id from categories c join below on c.parent_id = below.id
            ) select id from below))`,
        // One type's page in order of creation, off the category's own index and count.
        page: (ctx, request) => categoryListPage(ctx.db, request),
      },
      group_id: {
        schema: integerParam(),
        where: (_eb, value: number) =>
          sql<SqlBool>`posts.id in (select post_id from post_group_links where group_id = ${value})`,
      },
      // Products across types (menus, order pickers) and posts that are not products.
      style: {
        schema: styles,
        where: (_eb, value: string[]) =>
          sql<SqlBool>`posts.style in (${sql.join(value.map((style) => sql`${style}`))})`,
      },
      // The related-posts box reads its posts by ids.
      ids: {
        schema: ids,
        where: (_eb, value: number[]) =>
          sql<SqlBool>`posts.id in (${sql.join(value.map((id) => sql`${id}`))})`,
      },
    },
    counted: { by: ['type_id', 'status'] },
    // A post's row carries its whole content: pages are found on the indexes first.
    idsFirst: true,
  },
  toRecord: (row) => toRecord(row as PostRow),
  complete,
  rowColumns,
  includes: { stock: stockOnHand },
  // A product is also found by its code, typed in the same search box as its name.
  searchText: (row) => searchText(row.title, row.slug, row.description, row.product_code),
  jsonColumns: ['images', 'contents', 'seo', 'fields'],
  constraintHints: { product_code: 'post.code_exists', slug: 'slug.taken' },
  events: postEvents,
  relations: [
    manyToMany({
      field: 'category_ids',
      table: 'post_categories',
      ownerColumn: 'post_id',
      targetColumn: 'category_id',
      target: { table: 'categories', column: 'id' },
    }),
    manyToMany({
      field: 'group_ids',
      table: 'post_group_links',
      ownerColumn: 'post_id',
      targetColumn: 'group_id',
      target: { table: 'post_groups', column: 'id' },
    }),
    manyToMany({
      field: 'related_ids',
      table: 'post_related',
      ownerColumn: 'post_id',
      targetColumn: 'related_id',
      target: { table: 'posts', column: 'id' },
    }),
    orderedChildren({
      field: 'product.agency_prices',
      table: 'post_agency_prices',
      ownerColumn: 'post_id',
      orderColumn: 'position',
      toRow: (item) => ({ agency_id: item.agency_id, price: item.price }),
      toItem: (row) => ({ agency_id: Number(row.agency_id), price: Number(row.price) }),
      references: { agency_id: { table: 'agencies', column: 'id' } },
    }),
    orderedChildren({
      field: 'course.chapters',
      table: 'course_chapters',
      ownerColumn: 'post_id',
      orderColumn: 'position',
      toRow: (item) => ({
        title: item.title,
        image: item.image ?? null,
        description: item.description ?? null,
      }),
      toItem: (row) => ({
        title: row.title,
        image: row.image ?? null,
        description: row.description ?? null,
      }),
      children: orderedChildren({
        field: 'lessons',
        table: 'course_lessons',
        ownerColumn: 'chapter_id',
        orderColumn: 'position',
        toRow: (item) => ({
          title: item.title,
          link: item.link ?? null,
          duration: item.duration ?? null,
          highlight: item.highlight ?? false,
          description: item.description ?? null,
        }),
        toItem: (row) => ({
          title: row.title,
          link: row.link ?? null,
          duration: number(row.duration),
          highlight: row.highlight === true || Number(row.highlight) === 1,
          description: row.description ?? null,
        }),
      }),
    }),
  ],
  hooks: {
    prepare: async (ctx, change) => {
      const values = columnsOf(change.input);
      // The type decides which boxes a post has; its style never changes.
      let style = change.current?.style;
      if (change.action === 'create') {
        const type = await sql<{ style: string }>`select style from post_types
          where id = ${(change.input as PostCreate).type_id}`.execute(ctx.db);
        if (!type.rows[0]) throw invalid({ type_id: 'post.type_invalid' });
        style = type.rows[0].style as PostRow['style'];
        values.style = style;
      }
      if (change.input.product != null && style !== 'product')
        throw invalid({ product: 'post.product_only' });
      if (change.input.course != null && style !== 'course')
        throw invalid({ course: 'post.course_only' });
      const status = change.input.status;
      const wasPublished = change.current?.status === 'published';
      // Publishing is an approver's decision; others submit for review. Sending the status a
      // published post already has publishes nothing (an editor's form always sends it).
      if (status === 'published' && !wasPublished && !canApprove(ctx)) throw forbidden();
      if (change.input.fields !== undefined)
        values.fields = await checkFields(
          ctx.db,
          change.action === 'create'
            ? (change.input as PostCreate).type_id
            : change.current.type_id,
          change.input.fields,
        );
      if (change.action === 'create') {
        return {
          values: {
            images: [],
            contents: [],
            seo: { title: null, image: null, description: null, keywords: [], links: [] },
            fields: {},
            status: 'draft',
            ...values,
            author_id: ctx.actor?.user.id ?? null,
          } as never,
        };
      }
      // A change to a published post by someone who may not publish goes back to review;
      // a status of their choosing (hidden, draft) stands.
      if (
        wasPublished &&
        !canApprove(ctx) &&
        (status === undefined || status === 'published') &&
        Object.keys(change.input).some((key) => key !== 'status' && key !== 'version')
      )
        values.status = 'pending';
      return { values: values as never };
    },
    beforeWrite: async (tx, ctx, { action, values, current, relations }) => {
      const v = values as Values;
      const row = current as PostRow | undefined;
      const adjusted: Values = {};
      let style: string;
      let typeId: number;
      if (action === 'create') {
        typeId = v.type_id as number;
        style = v.style as string;
      } else {
        style = row!.style;
        typeId = row!.type_id;
        // A save made from an older version than the stored one would undo someone's work.
        if (v.version !== undefined && Number(v.version) !== Number(row!.version))
          throw new AppError('conflict', 'post.stale', { version: Number(row!.version) });
        // Checked again on the row as it is now: it may have been unpublished meanwhile.
        if (v.status === 'published' && row!.status !== 'published' && !canApprove(ctx))
          throw forbidden();
      }
      adjusted.version = action === 'create' ? 1 : Number(row!.version) + 1;
      Object.assign(adjusted, publicationValues(row, v, ctx.clock.now().toISOString()));
      Object.assign(
        adjusted,
        await checkReferences(tx, v, relations, style, typeId, ctx.clock.now(), row),
      );
      const slug = await settleSlug(
        tx,
        { table: 'posts', scope: { type_id: typeId }, exceptId: row?.id },
        v.slug as string | null | undefined,
        (v.title as string | undefined) ?? row?.title,
      );
      if (slug !== undefined) adjusted.slug = slug;
      return adjusted as never;
    },
    // A post published for now is announced at once (a scheduled one by the announcer's timer).
    afterCommit: async (ctx, { action, record }) => {
      if (action !== 'delete' && record.status === 'published')
        await announceDuePosts(ctx.db, ctx.clock.now());
    },
    // A published post's old address keeps working: links shared before lead to the new one.
    afterWrite: async (tx, ctx, { row, before }) => {
      if (!before || before.slug === row.slug || before.status !== 'published') return;
      const type = await tx
        .selectFrom('post_types')
        .select('slug')
        .where('id', '=', row.type_id)
        .executeTakeFirst();
      if (type)
        await redirectOldPath(
          tx,
          postPath(type.slug, before.slug),
          postPath(type.slug, row.slug),
          ctx.clock.now(),
        );
    },
    // Units on hand would vanish from the stock, its alerts and its exports with the product:
    // whoever deletes it (even with every key) first takes them out of the warehouse.
    beforeDelete: async (tx, _ctx, current) => {
      if (current.style !== 'product') return;
      const count = await unitsInStock(tx, current.id);
      if (count > 0) throw invalid({ id: { key: 'post.units_in_stock', params: { count } } });
    },
  },
});
