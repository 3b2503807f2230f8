import { Alert, Button, Card, Flex, theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../components/use-page-title';
import { useLogout } from '../api/logout';
import { TwoFactorPanel } from './two-factor-panel';

/** The only screen of a user whose role requires two-factor sign-in they have not set up. */
export const ForcedTwoFactorSetup = () => {
  const { t } = useTranslation('auth');
  const logout = useLogout();
  const { token } = theme.useToken();
  usePageTitle(t('twoFactor.requiredTitle'));
  return (
    <Flex
      justify="center"
      align="center"
      style={{ minHeight: '100vh', padding: 16, background: token.colorBgLayout }}
    >
      <Card style={{ width: '100%', maxWidth: 520 }} data-testid="forced-two-factor" role="main">
        <Typography.Title level={1} style={{ fontSize: 24, marginTop: 0 }}>
          {t('twoFactor.requiredTitle')}
        </Typography.Title>
        <Alert
          type="warning"
          showIcon
          title={t('twoFactor.requiredText')}
          style={{ marginBottom: 16 }}
        />
        <TwoFactorPanel enabled={false} />
        <Button
          type="link"
          onClick={() => logout.mutate()}
          style={{ paddingInline: 0, marginTop: 8 }}
        >
          {t('layout:account.logout')}
        </Button>
      </Card>
    </Flex>
  );
};
