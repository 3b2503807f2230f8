import { formatCount } from '@backoffice/shared/money';
import { Descriptions, Drawer, Table, type TableColumnType, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { type InnerWords, ValueText } from '../../../components/record-details';
import { useFormatters } from '../../../lib/format';
import type { AuditLog } from '../api/audit-logs-api';
import { type ChangeRow, changeRows } from './changed-fields';
import { useFieldWords } from './use-field-words';
import { useReferenceNames } from './use-reference-names';

/** A number an owner reads as an amount or a quantity is grouped ("185.000"); an identifier is not. */
const grouped = (field: string, value: unknown, language: string) =>
  typeof value === 'number' && !/(^|[._])ids?$|code$/.test(field)
    ? formatCount(value, language)
    : value;

/** One audit entry: who, when, what; its changes before and after; the facts of the action. */
export const AuditEntryDrawer = ({
  entry,
  onClose,
}: {
  entry: AuditLog | null;
  onClose: () => void;
}) => {
  const { t, i18n } = useTranslation('audit');
  const format = useFormatters();
  const words = useFieldWords();
  const rows = entry ? changeRows(entry) : [];
  const named = useReferenceNames(rows);
  const entity = entry?.entity ?? '';
  /** A field of the entry's record, however deep (`config.type`): in words, amounts grouped. */
  const fields: InnerWords = {
    label: (path) => words.label(entity, path),
    value: (path, stored) =>
      grouped(path, words.value(entity, path, named(path, stored)), i18n.language),
  };
  /** The column of the values before, or after, the change. */
  const side = (when: 'before' | 'after'): TableColumnType<ChangeRow> => ({
    key: when,
    title: t(`fields.${when}`),
    width: '40%',
    render: (_, row) => (
      <ValueText value={fields.value(row.field, row[when])} path={row.field} words={fields} />
    ),
  });
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
                  // the stored name stays at hand for who needs it
                  render: (_, row) => (
                    <span title={row.field}>{words.label(entry.entity, row.field)}</span>
                  ),
                },
                side('before'),
                side('after'),
              ]}
            />
          ) : null}
          {entry.details ? (
            <>
              <Typography.Title level={5} style={{ marginTop: 16 }}>
                {t('facts')}
              </Typography.Title>
              <ValueText value={entry.details} words={fields} />
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
