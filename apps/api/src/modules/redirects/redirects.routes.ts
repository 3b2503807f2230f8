import { redirectCreateSchema, redirectRecordSchema, redirectUpdateSchema, type Redirect } from '@backoffice/shared/redirect.schema';
import type { FastifyInstance } from 'fastify';
import { createResourceService, registerResource, samePermission, type Row } from '../../core/resource';
import { searchText } from '../../core/search';
import { invalid } from '../../core/errors';

export const redirectsService = createResourceService<Redirect>({
  path: 'redirects',
  table: 'redirects',
  entity: 'redirect',
  permissions: samePermission('manage-redirects'),
  schemas: { create: redirectCreateSchema, update: redirectUpdateSchema, record: redirectRecordSchema },
  list: {
    columns: ['source', 'destination', 'code', 'created_at', 'updated_at'],
    search: 'index',
    searchFields: ['source', 'destination', 'code'],
    fieldColumns: {
      source: { column: 'source', match: 'like' },
      destination: { column: 'destination', match: 'like' },
      code: { column: 'code', match: 'number' },
    },
    sortable: ['source', 'destination', 'code', 'updated_at'],
    includes: [],
    defaultOrder: ['id', 'desc'],
    counted: true,
  },
  toRecord: (row) => ({
    id: row.id as number,
    source: row.source as string,
    destination: row.destination as string,
    code: row.code === 302 ? 302 : 301,
    created_at: row.created_at as string,
    updated_at: row.updated_at as string,
  }),
  searchText: (row) => searchText(row.source as string, row.destination as string),
  constraintHints: { source: 'redirect.source_exists' },
  hooks: {
    beforeUpdate: (_ctx, input: Row, current: Row) => {
      const source = (input.source ?? current.source) as string;
      const destination = (input.destination ?? current.destination) as string;
      if (source === destination) throw invalid({ destination: 'redirect.loop' });
      return input;
    },
  },
});

export const redirectsRoutes = async (app: FastifyInstance) => registerResource(app, redirectsService);
