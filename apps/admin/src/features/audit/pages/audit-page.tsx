import { EyeOutlined } from '@ant-design/icons';
import { Tag, Typography } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourceList } from '../../../components/resource-list/resource-list';
import type { ListColumn } from '../../../components/resource-list/list-table';
import { RowButton } from '../../../components/row-button';
import { useFormatters } from '../../../lib/format';
import { usePermissions } from '../../../lib/profile';
import {
  AUDIT_ACTIONS,
  AUDIT_RESOURCES,
  type AuditLog,
  auditLogsApi,
  auditUserOptions,
} from '../api/audit-logs-api';
import { AuditEntryDrawer } from '../components/audit-entry-drawer';
import { changedFields } from '../components/changed-fields';
import { useFieldWords } from '../components/use-field-words';

/** /users/audit: the audit log filtered by who, which resource, which action and when. */
export const AuditPage = () => {
  const { t } = useTranslation('audit');
  const format = useFormatters();
  const { can } = usePermissions();
  const [showing, setShowing] = useState<AuditLog | null>(null);
  const { label: fieldLabel } = useFieldWords();

  const columns = useMemo<ReadonlyArray<ListColumn<AuditLog>>>(
    () => [
      {
        key: 'created_at',
        title: t('fields.at'),
        sortable: true,
        render: (row) => format.dateTime(row.created_at),
      },
      {
        key: 'user_id',
        title: t('fields.user'),
        render: (row) =>
          row.user ? (
            row.user.name
          ) : (
            <Typography.Text type="secondary">{t('system')}</Typography.Text>
          ),
      },
      {
        key: 'action',
        title: t('fields.action'),
        render: (row) => <Tag>{t(`actions.${row.action}`, { defaultValue: row.action })}</Tag>,
      },
      {
        key: 'entity',
        title: t('fields.resource'),
        render: (row) => (
          <>
            {t(`resources.${row.entity}`, { defaultValue: row.entity })}
            {row.entity_id ? (
              <Typography.Text type="secondary"> #{row.entity_id}</Typography.Text>
            ) : null}
          </>
        ),
      },
      {
        key: 'changed',
        title: t('fields.changed'),
        render: (row) => changedFields(row, (field) => fieldLabel(row.entity, field)),
      },
    ],
    [t, format, fieldLabel],
  );
  const rowActions = useCallback(
    (row: AuditLog) => (
      <RowButton
        label={`${t('details')} #${row.id}`}
        icon={<EyeOutlined />}
        onClick={() => setShowing(row)}
      />
    ),
    [t],
  );

  return (
    <>
      <ResourceList<AuditLog>
        title={t('title')}
        source={auditLogsApi}
        rowKey="id"
        searchable={false}
        defaultSort={{ orderBy: 'id', sortedBy: 'desc' }}
        columns={columns}
        rowActions={rowActions}
        filters={[
          // Readers who may not list users filter by resource, action and time.
          ...(can('users.list')
            ? [{ name: 'user_id', label: t('fields.user'), options: auditUserOptions }]
            : []),
          {
            name: 'resource',
            label: t('fields.resource'),
            options: AUDIT_RESOURCES.map((value) => ({
              value,
              label: t(`resources.${value}`),
            })),
          },
          {
            name: 'action',
            label: t('fields.action'),
            options: AUDIT_ACTIONS.map((value) => ({ value, label: t(`actions.${value}`) })),
          },
          { kind: 'date-range', name: 'when', label: t('fields.at'), params: ['from', 'to'] },
        ]}
      />
      <AuditEntryDrawer entry={showing} onClose={() => setShowing(null)} />
    </>
  );
};
