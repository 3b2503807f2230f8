import { Button, theme as antTheme } from 'antd';
import Input from 'antd/es/input/Input';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';
import { useLoginWithCode } from '../api/login';

type Props = {
  challenge: string;
  email: string;
  password: string;
  onDone: () => void;
  /** The sign-in must start again (the challenge expired, or too many wrong codes). */
  onRestart: (message: string) => void;
};

/** The second step of a two-factor sign-in: a code of the authenticator app, or a recovery code. */
export const TwoFactorStep = ({ challenge, email, password, onDone, onRestart }: Props) => {
  const { t } = useTranslation('auth');
  const { token } = antTheme.useToken();
  const mutation = useLoginWithCode();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return setError(t('twoFactor.codeRequired'));
    setError(null);
    try {
      await mutation.mutateAsync({ email, password, challenge, code: code.trim() });
      onDone();
    } catch (failure) {
      // expired, or too many wrong codes: the password (and the captcha) again
      if (isApiError(failure) && failure.errors.challenge)
        onRestart(failure.errors.challenge.join(' '));
      else if (isApiError(failure) && failure.status === 422 && failure.errors.code)
        setError(failure.errors.code.join(' '));
      else if (isApiError(failure) && failure.status === 429) onRestart(failure.message);
      else setError(t('common:notices.tryAgain'));
    }
  };

  return (
    <form
      onSubmit={(event) => void handleSubmit(event)}
      noValidate
      aria-label={t('twoFactor.stepTitle')}
    >
      <p style={{ color: token.colorTextSecondary, marginTop: 0 }}>{t('twoFactor.stepText')}</p>
      <label htmlFor="login-code" style={{ display: 'block', marginBottom: 6 }}>
        {t('twoFactor.code')}
      </label>
      <Input
        id="login-code"
        name="code"
        size="large"
        autoComplete="one-time-code"
        autoFocus
        value={code}
        onChange={(event) => {
          setCode(event.target.value);
          setError(null);
        }}
        status={error ? 'error' : undefined}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? 'login-code-error' : 'login-code-help'}
      />
      <div
        id="login-code-help"
        style={{ color: token.colorTextSecondary, fontSize: 13, marginTop: 4 }}
      >
        {t('twoFactor.recoveryHint')}
      </div>
      {error ? (
        <div id="login-code-error" role="alert" style={{ color: token.colorError, marginTop: 4 }}>
          {error}
        </div>
      ) : null}
      <Button
        type="primary"
        htmlType="submit"
        block
        size="large"
        loading={mutation.isPending}
        style={{ marginTop: 16 }}
      >
        {t('twoFactor.verify')}
      </Button>
    </form>
  );
};
