import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '../../../components/crud-page';
import { useFormatters } from '../../../lib/format';
import {
  REDIRECT_CODES,
  type Redirect,
  redirectCreateSchema,
  redirectsApi,
  redirectUpdateSchema,
} from '../api/redirects-api';

export const RedirectsPage = () => {
  const { t } = useTranslation('redirects');
  const format = useFormatters();
  const codeOptions = REDIRECT_CODES.map((code) => ({ value: code, label: t(`codes.${code}`) }));
  const fields = [
    {
      name: 'source',
      label: t('fields.source'),
      placeholder: '/old-path',
      help: t('sourceHelp'),
    },
    { name: 'destination', label: t('fields.destination'), placeholder: '/new-path' },
    { name: 'code', label: t('fields.code'), options: codeOptions, required: false },
  ];
  return (
    <CrudPage<Redirect, typeof redirectCreateSchema, typeof redirectUpdateSchema>
      title={t('title')}
      api={redirectsApi}
      rowKey="id"
      bulkDelete
      defaultSort={{ orderBy: 'id', sortedBy: 'desc' }}
      permissions={{
        create: 'manage-redirects',
        update: 'manage-redirects',
        delete: 'manage-redirects',
      }}
      columns={[
        {
          key: 'source',
          title: t('fields.source'),
          sortable: true,
          render: (row) => <Typography.Text code>{row.source}</Typography.Text>,
        },
        {
          key: 'destination',
          title: t('fields.destination'),
          sortable: true,
          render: (row) => <Typography.Text code>{row.destination}</Typography.Text>,
        },
        {
          key: 'code',
          title: t('fields.code'),
          sortable: true,
          render: (row) => <Tag color={row.code === 302 ? 'orange' : 'blue'}>{row.code}</Tag>,
        },
        {
          key: 'created_at',
          title: t('common:fields.createdAt'),
          sortable: true,
          render: (row) => format.dateTime(row.created_at),
        },
      ]}
      form={{
        createSchema: redirectCreateSchema,
        updateSchema: redirectUpdateSchema,
        fields,
        createDefaults: { code: 301 },
        toFormValues: (row) => ({
          source: row.source,
          destination: row.destination,
          code: row.code,
        }),
        createTitle: t('createTitle'),
        editTitle: t('editTitle'),
      }}
    />
  );
};
