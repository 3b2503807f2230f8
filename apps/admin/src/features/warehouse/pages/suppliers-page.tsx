import { ShoppingOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePermissions } from '../../../lib/profile';
import { ContactPage } from '../components/contact-page';
import {
  supplierCreateSchema,
  suppliersApi,
  supplierUpdateSchema,
} from '../../../lib/api/suppliers';

/**
 * Suppliers (/warehouse/supplier), with the suppliers.* permissions; a supplier's products and
 * imports are stock figures, so their button needs manage-warehouses.
 */
export const SuppliersPage = () => {
  const { t } = useTranslation('warehouse');
  const { can } = usePermissions();
  return (
    <ContactPage
      screen="suppliers"
      api={suppliersApi}
      createSchema={supplierCreateSchema}
      updateSchema={supplierUpdateSchema}
      permissions={{
        create: 'suppliers.create',
        update: 'suppliers.update',
        delete: 'suppliers.delete',
      }}
      rowActions={
        can('manage-warehouses')
          ? (row) => (
              <Tooltip title={t('supplierStock.title')}>
                <Link
                  to={`/warehouse/supplier/${row.id}`}
                  aria-label={t('supplierStock.titleOf', { name: row.name })}
                >
                  <Button size="small" icon={<ShoppingOutlined />} tabIndex={-1} />
                </Link>
              </Tooltip>
            )
          : undefined
      }
    />
  );
};
