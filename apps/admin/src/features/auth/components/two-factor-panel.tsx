import type { TwoFactorSetup } from '@backoffice/shared/auth.schema';
import { SafetyOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Input, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotices } from '../../../components/notices';
import { isApiError } from '../../../lib/api-client';
import {
  useDisableTwoFactor,
  useEnableTwoFactor,
  useRefreshProfile,
  useStartTwoFactor,
} from '../api/two-factor';

/** The QR code the server drew (sanitized there), shown as an image: no markup of it enters the page. */
const QrCode = ({ svg, alt }: { svg: string; alt: string }) => (
  <img
    src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
    alt={alt}
    width={200}
    height={200}
    style={{ background: '#fff', borderRadius: 8 }}
    data-testid="two-factor-qr"
  />
);

const fieldError = (error: unknown, field: string) =>
  isApiError(error) ? (error.errors[field]?.join(' ') ?? error.message) : undefined;

/** Two-factor sign-in of the signed-in user: set it up (QR, key, first code), see the recovery codes once, turn it off. */
export const TwoFactorPanel = ({
  enabled,
  onEnabled,
}: {
  enabled: boolean;
  /** After the recovery codes have been seen. */
  onEnabled?: () => void;
}) => {
  const { t } = useTranslation('auth');
  const notices = useNotices();
  const refreshProfile = useRefreshProfile();
  const start = useStartTwoFactor();
  const enable = useEnableTwoFactor();
  const disable = useDisableTwoFactor();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [code, setCode] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);
  const [password, setPassword] = useState('');
  const [askPassword, setAskPassword] = useState(false);

  if (codes)
    return (
      <div data-testid="recovery-codes">
        <Typography.Title level={3} style={{ fontSize: 16 }}>
          {t('twoFactor.recoveryTitle')}
        </Typography.Title>
        <Alert
          type="warning"
          showIcon
          title={t('twoFactor.recoveryText')}
          style={{ marginBottom: 12 }}
        />
        <ol
          style={{ fontFamily: 'monospace', fontSize: 15, columns: 2, direction: 'ltr' }}
          aria-label={t('twoFactor.recoveryTitle')}
        >
          {codes.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ol>
        <Flex gap={8}>
          <Button
            onClick={() =>
              void navigator.clipboard
                ?.writeText(codes.join('\n'))
                .then(() => notices.success(t('twoFactor.copied')))
            }
          >
            {t('twoFactor.copy')}
          </Button>
          <Button
            type="primary"
            onClick={() => {
              setCodes(null);
              void refreshProfile();
              onEnabled?.();
            }}
          >
            {t('twoFactor.done')}
          </Button>
        </Flex>
      </div>
    );

  if (enabled)
    return (
      <div>
        <Flex align="center" gap={8} style={{ marginBottom: 12 }}>
          <SafetyOutlined />
          <span>{t('twoFactor.title')}</span>
          <Tag color="green">{t('twoFactor.on')}</Tag>
        </Flex>
        {askPassword ? (
          <form
            aria-label={t('twoFactor.disableTitle')}
            onSubmit={(event) => {
              event.preventDefault();
              disable.mutate(password, {
                onSuccess: () => {
                  notices.success(t('twoFactor.disabled'));
                  setAskPassword(false);
                  setPassword('');
                },
              });
            }}
          >
            <label htmlFor="two-factor-password" style={{ display: 'block', marginBottom: 6 }}>
              {t('twoFactor.disableText')}
            </label>
            <Input.Password
              id="two-factor-password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              status={disable.error ? 'error' : undefined}
            />
            {disable.error ? (
              <div role="alert" style={{ color: 'var(--ant-color-error, #cf1322)', marginTop: 4 }}>
                {fieldError(disable.error, 'current_password')}
              </div>
            ) : null}
            <Flex gap={8} style={{ marginTop: 8 }}>
              <Button onClick={() => setAskPassword(false)}>{t('common:actions.cancel')}</Button>
              <Button danger htmlType="submit" loading={disable.isPending}>
                {t('twoFactor.disable')}
              </Button>
            </Flex>
          </form>
        ) : (
          <Button danger onClick={() => setAskPassword(true)}>
            {t('twoFactor.disable')}
          </Button>
        )}
      </div>
    );

  return (
    <div>
      <Flex align="center" gap={8} style={{ marginBottom: 8 }}>
        <SafetyOutlined />
        <span>{t('twoFactor.title')}</span>
        <Tag>{t('twoFactor.off')}</Tag>
      </Flex>
      <Typography.Paragraph type="secondary">{t('twoFactor.offText')}</Typography.Paragraph>
      {setup ? (
        <form
          aria-label={t('twoFactor.title')}
          onSubmit={(event) => {
            event.preventDefault();
            enable.mutate(code.trim(), {
              onSuccess: (recovery) => {
                notices.success(t('twoFactor.enabled'));
                setSetup(null);
                setCode('');
                setCodes(recovery);
              },
            });
          }}
        >
          <Typography.Paragraph>{t('twoFactor.scan')}</Typography.Paragraph>
          <Flex gap={16} wrap align="center" style={{ marginBottom: 12 }}>
            <QrCode svg={setup.svg} alt={t('twoFactor.qrAlt')} />
            <div>
              <div>{t('twoFactor.key')}</div>
              <Typography.Text
                code
                copyable
                data-testid="two-factor-secret"
                style={{ direction: 'ltr' }}
              >
                {setup.secret}
              </Typography.Text>
            </div>
          </Flex>
          <label htmlFor="two-factor-code" style={{ display: 'block', marginBottom: 6 }}>
            {t('twoFactor.enterCode')}
          </label>
          <Input
            id="two-factor-code"
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={6}
            style={{ maxWidth: 200 }}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            status={enable.error ? 'error' : undefined}
          />
          {enable.error ? (
            <div role="alert" style={{ color: 'var(--ant-color-error, #cf1322)', marginTop: 4 }}>
              {fieldError(enable.error, 'code')}
            </div>
          ) : null}
          <div style={{ marginTop: 12 }}>
            <Button type="primary" htmlType="submit" loading={enable.isPending}>
              {t('twoFactor.enable')}
            </Button>
          </div>
        </form>
      ) : (
        <Button
          type="primary"
          loading={start.isPending}
          onClick={() =>
            start.mutate(undefined, {
              onSuccess: setSetup,
              onError: (error) => notices.error(error),
            })
          }
        >
          {t('twoFactor.setup')}
        </Button>
      )}
    </div>
  );
};
