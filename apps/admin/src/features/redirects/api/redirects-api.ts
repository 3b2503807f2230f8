import {
  REDIRECT_CODES,
  type Redirect,
  type RedirectCreate,
  redirectCreateSchema,
  redirectUpdateSchema,
} from '@backoffice/shared/redirect.schema';
import type { z } from 'zod';
import { createResourceApi } from '../../../lib/resource-api';

export { REDIRECT_CODES, redirectCreateSchema, redirectUpdateSchema, type Redirect };

/** GET, POST /redirects; PATCH, DELETE /redirects/{id}. */
export const redirectsApi = createResourceApi<
  Redirect,
  RedirectCreate,
  z.output<typeof redirectUpdateSchema>
>('/redirects', { bulkDelete: true });
