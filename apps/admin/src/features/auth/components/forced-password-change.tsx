import { Alert } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useProfile } from '../../../lib/profile';
import { tokenSubject } from '../../../lib/storage';
import { recallSignIn } from '../sign-in-memory';
import { ChangePasswordForm } from './change-password-form';
import { RequiredStepScreen } from './required-step-screen';

/** The only screen of a user who must change the password. */
export const ForcedPasswordChange = () => {
  const { t } = useTranslation('auth');
  const { data: profile } = useProfile();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const remembered = recallSignIn();
  const userId = profile?.id ?? tokenSubject();
  const email = profile?.email ?? remembered?.email;

  return (
    <RequiredStepScreen
      title={t('password.requiredTitle')}
      reason={t('password.requiredText')}
      width={440}
      testId="forced-password-change"
    >
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
    </RequiredStepScreen>
  );
};
