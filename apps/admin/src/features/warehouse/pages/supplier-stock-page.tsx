import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, Flex, Table, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { useFormatters, useMoney } from '../../../lib/format';
import type { Slip } from '../api/slips-api';
import {
  type SupplierProduct,
  supplierImportsQueryOptions,
  supplierProductsQueryOptions,
} from '../api/supplier-products-api';
import { suppliersApi } from '../api/suppliers-api';
import { SlipStatusTag } from '../components/slip-status';
import { costColumns, useSeesCosts } from '../lib/costs';

const PAGE_SIZE = 20;
type Tab = 'products' | 'imports';

const usePaging = () => {
  const [page, setPage] = useState(1);
  return { params: { page, limit: PAGE_SIZE }, setPage };
};

const ProductsTab = ({ supplierId }: { supplierId: number }) => {
  const { t } = useTranslation('warehouse');
  const seesCosts = useSeesCosts();
  const format = useFormatters();
  const money = useMoney();
  const { params, setPage } = usePaging();
  const products = useQuery(supplierProductsQueryOptions(supplierId, params));
  return (
    <Flex vertical gap={12}>
      {products.isError ? (
        <Alert type="error" showIcon message={t('supplierStock.loadFailed')} />
      ) : null}
      <Table<SupplierProduct>
        rowKey="post_id"
        loading={products.isFetching}
        dataSource={products.data?.data ?? []}
        locale={{ emptyText: <Empty description={t('supplierStock.noProducts')} /> }}
        scroll={{ x: true }}
        pagination={{
          current: params.page,
          pageSize: PAGE_SIZE,
          total: products.data?.meta?.pagination?.total ?? 0,
          showSizeChanger: false,
          onChange: setPage,
        }}
        columns={costColumns(
          seesCosts,
          ['price', 'money'],
          [
            {
              key: 'title',
              title: t('stock.fields.product'),
              render: (_, row) => (
                <Flex vertical>
                  <Typography.Text strong>{row.title}</Typography.Text>
                  {row.code ? <Typography.Text type="secondary">{row.code}</Typography.Text> : null}
                </Flex>
              ),
            },
            {
              key: 'number',
              title: t('stock.fields.number'),
              align: 'end',
              dataIndex: 'number',
            },
            {
              key: 'price',
              title: t('stock.fields.price'),
              align: 'end',
              render: (_, row) => <bdi>{money(row.price)}</bdi>,
            },
            {
              key: 'date',
              title: t('supplierStock.lastImport'),
              render: (_, row) => <bdi>{format.date(row.date)}</bdi>,
            },
            { key: 'slips', title: t('supplierStock.slips'), align: 'end', dataIndex: 'slips' },
          ],
        )}
      />
    </Flex>
  );
};

const ImportsTab = ({ supplierId }: { supplierId: number }) => {
  const { t } = useTranslation('warehouse');
  const seesCosts = useSeesCosts();
  const format = useFormatters();
  const money = useMoney();
  const { params, setPage } = usePaging();
  const slips = useQuery(supplierImportsQueryOptions(supplierId, params));
  return (
    <Flex vertical gap={12}>
      {slips.isError ? (
        <Alert type="error" showIcon message={t('supplierStock.loadFailed')} />
      ) : null}
      <Table<Slip>
        rowKey="id"
        loading={slips.isFetching}
        dataSource={slips.data?.data ?? []}
        locale={{ emptyText: <Empty description={t('supplierStock.noImports')} /> }}
        scroll={{ x: true }}
        pagination={{
          current: params.page,
          pageSize: PAGE_SIZE,
          total: slips.data?.meta?.pagination?.total ?? 0,
          showSizeChanger: false,
          onChange: setPage,
        }}
        columns={costColumns(
          seesCosts,
          ['price', 'money'],
          [
            {
              key: 'code',
              title: t('slips.fields.code'),
              // The slip opens as on the slips screen: its printable page.
              render: (_, row) => (
                <Link
                  to={`/warehouse/change/print/${row.id}`}
                  aria-label={t('slips.printOf', { code: row.code })}
                >
                  <Typography.Text code>{row.code}</Typography.Text>
                </Link>
              ),
            },
            {
              key: 'date',
              title: t('slips.fields.date'),
              render: (_, row) => <bdi>{format.date(row.date)}</bdi>,
            },
            {
              key: 'warehouse',
              title: t('slips.fields.warehouse'),
              render: (_, row) => row.warehouse?.name ?? '—',
            },
            {
              key: 'money',
              title: t('slips.fields.money'),
              align: 'end',
              render: (_, row) => <bdi>{money(row.money)}</bdi>,
            },
            {
              key: 'status',
              title: t('slips.fields.status'),
              render: (_, row) => <SlipStatusTag status={row.status} />,
            },
          ],
        )}
      />
    </Flex>
  );
};

/**
 * One supplier's deliveries (/warehouse/supplier/:id): the products it delivered with their
 * figures, and its import slips; the tab is kept in the address (`?tab=imports`).
 */
export const SupplierStockPage = () => {
  const { t } = useTranslation('warehouse');
  const supplierId = Number(useParams().id);
  const [searchParams, setSearchParams] = useSearchParams();
  const tab: Tab = searchParams.get('tab') === 'imports' ? 'imports' : 'products';
  const supplier = useQuery({
    ...suppliersApi.getQueryOptions(supplierId),
    enabled: Number.isInteger(supplierId) && supplierId > 0,
  });
  const name = supplier.data?.name ?? '';
  return (
    <Flex vertical gap={8}>
      <PageHeader
        title={name ? t('supplierStock.titleOf', { name }) : t('supplierStock.title')}
        extra={
          <Link to="/warehouse/supplier">
            <Button icon={<ArrowLeftOutlined />} tabIndex={-1}>
              {t('supplierStock.back')}
            </Button>
          </Link>
        }
      />
      {supplier.isError ? (
        <Alert type="error" showIcon message={t('supplierStock.notFound')} />
      ) : (
        <Tabs
          activeKey={tab}
          onChange={(next) => setSearchParams(next === 'products' ? {} : { tab: next })}
          items={[
            {
              key: 'products',
              label: t('supplierStock.products'),
              children: <ProductsTab supplierId={supplierId} />,
            },
            {
              key: 'imports',
              label: t('supplierStock.imports'),
              children: <ImportsTab supplierId={supplierId} />,
            },
          ]}
        />
      )}
    </Flex>
  );
};
