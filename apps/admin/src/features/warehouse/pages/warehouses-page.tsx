import { DatabaseOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ContactPage } from '../components/contact-page';
import { warehouseCreateSchema, warehousesApi, warehouseUpdateSchema } from '../api/warehouses-api';

/** Warehouses (/warehouse, /warehouse/manager): seen with manage-warehouses, changed with edit-warehouses. */
export const WarehousesPage = () => {
  const { t } = useTranslation('warehouse');
  return (
    <ContactPage
      screen="warehouses"
      api={warehousesApi}
      createSchema={warehouseCreateSchema}
      updateSchema={warehouseUpdateSchema}
      permissions={{
        create: 'edit-warehouses',
        update: 'edit-warehouses',
        delete: 'edit-warehouses',
      }}
      rowActions={(row) => (
        <Tooltip title={t('stock.title')}>
          <Link
            to={`/warehouse/stock?warehouse_id=${row.id}`}
            aria-label={t('stock.of', { name: row.name })}
          >
            <Button size="small" icon={<DatabaseOutlined />} tabIndex={-1} />
          </Link>
        </Tooltip>
      )}
    />
  );
};
