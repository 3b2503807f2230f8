import { Divider, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { SessionsTable } from '../../../components/sessions-table';
import { useNotices } from '../../../components/notices';
import type { Profile } from '../../../lib/profile';
import { useEndMySession, useMySessions } from '../api/sessions';
import { TwoFactorPanel } from './two-factor-panel';

/** The account drawer's security tab: two-factor sign-in and one's sessions. */
export const AccountSecurity = ({ profile }: { profile: Profile }) => {
  const { t } = useTranslation('auth');
  const notices = useNotices();
  const sessions = useMySessions();
  const end = useEndMySession();
  return (
    <>
      <TwoFactorPanel enabled={profile.two_factor.enabled} />
      <Divider />
      <Typography.Title level={3} style={{ fontSize: 16 }}>
        {t('common:sessions.title')}
      </Typography.Title>
      <SessionsTable
        ariaLabel={t('common:sessions.title')}
        sessions={sessions.data}
        loading={sessions.isPending}
        onEnd={(session) =>
          end
            .mutateAsync(session.id)
            .then(() => notices.success(t('common:sessions.ended')))
            .catch((error: unknown) => notices.error(error))
        }
      />
    </>
  );
};
