import {
  FEEDBACK_STATUSES,
  feedbackBulkSchema,
  feedbackCreateSchema,
  feedbackRecordSchema,
  feedbackUpdateSchema,
  type Feedback,
} from '@backoffice/shared/feedback.schema';
import { z } from 'zod';
import { registerBulk } from '../../core/bulk-route';
import { invalid } from '../../core/errors';
import { equalsFilter } from '../../core/list-engine';
import { createResourceService, crudPermissions } from '../../core/resource';
import { registerResource } from '../../core/resource-routes';
import { searchText } from '../../core/search';
import './feedback.table';
import { exportColumns } from '../../core/export/export-route';
import type { TypedApp } from '../../core/typed-app';

/** What visitors send through the website's forms; staff call them back and mark them contacted. */
export const feedbackService = createResourceService({
  path: 'feedback',
  table: 'feedback',
  entity: 'feedback',
  labels: { one: 'feedback', many: 'feedback' },
  permissions: crudPermissions('feedback'),
  schemas: {
    create: feedbackCreateSchema,
    update: feedbackUpdateSchema,
    record: feedbackRecordSchema,
  },
  list: {
    // The details modal shows every field, so the list carries them all (content is short text).
    columns: [
      'type',
      'name',
      'phone',
      'email',
      'address',
      'content',
      'status',
      'created_at',
      'updated_at',
    ],
    search: 'index',
    searchFields: {
      phone: { column: 'phone', match: 'contains' },
      email: { column: 'email', match: 'contains' },
    },
    sortable: ['name', 'status', 'type'],
    defaultOrder: ['id', 'desc'],
    filters: {
      status: equalsFilter<'feedback'>(
        'status',
        z.enum(FEEDBACK_STATUSES, { error: 'validation.invalid_value' }),
      ),
    },
    counted: { by: ['status'] },
  },
  toRecord: (row): Feedback => ({
    id: row.id,
    type: row.type,
    name: row.name,
    phone: row.phone,
    email: row.email,
    address: row.address,
    content: row.content,
    status: row.status,
    created_at: row.created_at,
    updated_at: row.updated_at,
  }),
  searchText: (row) => searchText(row.name, row.type, row.phone, row.email, row.content),
  hooks: {
    prepare: (_ctx, { action, input }) => ({
      values: action === 'create' ? { status: 'none' as const, ...input } : input,
    }),
  },
});

export const feedbackRoutes = async (app: TypedApp) => {
  registerBulk(app, feedbackService, {
    summary: 'Mark several feedbacks contacted or not, or delete them',
    body: feedbackBulkSchema,
    actions: {
      delete: { permission: 'feedback.delete', change: 'delete' },
      status: {
        permission: 'feedback.update',
        change: ({ status }) => {
          if (!status) throw invalid({ status: 'validation.required' });
          return { status };
        },
      },
    },
  });
  registerResource(app, feedbackService, {
    export: exportColumns<Feedback>(
      {
        id: (one) => one.id,
        type: (one) => one.type,
        name: (one) => one.name,
        phone: (one) => one.phone,
        email: (one) => one.email,
        address: (one) => one.address,
        content: (one) => one.content,
        status: (one) => one.status,
        created_at: (one) => one.created_at,
      },
      { status: 'feedback.status' },
    ),
  });
};
