import type { Agency } from '@backoffice/shared/agency.schema';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Drawer, Flex, Popconfirm, Select, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotices } from '../../../components/notices';
import { Pager } from '../../../components/pager';
import { usePermissions } from '../../../lib/profile';
import {
  agenciesApi,
  agencyUserSearchQueryOptions,
  agencyUsersQueryOptions,
  changeAgencyUsers,
  type AgencyUser,
} from '../api/agencies-api';

/** Users found by name or email for the attach picker (GET /users?search=, needs users.list). */
const useUserSearch = (term: string) => useQuery(agencyUserSearchQueryOptions(term));

const PAGE_SIZE = 20;

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
  const [chosen, setChosen] = useState({ agencyId: 0, page: 1, limit: PAGE_SIZE });
  // another agency opens on its first page
  const paging = {
    page: chosen.agencyId === agency?.id ? chosen.page : 1,
    limit: chosen.limit,
  };
  const canEdit = can('agencies.update');
  const attached = useQuery({
    ...agencyUsersQueryOptions(agency?.id ?? 0, paging),
    enabled: agency !== null,
  });
  const pagination = attached.data?.meta?.pagination;
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
      <Table<AgencyUser>
        size="small"
        rowKey="id"
        loading={attached.isLoading}
        dataSource={attached.data?.data ?? []}
        pagination={false}
        data-testid="agency-users"
        columns={[
          { key: 'name', dataIndex: 'name', title: t('user') },
          { key: 'email', dataIndex: 'email', title: t('email') },
          {
            key: 'status',
            dataIndex: 'status',
            title: t('status'),
            render: (status: string) => <Tag>{status}</Tag>,
          },
          ...(canEdit
            ? [
                {
                  key: 'actions',
                  title: '',
                  align: 'right' as const,
                  render: (_: unknown, user: AgencyUser) => (
                    <Popconfirm
                      title={t('detachConfirm', { name: user.name })}
                      onConfirm={() => change('detach', [user.id])}
                    >
                      <Button size="small" danger>
                        {t('detach')}
                      </Button>
                    </Popconfirm>
                  ),
                },
              ]
            : []),
        ]}
      />
      {pagination && pagination.total_pages > 1 ? (
        <div style={{ marginTop: 16 }}>
          <Pager
            current={pagination.current_page}
            totalPages={pagination.total_pages}
            pageSize={paging.limit}
            onChange={(page, limit) => setChosen({ agencyId: agency?.id ?? 0, page, limit })}
          />
        </div>
      ) : null}
    </Drawer>
  );
};
