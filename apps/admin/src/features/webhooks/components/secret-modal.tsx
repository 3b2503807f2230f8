import { Alert, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** The signing secret, shown this once: the server never shows it again. */
export const SecretModal = ({
  secret,
  onClose,
}: {
  secret: string | null;
  onClose: () => void;
}) => {
  const { t } = useTranslation('webhooks');
  return (
    <Modal
      open={secret !== null}
      title={t('secret.title')}
      onOk={onClose}
      onCancel={onClose}
      okText={t('secret.done')}
      cancelButtonProps={{ style: { display: 'none' } }}
      maskClosable={false}
    >
      <Alert type="warning" showIcon message={t('secret.once')} style={{ marginBlockEnd: 16 }} />
      <Typography.Paragraph>{t('secret.howToVerify')}</Typography.Paragraph>
      <Typography.Paragraph
        copyable={{ text: secret ?? '' }}
        code
        data-testid="webhook-secret"
        style={{ direction: 'ltr', wordBreak: 'break-all' }}
      >
        {secret}
      </Typography.Paragraph>
    </Modal>
  );
};
