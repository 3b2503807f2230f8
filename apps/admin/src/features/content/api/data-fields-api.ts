import type {
  DataField,
  DataFieldCreate,
  DataFieldUpdate,
} from '@backoffice/shared/data-field.schema';
import { createResourceApi } from '../../../lib/resource-api';

/** GET, POST /fields; GET, PATCH, DELETE /fields/{id}; a group's fields in their `sort` order. */
export const dataFieldsApi = createResourceApi<DataField, DataFieldCreate, DataFieldUpdate>(
  '/fields',
  { bulkDelete: true },
);
