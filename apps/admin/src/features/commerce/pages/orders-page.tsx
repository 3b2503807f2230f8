import { EyeOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Space, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { CrudPage } from '../../../components/crud-page';
import { useFormatters, useMoney } from '../../../lib/format';
import { usePermissions } from '../../../lib/profile';
import {
  nextOrderStatus,
  ORDER_STATUSES,
  type Order,
  orderCreateSchema,
  ordersApi,
  orderUpdateSchema,
} from '../api/orders-api';
import { productOptions } from '../api/products-api';
import { DeliveryModal } from '../components/order-delivery';
import { OrderDetails } from '../components/order-details';
import { OrderFormTotals } from '../components/order-form-totals';
import { OrderStatusTag, useMoveOrder } from '../components/order-status';

/**
 * Orders (/posts/product/order/:typeID): list with status, date range and folded search (code,
 * name, phone); create with products of the type; details with the coordinate flow and cancel.
 */
export const OrdersPage = () => {
  const { t } = useTranslation('commerce');
  const { typeID } = useParams();
  const format = useFormatters();
  const money = useMoney();
  const { can } = usePermissions();
  const [shown, setShown] = useState<Order | null>(null);
  const showMoved = (order: Order) => setShown((current) => (current ? order : current));
  const move = useMoveOrder(showMoved);
  const [delivering, setDelivering] = useState<Order | null>(null);
  const statusOptions = ORDER_STATUSES.map((status) => ({
    value: status,
    label: t(`orders.statuses.${status}`),
  }));
  const customerFields = [
    { name: 'name', label: t('orders.fields.name') },
    { name: 'phone', label: t('orders.fields.phone'), placeholder: '0912345678' },
    { name: 'email', label: t('orders.fields.email'), kind: 'email' as const },
    { name: 'address', label: t('orders.fields.address'), kind: 'textarea' as const },
    { name: 'note', label: t('orders.fields.note'), kind: 'textarea' as const },
    { name: 'fee', label: t('orders.fields.fee'), kind: 'money' as const, unit: 'VND' },
  ];
  return (
    <>
      <CrudPage<Order, typeof orderCreateSchema, typeof orderUpdateSchema>
        title={t('orders.title')}
        api={ordersApi}
        rowKey="id"
        createEffect="prepend"
        defaultSort={{ orderBy: 'id', sortedBy: 'desc' }}
        permissions={{ create: 'orders.create', update: 'orders.update', delete: 'orders.delete' }}
        filters={[
          { name: 'status', label: t('orders.fields.status'), options: statusOptions },
          {
            kind: 'date-range',
            name: 'created',
            label: t('orders.fields.createdRange'),
            params: ['from', 'to'],
          },
        ]}
        columns={[
          {
            key: 'code',
            title: t('orders.fields.code'),
            sortable: true,
            render: (row) => <Typography.Text code>{row.code}</Typography.Text>,
          },
          {
            key: 'name',
            title: t('orders.fields.customer'),
            sortable: true,
            render: (row) => (
              <Space direction="vertical" size={0}>
                <Typography.Text strong>{row.name}</Typography.Text>
                <Typography.Text type="secondary">{row.phone}</Typography.Text>
              </Space>
            ),
          },
          {
            key: 'total',
            title: t('orders.fields.total'),
            sortable: true,
            render: (row) => format.money(row.total),
          },
          {
            key: 'status',
            title: t('orders.fields.status'),
            sortable: true,
            render: (row) => <OrderStatusTag status={row.status} />,
          },
          {
            key: 'created_at',
            title: t('common:fields.createdAt'),
            sortable: true,
            render: (row) => <bdi>{format.dateTime(row.created_at)}</bdi>,
          },
        ]}
        rowActions={(row) => {
          const next = nextOrderStatus(row.status);
          return (
            <>
              <Tooltip title={t('orders.details')}>
                <Button
                  size="small"
                  icon={<EyeOutlined />}
                  aria-label={t('orders.detailsTitle', { code: row.code })}
                  onClick={() => setShown(row)}
                />
              </Tooltip>
              {next && can('orders.update') ? (
                <Tooltip title={t('orders.next', { status: t(`orders.statuses.${next}`) })}>
                  <Button
                    size="small"
                    icon={<RightOutlined />}
                    aria-label={t('orders.nextOf', {
                      code: row.code,
                      status: t(`orders.statuses.${next}`),
                    })}
                    loading={move.isPending && move.variables?.id === row.id}
                    onClick={() =>
                      next === 'delivery'
                        ? setDelivering(row)
                        : move.mutate({ id: row.id, status: next })
                    }
                  />
                </Tooltip>
              ) : null}
            </>
          );
        }}
        form={{
          createSchema: orderCreateSchema,
          updateSchema: orderUpdateSchema,
          fields: [
            ...customerFields,
            {
              name: 'products',
              label: t('orders.fields.products'),
              itemLabel: t('orders.fields.product'),
              newItem: { quantity: 1 },
              fields: [
                {
                  name: 'post_id',
                  label: t('orders.fields.product'),
                  kind: 'select',
                  source: productOptions(typeID, money),
                },
                { name: 'quantity', label: t('orders.fields.quantity'), kind: 'number' },
              ],
            },
          ],
          // Lines and money are set when the order is made; later edits are the customer's details.
          editFields: customerFields,
          createDefaults: { fee: 0, products: [{ quantity: 1 }] },
          toFormValues: (row) => ({
            name: row.name,
            phone: row.phone,
            email: row.email,
            address: row.address,
            note: row.note,
            fee: row.fee,
          }),
          createTitle: t('orders.createTitle'),
          editTitle: t('orders.editTitle'),
          extra: <OrderFormTotals />,
        }}
      />
      <OrderDetails
        order={shown}
        onClose={() => setShown(null)}
        onChanged={(order) => setShown(order)}
      />
      <DeliveryModal order={delivering} onClose={() => setDelivering(null)} onMoved={showMoved} />
    </>
  );
};
