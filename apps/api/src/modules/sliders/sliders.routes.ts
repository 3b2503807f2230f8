import {
  sliderCreateSchema,
  sliderRecordSchema,
  sliderUpdateSchema,
  type Slider,
  type SliderCreate,
  type SliderItem,
} from '@backoffice/shared/slider.schema';
import { createResourceService, crudPermissions } from '../../core/resource';
import { registerResource } from '../../core/resource-routes';
import { searchText } from '../../core/search';
import { fromJson } from '../../db/types';
import './sliders.table';
import type { TypedApp } from '../../core/typed-app';

/** A slide as stored and answered: every field present, the empty ones null. */
const storedItem = (item: NonNullable<SliderCreate['items']>[number]): SliderItem => ({
  image: item.image,
  title: item.title ?? null,
  url: item.url ?? null,
  description: item.description ?? null,
});

/** Sliders: a key the website asks for, a title, and the slides in their order. */
export const slidersService = createResourceService({
  path: 'sliders',
  table: 'sliders',
  entity: 'slider',
  permissions: crudPermissions('sliders'),
  schemas: { create: sliderCreateSchema, update: sliderUpdateSchema, record: sliderRecordSchema },
  list: {
    columns: ['key', 'title', 'items', 'created_at', 'updated_at'],
    search: 'index',
    searchFields: { key: { column: 'key', match: 'exact' } },
    sortable: ['title', 'key'],
    defaultOrder: ['id', 'desc'],
    counted: true,
  },
  toRecord: (row): Slider => ({
    id: row.id,
    key: row.key,
    title: row.title,
    items: fromJson<SliderItem[] | null>(row.items) ?? [],
    created_at: row.created_at,
    updated_at: row.updated_at,
  }),
  searchText: (row) =>
    searchText(
      row.key,
      row.title,
      ...(fromJson<SliderItem[] | null>(row.items) ?? []).map((item) => item.title ?? ''),
    ),
  jsonColumns: ['items'],
  constraintHints: { key: 'slider.key_exists' },
  // the website reads a slider by its key
  events: (_tx, { after, before }) => [
    { event: 'slider.updated', data: { id: (after ?? before)!.id, key: (after ?? before)!.key } },
  ],
  hooks: {
    prepare: (_ctx, { action, input }) => ({
      values: {
        ...input,
        ...(input.items || action === 'create'
          ? { items: (input.items ?? []).map(storedItem) }
          : {}),
      },
    }),
  },
});

export const slidersRoutes = async (app: TypedApp) =>
  registerResource(app, slidersService, { bulkDelete: true });
