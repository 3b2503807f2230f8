import type {
  Category,
  categoryCreateSchema,
  CategoryUpdate,
} from '@backoffice/shared/category.schema';
import type { z } from 'zod';
import { createResourceApi } from '../resource-api';

/**
 * GET, POST /categories; GET, PATCH, DELETE /categories/{id}. A new category is sent as the
 * schema reads it (its optional fields may be left out: the post editor adds one by its title).
 */
export const categoriesApi = createResourceApi<
  Category,
  z.input<typeof categoryCreateSchema>,
  CategoryUpdate
>('/categories');
