import { Alert, Button, Card, Flex, theme, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../components/use-page-title';
import { useLogout } from '../api/logout';

/**
 * The only screen of a signed-in user who owes a step before anything else (a new password, a
 * second sign-in factor): what is asked and why, the step itself, and a way to sign out.
 */
export const RequiredStepScreen = ({
  title,
  reason,
  width,
  testId,
  children,
}: {
  title: string;
  reason: string;
  width: number;
  testId: string;
  children: ReactNode;
}) => {
  const { t } = useTranslation('layout');
  const logout = useLogout();
  const { token } = theme.useToken();
  usePageTitle(title);
  return (
    <Flex
      justify="center"
      align="center"
      style={{ minHeight: '100vh', padding: 16, background: token.colorBgLayout }}
    >
      <Card style={{ width: '100%', maxWidth: width }} data-testid={testId} role="main">
        <Typography.Title level={1} style={{ fontSize: 24, marginTop: 0 }}>
          {title}
        </Typography.Title>
        <Alert type="warning" showIcon title={reason} style={{ marginBottom: 16 }} />
        {children}
        <Button
          type="link"
          onClick={() => logout.mutate()}
          style={{ paddingInline: 0, marginTop: 8 }}
        >
          {t('account.logout')}
        </Button>
      </Card>
    </Flex>
  );
};
