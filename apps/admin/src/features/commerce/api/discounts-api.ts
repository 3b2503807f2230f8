import {
  DISCOUNT_PHASES,
  DISCOUNT_STATUSES,
  type Discount,
  discountFormSchema,
  discountUpdateSchema,
} from '@backoffice/shared/discount.schema';
import { DISCOUNT_TYPES } from '@backoffice/shared/order-money';
import { discountsApi } from '../../../lib/api/discounts';

export {
  DISCOUNT_PHASES,
  DISCOUNT_STATUSES,
  DISCOUNT_TYPES,
  discountFormSchema,
  discountUpdateSchema,
  type Discount,
};

/** GET, POST /discounts; GET, PATCH, DELETE /discounts/{id}. */
export { discountsApi };
