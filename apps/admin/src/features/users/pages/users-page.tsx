import { EyeOutlined, KeyOutlined } from '@ant-design/icons';
import {
  GENDERS,
  USER_STATUSES,
  userCreateSchema,
  userUpdateSchema,
} from '@backoffice/shared/user.schema';
import { useQuery } from '@tanstack/react-query';
import { Avatar, Badge, Select, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { CrudPage } from '../../../components/crud-page';
import { AvatarField } from '../../../components/media-picker/avatar-field';
import type { FormFieldDef } from '../../../components/resource-form';
import { useFormatters } from '../../../lib/format';
import { usePermissions, useProfile } from '../../../lib/profile';
import { assignRoles, rolesApi } from '../api/roles-api';
import { usersApi, type UserWithRoles } from '../api/users-api';
import { EmailInput } from '../components/email-input';
import { ResetPasswordModal } from '../components/reset-password-modal';
import { UserDetails } from '../components/user-details';
import { RowButton } from '../../../components/row-button';
import { useRoleName } from '../components/role-name';

// Staff may be given roles as they are added (POST /register, then POST /roles/sync).
const staffCreateSchema = userCreateSchema.extend({ role_ids: z.array(z.number()).optional() });
// The avatar goes with the multipart update: a file, a media library URL, or "" to remove it.
const userEditSchema = userUpdateSchema.extend({
  avatar: z.union([z.instanceof(File), z.string(), z.null()]).optional(),
});

const RoleSelect = (props: {
  value?: number[];
  onChange?: (value: number[]) => void;
  id?: string;
}) => {
  const { data } = useQuery(rolesApi.listQueryOptions({ limit: 0 }));
  const roleName = useRoleName();
  return (
    <Select
      {...props}
      mode="multiple"
      allowClear
      optionFilterProp="label"
      options={(data?.data ?? []).map((role) => ({ value: role.id, label: roleName(role) }))}
    />
  );
};

/** Staff (users holding a role, /users and /users/list) and members (/users/client). */
const UsersPage = ({ kind }: { kind: 'staff' | 'clients' }) => {
  const { t } = useTranslation('users');
  const roleName = useRoleName();
  const format = useFormatters();
  const { can } = usePermissions();
  const { data: me } = useProfile();
  const [details, setDetails] = useState<UserWithRoles | null>(null);
  const [resetting, setResetting] = useState<UserWithRoles | null>(null);

  const statusOptions = USER_STATUSES.map((value) => ({ value, label: t(`status.${value}`) }));
  const genderOptions = GENDERS.map((value) => ({ value, label: t(`gender.${value}`) }));
  const common: FormFieldDef[] = [
    {
      name: 'status',
      label: t('fields.status'),
      options: statusOptions,
      // a new account is disabled unless chosen otherwise; the field says what that means
      help: t('statusHelp'),
      required: false,
    },
    { name: 'gender', label: t('fields.gender'), options: genderOptions, required: false },
    { name: 'birthday', label: t('fields.birthday'), kind: 'date', required: false },
    { name: 'phone', label: t('fields.phone'), placeholder: '0912345678', required: false },
    { name: 'zalo', label: t('fields.zalo'), required: false },
    { name: 'facebook', label: t('fields.facebook'), required: false },
    { name: 'address', label: t('fields.address'), kind: 'textarea', required: false },
  ];
  const identity: FormFieldDef[] = [
    { name: 'name', label: t('fields.name'), required: true },
    { name: 'email', label: t('fields.email'), input: <EmailInput />, required: true },
  ];
  const createFields: FormFieldDef[] = [
    ...identity,
    { name: 'password', label: t('fields.password'), kind: 'password', required: true },
    ...(kind === 'staff' && can('manage-admins-access')
      ? [{ name: 'role_ids', label: t('fields.roles'), input: <RoleSelect />, required: false }]
      : []),
    ...common,
  ];

  const api = {
    ...usersApi,
    create: async (values: z.output<typeof staffCreateSchema>) => {
      const { role_ids: roleIds, ...user } = values;
      const created = await usersApi.create(user);
      if (roleIds && roleIds.length > 0) await assignRoles('sync', [created.id], roleIds);
      return created;
    },
  };

  return (
    <>
      <CrudPage<UserWithRoles, typeof staffCreateSchema, typeof userEditSchema>
        title={t(kind === 'staff' ? 'staffTitle' : 'clientsTitle')}
        api={api}
        rowKey="id"
        exportPath="/users/export"
        searchPlaceholder={t('searchPlaceholder')}
        importer={
          kind === 'clients' && can('users.create')
            ? { path: '/users/import', title: t('import.title'), hint: t('import.hint') }
            : undefined
        }
        // Spec: a new member goes first on page 1; staff lists simply refresh.
        createEffect={kind === 'clients' ? 'prepend' : undefined}
        baseParams={
          kind === 'staff' ? { searchRole: 'has', include: 'roles' } : { searchRole: 'no' }
        }
        defaultSort={{ orderBy: 'id', sortedBy: 'desc' }}
        permissions={{ create: 'users.create', update: 'users.update', delete: 'users.delete' }}
        canDelete={(row) => row.id !== me?.id}
        columns={[
          {
            key: 'avatar',
            title: t('fields.avatar'),
            render: (row) =>
              row.avatar_url ? (
                <Avatar src={row.avatar_url} />
              ) : (
                <Avatar>{row.name.slice(0, 1)}</Avatar>
              ),
          },
          { key: 'name', title: t('fields.name'), sortable: true },
          { key: 'email', title: t('fields.email'), sortable: true },
          { key: 'phone', title: t('fields.phone') },
          ...(kind === 'staff'
            ? [
                {
                  key: 'roles',
                  title: t('fields.roles'),
                  render: (row: UserWithRoles) =>
                    (row.roles ?? []).map((role) => <Tag key={role.id}>{roleName(role)}</Tag>),
                },
              ]
            : []),
          {
            key: 'status',
            title: t('fields.status'),
            render: (row) => (
              <Badge
                status={row.status === 'enable' ? 'success' : 'default'}
                text={t(`status.${row.status}`)}
              />
            ),
          },
          {
            key: 'created_at',
            title: t('common:fields.createdAt'),
            sortable: true,
            render: (row) => format.dateTime(row.created_at),
          },
        ]}
        rowActions={(row) => (
          <>
            <RowButton
              label={t('actions.details')}
              icon={<EyeOutlined />}
              onClick={() => setDetails(row)}
            />
            {can('users.update') ? (
              <RowButton
                label={t('actions.resetPassword')}
                icon={<KeyOutlined />}
                onClick={() => setResetting(row)}
              />
            ) : null}
          </>
        )}
        form={{
          createSchema: staffCreateSchema,
          updateSchema: userEditSchema,
          fields: createFields,
          createDefaults: { status: 'disable' },
          editFields: [
            ...identity,
            {
              name: 'avatar',
              label: t('fields.avatar'),
              input: <AvatarField uploadLabel={t('chooseAvatar')} />,
              required: false,
            },
            ...common,
          ],
          toFormValues: (row) => ({
            name: row.name,
            email: row.email,
            // Sent back unchanged, the server keeps it; a file, a media URL or null changes it.
            avatar: row.avatar,
            status: row.status,
            gender: row.gender ?? undefined,
            birthday: row.birthday ?? '',
            phone: row.phone ?? '',
            zalo: row.zalo ?? '',
            facebook: row.facebook ?? '',
            address: row.address ?? '',
          }),
          createTitle: t(kind === 'staff' ? 'createStaffTitle' : 'createClientTitle'),
          editTitle: t('editTitle'),
        }}
      />
      <UserDetails user={details} onClose={() => setDetails(null)} />
      <ResetPasswordModal user={resetting} onClose={() => setResetting(null)} />
    </>
  );
};

export const StaffPage = () => <UsersPage kind="staff" />;
export const ClientsPage = () => <UsersPage kind="clients" />;
