import type { Discount, DiscountCreate, DiscountUpdate } from '@backoffice/shared/discount.schema';
import { createResourceApi } from '../resource-api';

/** GET, POST /discounts; GET, PATCH, DELETE /discounts/{id}. */
export const discountsApi = createResourceApi<Discount, DiscountCreate, DiscountUpdate>(
  '/discounts',
  { bulkDelete: true },
);
