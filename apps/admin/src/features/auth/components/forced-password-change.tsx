import { Alert, Button, Card, Flex, theme, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { usePageTitle } from '../../../components/use-page-title';
import { useProfile } from '../../../lib/profile';
import { tokenSubject } from '../../../lib/storage';
import { useLogout } from '../api/logout';
import { recallSignIn } from '../sign-in-memory';
import { ChangePasswordForm } from './change-password-form';

/** The only screen of a user who must change the password. */
export const ForcedPasswordChange = () => {
  const { t } = useTranslation('auth');
  const { data: profile } = useProfile();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const logout = useLogout();
  const remembered = recallSignIn();
  const userId = profile?.id ?? tokenSubject();
  const email = profile?.email ?? remembered?.email;
  const { token } = theme.useToken();
  usePageTitle(t('password.requiredTitle'));

  return (
    <Flex
      justify="center"
      align="center"
      style={{ minHeight: '100vh', padding: 16, background: token.colorBgLayout }}
    >
      <Card
        style={{ width: '100%', maxWidth: 440 }}
        data-testid="forced-password-change"
        role="main"
      >
        <Typography.Title level={1} style={{ fontSize: 24, marginTop: 0 }}>
          {t('password.requiredTitle')}
        </Typography.Title>
        <Alert
          type="warning"
          showIcon
          title={t('password.requiredText')}
          style={{ marginBottom: 16 }}
        />
        {userId ? (
          <ChangePasswordForm
            userId={userId}
            email={email}
            currentPassword={remembered?.password}
            onDone={() => {
              void queryClient.invalidateQueries();
              void navigate(params.get('redirect') ?? '/dashboard', { replace: true });
            }}
          />
        ) : (
          <Alert type="error" title={t('password.noUser')} />
        )}
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
