import {
  FIELD_STYLES,
  STYLES_WITH_ITEMS,
  dataFieldCreateSchema,
  dataFieldRecordSchema,
  dataFieldUpdateSchema,
  rendersHtml,
  type DataField,
} from '@backoffice/shared/data-field.schema';
import { integerParam } from '@backoffice/shared/list-query.schema';
import { z } from 'zod';
import { invalid } from '../../core/errors';
import { equalsFilter } from '../../core/list-engine';
import { createResourceService, crudPermissions } from '../../core/resource';
import { registerResource } from '../../core/resource-routes';
import type { Db } from '../../db/connection';
import { fromJson, toBool, toJson } from '../../db/types';
import { sanitizeRichValue } from '../../sanitize/rich-text';
import './content.table';
import type { TypedApp } from '../../core/typed-app';

type Row = Record<string, unknown>;

/** A data field as answered, from its row (also used by groups' `include=fields`). */
export const toDataField = (row: Row): DataField => {
  const api = fromJson<DataField['api'] | null>(row.api);
  return {
    id: row.id as number,
    group_id: row.group_id as number,
    key: row.key as string,
    title: row.title as string,
    value: (row.value as string | null) ?? null,
    style: row.style as DataField['style'],
    data: fromJson<DataField['data'] | null>(row.data) ?? [],
    script: (row.script as string | null) ?? null,
    api: api
      ? {
          path: api.path,
          list_key: api.list_key ?? null,
          value_key: api.value_key ?? null,
          title_key: api.title_key ?? null,
        }
      : null,
    has_option: toBool(row.has_option as boolean),
    has_children: toBool(row.has_children as boolean),
    sort: Number(row.sort),
    created_at: row.created_at as string,
    updated_at: row.updated_at as string,
  };
};

/** The values posts of the field's type hold under `key`, sanitized where they change. */
const sanitizeStoredValues = async (tx: Db, groupId: number, key: string) => {
  const group = await tx
    .selectFrom('post_groups')
    .select('type_id')
    .where('id', '=', groupId)
    .executeTakeFirst();
  if (!group) return;
  const posts = await tx
    .selectFrom('posts')
    .select(['id', 'fields'])
    .where('type_id', '=', group.type_id)
    .execute();
  for (const post of posts) {
    const fields = fromJson<Record<string, unknown> | null>(post.fields);
    if (!fields || !Object.hasOwn(fields, key)) continue;
    const clean = sanitizeRichValue(fields[key]);
    if (JSON.stringify(clean) === JSON.stringify(fields[key])) continue;
    await tx
      .updateTable('posts')
      .set({ fields: toJson({ ...fields, [key]: clean }) })
      .where('id', '=', post.id)
      .execute();
  }
};

/**
 * Data fields of a data group: what the post editor asks for in a post of that type
 * (text, number, a choice among items, a select fed by an API…), listed in `sort` order.
 */
export const dataFieldsService = createResourceService({
  path: 'fields',
  table: 'data_fields',
  entity: 'data_field',
  labels: { one: 'data field', many: 'data fields' },
  permissions: crudPermissions('fields'),
  schemas: {
    create: dataFieldCreateSchema,
    update: dataFieldUpdateSchema,
    record: dataFieldRecordSchema,
  },
  list: {
    search: ['key', 'title'],
    searchFields: { key: { column: 'key', match: 'exact' } },
    sortable: ['sort', 'key', 'title'],
    defaultOrder: ['sort', 'asc'],
    filters: {
      group_id: equalsFilter<'data_fields'>('group_id', integerParam()),
      style: equalsFilter<'data_fields'>('style', z.enum(FIELD_STYLES, { error: 'list.filter' })),
    },
    counted: { by: ['group_id'] },
  },
  toRecord: (row) => toDataField(row as Row),
  jsonColumns: ['data', 'api'],
  constraintHints: { key: 'field.key_exists' },
  hooks: {
    prepare: (_ctx, { action, input, current }) => {
      // The style rules hold for the field as it will be stored, PATCH or not.
      const style = input.style ?? current?.style;
      const data = input.data ?? (current ? fromJson<unknown[] | null>(current.data) : null) ?? [];
      const api = input.api === undefined ? (current ? fromJson(current.api) : null) : input.api;
      if (style && STYLES_WITH_ITEMS.includes(style) && data.length === 0)
        throw invalid({ data: 'field.data_min' });
      if (style === 'api' && !api) throw invalid({ 'api.path': 'field.api_path_required' });
      // A field that renders HTML keeps a sanitized default, also when its style changes to one.
      const value =
        style && rendersHtml(style) && (input.value !== undefined || input.style !== undefined)
          ? {
              value: sanitizeRichValue(
                input.value === undefined ? (current?.value ?? null) : input.value,
              ) as string | null,
            }
          : {};
      return {
        values: {
          ...input,
          ...value,
          ...(action === 'create' ? { data: input.data ?? [], api: input.api ?? null } : {}),
          // An item at the top is stored as plain `{value, title}`, without an empty `parent`.
          ...(input.data
            ? {
                data: input.data.map(({ parent, ...item }) =>
                  parent ? { ...item, parent } : item,
                ),
              }
            : {}),
        },
      };
    },
    beforeWrite: async (tx, _ctx, { action, values, current }) => {
      const groupId = current?.group_id ?? (values.group_id as number);
      const group = await tx
        .selectFrom('post_groups')
        .select('style')
        .where('id', '=', groupId)
        .executeTakeFirst();
      if (!group) throw invalid({ group_id: 'validation.foreign_key' });
      if (group.style !== 'field') throw invalid({ group_id: 'field.group_not_data' });
      // A new field goes last in its group unless a place is given.
      if (action === 'create' && values.sort === undefined) {
        const last = await tx
          .selectFrom('data_fields')
          .select((eb) => eb.fn.max('sort').as('sort'))
          .where('group_id', '=', groupId)
          .executeTakeFirst();
        return { sort: last?.sort == null ? 0 : Number(last.sort) + 1 };
      }
    },
    afterWrite: async (tx, _ctx, { row, before }) => {
      // Posts may already hold a value under this key, written when it rendered as plain text
      // (or under a field of that key since removed): from now on it is shown as HTML.
      if (
        rendersHtml(row.style) &&
        (!before || !rendersHtml(before.style) || before.key !== row.key)
      )
        await sanitizeStoredValues(tx, Number(row.group_id), row.key);
    },
  },
});

export const dataFieldsRoutes = async (app: TypedApp) =>
  registerResource(app, dataFieldsService, { bulkDelete: true });
