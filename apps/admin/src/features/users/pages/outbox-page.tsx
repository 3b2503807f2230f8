import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ResourceList } from '../../../components/resource-list/resource-list';
import { useFormatters } from '../../../lib/format';
import { outboxApi, type OutboxMail } from '../api/users-api';

/** The mails kept when no SMTP server is configured (GET /mail/outbox, manage-admins-access). */
export const OutboxPage = () => {
  const { t } = useTranslation('users');
  const format = useFormatters();
  return (
    <ResourceList<OutboxMail>
      title={t('outbox.title')}
      source={outboxApi}
      rowKey="id"
      defaultSort={{ orderBy: 'id', sortedBy: 'desc' }}
      columns={[
        {
          key: 'created_at',
          title: t('outbox.sentAt'),
          sortable: true,
          render: (row) => format.dateTime(row.created_at),
        },
        { key: 'to', title: t('outbox.to') },
        { key: 'subject', title: t('outbox.subject') },
        {
          key: 'text',
          title: t('outbox.text'),
          render: (row) => (
            <Typography.Paragraph
              style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', margin: 0, maxWidth: 640 }}
              data-testid="outbox-text"
            >
              {row.text}
            </Typography.Paragraph>
          ),
        },
      ]}
    />
  );
};
