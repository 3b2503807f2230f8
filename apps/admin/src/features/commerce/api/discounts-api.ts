import {
  DISCOUNT_PHASES,
  DISCOUNT_STATUSES,
  type Discount,
  type DiscountCreate,
  discountFormSchema,
  type DiscountUpdate,
  discountUpdateSchema,
} from '@backoffice/shared/discount.schema';
import { DISCOUNT_TYPES } from '@backoffice/shared/order-money';
import { createResourceApi } from '../../../lib/resource-api';

export {
  DISCOUNT_PHASES,
  DISCOUNT_STATUSES,
  DISCOUNT_TYPES,
  discountFormSchema,
  discountUpdateSchema,
  type Discount,
};

/** GET, POST /discounts; GET, PATCH, DELETE /discounts/{id}. */
export const discountsApi = createResourceApi<Discount, DiscountCreate, DiscountUpdate>(
  '/discounts',
);
