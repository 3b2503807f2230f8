import 'altcha/external';
import 'altcha/altcha.css';
import 'altcha/i18n/vi';
import 'altcha/i18n/ja';
import type {} from 'altcha/types/react';
import ShaWorker from 'altcha/workers/sha?worker';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { Button, theme as antTheme } from 'antd';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Captcha } from '../api/get-captcha';
import { solveCaptchaHere } from '../solve-captcha';

// ALTCHA's separate build takes its workers from here: files of this app, as the page's policy wants.
globalThis.$altcha.algorithms.set('SHA-256', () => new ShaWorker());

type Props = {
  captcha: Captcha;
  language: string;
  /** The payload to send as `captcha`, or undefined while the challenge is not solved. */
  onChange: (payload: string | undefined) => void;
};

type StateChange = CustomEvent<{ state: string; payload?: string }>;

/**
 * ALTCHA's widget: one checkbox, and the browser finds the challenge's number in a worker. It
 * needs the browser's crypto, which a page opened over plain HTTP at a network address does not
 * have (an office machine at http://192.168.1.20:3000); there the same proof of work runs here.
 */
const CaptchaWidget = ({ captcha, language, onChange }: Props) => {
  const secure = typeof window !== 'undefined' && window.isSecureContext && !!crypto.subtle;
  return secure ? (
    <AltchaWidget captcha={captcha} language={language} onChange={onChange} />
  ) : (
    // a new challenge starts this one again
    <PlainHttpCaptcha key={captcha.captcha_id} captcha={captcha} onChange={onChange} />
  );
};

const AltchaWidget = ({ captcha, language, onChange }: Props) => {
  const ref = useRef<HTMLElement & { configure: (config: object) => Promise<void> }>(null);
  const { token } = antTheme.useToken();
  const report = useEffectEvent((payload: string | undefined) => onChange(payload));

  useEffect(() => {
    const widget = ref.current;
    if (!widget) return;
    const { captcha_id: _id, ...challenge } = captcha;
    void widget.configure({ challenge, hideFooter: true, language });
    report(undefined);
    const handleState = (event: Event) => {
      const { state, payload } = (event as StateChange).detail;
      report(state === 'verified' ? payload : undefined);
    };
    widget.addEventListener('statechange', handleState);
    return () => widget.removeEventListener('statechange', handleState);
    // a new challenge (after a failed sign-in) starts the widget again
  }, [captcha, language]);

  return (
    <altcha-widget
      ref={ref}
      language={language}
      data-testid="captcha-widget"
      style={{
        '--altcha-max-width': '100%',
        '--altcha-border-radius': `${token.borderRadius}px`,
        '--altcha-color-base': token.colorBgContainer,
        '--altcha-color-base-content': token.colorText,
        '--altcha-border-color': token.colorBorder,
        '--altcha-checkbox-border-color': token.colorTextTertiary,
        '--altcha-color-primary': token.colorPrimary,
        '--altcha-color-error': token.colorError,
        '--altcha-color-success': token.colorSuccess,
      }}
    />
  );
};

const PlainHttpCaptcha = ({ captcha, onChange }: Omit<Props, 'language'>) => {
  const { t } = useTranslation('auth');
  const [state, setState] = useState<'idle' | 'working' | 'done'>('idle');
  const handleClick = async () => {
    setState('working');
    const payload = await solveCaptchaHere(captcha);
    onChange(payload);
    setState(payload ? 'done' : 'idle');
  };
  return (
    <Button
      block
      size="large"
      icon={<SafetyCertificateOutlined />}
      loading={state === 'working'}
      disabled={state === 'done'}
      onClick={() => void handleClick()}
      data-testid="captcha-plain"
    >
      {state === 'done' ? t('login.captchaDone') : t('login.captchaVerify')}
    </Button>
  );
};

export default CaptchaWidget;
