import {
  SEO_TYPES,
  seoCreateSchema,
  seoRecordSchema,
  seoUpdateSchema,
  type Seo,
} from '@backoffice/shared/seo.schema';
import { z } from 'zod';
import { equalsFilter } from '../../core/list-engine';
import { createResourceService, crudPermissions } from '../../core/resource';
import { registerResource } from '../../core/resource-routes';
import { searchText } from '../../core/search';
import { fromJson } from '../../db/types';
import './seos.table';
import type { TypedApp } from '../../core/typed-app';

/** SEO records: how a page of the site looks in search results and as a shared link. */
export const seosService = createResourceService({
  path: 'seos',
  table: 'seos',
  entity: 'seo',
  labels: { one: 'SEO record', many: 'SEO records' },
  permissions: crudPermissions('seos'),
  schemas: { create: seoCreateSchema, update: seoUpdateSchema, record: seoRecordSchema },
  list: {
    columns: [
      'url',
      'type',
      'title',
      'image',
      'description',
      'keywords',
      'created_at',
      'updated_at',
    ],
    search: 'index',
    searchFields: {
      url: { column: 'url', match: 'contains' },
      title: { column: 'title', match: 'contains' },
    },
    sortable: ['title', 'url', 'type'],
    defaultOrder: ['id', 'desc'],
    filters: {
      type: equalsFilter<'seos'>('type', z.enum(SEO_TYPES, { error: 'validation.invalid_value' })),
    },
    counted: { by: ['type'] },
  },
  toRecord: (row): Seo => ({
    id: row.id,
    url: row.url,
    type: row.type,
    title: row.title,
    image: row.image,
    description: row.description,
    keywords: fromJson<string[] | null>(row.keywords) ?? [],
    created_at: row.created_at,
    updated_at: row.updated_at,
  }),
  searchText: (row) =>
    searchText(
      row.title,
      row.url,
      row.description,
      ...(fromJson<string[] | null>(row.keywords) ?? []),
    ),
  jsonColumns: ['keywords'],
  constraintHints: { url: 'seo.url_exists' },
  hooks: {
    prepare: (_ctx, { action, input }) => ({
      values: action === 'create' ? { ...input, keywords: input.keywords ?? [] } : input,
    }),
  },
});

export const seosRoutes = async (app: TypedApp) =>
  registerResource(app, seosService, { bulkDelete: true });
