import { groupPath, trademarkPath } from '@backoffice/shared/content-paths';
import {
  GROUP_STYLES,
  groupCreateSchema,
  groupRecordSchema,
  groupUpdateSchema,
  type Group,
} from '@backoffice/shared/group.schema';
import { integerParam } from '@backoffice/shared/list-query.schema';
import { z } from 'zod';
import { equalsFilter } from '../../core/list-engine';
import { createResourceService, crudPermissions } from '../../core/resource';
import { registerResource } from '../../core/resource-routes';
import { searchText } from '../../core/search';
import { redirectOldPath, settleSlug } from '../../core/slugs';
import { typeOf } from './content-rules';
import './content.table';
import { toDataField } from './data-fields.routes';
import type { TypedApp } from '../../core/typed-app';

/**
 * Groups of a post type, in three styles: data groups (`field`, holding data fields),
 * article/product/course groups (`article`) and trademarks. `include=type,fields` adds the
 * post type and, for data groups, their fields in order; create and update take it too.
 */
export const groupsService = createResourceService({
  path: 'groups',
  table: 'post_groups',
  entity: 'group',
  permissions: crudPermissions('groups'),
  schemas: { create: groupCreateSchema, update: groupUpdateSchema, record: groupRecordSchema },
  list: {
    columns: [
      'style',
      'type_id',
      'title',
      'slug',
      'image',
      'description',
      'created_at',
      'updated_at',
    ],
    search: 'index',
    searchFields: {
      slug: { column: 'slug', match: 'exact' },
      title: { column: 'title', match: 'contains' },
    },
    sortable: ['title', 'slug'],
    defaultOrder: ['id', 'desc'],
    filters: {
      style: equalsFilter<'post_groups'>('style', z.enum(GROUP_STYLES, { error: 'list.filter' })),
      type_id: equalsFilter<'post_groups'>('type_id', integerParam()),
    },
    counted: { by: ['style', 'type_id'] },
  },
  toRecord: (row): Group => ({
    id: row.id,
    style: row.style,
    type_id: row.type_id,
    title: row.title,
    slug: row.slug,
    image: row.image ?? null,
    description: row.description ?? null,
    created_at: row.created_at,
    updated_at: row.updated_at,
  }),
  searchText: (row) => searchText(row.title, row.slug, row.description),
  includes: {
    type: async (ctx, records) => {
      const ids = [...new Set(records.map((record) => record.type_id))];
      if (ids.length === 0) return;
      const types = await ctx.db
        .selectFrom('post_types')
        .select(['id', 'style', 'title', 'slug'])
        .where('id', 'in', ids)
        .execute();
      for (const record of records) {
        const type = types.find((item) => item.id === record.type_id);
        if (type) record.type = type;
      }
    },
    fields: async (ctx, records) => {
      const ids = records.map((record) => record.id);
      if (ids.length === 0) return;
      const rows = await ctx.db
        .selectFrom('data_fields')
        .selectAll()
        .where('group_id', 'in', ids)
        .orderBy('group_id')
        .orderBy('sort')
        .orderBy('id')
        .execute();
      for (const record of records)
        record.fields = rows
          .filter((row) => row.group_id === record.id)
          .map((row) => toDataField(row));
    },
  },
  constraintHints: { slug: 'slug.taken' },
  hooks: {
    beforeWrite: async (tx, _ctx, { values, current }) => {
      const typeId = current?.type_id ?? (values.type_id as number);
      const style = current?.style ?? values.style;
      await typeOf(tx, typeId);
      return {
        slug: await settleSlug(
          tx,
          { table: 'post_groups', scope: { type_id: typeId, style }, exceptId: current?.id },
          values.slug,
          values.title ?? current?.title,
        ),
      };
    },
    afterWrite: async (tx, ctx, { row, before }) => {
      // Data groups are not pages of the website; the other two are.
      if (!before || before.slug === row.slug || row.style === 'field') return;
      const type = await typeOf(tx, row.type_id);
      const path = row.style === 'trademark' ? trademarkPath : groupPath;
      const at = ctx.clock.now();
      await redirectOldPath(tx, path(type.slug, before.slug), path(type.slug, row.slug), at);
    },
  },
});

export const groupsRoutes = async (app: TypedApp) =>
  registerResource(app, groupsService, { bulkDelete: true });
