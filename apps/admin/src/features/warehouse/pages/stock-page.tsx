import { HistoryOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Drawer, Flex, List, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ResourceList } from '../../../components/resource-list/resource-list';
import { useFormatters, useMoney } from '../../../lib/format';
import { optionsFromList } from '../../../lib/options';
import { usePermissions } from '../../../lib/profile';
import {
  alertsQueryOptions,
  type Movement,
  movementsApi,
  type StockRow,
  stockApi,
} from '../api/slips-api';
import { warehousesApi } from '../api/warehouses-api';
import { SlipStatusTag, SlipStyleTag } from '../components/slip-status';
import { costColumns, useSeesCosts } from '../lib/costs';
import { ToneTag } from '../../../components/tone-tag';

const warehouseOptions = optionsFromList(
  warehousesApi,
  (warehouse) => ({ value: warehouse.id, label: warehouse.name }),
  { limit: 20 },
);

// A stock row is a product in a warehouse; a movement a line of a slip.
const stockKey = (row: StockRow) => `${row.warehouse_id}-${row.post_id}`;
const movementKey = (movement: Movement) =>
  `${movement.change_id}-${movement.post_id}-${movement.number}-${movement.price}`;

/** A product's movements in a warehouse (its slips' lines, newest first). */
const ProductHistory = ({ row, onClose }: { row: StockRow | null; onClose: () => void }) => {
  const { t } = useTranslation('warehouse');
  const format = useFormatters();
  const money = useMoney();
  return (
    <Drawer
      open={row !== null}
      onClose={onClose}
      size={720}
      destroyOnHidden
      title={row ? t('stock.historyOf', { name: row.name }) : ''}
    >
      {row ? (
        <ResourceList<Movement>
          source={movementsApi}
          baseParams={{ post_id: row.post_id, warehouse_id: row.warehouse_id }}
          rowKey={movementKey}
          searchable={false}
          failedText={t('stock.loadFailed')}
          columns={[
            {
              key: 'code',
              title: t('slips.fields.code'),
              render: (movement) => (
                <Flex gap={4} wrap>
                  <Typography.Text code>{movement.code}</Typography.Text>
                  <SlipStyleTag style={movement.style} />
                </Flex>
              ),
            },
            {
              key: 'date',
              title: t('slips.fields.date'),
              render: (movement) => <bdi>{format.date(movement.date)}</bdi>,
            },
            {
              key: 'price',
              title: t('slips.fields.price'),
              align: 'right',
              render: (movement) => (movement.price === undefined ? '—' : money(movement.price)),
            },
            { key: 'number', title: t('slips.fields.number_units'), align: 'right' },
            {
              key: 'expiry',
              title: t('slips.fields.expiry'),
              render: (movement) =>
                movement.expiry ? <bdi>{format.date(movement.expiry)}</bdi> : '—',
            },
            {
              key: 'status',
              title: t('slips.fields.status'),
              render: (movement) => <SlipStatusTag status={movement.status} />,
            },
          ]}
        />
      ) : null}
    </Drawer>
  );
};

// An alert card shows this many rows until asked for all: a shop with dozens of low products
// had the stock list itself four screens down.
const ALERTS_SHOWN = 5;

/** One kind of stock alert: a titled region listing its first rows, the rest one click away. */
const AlertCard = <Row,>({
  title,
  rows,
  render,
}: {
  title: string;
  rows: Row[];
  render: (row: Row) => ReactNode;
}) => {
  const { t } = useTranslation('warehouse');
  const [all, setAll] = useState(false);
  const more = rows.length > ALERTS_SHOWN;
  return (
    <Card
      size="small"
      title={t('stock.alertCount', { title, count: rows.length })}
      style={{ flex: '1 1 320px' }}
      role="region"
      aria-label={title}
    >
      <List
        size="small"
        dataSource={all ? rows : rows.slice(0, ALERTS_SHOWN)}
        renderItem={(row) => <List.Item>{render(row)}</List.Item>}
      />
      {more ? (
        <Button type="link" aria-expanded={all} onClick={() => setAll(!all)}>
          {all ? t('stock.showFewer') : t('stock.showAll', { count: rows.length })}
        </Button>
      ) : null}
    </Card>
  );
};

