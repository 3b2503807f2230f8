import { Alert, Button, Flex, Modal, Radio, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotices } from '../../../components/notices';
import { useFormatters } from '../../../lib/format';
import type { PasswordResetResult } from '@backoffice/shared/user.schema';
import { resetPassword, type UserWithRoles } from '../api/users-api';

/** The two ways to reset a password: a one-time default password shown once, or a mail with an expiring link. */
export const ResetPasswordModal = ({
  user,
  onClose,
}: {
  user: UserWithRoles | null;
  onClose: () => void;
}) => {
  const { t } = useTranslation('users');
  const format = useFormatters();
  const notices = useNotices();
  const [mode, setMode] = useState<'default' | 'mail'>('default');
  const [result, setResult] = useState<PasswordResetResult | null>(null);
  const [busy, setBusy] = useState(false);

  const close = () => {
    setResult(null);
    setMode('default');
    onClose();
  };

  const handleReset = async () => {
    if (!user) return;
    setBusy(true);
    try {
      setResult(await resetPassword(user.id, mode));
    } catch (error) {
      notices.error(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={user !== null}
      title={t('reset.title', { name: user?.name ?? '' })}
      onCancel={close}
      footer={null}
      destroyOnHidden
    >
      {result?.mode === 'default' ? (
        <Flex vertical gap={12}>
          <Alert type="warning" showIcon title={t('reset.shownOnce')} />
          <Typography.Paragraph>
            {t('reset.newPassword')}{' '}
            <Typography.Text code copyable data-testid="reset-password-value">
              {result.password}
            </Typography.Text>
          </Typography.Paragraph>
          <Button type="primary" onClick={close}>
            {t('common:actions.close')}
          </Button>
        </Flex>
      ) : result?.mode === 'mail' ? (
        <Flex vertical gap={12}>
          <Alert
            type="success"
            showIcon
            data-testid="reset-mail-sent"
            title={t('reset.mailSent', {
              email: user?.email,
              time: format.dateTime(result.expires_at!),
            })}
          />
          <Button type="primary" onClick={close}>
            {t('common:actions.close')}
          </Button>
        </Flex>
      ) : (
        <Flex vertical gap={16}>
          <Radio.Group
            value={mode}
            onChange={(event) => setMode(event.target.value as 'default' | 'mail')}
          >
            <Flex vertical gap={8}>
              <Radio value="default" data-testid="reset-mode-default">
                {t('reset.modeDefault')}
              </Radio>
              <Radio value="mail" data-testid="reset-mode-mail">
                {t('reset.modeMail')}
              </Radio>
            </Flex>
          </Radio.Group>
          <Flex gap={8} justify="flex-end">
            <Button onClick={close}>{t('common:actions.cancel')}</Button>
            <Button
              type="primary"
              danger
              loading={busy}
              onClick={handleReset}
              data-testid="reset-confirm"
            >
              {t('reset.confirm')}
            </Button>
          </Flex>
        </Flex>
      )}
    </Modal>
  );
};
