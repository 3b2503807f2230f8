import { searchTerm } from '@backoffice/shared/list-query.schema';
import { reachedTier, unitDiscount, type DiscountTier } from '@backoffice/shared/order-money';
import { discountApplies } from '@backoffice/shared/discount.schema';
import { sql, type ExpressionBuilder, type SqlBool } from 'kysely';
import {
  jsonArrayFrom as pgJsonArrayFrom,
  jsonObjectFrom as pgJsonObjectFrom,
} from 'kysely/helpers/postgres';
import {
  jsonArrayFrom as sqliteJsonArrayFrom,
  jsonObjectFrom as sqliteJsonObjectFrom,
} from 'kysely/helpers/sqlite';
import { z } from 'zod';
import { notFound } from '../../core/errors';
import {
  pageOf,
  privateAnswer,
  publicPageQuery,
  noParameters,
  publicRoute,
  readAt,
  type PublicContext,
  type PublicPage,
} from '../../core/public';
import type { TypedApp } from '../../core/typed-app';
import { countKey } from '../../core/list-engine';
import { matchSearchText, planSearch } from '../../core/search';
import { engineOf, type Db } from '../../db/connection';
import type { Database } from '../../db/types';
import { checkedColumn, inIdList, preparedQuery, type Arg } from '../../db/prepared';
import { fromJson, toBool } from '../../db/types';
import { categoriesAndBelow, publicGroupShape, publicSlug, publicTermShape } from '../content';
import { applyingTiers } from '../discounts';
import { isPublicAt, isPublicRowAt, publicCountFromKept } from '../../core/post-visibility';
import { revisionColumn } from '../../core/public-revision';
import { publicCategoryPage } from './category-public-page';
import { previewedPost } from './post-preview';
import '../comments/comments.table';
import '../discounts/discounts.table';
import './posts.table';

/**
 * What the website sees of posts: only public ones (published, their moment come), as a
 * summary in lists and as a whole page by type and slug. No author, status, agency price,
 * stock or cost is in these shapes, so none is ever answered.
 */

export const publicPostSummaryShape = z.object({
  id: z.number(),
  type: z.string().describe("The post type's slug"),
  slug: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  avatar: z.string().nullable(),
  published_at: z.string().nullable().describe('Null only in a preview of a post never published'),
  categories: z.array(publicTermShape),
  rating: z.object({ average: z.number().nullable(), count: z.number() }),
  code: z.string().nullable().optional().describe('Products: the product code'),
  price: z.number().optional().describe('Products and courses: the price in VND'),
  sale_price: z
    .number()
    .optional()
    .describe('Products and courses: the price of one unit after the discount applying today'),
  lessons_count: z.number().nullable().optional().describe('Courses'),
  duration: z.number().nullable().optional().describe('Courses: minutes'),
});

const tierShape = z.object({
  quantity: z.number(),
  discount: z.number(),
  type: z.enum(['percent', 'money']),
});

export const publicPostShape = publicPostSummaryShape.extend({
  images: z.array(z.string()),
  contents: z.array(
    z.object({
      title: z.string().nullable(),
      image: z.string().nullable(),
      content: z.string().nullable(),
    }),
  ),
  fields: z.array(
    z.object({ key: z.string(), title: z.string(), style: z.string(), value: z.unknown() }),
  ),
  seo: z.object({
    title: z.string().nullable(),
    image: z.string().nullable(),
    description: z.string().nullable(),
    keywords: z.array(z.string()),
    links: z.array(z.object({ name: z.string(), url: z.string() })),
  }),
  trademark: publicGroupShape.nullable(),
  groups: z.array(publicTermShape),
  related: z.array(publicPostSummaryShape),
  discount: z
    .object({
      title: z.string(),
      start_at: z.string(),
      end_at: z.string(),
      tiers: z.array(tierShape),
    })
    .nullable()
    .describe('The discount while it applies'),
  chapters: z
    .array(
      z.object({
        title: z.string(),
        image: z.string().nullable(),
        description: z.string().nullable(),
        lessons: z.array(
          z.object({
            title: z.string(),
            duration: z.number().nullable(),
            highlight: z.boolean(),
            description: z.string().nullable(),
            link: z.string().nullable().optional().describe('Only for free preview lessons'),
          }),
        ),
      }),
    )
    .optional()
    .describe('Courses'),
});

