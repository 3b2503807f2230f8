import { DeleteOutlined } from '@ant-design/icons';
import { SUPER_ADMIN_ROLE } from '@backoffice/shared/permissions';
import { roleCreateSchema, roleUpdateSchema, type Role } from '@backoffice/shared/role.schema';
import { useQueryClient } from '@tanstack/react-query';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '../../../components/crud-page';
import { useNotices } from '../../../components/notices';
import { usePermissions } from '../../../lib/profile';
import { rolesApi } from '../api/roles-api';
import { PermissionPicker } from '../components/permission-picker';
import { RowButton } from '../../../components/row-button';
import { useRoleName } from '../components/role-name';

const roleEditSchema = roleUpdateSchema;

/** /users/role: roles with their permissions; delete names how many users hold the role. */
export const RolesPage = () => {
  const { t } = useTranslation('users');
  const roleName = useRoleName();
  const { can } = usePermissions();
  const notices = useNotices();
  const queryClient = useQueryClient();

  const handleDelete = async (role: Role) => {
    try {
      await rolesApi.remove(role.id);
      notices.deleted();
    } catch (error) {
      notices.error(error);
    } finally {
      await queryClient.invalidateQueries({ queryKey: rolesApi.keys.all });
    }
  };

  return (
    <CrudPage<Role, typeof roleCreateSchema, typeof roleEditSchema>
      title={t('roles.title')}
      api={rolesApi}
      rowKey="id"
      paging="all"
      // A new role goes first, where the person who added it looks.
      defaultSort={{ orderBy: 'id', sortedBy: 'desc' }}
      createEffect="prepend"
      permissions={{ create: 'manage-roles', update: 'manage-roles' }}
      columns={[
        {
          key: 'name',
          title: t('roles.name'),
          sortable: true,
          render: (row) => (
            <Tag color={row.name === SUPER_ADMIN_ROLE ? 'red' : 'blue'}>{roleName(row)}</Tag>
          ),
        },
        {
          key: 'description',
          title: t('roles.description'),
          // The built-in role's words are the app's, in the reader's language, not data.
          render: (row) =>
            row.name === SUPER_ADMIN_ROLE ? t('roles.superAdminDescription') : row.description,
        },
        {
          key: 'permissions',
          title: t('roles.permissions'),
          searchable: false,
          render: (row) => row.permissions.length,
        },
        { key: 'users_count', title: t('roles.usersCount'), sortable: true, searchable: false },
      ]}
      rowActions={(row) =>
        can('manage-roles') && row.name !== SUPER_ADMIN_ROLE ? (
          <RowButton
            label={t('common:actions.delete')}
            danger
            icon={<DeleteOutlined />}
            confirm={{
              title: t('roles.deleteTitle', { name: row.name }),
              description: row.users_count
                ? t('roles.deleteHeld', { count: row.users_count })
                : t('common:confirm.deleteContent'),
              okText: t('common:actions.delete'),
              cancelText: t('common:actions.cancel'),
            }}
            onClick={() => handleDelete(row)}
          />
        ) : null
      }
      form={{
        createSchema: roleCreateSchema,
        updateSchema: roleEditSchema,
        fields: [
          { name: 'name', label: t('roles.name') },
          { name: 'description', label: t('roles.description'), kind: 'textarea' },
          {
            name: 'permissions',
            label: t('roles.permissions'),
            input: <PermissionPicker />,
            required: true,
          },
          { name: 'require_2fa', label: t('roles.require2fa'), kind: 'switch' },
        ],
        editFields: [
          {
            name: 'permissions',
            label: t('roles.permissions'),
            input: <PermissionPicker />,
            required: true,
          },
          { name: 'require_2fa', label: t('roles.require2fa'), kind: 'switch' },
        ],
        createDefaults: { permissions: [], require_2fa: false },
        toFormValues: (row) => ({ permissions: row.permissions, require_2fa: row.require_2fa }),
        createTitle: t('roles.createTitle'),
        editTitle: t('roles.editTitle'),
      }}
    />
  );
};
