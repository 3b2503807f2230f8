import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Descriptions, Flex, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNotices } from '../../../components/notices';
import { useFormatters, useMoney } from '../../../lib/format';
import { usePermissions } from '../../../lib/profile';
import { movePayment } from '../api/order-payments-api';
import { ordersApi, type Order } from '../api/orders-api';
import { OrderVietQr } from './order-vietqr';
import { PaymentStatusTag, usePaymentLabels } from './payment-tags';

/** Marks an order paid or refunded, with its notice; the lists and the order are read again. */
export const useMovePayment = (onMoved?: (order: Order) => void) => {
  const { t } = useTranslation('payments');
  const notices = useNotices();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: movePayment,
    onSuccess: (order, { action }) => {
      void message.success(
        t(action === 'refund' ? 'refundedNotice' : 'paidNotice', { code: order.code }),
      );
      void queryClient.invalidateQueries({ queryKey: ordersApi.keys.all });
      onMoved?.(order);
    },
    onError: (error) => notices.error(error),
  });
};

/**
 * An order's payment: how and whether it is paid, "mark paid" and "refund" (each confirmed,
 * for staff who may update orders), and the VietQR code while a bank transfer is awaited.
 */
export const OrderPayment = ({
  order,
  onChanged,
}: {
  order: Order;
  onChanged: (order: Order) => void;
}) => {
  const { t } = useTranslation('payments');
  const format = useFormatters();
  const money = useMoney();
  const labels = usePaymentLabels();
  const { can } = usePermissions();
  const move = useMovePayment(onChanged);
  const canUpdate = can('orders.update');
  const total = money(order.total);
  const awaitingTransfer =
    order.payment_method === 'bank_transfer' &&
    order.payment_status === 'unpaid' &&
    order.status !== 'canceled';
  return (
    <Card size="small" title={t('title')} data-testid="order-payment">
      <Flex vertical gap={16}>
        <Descriptions
          bordered
          size="small"
          column={1}
          items={[
            {
              key: 'method',
              label: t('fields.method'),
              children: labels.method(order.payment_method),
            },
            {
              key: 'status',
              label: t('fields.status'),
              children: <PaymentStatusTag status={order.payment_status} />,
            },
            ...(order.paid_at
              ? [
                  {
                    key: 'paid_at',
                    label: t('fields.paidAt'),
                    children: <bdi>{format.dateTime(order.paid_at)}</bdi>,
                  },
                ]
              : []),
          ]}
        />
        {canUpdate ? (
          <Flex gap={8} wrap>
            {order.payment_status === 'unpaid' && order.status !== 'canceled' ? (
              <Popconfirm
                title={t('markPaidTitle', { code: order.code })}
                description={t('markPaidContent', { total })}
                okText={t('markPaid')}
                onConfirm={() => move.mutateAsync({ id: order.id, action: 'mark-paid' })}
              >
                <Button type="primary" loading={move.isPending}>
                  {t('markPaid')}
                </Button>
              </Popconfirm>
            ) : null}
            {order.payment_status === 'paid' ? (
              <Popconfirm
                title={t('refundTitle', { code: order.code })}
                description={t('refundContent', { total })}
                okText={t('refund')}
                okButtonProps={{ danger: true }}
                onConfirm={() => move.mutateAsync({ id: order.id, action: 'refund' })}
              >
                <Button danger loading={move.isPending}>
                  {t('refund')}
                </Button>
              </Popconfirm>
            ) : null}
          </Flex>
        ) : null}
        {awaitingTransfer ? <OrderVietQr order={order} /> : null}
      </Flex>
    </Card>
  );
};
