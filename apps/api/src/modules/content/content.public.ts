import { SLUG_PATTERN } from '@backoffice/shared/slug';
import type { Feature } from '@backoffice/shared/post-type.schema';
import { sql } from 'kysely';
import { z } from 'zod';
import { notFound } from '../../core/errors';
import { noParameters, publicRoute } from '../../core/public';
import type { TypedApp } from '../../core/typed-app';
import type { Db } from '../../db/connection';
import { fromJson } from '../../db/types';
import { isPublicAt } from '../../core/post-visibility';
import './content.table';

/**
 * What the website sees of post types, categories and groups: every type, category and
 * group is public (they have no status); counts are of public posts only.
 */

/**
 * A slug in a query (a 422 naming it when malformed) or in a path (`'error.not_found'`: a
 * malformed one is the same 404 as a missing record).
 */
export const publicSlug = (message = 'validation.slug') =>
  z
    .string()
    .max(200)
    .regex(SLUG_PATTERN, { error: message })
    .meta({ type: 'string', maxLength: 200 });

export const publicTypeShape = z.object({
  slug: z.string(),
  style: z.enum(['article', 'product', 'course']),
  title: z.string(),
  description: z.string().nullable(),
  image: z.string().nullable(),
  features: z.array(z.string()).describe('The keys of the features the type has on'),
});

export const publicTermShape = z.object({ slug: z.string(), title: z.string() });

export const publicGroupShape = z.object({
  slug: z.string(),
  title: z.string(),
  image: z.string().nullable(),
  description: z.string().nullable(),
});

type PublicCategory = {
  slug: string;
  title: string;
  image: string | null;
  description: string | null;
  post_count: number;
  children: PublicCategory[];
};

export const publicCategoryShape: z.ZodType<PublicCategory> = z
  .object({
    slug: z.string(),
    title: z.string(),
    image: z.string().nullable(),
    description: z.string().nullable(),
    post_count: z
      .number()
      .describe('Public posts filed in this category itself (its subcategories count apart)'),
    get children() {
      return z.array(publicCategoryShape);
    },
  })
  .meta({ id: 'PublicCategory' });

/** A type by its slug, or the 404 of a missing record. */
export const typeBySlug = async (db: Db, slug: string) => {
  const type = await db
    .selectFrom('post_types')
    .select(['id', 'slug', 'style', 'title', 'description', 'image', 'features', 'sitemap'])
    .where('slug', '=', slug)
    .executeTakeFirst();
  if (!type) throw notFound();
  return type;
};

const enabledFeatures = (value: unknown) =>
  (fromJson<Feature[] | null>(value) ?? []).filter((f) => f.enabled).map((f) => f.key);

/** The ids of the categories and of every category below them. */
export const categoriesAndBelow = (categoryIds: readonly number[]) =>
  sql<{ id: number }>`with recursive below(id) as (
    select id from categories where id in (${sql.join(categoryIds)})
    union all select c.id from categories c join below on c.parent_id = below.id
  ) select id from below`;

export const contentPublicRoutes = async (app: TypedApp) => {
  publicRoute(app, {
    path: '/types',
    operationId: 'publicTypes',
    summary: 'The post types of the website',
    querystring: noParameters,
    params: noParameters,
    shape: z.array(publicTypeShape),
    read: async ({ db }) => {
      const rows = await db
        .selectFrom('post_types')
        .select(['slug', 'style', 'title', 'description', 'image', 'features'])
        .orderBy('sort')
        .orderBy('id')
        .execute();
      return rows.map((row) => ({ ...row, features: enabledFeatures(row.features) }));
    },
  });

  publicRoute(app, {
    path: '/categories',
    operationId: 'publicCategories',
    summary: "A post type's categories as a tree, with their counts of public posts",
    querystring: z.strictObject({ type: publicSlug() }),
    params: noParameters,
    shape: z.array(publicCategoryShape),
    read: async ({ db, now }, { query }) => {
      const type = await typeBySlug(db, query.type);
      const rows = await db
        .selectFrom('categories')
        .select(['id', 'parent_id', 'slug', 'title', 'image', 'description'])
        .where('type_id', '=', type.id)
        .orderBy('position')
        .orderBy('id')
        .execute();
      const counts = await sql<{ category_id: number; n: number }>`
        select pc.category_id, count(*) as n from post_categories pc
        join posts on posts.id = pc.post_id
        where posts.type_id = ${type.id} and ${isPublicAt(now)}
        group by pc.category_id`.execute(db);
      const countOf = new Map(counts.rows.map((row) => [Number(row.category_id), Number(row.n)]));
      const nodes = new Map<number, PublicCategory & { parent: number | null }>();
      for (const row of rows)
        nodes.set(Number(row.id), {
          slug: row.slug,
          title: row.title,
          image: row.image,
          description: row.description,
          post_count: countOf.get(Number(row.id)) ?? 0,
          children: [],
          parent: row.parent_id == null ? null : Number(row.parent_id),
        });
      const roots: PublicCategory[] = [];
      for (const node of nodes.values()) {
        const parent = node.parent == null ? undefined : nodes.get(node.parent);
        (parent ? parent.children : roots).push(node);
      }
      return roots;
    },
  });
};
