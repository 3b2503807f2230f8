import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNotices } from '../../../components/notices';
import { ResourceForm } from '../../../components/resource-form';
import { emitAppEvent } from '../../../lib/events';
import { getProfileQueryOptions } from '../../../lib/profile';
import { setPasswordChangeRequired } from '../../../lib/session-state';
import { clearTokens } from '../../../lib/storage';
import { changePassword, changePasswordInputSchema } from '../api/change-password';
import { signIn } from '../api/login';
import { rememberSignIn } from '../sign-in-memory';

type Props = {
  userId: string | number;
  /** Used to sign in again: a password change ends the current session. */
  email?: string;
  currentPassword?: string;
  onDone?: () => void;
  onCancel?: () => void;
};

export const ChangePasswordForm = ({ userId, email, currentPassword, onDone, onCancel }: Props) => {
  const { t } = useTranslation('auth');
  const notices = useNotices();
  const queryClient = useQueryClient();
  return (
    <ResourceForm
      id="change-password"
      schema={changePasswordInputSchema}
      initialValues={currentPassword ? { current_password: currentPassword } : undefined}
      fields={[
        { name: 'current_password', label: t('password.current'), kind: 'password' },
        { name: 'new_password', label: t('password.new'), kind: 'password' },
        { name: 'confirm_password', label: t('password.confirm'), kind: 'password' },
      ]}
      submitLabel={t('password.submit')}
      onCancel={onCancel}
      onSubmit={async (values) => {
        await changePassword(userId, values);
        notices.success(t('password.changed'));
        setPasswordChangeRequired(false);
        try {
          if (!email) throw new Error('no email to sign in with');
          await signIn({ email, password: values.new_password });
          rememberSignIn(email, values.new_password);
          await queryClient.invalidateQueries({ queryKey: getProfileQueryOptions().queryKey });
        } catch {
          clearTokens();
          emitAppEvent({ type: 'signed-out', reason: 'logout' });
        }
      }}
      onDone={onDone}
    />
  );
};
