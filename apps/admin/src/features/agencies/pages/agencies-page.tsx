import { TeamOutlined } from '@ant-design/icons';
import {
  agencyCreateSchema,
  agencyUpdateSchema,
  type Agency,
} from '@backoffice/shared/agency.schema';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '../../../components/crud-page';
import { agenciesApi } from '../api/agencies-api';
import { AgencyUsersDrawer } from '../components/agency-users-drawer';
import { RowButton } from '../../../components/row-button';

/** /agencies and /agencies/manager: name, description, sort order (the list's order), attached users. */
export const AgenciesPage = () => {
  const { t } = useTranslation('agencies');
  const [showing, setShowing] = useState<Agency | null>(null);
  return (
    <>
      <CrudPage<Agency, typeof agencyCreateSchema, typeof agencyUpdateSchema>
        title={t('title')}
        api={agenciesApi}
        rowKey="id"
        bulkDelete
        baseParams={{ include: 'users_count' }}
        defaultSort={{ orderBy: 'sort', sortedBy: 'asc' }}
        permissions={{
          create: 'agencies.create',
          update: 'agencies.update',
          delete: 'agencies.delete',
        }}
        columns={[
          { key: 'name', title: t('fields.name'), sortable: true },
          { key: 'description', title: t('fields.description') },
          { key: 'sort', title: t('fields.sort'), sortable: true },
          { key: 'users_count', title: t('fields.users') },
        ]}
        rowActions={(row) => (
          <RowButton
            label={t('users')}
            icon={<TeamOutlined />}
            onClick={() => setShowing(row)}
            data-testid={`agency-users-${row.id}`}
          />
        )}
        form={{
          createSchema: agencyCreateSchema,
          updateSchema: agencyUpdateSchema,
          fields: [
            { name: 'name', label: t('fields.name'), required: true },
            {
              name: 'description',
              label: t('fields.description'),
              kind: 'textarea',
              required: false,
            },
            { name: 'sort', label: t('fields.sort'), kind: 'number', required: false },
          ],
          createDefaults: { sort: 0 },
          toFormValues: (row) => ({
            name: row.name,
            description: row.description ?? '',
            sort: row.sort,
          }),
          createTitle: t('createTitle'),
          editTitle: t('editTitle'),
        }}
      />
      <AgencyUsersDrawer agency={showing} onClose={() => setShowing(null)} />
    </>
  );
};
