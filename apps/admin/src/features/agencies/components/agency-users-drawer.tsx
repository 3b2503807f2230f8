import type { Agency } from '@backoffice/shared/agency.schema';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Drawer, Flex, Popconfirm, Select } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotices } from '../../../components/notices';
import { ResourceList } from '../../../components/resource-list/resource-list';
import { usePermissions } from '../../../lib/profile';
import {
  agenciesApi,
  agencyUserSearchQueryOptions,
  agencyUsersSource,
  changeAgencyUsers,
  type AgencyUser,
} from '../api/agencies-api';

/** Users found by name or email for the attach picker (GET /users?search=, needs users.list). */
const useUserSearch = (term: string) => useQuery(agencyUserSearchQueryOptions(term));

/** The users attached to one agency: attach (POST /agencies/attach) and detach (POST /agencies/detach). */
export const AgencyUsersDrawer = ({
  agency,
  onClose,
}: {
  agency: Agency | null;
  onClose: () => void;
}) => {
  const { t } = useTranslation('agencies');
  const { can } = usePermissions();
  const notices = useNotices();
  const queryClient = useQueryClient();
  const [term, setTerm] = useState('');
  const [picked, setPicked] = useState<number[]>([]);
  const canEdit = can('agencies.update');
  const source = useMemo(() => (agency ? agencyUsersSource(agency.id) : null), [agency]);
  const found = useUserSearch(term);

  const change = async (mode: 'attach' | 'detach', userIds: number[]) => {
    if (!agency || userIds.length === 0) return;
    try {
      await changeAgencyUsers(mode, agency.id, userIds);
      notices.updated();
      setPicked([]);
    } catch (error) {
      notices.error(error);
    } finally {
      await queryClient.invalidateQueries({ queryKey: agenciesApi.keys.all });
    }
  };

  return (
    <Drawer
      open={agency !== null}
      title={t('usersTitle', { name: agency?.name ?? '' })}
      onClose={onClose}
      destroyOnHidden
      size={640}
    >
      {canEdit && can('users.list') ? (
        <Flex gap={8} style={{ marginBottom: 16 }}>
          <Select
            mode="multiple"
            style={{ flex: 1 }}
            showSearch={{ filterOption: false, onSearch: setTerm }}
            placeholder={t('pickUsers')}
            value={picked}
            onChange={setPicked}
            options={(found.data?.data ?? []).map((user) => ({
              value: user.id,
              label: `${user.name} <${user.email}>`,
            }))}
            data-testid="agency-user-picker"
          />
          <Button
            type="primary"
            disabled={picked.length === 0}
            onClick={() => change('attach', picked)}
            data-testid="agency-attach"
          >
            {t('attach')}
          </Button>
        </Flex>
      ) : null}
      {source ? (
        <div data-testid="agency-users">
          <ResourceList<AgencyUser>
            key={agency?.id}
            source={source}
            rowKey="id"
            searchable={false}
            columns={[
              { key: 'name', title: t('user') },
              { key: 'email', title: t('email') },
              {
                key: 'status',
                title: t('status'),
                render: (user) => (
                  <Badge
                    status={user.status === 'enable' ? 'success' : 'default'}
                    text={t(`users:status.${user.status}`)}
                  />
                ),
              },
            ]}
            rowActions={
              canEdit
                ? (user) => (
                    <Popconfirm
                      title={t('detachConfirm', { name: user.name })}
                      onConfirm={() => change('detach', [user.id])}
                    >
                      <Button size="small" danger>
                        {t('detach')}
                      </Button>
                    </Popconfirm>
                  )
                : undefined
            }
          />
        </div>
      ) : null}
    </Drawer>
  );
};
