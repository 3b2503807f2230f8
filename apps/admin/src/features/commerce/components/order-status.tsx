import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNotices } from '../../../components/notices';
import { type ApiError, isApiError } from '../../../lib/api-client';
import { type Order, type OrderStatus, ordersApi } from '../api/orders-api';
import { ToneTag, type Tone } from '../../../components/tone-tag';

const TONES: Record<OrderStatus, Tone> = {
  new: 'info',
  processing: 'progress',
  delivery: 'warning',
  delivered: 'success',
  canceled: 'danger',
};

export const OrderStatusTag = ({ status }: { status: OrderStatus }) => {
  const { t } = useTranslation('commerce');
  return <ToneTag tone={TONES[status]}>{t(`orders.statuses.${status}`)}</ToneTag>;
};

export type OrderMove = { id: number; status: OrderStatus; warehouse_id?: number };

/**
 * Moves an order to a status (the coordinate flow's next step, or canceled), with its notice.
 * `onInvalid` takes a 422's field errors instead of the notice (a form shows them on its fields).
 */
export const useMoveOrder = (
  onMoved?: (order: Order) => void,
  onInvalid?: (error: ApiError) => void,
) => {
  const { t } = useTranslation('commerce');
  const notices = useNotices();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...change }: OrderMove) => ordersApi.update(id, change),
    onSuccess: (order, { status }) => {
      void message.success(
        status === 'canceled'
          ? t('orders.canceledNotice', { code: order.code })
          : t('orders.movedNotice', { code: order.code, status: t(`orders.statuses.${status}`) }),
      );
      void queryClient.invalidateQueries({ queryKey: ordersApi.keys.all });
      onMoved?.(order);
    },
    onError: (error) => {
      if (
        onInvalid &&
        isApiError(error) &&
        error.status === 422 &&
        Object.keys(error.errors).length > 0
      )
        onInvalid(error);
      else notices.error(error);
    },
  });
};
