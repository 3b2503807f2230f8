import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Skeleton, Tabs, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { addressId, RecordUnavailable } from '../../../components/record-unavailable';
import { ResourceList } from '../../../components/resource-list/resource-list';
import { useFormatters, useMoney } from '../../../lib/format';
import { type Slip, slipsApi } from '../api/slips-api';
import { type SupplierProduct, supplierProductsSource } from '../api/supplier-products-api';
import { suppliersApi } from '../../../lib/api/suppliers';
import { SlipStatusTag } from '../components/slip-status';
import { costColumns, useSeesCosts } from '../lib/costs';

type Tab = 'products' | 'imports';

const ProductsTab = ({ supplierId }: { supplierId: number }) => {
  const { t } = useTranslation('warehouse');
  const seesCosts = useSeesCosts();
  const format = useFormatters();
  const money = useMoney();
  const source = useMemo(() => supplierProductsSource(supplierId), [supplierId]);
  return (
    <ResourceList<SupplierProduct>
      source={source}
      rowKey="post_id"
      searchable={false}
      emptyText={t('supplierStock.noProducts')}
      failedText={t('supplierStock.loadFailed')}
      columns={costColumns(
        seesCosts,
        ['price', 'money'],
        [
          {
            key: 'title',
            title: t('stock.fields.product'),
            render: (row) => (
              <Flex vertical>
                <Typography.Text strong>{row.title}</Typography.Text>
                {row.code ? <Typography.Text type="secondary">{row.code}</Typography.Text> : null}
              </Flex>
            ),
          },
          { key: 'number', title: t('stock.fields.number'), align: 'right' },
          {
            key: 'price',
            title: t('stock.fields.price'),
            align: 'right',
            render: (row) => <bdi>{money(row.price)}</bdi>,
          },
          {
            key: 'date',
            title: t('supplierStock.lastImport'),
            render: (row) => <bdi>{format.date(row.date)}</bdi>,
          },
          { key: 'slips', title: t('supplierStock.slips'), align: 'right' },
        ],
      )}
    />
  );
};

/** A supplier's import slips, newest first: the slip list filtered by supplier. */
const ImportsTab = ({ supplierId }: { supplierId: number }) => {
  const { t } = useTranslation('warehouse');
  const seesCosts = useSeesCosts();
  const format = useFormatters();
  const money = useMoney();
  return (
    <ResourceList<Slip>
      source={slipsApi}
      baseParams={{ supplier_id: supplierId, style: 'import' }}
      rowKey="id"
      searchable={false}
      emptyText={t('supplierStock.noImports')}
      failedText={t('supplierStock.loadFailed')}
      columns={costColumns(
        seesCosts,
        ['price', 'money'],
        [
          {
            key: 'code',
            title: t('slips.fields.code'),
            // The slip opens as on the slips screen: its printable page.
            render: (row) => (
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
            render: (row) => <bdi>{format.date(row.date)}</bdi>,
          },
          {
            key: 'warehouse',
            title: t('slips.fields.warehouse'),
            render: (row) => row.warehouse?.name ?? '—',
          },
          {
            key: 'money',
            title: t('slips.fields.money'),
            align: 'right',
            render: (row) => <bdi>{money(row.money)}</bdi>,
          },
          {
            key: 'status',
            title: t('slips.fields.status'),
            render: (row) => <SlipStatusTag status={row.status} />,
          },
        ],
      )}
    />
  );
};

/**
 * One supplier's deliveries (/warehouse/supplier/:id): the products it delivered with their
 * figures, and its import slips; the tab is kept in the address (`?tab=imports`).
 */
export const SupplierStockPage = () => {
  const { t } = useTranslation('warehouse');
  const supplierId = addressId(useParams().id);
  const [searchParams, setSearchParams] = useSearchParams();
  const tab: Tab = searchParams.get('tab') === 'imports' ? 'imports' : 'products';
  const supplier = useQuery({
    ...suppliersApi.getQueryOptions(supplierId ?? 0),
    enabled: supplierId !== undefined,
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
      {supplierId === undefined || supplier.isError ? (
        <RecordUnavailable
          query={supplier}
          missing={t('supplierStock.notFound')}
          failed={t('supplierStock.loadFailed')}
        />
      ) : supplier.isPending ? (
        // the tabs wait for the supplier: one that is not there is said once, not asked for thrice
        <Skeleton active />
      ) : (
        <Tabs
          activeKey={tab}
          onChange={(next) => setSearchParams(next === 'products' ? {} : { tab: next })}
          items={[
            {
              key: 'products',
              label: t('supplierStock.products'),
              children: <ProductsTab supplierId={supplier.data.id} />,
            },
            {
              key: 'imports',
              label: t('supplierStock.imports'),
              children: <ImportsTab supplierId={supplier.data.id} />,
            },
          ]}
        />
      )}
    </Flex>
  );
};