/** A nested array or object in one statement: the SQL of each engine's JSON functions. */
const jsonOf = (db: Db) =>
  engineOf(db) === 'postgres'
    ? { array: pgJsonArrayFrom, object: pgJsonObjectFrom }
    : { array: sqliteJsonArrayFrom, object: sqliteJsonObjectFrom };

type PostsBuilder = ExpressionBuilder<Database, 'posts'>;

/**
 * What a summary adds to a post's row, selected in the row's own statement: its categories
 * and its rating (each a lookup of the post's key), and the content's revision, so the answer
 * knows the content it was read from (`readAt`).
 */
const summaryExtras = (db: Db, eb: PostsBuilder) => [
  jsonOf(db)
    .array(
      eb
        .selectFrom('post_categories')
        .innerJoin('categories', 'categories.id', 'post_categories.category_id')
        .select(['categories.slug', 'categories.title'])
        .whereRef('post_categories.post_id', '=', 'posts.id')
        .orderBy('categories.position'),
    )
    .as('categories'),
  eb
    .selectFrom('ratings')
    .select((r) => r.fn.avg<number>('score').as('average'))
    .whereRef('ratings.post_id', '=', 'posts.id')
    .as('rating_average'),
  eb
    .selectFrom('ratings')
    .select((r) => r.fn.countAll<number>().as('count'))
    .whereRef('ratings.post_id', '=', 'posts.id')
    .as('rating_count'),
  revisionColumn().as('revision'),
];

type SummaryRow = {
  id: number;
  type: string;
  style: string;
  slug: string;
  title: string;
  description: string | null;
  avatar: string | null;
  published_at: string | null;
  product_code: string | null;
  price: number | string;
  discount_id: number | null;
  duration: number | null;
  lessons_count: number | null;
  categories: unknown;
  rating_average: number | string | null;
  rating_count: number | string | null;
  revision: number | string;
};

const SUMMARY_COLUMNS = [
  'posts.id',
  'post_types.slug as type',
  'posts.style',
  'posts.slug',
  'posts.title',
  'posts.description',
  'posts.avatar',
  'posts.published_at',
  'posts.product_code',
  'posts.price',
  'posts.discount_id',
  'posts.duration',
  'posts.lessons_count',
] as const;

/** The form `toISOString` gives: a moment already in it is answered as it is. */
const ISO_UTC = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const iso = (value: string | null) =>
  value == null ? null : ISO_UTC.test(value) ? value : new Date(value).toISOString();
const numberOrNull = (value: unknown) => (value == null ? null : Number(value));

const hasPrice = (row: { style: string }) => row.style === 'product' || row.style === 'course';

/** The summary of a row read with its `summaryExtras`, priced with the tiers applying now. */
const summaryOf = (row: SummaryRow, tiers: Map<number, DiscountTier[]>) => {
  const price = Number(row.price);
  const count = Number(row.rating_count ?? 0);
  const summary: Record<string, unknown> = {
    id: Number(row.id),
    type: row.type,
    slug: row.slug,
    title: row.title,
    description: row.description,
    avatar: row.avatar,
    published_at: iso(row.published_at),
    categories: fromJson<unknown[] | null>(row.categories) ?? [],
    rating: {
      average: count > 0 ? Math.round(Number(row.rating_average) * 100) / 100 : null,
      count,
    },
  };
  if (hasPrice(row)) {
    const applying = row.discount_id == null ? undefined : tiers.get(Number(row.discount_id));
    summary.price = price;
    summary.sale_price = price - unitDiscount(price, reachedTier(applying ?? [], 1));
  }
  if (row.style === 'product') summary.code = row.product_code;
  if (row.style === 'course') {
    summary.lessons_count = numberOrNull(row.lessons_count);
    summary.duration = numberOrNull(row.duration);
  }
  return summary;
};

/**
 * Summaries of rows read with their `summaryExtras`, and the revision they were read at when
 * no statement followed (one does only for the tiers of a discounted product or course).
 */
