import { useQuery } from '@tanstack/react-query';
import { Avatar, Badge, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { RecordDetails } from '../../../components/record-details';
import { useFormatters } from '../../../lib/format';
import { usePermissions } from '../../../lib/profile';
import { userWithRolesQueryOptions, type UserWithRoles } from '../api/users-api';
import { UserSessions } from './user-sessions';
import { useRoleName } from './role-name';

/** GET /users/{id}?include=roles in a drawer. */
export const UserDetails = ({
  user,
  onClose,
}: {
  user: UserWithRoles | null;
  onClose: () => void;
}) => {
  const { t } = useTranslation('users');
  const roleName = useRoleName();
  const format = useFormatters();
  const { can } = usePermissions();
  const { data } = useQuery({
    ...userWithRolesQueryOptions(user?.id ?? 0),
    enabled: user !== null,
  });
  return (
    <RecordDetails<UserWithRoles>
      record={user === null ? null : (data ?? user)}
      title={t('detailsTitle')}
      onClose={onClose}
      testId="user-details"
      items={[
        {
          key: 'avatar',
          label: t('fields.avatar'),
          render: (shown) =>
            shown.avatar_url ? (
              <Avatar src={shown.avatar_url} size={64} />
            ) : (
              <Avatar size={64}>{shown.name.slice(0, 1)}</Avatar>
            ),
        },
        { key: 'name', label: t('fields.name') },
        { key: 'email', label: t('fields.email') },
        {
          key: 'status',
          label: t('fields.status'),
          render: (shown) => (
            <Badge
              status={shown.status === 'enable' ? 'success' : 'default'}
              text={t(`status.${shown.status}`)}
            />
          ),
        },
        {
          key: 'roles',
          label: t('fields.roles'),
          render: (shown) =>
            (shown.roles ?? []).map((role) => <Tag key={role.id}>{roleName(role)}</Tag>),
        },
        {
          key: 'gender',
          label: t('fields.gender'),
          render: (shown) => (shown.gender ? t(`gender.${shown.gender}`) : ''),
        },
        {
          key: 'birthday',
          label: t('fields.birthday'),
          render: (shown) => (shown.birthday ? format.date(shown.birthday) : ''),
        },
        { key: 'phone', label: t('fields.phone') },
        { key: 'zalo', label: t('fields.zalo') },
        { key: 'facebook', label: t('fields.facebook') },
        { key: 'address', label: t('fields.address') },
        { key: 'created_at', label: t('common:fields.createdAt') },
      ]}
    >
      {user && can('users.update') ? <UserSessions userId={user.id} /> : null}
    </RecordDetails>
  );
};
