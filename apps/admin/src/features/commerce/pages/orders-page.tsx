import { EyeOutlined, RightOutlined } from '@ant-design/icons';
import { Alert, Button, Space, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useAddressFields } from '../../../components/address/use-address-fields';
import { CrudPage } from '../../../components/crud-page';
import type { FormFieldDef } from '../../../components/resource-form';
import { useFormatters, useMoney } from '../../../lib/format';
import { usePermissions } from '../../../lib/profile';
import {
  hasLeftWarehouse,
  isOrderEditable,
  nextOrderStatus,
  ORDER_CREATE_STATUSES,
  ORDER_STATUSES,
  type Order,
  orderCreateSchema,
  ordersApi,
  orderUpdateSchema,
} from '../api/orders-api';
import { productOptions, type SoldLine } from '../api/products-api';
import { DeliveryModal } from '../components/order-delivery';
import { OrderDetails } from '../components/order-details';
import { OrderFormTotals } from '../components/order-form-totals';
import { useOrderPaymentList } from '../components/order-payment-fields';
import { CustomerNameInput } from '../components/order-member-lookup';
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
  const payment = useOrderPaymentList();
  const addressFields = useAddressFields({ district: false });
  const noteField: FormFieldDef = {
    name: 'note',
    label: t('orders.fields.note'),
    kind: 'textarea',
  };
  const customerFields: FormFieldDef[] = [
    {
      name: 'name',
      label: t('orders.fields.name'),
      // Who may list members finds one here and fills the customer from the account.
      ...(can('users.list') ? { input: <CustomerNameInput /> } : {}),
    },
    { name: 'phone', label: t('orders.fields.phone'), placeholder: '0912345678' },
    { name: 'email', label: t('orders.fields.email'), kind: 'email' },
    ...addressFields,
    noteField,
  ];
  // The fee is printed with the shop's money unit (the `money` kind's default).
  const feeField: FormFieldDef = { name: 'fee', label: t('orders.fields.fee'), kind: 'money' };
  /** The lines: a product picked by search, and its quantity; `sold` are an edited order's. */
  const productsField = (sold: readonly SoldLine[] = []): FormFieldDef => ({
    name: 'products',
    label: t('orders.fields.products'),
    itemLabel: t('orders.fields.product'),
    newItem: { quantity: 1 },
    fields: [
      {
        name: 'post_id',
        label: t('orders.fields.product'),
        kind: 'select',
        source: productOptions(typeID, money, sold),
      },
      { name: 'quantity', label: t('orders.fields.quantity'), kind: 'number' },
    ],
  });
  const statusField: FormFieldDef = {
    name: 'status',
    label: t('orders.fields.status'),
    kind: 'select',
    // A new order starts new or already processing; the later steps are the next button's.
    options: ORDER_CREATE_STATUSES.map((status) => ({
      value: status,
      label: t(`orders.statuses.${status}`),
    })),
  };
  return (
    <>
      <CrudPage<Order, typeof orderCreateSchema, typeof orderUpdateSchema>
        title={t('orders.title')}
        api={ordersApi}
        rowKey="id"
        exportPath="/orders/export"
        searchPlaceholder={t('orders.searchPlaceholder')}
        createEffect="prepend"
        defaultSort={{ orderBy: 'id', sortedBy: 'desc' }}
        permissions={{ create: 'orders.create', update: 'orders.update', delete: 'orders.delete' }}
        // An order that left the warehouse is kept (the server refuses to delete it).
        canDelete={(row) => !hasLeftWarehouse(row)}
        filters={[
          { name: 'status', label: t('orders.fields.status'), options: statusOptions },
          {
            kind: 'date-range',
            name: 'created',
            label: t('orders.fields.createdRange'),
            params: ['from', 'to'],
          },
          ...payment.filters,
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
            render: (row) => <bdi>{money(row.total)}</bdi>,
          },
          {
            key: 'status',
            title: t('orders.fields.status'),
            sortable: true,
            render: (row) => <OrderStatusTag status={row.status} />,
          },
          payment.column,
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
          fields: [...customerFields, statusField, payment.createField, productsField(), feeField],
          // Lines, fee and customer change while the order is new or processing; after that
          // only its note does (the server refuses the rest).
          editFields: (row) =>
            isOrderEditable(row.status)
              ? [
                  ...customerFields,
                  ...payment.editFields(row),
                  productsField(row.products),
                  feeField,
                ]
              : [noteField, ...payment.editFields(row)],
          createDefaults: {
            fee: 0,
            status: 'new',
            payment_method: 'cod',
            products: [{ quantity: 1 }],
          },
          toFormValues: (row) => ({
            name: row.name,
            phone: row.phone,
            email: row.email,
            province_code: row.province_code,
            ward_code: row.ward_code,
            address: row.address,
            note: row.note,
            payment_method: row.payment_method,
            fee: row.fee,
            products: row.products.map((line) => ({
              post_id: line.post_id,
              quantity: line.quantity,
            })),
          }),
          createTitle: t('orders.createTitle'),
          editTitle: t('orders.editTitle'),
          extra: (row) =>
            row && !isOrderEditable(row.status) ? (
              <Alert
                type="info"
                showIcon
                title={t('orders.lockedNote')}
                style={{ marginBlock: 16 }}
              />
            ) : (
              <OrderFormTotals orderId={row?.id} />
            ),
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
