import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, theme as antTheme } from 'antd';
// the two inputs directly: antd's Input index also brings TextArea, Search and OTP
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { type FormEvent, lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { usePageTitle } from '../../../components/use-page-title';
import { SiteLogo } from '../../../components/site-logo';
import { type AppLanguage, LANGUAGES } from '../../../i18n';
import { isApiError } from '../../../lib/api-client';
import { usePreferences } from '../../../lib/preferences';
import { FALLBACK_SITE_NAME, useSite } from '../../../lib/site';
import { hasSession } from '../../../lib/storage';
import { useCaptcha } from '../api/get-captcha';
import { isTwoFactorChallenge, type LoginInput, useLogin, validateLogin } from '../api/login';
import { TwoFactorStep } from '../components/two-factor-step';

// Loaded only once the API asks for the captcha: the sign-in screen stays light.
const CaptchaWidget = lazy(() => import('../components/captcha-widget'));

const LANGUAGE_NAMES: Record<AppLanguage, string> = {
  vi: 'Tiếng Việt',
  en: 'English',
  ja: '日本語',
};

/** A path inside the app to return to; anything else goes to the dashboard. */
export const safeRedirect = (value: string | null): string =>
  value && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/login')
    ? value
    : '/dashboard';

type Field = 'email' | 'password' | 'captcha';

/** One labelled input with its error (a plain form keeps this screen light: no antd Form here). */
const LoginField = ({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  children: ReactNode;
}) => {
  const { token } = antTheme.useToken();
  return (
    <div style={{ marginBottom: 16 }}>
      <label htmlFor={id} style={{ display: 'block', marginBottom: 6, color: token.colorText }}>
        {label}
      </label>
      {children}
      {error ? (
        <div
          id={`${id}-error`}
          role="alert"
          style={{ color: token.colorError, marginTop: 4, fontSize: 14 }}
        >
          {error}
        </div>
      ) : null}
    </div>
  );
};

export const LoginPage = () => {
  const { t } = useTranslation('auth');
  const { token } = antTheme.useToken();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { data: site } = useSite();
  const { language, setLanguage, theme } = usePreferences();
  const loginMutation = useLogin();
  const [values, setValues] = useState({ email: '', password: '', captcha: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [needsCaptcha, setNeedsCaptcha] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [challenge, setChallenge] = useState<string | null>(null);
  const captcha = useCaptcha(needsCaptcha);
  const redirect = safeRedirect(params.get('redirect'));
  usePageTitle(t('login.title'));

  if (hasSession() && !loginMutation.isPending && !loginMutation.isSuccess)
    return <Navigate to={redirect} replace />;

  const change = (field: Field) => (event: { target: { value: string } }) => {
    setValues((previous) => ({ ...previous, [field]: event.target.value }));
    setErrors((previous) => ({ ...previous, [field]: undefined }));
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const input: LoginInput = {
      email: values.email.trim(),
      password: values.password,
      ...(needsCaptcha ? { captcha_id: captcha.data?.captcha_id, captcha: values.captcha } : {}),
    };
    const invalid = Object.fromEntries(
      validateLogin(input).map((field) => [field.name[0], t(field.errors[0] ?? '')]),
    ) as Partial<Record<Field, string>>;
    if (needsCaptcha && !input.captcha) invalid.captcha = t('login.captchaRequired');
    setErrors(invalid);
    if (Object.keys(invalid).length > 0) return;
    try {
      const answer = await loginMutation.mutateAsync(input);
      if (isTwoFactorChallenge(answer)) setChallenge(answer.challenge);
      else void navigate(redirect, { replace: true });
    } catch (error) {
      if (isApiError(error) && error.status === 422 && error.errors.captcha) {
        if (needsCaptcha) {
          setErrors({ captcha: error.errors.captcha.join(' ') });
          void captcha.refetch();
        } else setFailure(t('login.captchaNeeded'));
        setNeedsCaptcha(true);
        setValues((previous) => ({ ...previous, captcha: '' }));
      } else if (isApiError(error) && error.status === 401) {
        setFailure(t('login.wrong'));
        if (needsCaptcha) void captcha.refetch();
      } else if (
        isApiError(error) &&
        (error.status === 429 || error.status === 403) &&
        error.message
      ) {
        setFailure(error.message);
      } else {
        setFailure(t('common:notices.tryAgain'));
      }
    }
  };

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
        background: token.colorBgLayout,
      }}
    >
      <div
        style={{
          width: '100%',
          maxWidth: 400,
          padding: 32,
          borderRadius: token.borderRadiusLG,
          background: token.colorBgContainer,
          boxShadow: token.boxShadowTertiary,
        }}
      >
        <Flex vertical align="center" gap={8} style={{ marginBottom: 24 }}>
          <SiteLogo site={site} dark={theme === 'dark'} style={{ width: 125 }} />
          <span style={{ color: token.colorTextSecondary }}>
            {site?.site_name || FALLBACK_SITE_NAME}
          </span>
          <h1 style={{ margin: 0, fontSize: 26, fontWeight: 600, color: token.colorTextHeading }}>
            {t('login.title')}
          </h1>
        </Flex>
        {failure ? (
          <Alert
            type="error"
            showIcon
            title={failure}
            style={{ marginBottom: 16 }}
            data-testid="login-error"
            role="alert"
          />
        ) : null}
        {challenge ? (
          <TwoFactorStep
            challenge={challenge}
            email={values.email.trim()}
            password={values.password}
            onDone={() => void navigate(redirect, { replace: true })}
            onRestart={(message) => {
              setChallenge(null);
              setFailure(message);
              setValues((previous) => ({ ...previous, password: '', captcha: '' }));
            }}
          />
        ) : (
          <form
            onSubmit={(event) => void handleSubmit(event)}
            noValidate
            aria-label={t('login.title')}
          >
            <LoginField id="login-email" label={t('login.email')} error={errors.email}>
              <Input
                id="login-email"
                name="email"
                type="email"
                size="large"
                autoComplete="username"
                autoFocus
                prefix={<MailOutlined />}
                value={values.email}
                onChange={change('email')}
                status={errors.email ? 'error' : undefined}
                aria-invalid={Boolean(errors.email)}
                aria-describedby={errors.email ? 'login-email-error' : undefined}
              />
            </LoginField>
            <LoginField id="login-password" label={t('login.password')} error={errors.password}>
              <Password
                id="login-password"
                name="password"
                size="large"
                autoComplete="current-password"
                prefix={<LockOutlined />}
                value={values.password}
                onChange={change('password')}
                status={errors.password ? 'error' : undefined}
                aria-invalid={Boolean(errors.password)}
                aria-describedby={errors.password ? 'login-password-error' : undefined}
              />
            </LoginField>
            {needsCaptcha ? (
              <div style={{ marginBottom: 16 }} role="group" aria-label={t('login.captcha')}>
                <div style={{ marginBottom: 6, color: token.colorText }}>{t('login.captcha')}</div>
                {captcha.data ? (
                  <Suspense fallback={null}>
                    <CaptchaWidget
                      captcha={captcha.data}
                      language={language}
                      onChange={(payload) => {
                        setValues((previous) => ({ ...previous, captcha: payload ?? '' }));
                        if (payload) setErrors((previous) => ({ ...previous, captcha: undefined }));
                      }}
                    />
                  </Suspense>
                ) : null}
                {errors.captcha ? (
                  <div
                    id="login-captcha-error"
                    role="alert"
                    style={{ color: token.colorError, marginTop: 4, fontSize: 14 }}
                  >
                    {errors.captcha}
                  </div>
                ) : null}
              </div>
            ) : null}
            <Button
              type="primary"
              htmlType="submit"
              block
              size="large"
              loading={loginMutation.isPending}
            >
              {t('login.submit')}
            </Button>
          </form>
        )}
      </div>
      <Flex gap={4} role="group" aria-label={t('layout:topBar.language')}>
        {LANGUAGES.map((code) => (
          <Button
            key={code}
            type={code === language ? 'default' : 'text'}
            size="small"
            lang={code}
            aria-pressed={code === language}
            onClick={() => setLanguage(code)}
          >
            {LANGUAGE_NAMES[code]}
          </Button>
        ))}
      </Flex>
    </main>
  );
};
