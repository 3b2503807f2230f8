import { PrinterOutlined } from '@ant-design/icons';
import { Button, Descriptions, Drawer, Flex, Popconfirm, Steps, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useFormatters, useMoney } from '../../../lib/format';
import { formatAddress } from '../../../lib/locations';
import { usePermissions } from '../../../lib/profile';
import { isOrderEditable, nextOrderStatus, type Order } from '../api/orders-api';
import { SidewaysScroll } from '../../../components/sideways-scroll';
import { DeliveryModal } from './order-delivery';
import { OrderPayment } from './order-payment';
import { OrderStatusTag, useMoveOrder } from './order-status';

const FLOW = ['new', 'processing', 'delivery', 'delivered'] as const;

/** An amount stays on one line ("1.275.000 đ", not its "đ" under the number). */
const keepOnOneLine = () => ({ style: { whiteSpace: 'nowrap' as const } });

/** One order: customer, lines with the prices they were sold at, money, and the coordinate flow. */
export const OrderDetails = ({
  order,
  onClose,
  onChanged,
}: {
  order: Order | null;
  onClose: () => void;
  onChanged: (order: Order) => void;
}) => {
  const { t } = useTranslation('commerce');
  const format = useFormatters();
  const money = useMoney();
  const { can } = usePermissions();
  const move = useMoveOrder(onChanged);
  const [delivering, setDelivering] = useState<Order | null>(null);
  const next = order ? nextOrderStatus(order.status) : null;
  const canUpdate = can('orders.update');
  const { typeID } = useParams();
  const navigate = useNavigate();
  return (
    <Drawer
      open={order !== null}
      onClose={onClose}
      width={760}
      title={order ? t('orders.detailsTitle', { code: order.code }) : ''}
      destroyOnHidden
    >
      {order ? (
        <Flex vertical gap={24}>
          <Steps
            size="small"
            current={order.status === 'canceled' ? 0 : FLOW.indexOf(order.status)}
            status={
              order.status === 'canceled'
                ? 'error'
                : order.status === 'delivered'
                  ? 'finish'
                  : undefined
            }
            items={FLOW.map((status) => ({ title: t(`orders.statuses.${status}`) }))}
          />
          <Flex gap={8} wrap>
            {canUpdate && next ? (
              <Button
                type="primary"
                loading={move.isPending && move.variables?.status === next}
                onClick={() =>
                  next === 'delivery'
                    ? setDelivering(order)
                    : move.mutate({ id: order.id, status: next })
                }
              >
                {t('orders.next', { status: t(`orders.statuses.${next}`) })}
              </Button>
            ) : null}
            {canUpdate && isOrderEditable(order.status) ? (
              <Popconfirm
                title={t('orders.cancelTitle', { code: order.code })}
                description={t('orders.cancelContent')}
                okText={t('orders.cancel')}
                // Two buttons that read alike ("Hủy" / "Hủy đơn") invite the wrong click.
                cancelText={t('orders.keep')}
                okButtonProps={{ danger: true }}
                onConfirm={() => move.mutateAsync({ id: order.id, status: 'canceled' })}
              >
                <Button danger>{t('orders.cancel')}</Button>
              </Popconfirm>
            ) : null}
            <Button
              icon={<PrinterOutlined />}
              onClick={() =>
                navigate(
                  typeID
                    ? `/posts/product/order/${typeID}/print/${order.id}`
                    : `/sales/orders/print/${order.id}`,
                )
              }
            >
              {t('orders.print.open')}
            </Button>
          </Flex>
          <Descriptions
            bordered
            size="small"
            column={1}
            items={[
              { key: 'code', label: t('orders.fields.code'), children: order.code },
              {
                key: 'status',
                label: t('orders.fields.status'),
                children: <OrderStatusTag status={order.status} />,
              },
              ...(order.export_slip
                ? [
                    {
                      key: 'export_slip',
                      label: t('orders.fields.exportSlip'),
                      children: can('manage-warehouses') ? (
                        <Link to={`/warehouse/change/print/${order.export_slip.id}`}>
                          <bdi>{order.export_slip.code}</bdi>
                        </Link>
                      ) : (
                        <bdi>{order.export_slip.code}</bdi>
                      ),
                    },
                  ]
                : []),
              { key: 'name', label: t('orders.fields.name'), children: <bdi>{order.name}</bdi> },
              { key: 'phone', label: t('orders.fields.phone'), children: <bdi>{order.phone}</bdi> },
              {
                key: 'email',
                label: t('orders.fields.email'),
                children: <bdi>{order.email ?? '—'}</bdi>,
              },
              {
                key: 'address',
                label: t('orders.fields.address'),
                children: <bdi>{formatAddress(order)}</bdi>,
              },
              {
                key: 'note',
                label: t('orders.fields.note'),
                children: <bdi>{order.note ?? '—'}</bdi>,
              },
              {
                key: 'created_at',
                label: t('common:fields.createdAt'),
                children: <bdi>{format.dateTime(order.created_at)}</bdi>,
              },
            ]}
          />
          <OrderPayment order={order} onChanged={onChanged} />
          <SidewaysScroll>
            <Table
              size="small"
              rowKey="post_id"
              pagination={false}
              style={{ minWidth: 560 }}
              dataSource={order.products}
              columns={[
                {
                  key: 'title',
                  title: t('orders.fields.product'),
                  render: (_, line) => (
                    <Flex vertical>
                      <Typography.Text>{line.title}</Typography.Text>
                      {line.code ? (
                        <Typography.Text type="secondary">{line.code}</Typography.Text>
                      ) : null}
                    </Flex>
                  ),
                },
                {
                  key: 'price',
                  onCell: keepOnOneLine,
                  title: t('orders.fields.price'),
                  align: 'end',
                  render: (_, line) => money(line.price),
                },
                {
                  key: 'discount',
                  onCell: keepOnOneLine,
                  title: t('orders.fields.discount'),
                  align: 'end',
                  render: (_, line) => (line.discount ? `−${money(line.discount)}` : '—'),
                },
                {
                  key: 'quantity',
                  title: t('orders.fields.quantity'),
                  align: 'end',
                  dataIndex: 'quantity',
                },
                {
                  key: 'total',
                  onCell: keepOnOneLine,
                  title: t('orders.fields.lineTotal'),
                  align: 'end',
                  render: (_, line) => money(line.total),
                },
              ]}
            />
          </SidewaysScroll>
          <Descriptions
            bordered
            size="small"
            column={1}
            items={[
              {
                key: 'subtotal',
                label: t('orders.fields.subtotal'),
                children: money(order.subtotal),
              },
              { key: 'fee', label: t('orders.fields.fee'), children: money(order.fee) },
              {
                key: 'total',
                label: t('orders.fields.total'),
                children: <Typography.Text strong>{money(order.total)}</Typography.Text>,
              },
            ]}
          />
        </Flex>
      ) : null}
      <DeliveryModal order={delivering} onClose={() => setDelivering(null)} onMoved={onChanged} />
    </Drawer>
  );
};
