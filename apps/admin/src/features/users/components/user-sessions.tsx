import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNotices } from '../../../components/notices';
import { SessionsTable } from '../../../components/sessions-table';
import { isApiError } from '../../../lib/api-client';
import { useEndUserSession, useUserSessions } from '../api/user-sessions';

/** A user's sessions, each of which the reader may end (the server checks they may manage the account). */
export const UserSessions = ({ userId }: { userId: number }) => {
  const { t } = useTranslation('common');
  const notices = useNotices();
  const sessions = useUserSessions(userId);
  const end = useEndUserSession(userId);
  // an account the reader may not manage: nothing to show
  if (isApiError(sessions.error) && sessions.error.status === 403) return null;
  return (
    <section style={{ marginTop: 24 }} data-testid="user-sessions">
      <Typography.Title level={3} style={{ fontSize: 16 }}>
        {t('sessions.title')}
      </Typography.Title>
      <SessionsTable
        ariaLabel={t('sessions.title')}
        sessions={sessions.data}
        loading={sessions.isPending}
        onEnd={(session) =>
          end
            .mutateAsync(session.id)
            .then(() => notices.success(t('sessions.ended')))
            .catch((error: unknown) => notices.error(error))
        }
      />
    </section>
  );
};
