import {
  SEO_TYPES,
  type Seo,
  type SeoCreate,
  seoCreateSchema,
  type SeoUpdate,
  seoUpdateSchema,
} from '@backoffice/shared/seo.schema';
import { createResourceApi } from '../../../lib/resource-api';

export { SEO_TYPES, seoCreateSchema, seoUpdateSchema, type Seo };

/** GET, POST /seos; GET, PATCH, DELETE /seos/{id}. */
export const seosApi = createResourceApi<Seo, SeoCreate, SeoUpdate>('/seos', { bulkDelete: true });
