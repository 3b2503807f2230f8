import { LockOutlined, MailOutlined, ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Form, Input, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { usePreferences } from '../../../lib/preferences';
import { useIssueText } from '../../../components/use-issue-text';
import { usePageTitle } from '../../../components/use-page-title';
import { type AppLanguage, LANGUAGES } from '../../../i18n';
import { isApiError } from '../../../lib/api-client';
import { FALLBACK_SITE_NAME, useSite } from '../../../lib/site';
import { hasSession } from '../../../lib/storage';
import { issuesToFieldErrors } from '../../../lib/zod-form';
import { useCaptcha } from '../api/get-captcha';
import { loginInputSchema, useLogin } from '../api/login';

const LANGUAGE_NAMES: Record<AppLanguage, string> = { vi: 'Tiếng Việt', en: 'English', ja: '日本語' };

/** A path inside the app to return to; anything else goes to the dashboard. */
const safeRedirect = (value: string | null): string =>
  value && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/login') ? value : '/dashboard';

export const LoginPage = () => {
  const { t } = useTranslation('auth');
  const issueText = useIssueText();
  const [form] = Form.useForm();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { data: site } = useSite();
  const { language, setLanguage, theme } = usePreferences();
  const loginMutation = useLogin();
  const [needsCaptcha, setNeedsCaptcha] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const captcha = useCaptcha(needsCaptcha);
  const redirect = safeRedirect(params.get('redirect'));
  usePageTitle(t('login.title'));

  if (hasSession() && !loginMutation.isPending && !loginMutation.isSuccess) return <Navigate to={redirect} replace />;

  const handleFinish = async () => {
    setFailure(null);
    const values = form.getFieldsValue(true) as Record<string, unknown>;
    const parsed = loginInputSchema.safeParse({
      ...values,
      captcha_id: needsCaptcha ? captcha.data?.captcha_id : undefined,
      captcha: needsCaptcha ? values.captcha : undefined,
    });
    if (!parsed.success) {
      form.setFields(issuesToFieldErrors(parsed.error.issues, issueText));
      return;
    }
    if (needsCaptcha && !parsed.data.captcha) {
      form.setFields([{ name: 'captcha', errors: [t('validation.captcha')] }]);
      return;
    }
    try {
      await loginMutation.mutateAsync(parsed.data);
      void navigate(redirect, { replace: true });
    } catch (error) {
      if (isApiError(error) && error.status === 422 && error.errors.captcha) {
        const wasShown = needsCaptcha;
        setNeedsCaptcha(true);
        form.setFieldValue('captcha', '');
        if (wasShown) {
          form.setFields([{ name: 'captcha', errors: error.errors.captcha }]);
          void captcha.refetch();
        } else setFailure(t('login.captchaNeeded'));
      } else if (isApiError(error) && error.status === 401) {
        setFailure(t('login.wrong'));
        if (needsCaptcha) void captcha.refetch();
      } else if (isApiError(error) && (error.status === 429 || error.status === 403) && error.message) {
        setFailure(error.message);
      } else {
        setFailure(t('common:notices.tryAgain'));
      }
    }
  };

  const logo = (theme === 'dark' ? site?.site_logo_dark : null) ?? site?.site_logo;

  return (
    <main
      style={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        padding: 16,
        flexDirection: 'column',
        gap: 16,
      }}
    >
      <Card style={{ width: '100%', maxWidth: 400 }}>
        <Flex vertical align="center" gap={8} style={{ marginBottom: 24 }}>
          {logo ? <img src={logo} alt="" style={{ width: 125, height: 'auto' }} /> : null}
          <Typography.Text type="secondary">{site?.site_name || FALLBACK_SITE_NAME}</Typography.Text>
          <Typography.Title level={1} style={{ margin: 0, fontSize: 26 }}>
            {t('login.title')}
          </Typography.Title>
        </Flex>
        {failure ? (
          <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} data-testid="login-error" role="alert" />
        ) : null}
        <Form form={form} layout="vertical" onFinish={handleFinish} requiredMark={false} noValidate name="login">
          <Form.Item name="email" label={t('login.email')}>
            <Input prefix={<MailOutlined />} type="email" autoComplete="username" autoFocus size="large" />
          </Form.Item>
          <Form.Item name="password" label={t('login.password')}>
            <Input.Password prefix={<LockOutlined />} autoComplete="current-password" size="large" />
          </Form.Item>
          {needsCaptcha ? (
            <Form.Item label={t('login.captcha')} required>
              <Flex gap={8} align="center" style={{ marginBottom: 8 }}>
                {captcha.data ? (
                  <img
                    src={captcha.data.image}
                    alt={t('login.captchaImage')}
                    data-testid="captcha-image"
                    style={{ height: 48, borderRadius: 4, background: '#fff' }}
                  />
                ) : null}
                <Button
                  icon={<ReloadOutlined />}
                  aria-label={t('login.captchaRefresh')}
                  onClick={() => void captcha.refetch()}
                  loading={captcha.isFetching}
                />
              </Flex>
              <Form.Item name="captcha" noStyle>
                <Input size="large" autoComplete="off" aria-label={t('login.captcha')} />
              </Form.Item>
            </Form.Item>
          ) : null}
          <Button type="primary" htmlType="submit" block size="large" loading={loginMutation.isPending}>
            {t('login.submit')}
          </Button>
        </Form>
      </Card>
      <Select
        aria-label={t('layout:topBar.language')}
        value={language}
        onChange={(value: AppLanguage) => setLanguage(value)}
        options={LANGUAGES.map((code) => ({ value: code, label: LANGUAGE_NAMES[code] }))}
        style={{ width: 140 }}
        variant="borderless"
      />
    </main>
  );
};
