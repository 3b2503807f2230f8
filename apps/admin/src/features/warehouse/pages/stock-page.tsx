import { HistoryOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Drawer, Empty, Flex, List, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { OptionSelect } from '../../../components/option-select';
import { ImportButton } from '../../../components/import-dialog';
import { PageHeader } from '../../../components/page-header';
import { ExportButton } from '../../../components/resource-list/export-button';
import { useFormatters, useMoney } from '../../../lib/format';
import { optionsFromList } from '../../../lib/options';
import { usePermissions } from '../../../lib/profile';
import {
  alertsQueryOptions,
  movementsQueryOptions,
  type StockRow,
  stockApi,
  stockQueryOptions,
} from '../api/slips-api';
import { warehousesApi } from '../api/warehouses-api';
import { SlipStatusTag, SlipStyleTag } from '../components/slip-status';
import { costColumns, useSeesCosts } from '../lib/costs';

const PAGE_SIZE = 20;
const warehouseOptions = optionsFromList(
  warehousesApi,
  (warehouse) => ({ value: warehouse.id, label: warehouse.name }),
  { limit: 20 },
);

/** A product's movements in a warehouse (its slips' lines, newest first). */
const ProductHistory = ({ row, onClose }: { row: StockRow | null; onClose: () => void }) => {
  const { t } = useTranslation('warehouse');
  const format = useFormatters();
  const money = useMoney();
  const [page, setPage] = useState(1);
  const params = { post_id: row?.post_id, warehouse_id: row?.warehouse_id, page, limit: PAGE_SIZE };
  const history = useQuery({ ...movementsQueryOptions(params), enabled: row !== null });
  return (
    <Drawer
      open={row !== null}
      onClose={onClose}
      width={720}
      title={row ? t('stock.historyOf', { name: row.name }) : ''}
    >
      {history.isError ? <Alert type="error" showIcon message={t('stock.loadFailed')} /> : null}
      <Table
        rowKey={(movement) =>
          `${movement.change_id}-${movement.post_id}-${movement.number}-${movement.price}`
        }
        loading={history.isFetching}
        dataSource={history.data?.data ?? []}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: history.data?.meta?.pagination?.total ?? 0,
          onChange: setPage,
        }}
        columns={[
          {
            key: 'code',
            title: t('slips.fields.code'),
            render: (_, movement) => (
              <Flex gap={4} wrap>
                <Typography.Text code>{movement.code}</Typography.Text>
                <SlipStyleTag style={movement.style} />
              </Flex>
            ),
          },
          {
            key: 'date',
            title: t('slips.fields.date'),
            render: (_, m) => <bdi>{format.date(m.date)}</bdi>,
          },
          {
            key: 'price',
            title: t('slips.fields.price'),
            align: 'end',
            render: (_, m) => (m.price === undefined ? '—' : money(m.price)),
          },
          {
            key: 'number',
            title: t('slips.fields.number_units'),
            align: 'end',
            dataIndex: 'number',
          },
          {
            key: 'expiry',
            title: t('slips.fields.expiry'),
            render: (_, m) => (m.expiry ? <bdi>{format.date(m.expiry)}</bdi> : '—'),
          },
          {
            key: 'status',
            title: t('slips.fields.status'),
            render: (_, m) => <SlipStatusTag status={m.status} />,
          },
        ]}
      />
    </Drawer>
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
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const warehouseId = searchParams.get('warehouse_id') ?? undefined;
  const page = Number(searchParams.get('page') ?? 1) || 1;
  const [shown, setShown] = useState<StockRow | null>(null);
  const params = { warehouse_id: warehouseId, page, limit: PAGE_SIZE };
  const stock = useQuery(stockQueryOptions(params));
  const alerts = useQuery(alertsQueryOptions(warehouseId));
  const setParam = (name: string, value: string | undefined) => {
    const next = new URLSearchParams(searchParams);
    if (value) next.set(name, value);
    else next.delete(name);
    if (name !== 'page') next.delete('page');
    setSearchParams(next);
  };
  const low = alerts.data?.low_stock ?? [];
  const expiring = alerts.data?.expiring ?? [];
  return (
    <Flex vertical gap={16}>
      <PageHeader
        title={t('stock.title')}
        extra={
          <>
            <OptionSelect
              source={warehouseOptions}
              value={warehouseId ? Number(warehouseId) : null}
              onChange={(value) => setParam('warehouse_id', value ? String(value) : undefined)}
              placeholder={t('stock.allWarehouses')}
              aria-label={t('slips.fields.warehouse')}
              style={{ minWidth: 240 }}
            />
            {can('edit-warehouses') ? (
              <ImportButton
                path="/warehouses/products/import"
                title={t('stock.importTitle')}
                hint={t('stock.importHint')}
                onImported={() =>
                  void queryClient.invalidateQueries({ queryKey: stockApi.keys.all })
                }
              />
            ) : null}
            <ExportButton
              path="/warehouses/products/export"
              params={{ warehouse_id: warehouseId }}
            />
          </>
        }
      />
      {low.length > 0 || expiring.length > 0 ? (
        <Flex gap={16} wrap>
          {low.length > 0 ? (
            <Card
              size="small"
              title={t('stock.lowStock')}
              style={{ flex: '1 1 320px' }}
              role="region"
              aria-label={t('stock.lowStock')}
            >
              <List
                size="small"
                dataSource={low}
                renderItem={(row) => (
                  <List.Item>
                    <bdi>{row.name}</bdi>
                    <Tag color="#ad4e00">{t('stock.unitsLeft', { count: row.in_stock })}</Tag>
                  </List.Item>
                )}
              />
            </Card>
          ) : null}
          {expiring.length > 0 ? (
            <Card
              size="small"
              title={t('stock.expiring')}
              style={{ flex: '1 1 320px' }}
              role="region"
              aria-label={t('stock.expiring')}
            >
              <List
                size="small"
                dataSource={expiring}
                renderItem={(lot) => (
                  <List.Item>
                    <span>
                      <bdi>{lot.name}</bdi> ·{' '}
                      <Typography.Text code>{lot.slip_code}</Typography.Text>
                    </span>
                    <Tag color={lot.expired ? '#a8071a' : '#ad4e00'}>
                      {t(lot.expired ? 'stock.expiredOn' : 'stock.expiresOn', {
                        date: format.date(lot.expiry),
                        count: lot.in_stock,
                      })}
                    </Tag>
                  </List.Item>
                )}
              />
            </Card>
          ) : null}
        </Flex>
      ) : null}
      {stock.isError ? <Alert type="error" showIcon message={t('stock.loadFailed')} /> : null}
      <Table<StockRow>
        rowKey={(row) => `${row.warehouse_id}-${row.post_id}`}
        loading={stock.isFetching}
        dataSource={stock.data?.data ?? []}
        locale={{ emptyText: <Empty description={t('stock.empty')} /> }}
        scroll={{ x: true }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: stock.data?.meta?.pagination?.total ?? 0,
          showSizeChanger: false,
          onChange: (next) => setParam('page', String(next)),
        }}
        columns={costColumns(
          seesCosts,
          ['price', 'profit'],
          [
            {
              key: 'name',
              title: t('stock.fields.product'),
              render: (_, row) => (
                <Flex vertical>
                  <Typography.Text strong>{row.name}</Typography.Text>
                  {row.code ? <Typography.Text type="secondary">{row.code}</Typography.Text> : null}
                </Flex>
              ),
            },
            {
              key: 'price',
              title: t('stock.fields.price'),
              align: 'end',
              render: (_, row) => money(row.price),
            },
            { key: 'number', title: t('stock.fields.number'), align: 'end', dataIndex: 'number' },
            {
              key: 'in_stock',
              title: t('stock.fields.inStock'),
              align: 'end',
              dataIndex: 'in_stock',
            },
            { key: 'export', title: t('stock.fields.export'), align: 'end', dataIndex: 'export' },
            {
              key: 'expiry',
              title: t('stock.fields.expiry'),
              render: (_, row) => (row.expiry ? <bdi>{format.date(row.expiry)}</bdi> : '—'),
            },
            {
              key: 'expired',
              title: t('stock.fields.expired'),
              align: 'end',
              dataIndex: 'expired',
            },
            {
              key: 'revenue',
              title: t('stock.fields.revenue'),
              align: 'end',
              render: (_, row) => money(row.revenue),
            },
            {
              key: 'profit',
              title: t('stock.fields.profit'),
              align: 'end',
              render: (_, row) => money(row.profit),
            },
            {
              key: 'actions',
              title: t('stock.fields.actions'),
              render: (_, row) => (
                <Button
                  size="small"
                  icon={<HistoryOutlined />}
                  aria-label={t('stock.historyOf', { name: row.name })}
                  onClick={() => setShown(row)}
                >
                  {t('stock.history')}
                </Button>
              ),
            },
          ],
        )}
      />
      <ProductHistory row={shown} onClose={() => setShown(null)} />
    </Flex>
  );
};
