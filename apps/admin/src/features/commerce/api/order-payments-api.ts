import {
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  type PaymentAction,
  type PaymentMethod,
  type PaymentStatus,
  type VietQr,
} from '@backoffice/shared/payment.schema';
import type { Order } from '@backoffice/shared/order.schema';
import { queryOptions } from '@tanstack/react-query';
import { ordersResourceApi as resource } from '../../../lib/api/orders';
import { apiRequest, type ItemResponse } from '../../../lib/api-client';

export {
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  type PaymentAction,
  type PaymentMethod,
  type PaymentStatus,
  type VietQr,
};

/** POST /orders/{id}/mark-paid or /refund: the order as it stands after the step. */
export const movePayment = ({ id, action }: { id: number; action: PaymentAction }) =>
  apiRequest<ItemResponse<Order>>(`/orders/${id}/${action}`, { method: 'POST' }).then(
    (response) => response.data,
  );

/**
 * GET /orders/{id}/vietqr: the code a banking app scans to pay the order. Kept under the order's
 * item (with its total and code in the key), so a changed order or bank account asks again.
 */
export const vietqrQueryOptions = (order: Pick<Order, 'id' | 'total' | 'code'>) =>
  queryOptions({
    queryKey: resource.keys.itemView(order.id, 'vietqr', order.total, order.code),
    queryFn: ({ signal }) =>
      apiRequest<ItemResponse<VietQr>>(`/orders/${order.id}/vietqr`, { signal }).then(
        (response) => response.data,
      ),
    retry: false,
  });
