import { Descriptions, Drawer, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ValueText } from '../../../components/record-details';
import { useFormatters } from '../../../lib/format';
import type { AuditLog } from '../api/audit-logs-api';

type ChangeRow = { field: string; before: unknown; after: unknown };

/** The fields an entry changed, each with its value before and after, side by side. */
const changeRows = (entry: AuditLog): ChangeRow[] => {
  const fields = new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})]);
  return [...fields].map((field) => ({
    field,
    before: entry.before?.[field] ?? null,
    after: entry.after?.[field] ?? null,
  }));
};

/** One audit entry: who, when, what; its changes before and after; the facts of the action. */
export const AuditEntryDrawer = ({
  entry,
  onClose,
}: {
  entry: AuditLog | null;
  onClose: () => void;
}) => {
  const { t } = useTranslation('audit');
  const format = useFormatters();
  const rows = entry ? changeRows(entry) : [];
  return (
    <Drawer open={entry !== null} onClose={onClose} size="large" title={t('details')}>
      {entry ? (
        <>
          <Descriptions column={1} size="small" bordered style={{ marginBottom: 16 }}>
            <Descriptions.Item label={t('fields.at')}>
              {format.dateTime(entry.created_at)}
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.user')}>
              {entry.user ? `${entry.user.name} · ${entry.user.email}` : t('system')}
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.action')}>
              <Tag>{t(`actions.${entry.action}`, { defaultValue: entry.action })}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.resource')}>
              {t(`resources.${entry.entity}`, { defaultValue: entry.entity })}
              {entry.entity_id ? ` #${entry.entity_id}` : ''}
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.ip')}>{entry.ip ?? '—'}</Descriptions.Item>
          </Descriptions>
          {rows.length > 0 ? (
            <Table<ChangeRow>
              data-testid="audit-changes"
              size="small"
              rowKey="field"
              pagination={false}
              dataSource={rows}
              columns={[
                {
                  key: 'field',
                  title: t('fields.field'),
                  width: '20%',
                  render: (_, row) => <Typography.Text code>{row.field}</Typography.Text>,
                },
                {
                  key: 'before',
                  title: t('fields.before'),
                  width: '40%',
                  render: (_, row) => <ValueText value={row.before} />,
                },
                {
                  key: 'after',
                  title: t('fields.after'),
                  width: '40%',
                  render: (_, row) => <ValueText value={row.after} />,
                },
              ]}
            />
          ) : null}
          {entry.details ? (
            <>
              <Typography.Title level={5} style={{ marginTop: 16 }}>
                {t('facts')}
              </Typography.Title>
              <ValueText value={entry.details} />
            </>
          ) : null}
          {rows.length === 0 && !entry.details ? (
            <Typography.Text type="secondary">{t('noChanges')}</Typography.Text>
          ) : null}
        </>
      ) : null}
    </Drawer>
  );
};
