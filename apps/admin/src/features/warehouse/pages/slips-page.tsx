import { PrinterOutlined, StopOutlined } from '@ant-design/icons';
import { Button, Space, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CrudPage } from '../../../components/crud-page';
import { useFormatters, useMoney } from '../../../lib/format';
import { optionsFromList } from '../../../lib/options';
import { usePermissions } from '../../../lib/profile';
import {
  orderOptions,
  productOptions,
  SLIP_STATUSES,
  SLIP_STYLES,
  type Slip,
  slipFormSchema,
  slipsApi,
} from '../api/slips-api';
import { suppliersApi } from '../../../lib/api/suppliers';
import { warehousesApi } from '../api/warehouses-api';
import { SlipStatusTag, SlipStyleTag, useCancelSlip } from '../components/slip-status';
import { RowButton } from '../../../components/row-button';
import { costColumns, useSeesCosts } from '../lib/costs';

const warehouseOptions = optionsFromList(
  warehousesApi,
  (warehouse) => ({ value: warehouse.id, label: warehouse.name }),
  { limit: 20 },
);
const supplierOptions = optionsFromList(
  suppliersApi,
  (supplier) => ({ value: supplier.id, label: supplier.name }),
  { limit: 20 },
);

/**
 * Import and export slips (/warehouse/change): newest first, filtered by type, status and
 * warehouse; a new slip with its lines (the server computes money and profit); cancel behind a
 * confirm; a printable slip.
 */
export const SlipsPage = () => {
  const { t } = useTranslation('warehouse');
  const format = useFormatters();
  const money = useMoney();
  const { can } = usePermissions();
  const seesCosts = useSeesCosts();
  const cancel = useCancelSlip();
  const { create, list, keys } = slipsApi;
  return (
    <CrudPage<Slip, typeof slipFormSchema>
      title={t('slips.title')}
      api={{ create, list, keys }}
      rowKey="id"
      exportPath="/warehouses/changes/export"
      createEffect="prepend"
      defaultSort={{ orderBy: 'id', sortedBy: 'desc' }}
      permissions={{ create: 'edit-warehouses' }}
      filters={[
        {
          name: 'style',
          label: t('slips.fields.style'),
          options: SLIP_STYLES.map((style) => ({
            value: style,
            label: t(`slips.styles.${style}`),
          })),
        },
        {
          name: 'status',
          label: t('slips.fields.status'),
          options: SLIP_STATUSES.map((status) => ({
            value: status,
            label: t(`slips.statuses.${status}`),
          })),
        },
        { name: 'warehouse_id', label: t('slips.fields.warehouse'), options: warehouseOptions },
      ]}
      columns={costColumns(
        seesCosts,
        ['profit'],
        [
          {
            key: 'code',
            title: t('slips.fields.code'),
            sortable: true,
            render: (row) => (
              <Space direction="vertical" size={0}>
                <Typography.Text code>{row.code}</Typography.Text>
                <SlipStyleTag style={row.style} />
              </Space>
            ),
          },
          {
            key: 'date',
            title: t('slips.fields.date'),
            sortable: true,
            render: (row) => <bdi>{format.date(row.date)}</bdi>,
          },
          {
            key: 'warehouse_id',
            title: t('slips.fields.warehouse'),
            render: (row) => (
              <Space direction="vertical" size={0}>
                <Typography.Text>{row.warehouse?.name}</Typography.Text>
                {row.supplier ? (
                  <Typography.Text type="secondary">{row.supplier.name}</Typography.Text>
                ) : null}
                {row.order ? (
                  <Typography.Text type="secondary">
                    {t('slips.ofOrder', { code: row.order.code })}
                  </Typography.Text>
                ) : null}
              </Space>
            ),
          },
          {
            key: 'money',
            title: t('slips.fields.money'),
            sortable: true,
            // An import's money is what was paid: absent for a reader who does not see costs.
            render: (row) => (row.money === undefined ? '—' : <bdi>{money(row.money)}</bdi>),
          },
          {
            key: 'profit',
            title: t('slips.fields.profit'),
            render: (row) => (row.style === 'export' ? <bdi>{money(row.profit)}</bdi> : '—'),
          },
          { key: 'user_id', title: t('slips.fields.user'), render: (row) => row.user?.name ?? '—' },
          {
            key: 'status',
            title: t('slips.fields.status'),
            render: (row) => <SlipStatusTag status={row.status} />,
          },
        ],
      )}
      rowActions={(row) => (
        <>
          <Tooltip title={t('slips.print')}>
            <Link
              to={`/warehouse/change/print/${row.id}`}
              aria-label={t('slips.printOf', { code: row.code })}
            >
              <Button size="small" icon={<PrinterOutlined />} tabIndex={-1} />
            </Link>
          </Tooltip>
          {row.status === 'complete' && can('edit-warehouses') ? (
            <RowButton
              label={t('slips.cancelOf', { code: row.code })}
              tip={t('slips.cancel')}
              danger
              icon={<StopOutlined />}
              onClick={() => cancel(row)}
            />
          ) : null}
        </>
      )}
      form={{
        createSchema: slipFormSchema,
        fields: [
          {
            name: 'style',
            label: t('slips.fields.style'),
            kind: 'select',
            options: SLIP_STYLES.map((style) => ({
              value: style,
              label: t(`slips.styles.${style}`),
            })),
          },
          {
            name: 'warehouse_id',
            label: t('slips.fields.warehouse'),
            kind: 'select',
            source: warehouseOptions,
          },
          { name: 'date', label: t('slips.fields.date'), kind: 'date' },
          { name: 'number', label: t('slips.fields.number') },
          {
            name: 'supplier_id',
            label: t('slips.fields.supplier'),
            kind: 'select',
            source: supplierOptions,
          },
          // the orders to choose from are read with the orders' permission
          ...(can('orders.list')
            ? [
                {
                  name: 'order_id',
                  label: t('slips.fields.order'),
                  kind: 'select' as const,
                  source: orderOptions,
                  help: t('slips.orderHelp'),
                },
              ]
            : []),
          { name: 'note', label: t('slips.fields.note'), kind: 'textarea' },
          {
            name: 'products',
            label: t('slips.fields.products'),
            itemLabel: t('slips.fields.product'),
            newItem: { number: 1, price: 0 },
            fields: [
              {
                name: 'post_id',
                label: t('slips.fields.product'),
                kind: 'select',
                source: productOptions,
              },
              { name: 'price', label: t('slips.fields.price'), kind: 'money' },
              { name: 'number', label: t('slips.fields.number_units'), kind: 'number' },
              { name: 'expiry', label: t('slips.fields.expiry'), kind: 'date' },
            ],
          },
        ],
        createDefaults: { style: 'import', products: [{ number: 1, price: 0 }] },
        createTitle: t('slips.createTitle'),
        editTitle: t('slips.createTitle'),
      }}
    />
  );
};
