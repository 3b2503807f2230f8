import type { Contact } from '@backoffice/shared/contact.schema';
import { Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useAddressFields } from '../../../components/address/use-address-fields';
import { CrudPage, type CrudPageProps } from '../../../components/crud-page';
import { useFormatters } from '../../../lib/format';
import { formatAddress, provincesSource } from '../../../lib/locations';
import type { PermissionRule } from '../../../lib/permissions';

type ContactPageProps<TCreate extends z.ZodType, TUpdate extends z.ZodType> = {
  /** The texts of this screen under `warehouse:<screen>` (title, createTitle, editTitle). */
  screen: 'warehouses' | 'suppliers';
  api: CrudPageProps<Contact, TCreate, TUpdate>['api'];
  createSchema: TCreate;
  updateSchema: TUpdate;
  permissions: { create: PermissionRule; update: PermissionRule; delete: PermissionRule };
  /** More buttons on a row (a warehouse's stock, a supplier's imports). */
  rowActions?: (record: Contact) => ReactNode;
};

/**
 * The screen of a list of contacts with a place (warehouses, suppliers): name, phone,
 * email and a 2025 address chosen with the address pickers; newest first, a new record at
 * the top of page 1, searchable, filtered by province.
 */
export const ContactPage = <TCreate extends z.ZodType, TUpdate extends z.ZodType>({
  screen,
  api,
  createSchema,
  updateSchema,
  permissions,
  rowActions,
}: ContactPageProps<TCreate, TUpdate>) => {
  const { t } = useTranslation('warehouse');
  const format = useFormatters();
  const addressFields = useAddressFields();
  return (
    <CrudPage<Contact, TCreate, TUpdate>
      title={t(`${screen}.title`)}
      api={api}
      rowKey="id"
      exportPath={screen === 'suppliers' ? '/suppliers/export' : undefined}
      bulkDelete
      createEffect="prepend"
      defaultSort={{ orderBy: 'id', sortedBy: 'desc' }}
      permissions={permissions}
      rowActions={rowActions}
      filters={[{ name: 'province_code', label: t('fields.province'), options: provincesSource }]}
      columns={[
        {
          key: 'name',
          title: t('fields.name'),
          sortable: true,
          render: (row) => <Typography.Text strong>{row.name}</Typography.Text>,
        },
        {
          key: 'phone',
          title: t('fields.contact'),
          render: (row) => (
            <Space direction="vertical" size={0}>
              {row.phone ? <Typography.Text>{row.phone}</Typography.Text> : null}
              {row.email ? <Typography.Text type="secondary">{row.email}</Typography.Text> : null}
            </Space>
          ),
        },
        { key: 'address', title: t('fields.address'), render: (row) => formatAddress(row) },
        {
          key: 'created_at',
          title: t('common:fields.createdAt'),
          sortable: true,
          render: (row) => format.dateTime(row.created_at),
        },
      ]}
      form={{
        createSchema,
        updateSchema,
        fields: [
          { name: 'name', label: t('fields.name') },
          { name: 'phone', label: t('fields.phone'), placeholder: '0901234567' },
          { name: 'email', label: t('fields.email'), kind: 'email' },
          ...addressFields,
        ],
        toFormValues: (row) => ({
          name: row.name,
          phone: row.phone,
          email: row.email,
          province_code: row.province_code,
          ward_code: row.ward_code,
          district: row.district,
          address: row.address,
        }),
        createTitle: t(`${screen}.createTitle`),
        editTitle: t(`${screen}.editTitle`),
      }}
    />
  );
};
