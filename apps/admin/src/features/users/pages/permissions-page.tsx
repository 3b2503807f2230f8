import { roleAssignSchema } from '@backoffice/shared/role.schema';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Flex, Row, Select, Tag, Typography } from 'antd';
import { type Key, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { ResourceList } from '../../../components/resource-list/resource-list';
import { useNotices } from '../../../components/notices';
import { useIssueText } from '../../../components/use-issue-text';
import { assignRoles, rolesApi } from '../api/roles-api';
import { usersApi, type UserWithRoles } from '../api/users-api';
import { useRoleName } from '../components/role-name';

/** The users with roles, or without: searched and paged in the card, chosen rows kept across both. */
const UserTable = ({
  kind,
  selected,
  onSelect,
}: {
  kind: 'has' | 'no';
  selected: number[];
  onSelect: (ids: number[]) => void;
}) => {
  const { t } = useTranslation('users');
  const roleName = useRoleName();
  const selection = useMemo(
    () => ({ selected, onChange: (keys: Key[]) => onSelect(keys as number[]), keep: true }),
    [selected, onSelect],
  );
  return (
    <Card
      title={t(kind === 'has' ? 'permissions.withRoles' : 'permissions.withoutRoles')}
      size="small"
      data-testid={`users-${kind}-role`}
    >
      <ResourceList<UserWithRoles>
        source={usersApi}
        baseParams={{ searchRole: kind, include: kind === 'has' ? 'roles' : undefined }}
        rowKey="id"
        pageSize={10}
        selection={selection}
        columns={[
          { key: 'name', title: t('fields.name') },
          { key: 'email', title: t('fields.email') },
          ...(kind === 'has'
            ? [
                {
                  key: 'roles',
                  title: t('fields.roles'),
                  render: (row: UserWithRoles) =>
                    (row.roles ?? []).map((r) => <Tag key={r.id}>{roleName(r)}</Tag>),
                },
              ]
            : []),
        ]}
      />
    </Card>
  );
};

/** /users/permissions: attach roles to users and revoke them, beside the lists of users with and without roles. */
export const PermissionsPage = () => {
  const { t } = useTranslation('users');
  const roleName = useRoleName();
  const issueText = useIssueText();
  const notices = useNotices();
  const queryClient = useQueryClient();
  const [userIds, setUserIds] = useState<number[]>([]);
  const [roleIds, setRoleIds] = useState<number[]>([]);
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const { data: roles } = useQuery(rolesApi.listQueryOptions({ limit: 0 }));

  const handleAssign = async (mode: 'sync' | 'revoke') => {
    const parsed = roleAssignSchema.safeParse({ user_ids: userIds, role_ids: roleIds });
    if (!parsed.success) {
      setErrors(parsed.error.issues.map((issue) => issueText(issue.message)));
      return;
    }
    setErrors([]);
    setBusy(true);
    try {
      await assignRoles(mode, parsed.data.user_ids, parsed.data.role_ids);
      notices.updated();
      setUserIds([]);
      await queryClient.invalidateQueries({ queryKey: usersApi.keys.all });
      await queryClient.invalidateQueries({ queryKey: rolesApi.keys.all });
    } catch (error) {
      notices.error(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <PageHeader title={t('permissions.title')} />
      <Card size="small" style={{ marginBottom: 16 }}>
        <Flex gap={8} wrap align="center">
          <Typography.Text>{t('permissions.selected', { count: userIds.length })}</Typography.Text>
          <Select
            mode="multiple"
            allowClear
            style={{ minWidth: 260, flex: 1 }}
            placeholder={t('permissions.chooseRoles')}
            aria-label={t('permissions.chooseRoles')}
            value={roleIds}
            onChange={setRoleIds}
            optionFilterProp="label"
            options={(roles?.data ?? []).map((role) => ({ value: role.id, label: roleName(role) }))}
            data-testid="assign-roles"
          />
          <Button
            type="primary"
            loading={busy}
            onClick={() => handleAssign('sync')}
            data-testid="assign-attach"
          >
            {t('permissions.attach')}
          </Button>
          <Button loading={busy} onClick={() => handleAssign('revoke')} data-testid="assign-revoke">
            {t('permissions.revoke')}
          </Button>
        </Flex>
        {errors.length > 0 ? (
          <Alert style={{ marginTop: 8 }} type="error" showIcon title={errors.join(' ')} />
        ) : null}
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <UserTable kind="has" selected={userIds} onSelect={setUserIds} />
        </Col>
        <Col xs={24} xl={12}>
          <UserTable kind="no" selected={userIds} onSelect={setUserIds} />
        </Col>
      </Row>
    </>
  );
};