/** Products low on stock and lots expiring within 30 days (or already past), of the warehouse chosen. */
const StockAlerts = ({ warehouseId }: { warehouseId: string | undefined }) => {
  const { t } = useTranslation('warehouse');
  const format = useFormatters();
  const alerts = useQuery(alertsQueryOptions(warehouseId));
  const low = alerts.data?.low_stock ?? [];
  const expiring = alerts.data?.expiring ?? [];
  if (low.length === 0 && expiring.length === 0) return null;
  // every warehouse's alerts: a product short in one may be plenty in another
  const whereKept = (row: { warehouse_name: string }) =>
    warehouseId ? null : (
      <Typography.Text type="secondary">
        {' · '}
        <bdi>{row.warehouse_name}</bdi>
      </Typography.Text>
    );
  return (
    <Flex gap={16} wrap style={{ marginBottom: 16 }}>
      {low.length > 0 ? (
        <AlertCard
          title={t('stock.lowStock')}
          rows={low}
          render={(row) => (
            <>
              <span>
                <bdi>{row.name}</bdi>
                {whereKept(row)}
              </span>
              <ToneTag tone="warning">{t('stock.unitsLeft', { count: row.in_stock })}</ToneTag>
            </>
          )}
        />
      ) : null}
      {expiring.length > 0 ? (
        <AlertCard
          title={t('stock.expiring')}
          rows={expiring}
          render={(lot) => (
            <>
              <span>
                <bdi>{lot.name}</bdi> · <Typography.Text code>{lot.slip_code}</Typography.Text>
                {whereKept(lot)}
              </span>
              <ToneTag tone={lot.expired ? 'danger' : 'warning'}>
                {t(lot.expired ? 'stock.expiredOn' : 'stock.expiresOn', {
                  date: format.date(lot.expiry),
                  count: lot.in_stock,
                })}
              </ToneTag>
            </>
          )}
        />
      ) : null}
    </Flex>
  );
};

/**
 * A warehouse's products (/warehouse/stock): imported, in stock, exported, the nearest expiry,
 * units past it, revenue and profit; alerts for low stock and lots expiring within 30 days;
 * each product's history.
 */
export const StockPage = () => {
  const { t } = useTranslation('warehouse');
  const seesCosts = useSeesCosts();
  const format = useFormatters();
  const money = useMoney();
  const { can } = usePermissions();
  const [searchParams] = useSearchParams();
  const [shown, setShown] = useState<StockRow | null>(null);
  return (
    <>
      <ResourceList<StockRow>
        title={t('stock.title')}
        source={stockApi}
        rowKey={stockKey}
        searchable={false}
        emptyText={t('stock.empty')}
        failedText={t('stock.loadFailed')}
        filters={[
          {
            name: 'warehouse_id',
            label: t('slips.fields.warehouse'),
            placeholder: t('stock.allWarehouses'),
            options: warehouseOptions,
          },
        ]}
        exportPath="/warehouses/products/export"
        importer={
          can('edit-warehouses')
            ? {
                path: '/warehouses/products/import',
                title: t('stock.importTitle'),
                hint: t('stock.importHint'),
              }
            : undefined
        }
        rowActions={(row) => (
          <Button
            size="small"
            icon={<HistoryOutlined />}
            aria-label={t('stock.historyOf', { name: row.name })}
            onClick={() => setShown(row)}
          >
            {t('stock.history')}
          </Button>
        )}
        columns={costColumns(
          seesCosts,
          ['price', 'profit'],
          [
            {
              key: 'name',
              title: t('stock.fields.product'),
              render: (row) => (
                <Flex vertical>
                  <Typography.Text strong>{row.name}</Typography.Text>
                  {row.code ? <Typography.Text type="secondary">{row.code}</Typography.Text> : null}
                </Flex>
              ),
            },
            // every warehouse's rows: a product in two of them is two rows, told apart by it
            ...(searchParams.get('warehouse_id')
              ? []
              : [{ key: 'warehouse_name', title: t('slips.fields.warehouse') }]),
            {
              key: 'price',
              title: t('stock.fields.price'),
              align: 'right',
              render: (row) => money(row.price),
            },
            { key: 'number', title: t('stock.fields.number'), align: 'right' },
            { key: 'in_stock', title: t('stock.fields.inStock'), align: 'right' },
            { key: 'export', title: t('stock.fields.export'), align: 'right' },
            {
              key: 'expiry',
              title: t('stock.fields.expiry'),
              render: (row) => (row.expiry ? <bdi>{format.date(row.expiry)}</bdi> : '—'),
            },
            { key: 'expired', title: t('stock.fields.expired'), align: 'right' },
            {
              key: 'revenue',
              title: t('stock.fields.revenue'),
              align: 'right',
              render: (row) => money(row.revenue),
            },
            {
              key: 'profit',
              title: t('stock.fields.profit'),
              align: 'right',
              render: (row) => money(row.profit),
            },
          ],
        )}
      >
        <StockAlerts warehouseId={searchParams.get('warehouse_id') ?? undefined} />
      </ResourceList>
      <ProductHistory row={shown} onClose={() => setShown(null)} />
    </>
  );
};
