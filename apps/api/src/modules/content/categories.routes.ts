import {
  categoryCreateSchema,
  categoryRecordSchema,
  categoryUpdateSchema,
  displayTitle,
  type Category,
} from '@backoffice/shared/category.schema';
import { categoryPath } from '@backoffice/shared/content-paths';
import { integerParam } from '@backoffice/shared/list-query.schema';
import { invalid } from '../../core/errors';
import { equalsFilter } from '../../core/list-engine';
import { loadRelations, manyToMany, tree } from '../../core/relations';
import { createResourceService, crudPermissions } from '../../core/resource';
import { registerResource } from '../../core/resource-routes';
import { searchText } from '../../core/search';
import { redirectOldPath, settleSlug } from '../../core/slugs';
import { toBool } from '../../db/types';
import { typeOf } from './content-rules';
import './content.table';
import type { TypedApp } from '../../core/typed-app';

const groups = manyToMany({
  field: 'group_ids',
  table: 'category_groups',
  ownerColumn: 'category_id',
  targetColumn: 'group_id',
  target: { table: 'post_groups', column: 'id' },
});

/**
 * Categories of a post type: a tree per type (parent, order among siblings, level), answered
 * as a flat list in reading order (`position`) with `display_title` (`--Title` at level 3).
 */
export const categoriesService = createResourceService({
  path: 'categories',
  table: 'categories',
  entity: 'category',
  permissions: crudPermissions('categories'),
  schemas: {
    create: categoryCreateSchema,
    update: categoryUpdateSchema,
    record: categoryRecordSchema,
  },
  routes: ['list', 'show', 'create', 'update', 'delete', 'reorder'],
  list: {
    columns: [
      'type_id',
      'parent_id',
      'title',
      'slug',
      'image',
      'description',
      'layout',
      'number',
      'order',
      'level',
      'show_by_category',
      'post_count',
      'created_at',
      'updated_at',
    ],
    search: 'index',
    searchFields: {
      slug: { column: 'slug', match: 'exact' },
      title: { column: 'title', match: 'contains' },
    },
    // `post_count`: the post editor's most used categories of a type.
    sortable: ['position', 'order', 'title', 'post_count'],
    thenBy: { post_count: ['position', 'asc'] },
    defaultOrder: ['position', 'asc'],
    filters: {
      type_id: equalsFilter<'categories'>('type_id', integerParam()),
      parent_id: equalsFilter<'categories'>('parent_id', integerParam()),
    },
    counted: { by: ['type_id'] },
  },
  toRecord: (row): Category => ({
    id: row.id,
    type_id: row.type_id,
    parent_id: row.parent_id ?? null,
    title: row.title,
    slug: row.slug,
    image: row.image ?? null,
    description: row.description ?? null,
    layout: row.layout ?? null,
    number: row.number ?? null,
    group_ids: [],
    order: Number(row.order),
    show_by_category: toBool(row.show_by_category),
    level: Number(row.level),
    display_title: displayTitle(row.title, Number(row.level)),
    post_count: Number(row.post_count ?? 0),
    created_at: row.created_at,
    updated_at: row.updated_at,
  }),
  searchText: (row) => searchText(row.title, row.slug, row.description),
  relations: [
    groups,
    tree<'categories'>({
      parentColumn: 'parent_id',
      orderColumn: 'order',
      levelColumn: 'level',
      scopeColumn: 'type_id',
      positionColumn: 'position',
      tieColumn: 'title',
    }),
  ],
  // Every category answers with its data groups, in lists too (the tree screen edits them).
  complete: async (db, records) => {
    if (records.some((record) => record.group_ids.length === 0))
      await loadRelations(db, [groups], records, new Set(['group_ids']));
  },
  constraintHints: { slug: 'slug.taken' },
  hooks: {
    beforeWrite: async (tx, _ctx, { action, values, current, relations }) => {
      const typeId = current?.type_id ?? (values.type_id as number);
      await typeOf(tx, typeId);
      const parentId = values.parent_id === undefined ? current?.parent_id : values.parent_id;
      if (values.parent_id) {
        const parent = await tx
          .selectFrom('categories')
          .select('type_id')
          .where('id', '=', values.parent_id)
          .executeTakeFirst();
        if (!parent || parent.type_id !== typeId)
          throw invalid({ parent_id: 'validation.foreign_key' });
      }
      const groupIds = relations.group_ids as number[] | undefined;
      if (groupIds && groupIds.length > 0) {
        const found = await tx
          .selectFrom('post_groups')
          .select('id')
          .where('id', 'in', groupIds)
          .where('style', '=', 'field')
          .where('type_id', '=', typeId)
          .execute();
        if (found.length !== new Set(groupIds).size)
          throw invalid({ group_ids: 'category.groups_of_type' });
      }
      const slug = await settleSlug(
        tx,
        { table: 'categories', scope: { type_id: typeId }, exceptId: current?.id },
        values.slug,
        values.title ?? current?.title,
      );
      // A new category (or one moved to another parent without a place) goes last among its siblings.
      const moved =
        action === 'create' ||
        (values.parent_id !== undefined && values.parent_id !== current?.parent_id);
      if (moved && values.order === undefined) {
        const last = await tx
          .selectFrom('categories')
          .select((eb) => eb.fn.max('order').as('order'))
          .where('type_id', '=', typeId)
          .where((eb) =>
            parentId == null ? eb('parent_id', 'is', null) : eb('parent_id', '=', parentId),
          )
          .where('id', '!=', current?.id ?? 0)
          .executeTakeFirst();
        return { slug, order: last?.order == null ? 0 : Number(last.order) + 1 };
      }
      return { slug };
    },
    afterWrite: async (tx, ctx, { row, before }) => {
      if (!before || before.slug === row.slug) return;
      const type = await typeOf(tx, row.type_id);
      await redirectOldPath(
        tx,
        categoryPath(type.slug, before.slug),
        categoryPath(type.slug, row.slug),
        ctx.clock.now(),
      );
    },
  },
});

export const categoriesRoutes = async (app: TypedApp) => registerResource(app, categoriesService);
