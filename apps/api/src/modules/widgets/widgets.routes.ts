import { itemResponse } from '@backoffice/shared/list-query.schema';
import { idParam } from '@backoffice/shared/schema-kit';
import { slugify } from '@backoffice/shared/slug';
import { APPEARANCE_KEY } from '@backoffice/shared/appearance-kit';
import {
  widgetCreateSchema,
  widgetRecordSchema,
  widgetUpdateSchema,
  widgetValueSchema,
  widgetValueUpdateSchema,
  type Widget,
  type WidgetCreate,
  type WidgetSettings,
  type WidgetUpdate,
  type WidgetValueUpdate,
} from '@backoffice/shared/widget.schema';
import { z } from 'zod';
import { serviceContext } from '../../core/context';
import { AppError } from '../../core/errors';
import { equalsFilter } from '../../core/list-engine';
import { createResourceService, crudPermissions, type WriteValues } from '../../core/resource';
import { registerResource } from '../../core/resource-routes';
import { searchText } from '../../core/search';
import { issuesToFieldErrors } from '../../core/validation';
import { fromJson } from '../../db/types';
import './widgets.table';
import type { TypedApp } from '../../core/typed-app';

const EMPTY_SETTINGS: WidgetSettings = { fields: [] };

const settingsOf = (stored: unknown): WidgetSettings =>
  fromJson<WidgetSettings | null>(stored) ?? EMPTY_SETTINGS;

/** The group's two columns from `{name, slug}`; a missing slug is made from the name. */
const groupColumns = (group: WidgetCreate['group']) =>
  group === undefined
    ? {}
    : {
        group_name: group?.name ?? null,
        group_slug: group ? group.slug || slugify(group.name) || null : null,
      };

/**
 * A value must fit the settings it is written under: the settings are read again inside the
 * write's transaction, so a value checked against settings that another request just changed
 * is refused rather than stored.
 */
const checkValue = (value: unknown, settings: WidgetSettings) => {
  const result = widgetValueSchema(settings).safeParse(value);
  if (result.success) return result.data;
  const errors = issuesToFieldErrors(
    result.error.issues.map((issue) => ({ ...issue, path: ['value', ...issue.path] })),
    'value',
  );
  throw new AppError('validation_failed', 'error.validation_failed', {}, errors);
};

/**
 * Widgets: blocks of the website whose content staff edit. `PATCH /widgets/{id}` changes the
 * widget itself (its settings among the rest); `PATCH /widgets/{id}/value` changes only its
 * content, checked against its settings.
 */
export const widgetsService = createResourceService<
  'widgets',
  Widget,
  WidgetCreate,
  WidgetUpdate | WidgetValueUpdate
>({
  path: 'widgets',
  table: 'widgets',
  entity: 'widget',
  permissions: crudPermissions('widgets'),
  schemas: { create: widgetCreateSchema, update: widgetUpdateSchema, record: widgetRecordSchema },
  list: {
    search: 'index',
    searchFields: {
      key: { column: 'key', match: 'exact' },
      title: { column: 'title', match: 'contains' },
    },
    sortable: ['title', 'key', 'type', 'group_slug'],
    defaultOrder: ['id', 'desc'],
    filters: {
      type: equalsFilter<'widgets'>(
        'type',
        z.string().max(100).regex(APPEARANCE_KEY, { error: 'widget.type_format' }),
      ),
      group: equalsFilter<'widgets'>('group_slug', z.string().max(200)),
    },
    counted: { by: ['type'] },
  },
  toRecord: (row): Widget => ({
    id: row.id,
    key: row.key,
    title: row.title,
    icon: row.icon,
    group: row.group_name ? { name: row.group_name, slug: row.group_slug ?? '' } : null,
    description: row.description,
    type: row.type,
    settings: settingsOf(row.settings),
    sections: fromJson<Widget['sections'] | null>(row.sections) ?? [],
    value: fromJson<Widget['value'] | null>(row.value) ?? {},
    created_at: row.created_at,
    updated_at: row.updated_at,
  }),
  searchText: (row) => searchText(row.key, row.title, row.group_name, row.type, row.description),
  jsonColumns: ['settings', 'sections', 'value'],
  constraintHints: { key: 'widget.key_exists' },
  // the website reads a widget by its key
  events: (_tx, { after, before }) => [
    { event: 'widget.updated', data: { id: (after ?? before)!.id, key: (after ?? before)!.key } },
  ],
  hooks: {
    prepare: (_ctx, { action, input }) => {
      if ('value' in input) return { values: { value: input.value } };
      const { group, ...rest } = input;
      const values: WriteValues<'widgets'> = { ...rest, ...groupColumns(group) };
      return {
        values:
          action === 'create'
            ? { settings: EMPTY_SETTINGS, sections: [], value: {}, ...values }
            : values,
      };
    },
    beforeWrite: (_tx, _ctx, { action, values, current }) => {
      if (action === 'update' && values.value !== undefined)
        return { value: checkValue(values.value, settingsOf(current?.settings)) };
    },
  },
});

export const widgetsRoutes = async (app: TypedApp) => {
  registerResource(app, widgetsService, { bulkDelete: true });
  // Saving a widget's content: only the content changes, checked against the widget's own settings.
  app.patch('/api/v1/widgets/:id/value', {
    config: { permission: 'widgets.update' },
    schema: {
      tags: ['widgets'],
      operationId: 'updateWidgetValue',
      summary: 'Update the value of one widget',
      params: idParam,
      body: widgetValueUpdateSchema,
      response: { 200: itemResponse(widgetRecordSchema) },
    },
    handler: async (request) => ({
      data: await widgetsService.update(serviceContext(request), request.params.id, request.body),
    }),
  });
};
