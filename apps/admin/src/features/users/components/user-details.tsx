import { Avatar, Badge, Descriptions, Drawer, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { useFormatters } from '../../../lib/format';
import { usersApi, type UserWithRoles } from '../api/users-api';

/** GET /users/{id}?include=roles in a drawer. */
export const UserDetails = ({
  user,
  onClose,
}: {
  user: UserWithRoles | null;
  onClose: () => void;
}) => {
  const { t } = useTranslation('users');
  const format = useFormatters();
  const { data } = useQuery({
    queryKey: [...usersApi.keys.item(user?.id ?? 0), 'roles'],
    queryFn: ({ signal }) => usersApi.getWithRoles(user!.id, signal),
    enabled: user !== null,
  });
  const shown = data ?? user;
  return (
    <Drawer
      open={user !== null}
      title={t('detailsTitle')}
      onClose={onClose}
      destroyOnHidden
      size={520}
    >
      {shown ? (
        <Descriptions column={1} bordered size="small" data-testid="user-details">
          <Descriptions.Item label={t('fields.avatar')}>
            {shown.avatar_url ? (
              <Avatar src={shown.avatar_url} size={64} />
            ) : (
              <Avatar size={64}>{shown.name.slice(0, 1)}</Avatar>
            )}
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.name')}>{shown.name}</Descriptions.Item>
          <Descriptions.Item label={t('fields.email')}>{shown.email}</Descriptions.Item>
          <Descriptions.Item label={t('fields.status')}>
            <Badge
              status={shown.status === 'enable' ? 'success' : 'default'}
              text={t(`status.${shown.status}`)}
            />
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.roles')}>
            {(shown.roles ?? []).map((role) => (
              <Tag key={role.id}>{role.name}</Tag>
            ))}
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.gender')}>
            {shown.gender ? t(`gender.${shown.gender}`) : ''}
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.birthday')}>
            {shown.birthday ? format.date(shown.birthday) : ''}
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.phone')}>{shown.phone}</Descriptions.Item>
          <Descriptions.Item label={t('fields.zalo')}>{shown.zalo}</Descriptions.Item>
          <Descriptions.Item label={t('fields.facebook')}>{shown.facebook}</Descriptions.Item>
          <Descriptions.Item label={t('fields.address')}>{shown.address}</Descriptions.Item>
          <Descriptions.Item label={t('common:fields.createdAt')}>
            {format.dateTime(shown.created_at)}
          </Descriptions.Item>
        </Descriptions>
      ) : null}
    </Drawer>
  );
};
