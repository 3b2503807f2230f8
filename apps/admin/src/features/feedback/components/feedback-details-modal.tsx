import { CheckOutlined } from '@ant-design/icons';
import { Button, Descriptions, Modal, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../lib/format';
import { usePermissions } from '../../../lib/profile';
import type { Feedback } from '../api/feedback-api';
import { useMarkContacted } from '../api/use-mark-contacted';
import { FeedbackStatusTag } from './feedback-status-tag';

const Plain = ({ value }: { value: string | null }) =>
  value ? (
    <span style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{value}</span>
  ) : (
    <Typography.Text type="secondary">—</Typography.Text>
  );

/** Every field of one feedback message, and the one thing staff do with it: mark it contacted. */
export const FeedbackDetailsModal = ({
  feedback,
  onClose,
}: {
  feedback: Feedback | null;
  onClose: () => void;
}) => {
  const { t } = useTranslation('feedback');
  const { t: common } = useTranslation('common');
  const format = useFormatters();
  const { can } = usePermissions();
  const markContacted = useMarkContacted(onClose);

  const items: Array<{ key: string; label: string; children: ReactNode }> = feedback
    ? [
        { key: 'type', label: t('fields.type'), children: <Plain value={feedback.type} /> },
        { key: 'name', label: t('fields.name'), children: <Plain value={feedback.name} /> },
        { key: 'phone', label: t('fields.phone'), children: <Plain value={feedback.phone} /> },
        { key: 'email', label: t('fields.email'), children: <Plain value={feedback.email} /> },
        {
          key: 'address',
          label: t('fields.address'),
          children: <Plain value={feedback.address} />,
        },
        {
          key: 'content',
          label: t('fields.content'),
          children: <Plain value={feedback.content} />,
        },
        {
          key: 'status',
          label: t('fields.status'),
          children: <FeedbackStatusTag status={feedback.status} />,
        },
        {
          key: 'created_at',
          label: t('fields.sentAt'),
          children: format.dateTime(feedback.created_at),
        },
      ]
    : [];

  return (
    <Modal
      open={feedback !== null}
      title={t('detailsTitle')}
      onCancel={onClose}
      width={640}
      data-testid="feedback-details"
      footer={[
        <Button key="close" onClick={onClose}>
          {common('actions.close')}
        </Button>,
        feedback?.status === 'none' && can('feedback.update') ? (
          <Button
            key="done"
            type="primary"
            icon={<CheckOutlined />}
            loading={markContacted.isPending}
            onClick={() => markContacted.mutate(feedback)}
          >
            {t('markContacted')}
          </Button>
        ) : null,
      ]}
    >
      <Descriptions column={1} bordered size="small" items={items} />
    </Modal>
  );
};