const summaries = async (db: Db, rows: SummaryRow[], now: string) => {
  const discounted = rows
    .filter((row) => hasPrice(row) && row.discount_id != null)
    .map((row) => Number(row.discount_id));
  const tiers = await applyingTiers(db, discounted, new Date(now));
  return {
    summaries: rows.map((row) => summaryOf(row, tiers)),
    revision: discounted.length === 0 ? rows[0]?.revision : undefined,
  };
};

const ORDERS = ['published_at', 'title', 'price'] as const;

const listQuery = z.strictObject({
  type: publicSlug().optional(),
  category: publicSlug().optional(),
  group: publicSlug().optional(),
  trademark: publicSlug().optional(),
  search: searchTerm().optional(),
  orderBy: z.enum(ORDERS, { error: 'validation.invalid_value' }).optional(),
  sortedBy: z.enum(['asc', 'desc'], { error: 'list.sorted_by' }).optional(),
  ...publicPageQuery,
});
type ListQuery = z.infer<typeof listQuery>;

/** The id of a category, group or trademark by slug (within the type when one is named). */
const termId = async (
  db: Db,
  table: 'categories' | 'post_groups',
  slug: string,
  typeId: number | undefined,
  style?: 'article' | 'trademark',
) => {
  let query = db.selectFrom(table).select('id').where('slug', '=', slug);
  if (typeId !== undefined) query = query.where('type_id', '=', typeId);
  if (style) query = query.where(sql.ref('style'), '=', style);
  return (await query.execute()).map((row) => Number(row.id));
};

/** A type's id by its slug, and its category's by the category's slug (none asked: ''). */
const typeQuery = preparedQuery((db, arg: Arg<{ type: string; category: string }>) =>
  db
    .selectFrom('post_types')
    .select((eb) => [
      'post_types.id',
      eb
        .selectFrom('categories')
        .select('categories.id')
        .whereRef('categories.type_id', '=', 'post_types.id')
        .where('categories.slug', '=', arg('category'))
        .as('category_id'),
    ])
    .where('post_types.slug', '=', arg('type')),
);

/**
 * How many posts of a type are public at `now`: its published posts (a count the database
 * keeps) less those whose moment has not come, which the type's index of published posts
 * finds in a short range. One statement, so both are of the same moment.
 */
const publicCountQuery = preparedQuery(
  (_db, arg: Arg<{ key: string; typeId: number; now: string }>) =>
    publicCountFromKept(
      arg('key'),
      'posts',
      sql<SqlBool>`posts.type_id = ${arg('typeId')}`,
      arg('now'),
    ),
);

const publicCountOfType = async (db: Db, typeId: number, now: string) =>
  Number(
    (
      await publicCountQuery.executeTakeFirst(db, {
        key: countKey('posts', { type_id: typeId, status: 'published' }),
        typeId,
        now,
      })
    )?.n ?? 0,
  );

/**
 * Summary rows of these posts with their `summaryExtras`, in the order of `ids`: read apart
 * from the query that found the ids, so a post no longer public by then is left out rather
 * than shown.
 */
const summaryRowsQuery = preparedQuery((db, arg: Arg<{ ids: string; now: string }>) =>
  db
    .selectFrom('posts')
    .innerJoin('post_types', 'post_types.id', 'posts.type_id')
    .select(SUMMARY_COLUMNS)
    .select((eb) => summaryExtras(db, eb))
    .where(inIdList(db, 'posts.id', arg('ids')))
    .where(isPublicRowAt(engineOf(db), arg('now'))),
);

