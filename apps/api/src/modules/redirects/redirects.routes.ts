import {
  redirectCreateSchema,
  redirectRecordSchema,
  redirectUpdateSchema,
  type Redirect,
} from '@backoffice/shared/redirect.schema';
import { createResourceService, samePermission } from '../../core/resource';
import { registerResource } from '../../core/resource-routes';
import { searchText } from '../../core/search';
import { assertRedirectRules } from './redirect-rules';
import type { TypedApp } from '../../core/typed-app';

export const redirectsService = createResourceService({
  path: 'redirects',
  table: 'redirects',
  entity: 'redirect',
  permissions: samePermission('manage-redirects'),
  schemas: {
    create: redirectCreateSchema,
    update: redirectUpdateSchema,
    record: redirectRecordSchema,
  },
  list: {
    columns: ['source', 'destination', 'code', 'created_at', 'updated_at'],
    search: 'index',
    searchFields: {
      source: { column: 'source', match: 'contains' },
      destination: { column: 'destination', match: 'contains' },
      code: { column: 'code', match: 'number' },
    },
    sortable: ['source', 'destination', 'code', 'updated_at'],
    defaultOrder: ['id', 'desc'],
    counted: true,
  },
  toRecord: (row): Redirect => ({
    id: row.id,
    source: row.source,
    destination: row.destination,
    code: row.code === 302 ? 302 : 301,
    created_at: row.created_at,
    updated_at: row.updated_at,
  }),
  searchText: (row) => searchText(row.source, row.destination),
  constraintHints: { source: 'redirect.source_exists' },
  hooks: {
    beforeWrite: async (tx, _ctx, { values, current }) => {
      const source = values.source ?? current?.source ?? '';
      const destination = values.destination ?? current?.destination ?? '';
      await assertRedirectRules(tx, { id: current?.id, source, destination });
    },
  },
});

export const redirectsRoutes = async (app: TypedApp) =>
  registerResource(app, redirectsService, { bulkDelete: true });
