import { typePath } from '@backoffice/shared/content-paths';
import { integerParam } from '@backoffice/shared/list-query.schema';
import {
  POST_STYLES,
  completeFeatures,
  postTypeCreateSchema,
  postTypeRecordSchema,
  postTypeUpdateSchema,
  type Feature,
  type PostType,
} from '@backoffice/shared/post-type.schema';
import { z } from 'zod';
import { invalid } from '../../core/errors';
import { equalsFilter } from '../../core/list-engine';
import { createResourceService, crudPermissions } from '../../core/resource';
import { registerResource } from '../../core/resource-routes';
import { searchText } from '../../core/search';
import { claimSection, redirectOldSection, settleSlug } from '../../core/slugs';
import { fromJson, toBool } from '../../db/types';
import './content.table';
import type { TypedApp } from '../../core/typed-app';

const crud = crudPermissions('types');

/**
 * Post types: the kinds of post the site has (news, products, courses…), each with the
 * features its editor and the sidebar offer. Every screen of the content area reads them,
 * so reading needs any content permission, not only `types.list`.
 */
export const postTypesService = createResourceService({
  path: 'types',
  table: 'post_types',
  entity: 'post_type',
  labels: { one: 'post type', many: 'post types' },
  permissions: {
    ...crud,
    list: ['types.list', 'posts.list', 'categories.list', 'groups.list', 'fields.list'],
    show: ['types.list', 'posts.list', 'categories.list', 'groups.list', 'fields.list'],
  },
  schemas: {
    create: postTypeCreateSchema,
    update: postTypeUpdateSchema,
    record: postTypeRecordSchema,
  },
  list: {
    search: 'index',
    searchFields: { slug: { column: 'slug', match: 'exact' } },
    sortable: ['sort', 'title'],
    defaultOrder: ['sort', 'asc'],
    filters: {
      style: equalsFilter<'post_types'>('style', z.enum(POST_STYLES, { error: 'list.filter' })),
      id: equalsFilter<'post_types'>('id', integerParam()),
    },
    allowAll: true,
    counted: true,
  },
  toRecord: (row): PostType => ({
    id: row.id,
    style: row.style,
    sort: Number(row.sort),
    title: row.title,
    slug: row.slug,
    image: row.image,
    description: row.description,
    sitemap: toBool(row.sitemap),
    features: completeFeatures(fromJson<Feature[] | null>(row.features) ?? []),
    custom_fields: fromJson<PostType['custom_fields'] | null>(row.custom_fields) ?? [],
    created_at: row.created_at,
    updated_at: row.updated_at,
  }),
  searchText: (row) => searchText(row.title, row.slug),
  jsonColumns: ['features', 'custom_fields'],
  constraintHints: { slug: 'slug.taken' },
  hooks: {
    prepare: (_ctx, { action, input }) => ({
      values: {
        ...input,
        // Empty: made from the title under the write lock (beforeWrite).
        slug: input.slug === undefined ? undefined : (input.slug ?? ''),
        ...(input.features || action === 'create'
          ? { features: completeFeatures(input.features) }
          : {}),
        ...(action === 'create' ? { custom_fields: input.custom_fields ?? [] } : {}),
      },
    }),
    beforeWrite: async (tx, _ctx, { action, values, current }) => {
      const slug = await settleSlug(
        tx,
        { table: 'post_types', exceptId: current?.id },
        values.slug,
        values.title ?? current?.title,
      );
      // A new type goes last unless a place is given.
      if (action === 'create' && values.sort === undefined) {
        const last = await tx
          .selectFrom('post_types')
          .select((eb) => eb.fn.max('sort').as('sort'))
          .executeTakeFirst();
        return { slug, sort: Number(last?.sort ?? -1) + 1 };
      }
      return { slug };
    },
    afterWrite: async (tx, ctx, { row, before }) => {
      // The type's address is the section of its categories, groups and posts: they move with it.
      if (!before) await claimSection(tx, typePath(row.slug));
      else if (before.slug !== row.slug)
        await redirectOldSection(tx, typePath(before.slug), typePath(row.slug), ctx.clock.now());
    },
    beforeDelete: async (tx, _ctx, current) => {
      const holds = (table: 'categories' | 'post_groups' | 'posts') =>
        tx
          .selectFrom(table)
          .select('id')
          .where('type_id', '=', current.id)
          .limit(1)
          .executeTakeFirst();
      if ((await holds('posts')) ?? (await holds('categories')) ?? (await holds('post_groups')))
        throw invalid({ id: 'type.in_use' });
    },
  },
});

export const postTypesRoutes = async (app: TypedApp) => registerResource(app, postTypesService);