const summaryRowsOf = async (db: Db, ids: number[], now: string): Promise<SummaryRow[]> => {
  if (ids.length === 0) return [];
  const rows = await summaryRowsQuery.execute(db, { ids: JSON.stringify(ids), now });
  const byId = new Map(rows.map((row) => [Number(row.id), row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
};

const listPosts = async (ctx: PublicContext, query: ListQuery) => {
  const { db, now } = ctx;
  const { page, limit, offset } = pageOf(query);
  const named = query.type
    ? await typeQuery.executeTakeFirst(db, { type: query.type, category: query.category ?? '' })
    : undefined;
  if (query.type && !named) throw notFound();
  const typeId = named ? Number(named.id) : undefined;
  const conditions: Array<ReturnType<typeof sql<SqlBool>>> = [isPublicAt(now)];
  if (typeId !== undefined) conditions.push(sql<SqlBool>`posts.type_id = ${typeId}`);
  const none = { rows: [], total: 0, page, limit };
  let categoryIds: number[] = [];
  if (query.category) {
    categoryIds = named
      ? named.category_id == null
        ? []
        : [Number(named.category_id)]
      : await termId(db, 'categories', query.category, undefined);
    if (categoryIds.length === 0) return none;
    conditions.push(
      sql<SqlBool>`posts.id in (select pc.post_id from post_categories pc
        where pc.category_id in (${categoriesAndBelow(categoryIds)}))`,
    );
  }
  if (query.group) {
    const ids = await termId(db, 'post_groups', query.group, typeId, 'article');
    if (ids.length === 0) return none;
    conditions.push(
      sql<SqlBool>`posts.id in (select post_id from post_group_links where group_id in (${sql.join(ids)}))`,
    );
  }
  if (query.trademark) {
    const ids = await termId(db, 'post_groups', query.trademark, typeId, 'trademark');
    if (ids.length === 0) return none;
    conditions.push(sql<SqlBool>`posts.trademark_id in (${sql.join(ids)})`);
  }
  if (query.search) {
    const plan = await planSearch(db, ctx.engine, 'posts', query.search);
    conditions.push(matchSearchText('posts', plan) as ReturnType<typeof sql<SqlBool>>);
  }
  const where = sql.join(conditions, sql` and `);
  const orderBy = query.orderBy ?? 'published_at';
  const direction = query.sortedBy ?? (orderBy === 'published_at' ? 'desc' : 'asc');
  // A category page of a type, by public moment: its page and total off `category_posts`'s
  // index and kept counts; any other list sorts and counts the posts it matches.
  const indexed =
    typeId !== undefined &&
    categoryIds.length === 1 &&
    !query.group &&
    !query.trademark &&
    !query.search &&
    orderBy === 'published_at'
      ? await publicCategoryPage(db, {
          categoryId: categoryIds[0]!,
          typeId,
          now,
          direction,
          limit,
          offset,
        })
      : undefined;
  const ids = indexed
    ? indexed.ids
    : (
        await db
          .selectFrom('posts')
          .select('posts.id')
          .where(sql<SqlBool>`${where}`)
          .orderBy(`posts.${orderBy}`, direction)
          .orderBy('posts.id', direction)
          .limit(limit)
          .offset(offset)
          .execute()
      ).map((row) => Number(row.id));
  // A page that is not full knows its total without counting; a type's whole list and a
  // category page take it from the maintained counts. Counted before the rows are read, so
  // that the rows' statement, which reads the revision, is the last one.
  const filtered = conditions.length > (typeId === undefined ? 1 : 2);
  const total =
    ids.length > 0 && ids.length < limit
      ? offset + ids.length
      : indexed
        ? await indexed.total()
        : typeId !== undefined && !filtered
          ? await publicCountOfType(db, typeId, now)
          : Number(
              (
                await db
                  .selectFrom('posts')
                  .select((eb) => eb.fn.countAll<number>().as('n'))
                  .where(sql<SqlBool>`${where}`)
                  .executeTakeFirst()
              )?.n ?? 0,
            );
  const read = await summaries(db, await summaryRowsOf(db, ids, now), now);
  const answer: PublicPage<unknown> = { rows: read.summaries, total, page, limit };
  return readAt(read.revision, answer);
};

const PAGE_COLUMNS = [
  ...SUMMARY_COLUMNS,
  'posts.type_id',
  'posts.images',
  'posts.contents',
  'posts.fields',
  'posts.seo',
] as const;

/**
 * What a post's page adds to its summary, in the statement of its row: its groups, its
 * trademark and whether it has related posts (most have none), each a lookup of a key.
 */
const pageExtras = (db: Db, eb: PostsBuilder) => {
  const json = jsonOf(db);
  return [
    ...summaryExtras(db, eb),
    json
      .array(
        eb
          .selectFrom('post_group_links')
          .innerJoin('post_groups', 'post_groups.id', 'post_group_links.group_id')
          .select(['post_groups.slug', 'post_groups.title'])
          .whereRef('post_group_links.post_id', '=', 'posts.id')
          .orderBy('post_groups.title'),
      )
      .as('groups'),
    json
      .object(
        eb
          .selectFrom('post_groups')
          .select([
            'post_groups.slug',
            'post_groups.title',
            'post_groups.image',
            'post_groups.description',
          ])
          .whereRef('post_groups.id', '=', 'posts.trademark_id'),
      )
      .as('trademark'),
    eb
      .exists(
        eb
          .selectFrom('post_related')
          .select('post_related.related_id')
          .whereRef('post_related.post_id', '=', 'posts.id'),
      )
      .as('has_related'),
  ];
};

/** A public post by its type's slug and its own, with what its page shows: one statement. */
const publicPostQuery = preparedQuery((db, arg: Arg<{ type: string; slug: string; now: string }>) =>
  db
    .selectFrom('posts')
    .innerJoin('post_types', 'post_types.id', 'posts.type_id')
    .select(PAGE_COLUMNS)
    .select((eb) => pageExtras(db, eb))
    // the few types are read whole, the post by its own key
    .where(sql<SqlBool>`${checkedColumn(engineOf(db), 'post_types.slug')} = ${arg('type')}`)
    .where('posts.slug', '=', arg('slug'))
    .where(isPublicRowAt(engineOf(db), arg('now'))),
);

/** A post of a type, whatever its status (a preview). */
const anyPostQuery = preparedQuery((db, arg: Arg<{ type: string; id: number }>) =>
  db
    .selectFrom('posts')
    .innerJoin('post_types', 'post_types.id', 'posts.type_id')
    .select(PAGE_COLUMNS)
    .select((eb) => pageExtras(db, eb))
    .where('post_types.slug', '=', arg('type'))
    .where('posts.id', '=', arg('id')),
);

/** The public related posts of a post, newest first. */
const relatedIdsQuery = preparedQuery((db, arg: Arg<{ id: number; now: string }>) =>
  db
    .selectFrom('post_related')
    .innerJoin('posts', 'posts.id', 'post_related.related_id')
    .select('posts.id')
    .where('post_related.post_id', '=', arg('id'))
    .where(isPublicRowAt(engineOf(db), arg('now')))
    .orderBy('posts.published_at', 'desc')
    .orderBy('posts.id', 'desc'),
);

const discountQuery = preparedQuery((db, arg: Arg<{ id: number }>) =>
  db
    .selectFrom('discounts')
    .select(['id', 'title', 'status', 'start_at', 'end_at', 'config'])
    .where('id', '=', arg('id')),
);

type PageRow = SummaryRow & {
  type_id: number;
  images: unknown;
  contents: unknown;
  fields: unknown;
  seo: unknown;
  groups: unknown;
  trademark: unknown;
  has_related: unknown;
};

/**
 * The whole public page of one post row, and the revision it was read at when its row's
 * statement was the only one (no fields, related posts, discount or chapters to read).
 */
const postPage = async (db: Db, row: PageRow, now: string) => {
  const id = Number(row.id);
  let more = false;
  const stored = fromJson<Record<string, unknown> | null>(row.fields) ?? {};
  const keys = Object.keys(stored);
  if (keys.length > 0) more = true;
  const fields =
    keys.length === 0
      ? []
      : await db
          .selectFrom('data_fields')
          .innerJoin('post_groups', 'post_groups.id', 'data_fields.group_id')
          .select(['data_fields.key', 'data_fields.title', 'data_fields.style'])
          .where('post_groups.type_id', '=', row.type_id)
          .where('post_groups.style', '=', 'field')
          .where('data_fields.key', 'in', keys)
          .orderBy('post_groups.id')
          .orderBy('data_fields.sort')
          .orderBy('data_fields.id')
          .execute();
  const seen = new Set<string>();
  let related: unknown[] = [];
  if (toBool(Number(row.has_related))) {
    more = true;
    const ids = (await relatedIdsQuery.execute(db, { id, now })).map((r) => Number(r.id));
    related = (await summaries(db, await summaryRowsOf(db, ids, now), now)).summaries;
  }
  // The discount's row gives both the page's discount and the summary's sale price.
  const discount =
    row.discount_id == null
      ? undefined
      : await discountQuery.executeTakeFirst(db, { id: Number(row.discount_id) });
  if (row.discount_id != null) more = true;
  const tiers =
    discount && discountApplies(discount, new Date(now))
      ? fromJson<DiscountTier[]>(discount.config)
      : undefined;
  const seo = (fromJson<Record<string, unknown> | null>(row.seo) ?? {}) as Record<string, unknown>;
  const page: Record<string, unknown> = {
    ...summaryOf(row, new Map(discount && tiers ? [[Number(discount.id), tiers]] : [])),
    images: fromJson<string[] | null>(row.images) ?? [],
    contents: fromJson<unknown[] | null>(row.contents) ?? [],
    fields: fields
      .filter((field) => !seen.has(field.key) && seen.add(field.key))
      .map((field) => ({ ...field, value: stored[field.key] ?? null })),
    seo: {
      title: seo.title ?? null,
      image: seo.image ?? null,
      description: seo.description ?? null,
      keywords: seo.keywords ?? [],
      links: seo.links ?? [],
    },
    trademark: fromJson<unknown>(row.trademark) ?? null,
    groups: fromJson<unknown[] | null>(row.groups) ?? [],
    related,
    discount:
      discount && tiers
        ? {
            title: discount.title,
            start_at: iso(discount.start_at),
            end_at: iso(discount.end_at),
            tiers,
          }
        : null,
  };
  if (row.style === 'course') {
    more = true;
    page.chapters = await chaptersOf(db, id);
  }
  return readAt(more ? undefined : row.revision, page);
};

/** A course's chapters; a lesson's link only for its free previews (`highlight`). */
const chaptersOf = async (db: Db, postId: number) => {
  const chapters = await db
    .selectFrom('course_chapters')
    .select(['id', 'title', 'image', 'description'])
    .where('post_id', '=', postId)
    .orderBy('position')
    .execute();
  const lessons =
    chapters.length === 0
      ? []
      : await db
          .selectFrom('course_lessons')
          .select(['chapter_id', 'title', 'duration', 'highlight', 'description', 'link'])
          .where(
            'chapter_id',
            'in',
            chapters.map((c) => c.id),
          )
          .orderBy('chapter_id')
          .orderBy('position')
          .execute();
  return chapters.map((chapter) => ({
    title: chapter.title,
    image: chapter.image,
    description: chapter.description,
    lessons: lessons
      .filter((lesson) => Number(lesson.chapter_id) === Number(chapter.id))
      .map((lesson) => {
        const highlight = toBool(lesson.highlight);
        return {
          title: lesson.title,
          duration: numberOrNull(lesson.duration),
          highlight,
          description: lesson.description,
          ...(highlight ? { link: lesson.link } : {}),
        };
      }),
  }));
};

export const postsPublicRoutes = async (app: TypedApp) => {
  publicRoute(app, {
    path: '/posts',
    operationId: 'publicPosts',
    summary: 'A page of public posts, filtered, searched and ordered',
    querystring: listQuery,
    params: noParameters,
    shape: publicPostSummaryShape,
    list: true,
    read: (ctx, { query }) => listPosts(ctx, query),
  });

  publicRoute(app, {
    path: '/posts/:type/:slug',
    operationId: 'publicPost',
    summary: 'One public post by its type and slug, with everything its page shows',
    description:
      'With `preview` (a token from `POST /posts/{id}/preview`), the post as saved, whatever its status; such an answer is never stored by a shared cache.',
    params: z.object({ type: publicSlug('error.not_found'), slug: publicSlug('error.not_found') }),
    querystring: z.strictObject({ preview: z.string().max(200).optional() }),
    shape: publicPostShape,
    privateWith: 'preview',
    read: async ({ db, now, config }, { params, query }) => {
      if (query.preview === undefined) {
        const row = await publicPostQuery.executeTakeFirst(db, { ...params, now });
        if (!row) throw notFound();
        return postPage(db, row, now);
      }
      const previewed = previewedPost(config.appSecret, query.preview, new Date(now));
      const row =
        previewed === undefined
          ? undefined
          : await anyPostQuery.executeTakeFirst(db, { type: params.type, id: previewed });
      if (!row || row.slug !== params.slug) throw notFound();
      return privateAnswer(await postPage(db, row, now));
    },
  });
};
