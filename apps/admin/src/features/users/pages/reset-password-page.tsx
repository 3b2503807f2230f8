import { passwordResetSchema } from '@backoffice/shared/user.schema';
import { Alert, Button, Card, Flex, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useIssueText } from '../../../components/use-issue-text';
import { usePageTitle } from '../../../components/use-page-title';
import { isApiError } from '../../../lib/api-client';
import { completeReset } from '../api/users-api';

/** The public page a reset mail links to: `/reset-password?token=…`. */
export const ResetPasswordPage = () => {
  const { t } = useTranslation('users');
  const issueText = useIssueText();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ new_password: string; confirm: string }>();
  usePageTitle(t('resetPage.title'));

  const handleFinish = async (values: { new_password: string; confirm: string }) => {
    setError(null);
    if (values.new_password !== values.confirm) {
      form.setFields([{ name: 'confirm', errors: [t('resetPage.mismatch')] }]);
      return;
    }
    const parsed = passwordResetSchema.safeParse({ token, new_password: values.new_password });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      if (issue.path[0] === 'new_password')
        form.setFields([
          { name: 'new_password', errors: [issueText(issue.message, { minimum: 8 })] },
        ]);
      else setError(issueText(issue.message));
      return;
    }
    setBusy(true);
    try {
      await completeReset(token, values.new_password);
      setDone(true);
    } catch (failure) {
      setError(
        isApiError(failure) && failure.messages.length > 0
          ? failure.messages.join(' ')
          : t('common:notices.tryAgain'),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <Flex justify="center" align="center" style={{ minHeight: '100vh', padding: 16 }}>
      <Card style={{ width: '100%', maxWidth: 420 }}>
        <Typography.Title level={1} style={{ fontSize: 24 }}>
          {t('resetPage.title')}
        </Typography.Title>
        {done ? (
          <Flex vertical gap={12}>
            <Alert type="success" showIcon title={t('resetPage.done')} data-testid="reset-done" />
            <Link to="/login">{t('resetPage.toLogin')}</Link>
          </Flex>
        ) : (
          <Form form={form} layout="vertical" onFinish={handleFinish} noValidate>
            {error ? (
              <Alert
                type="error"
                showIcon
                style={{ marginBottom: 16 }}
                title={error}
                data-testid="reset-error"
              />
            ) : null}
            <Form.Item name="new_password" label={t('resetPage.newPassword')} required>
              <Input.Password id="reset-new-password" autoComplete="new-password" />
            </Form.Item>
            <Form.Item name="confirm" label={t('resetPage.confirm')} required>
              <Input.Password id="reset-confirm" autoComplete="new-password" />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={busy}>
              {t('resetPage.submit')}
            </Button>
          </Form>
        )}
      </Card>
    </Flex>
  );
};
