import type { Agency, AgencyCreate } from '@backoffice/shared/agency.schema';
import { createResourceApi } from '../resource-api';

/** GET, POST /agencies; PATCH, DELETE /agencies/{id}. */
export const agenciesApi = createResourceApi<Agency, AgencyCreate, Partial<AgencyCreate>>(
  '/agencies',
  { bulkDelete: true },
);
