import { useTranslation } from 'react-i18next';
import { WaitingCountBadge } from '../../../components/waiting-count-badge';
import { pendingCommentsQuery } from '../api/comments-api';

/**
 * The number of comments waiting for approval, next to the sidebar entry. Drawn only for those
 * who moderate (the badge's permission in `resource.ts`).
 */
export const PendingCommentsBadge = () => {
  const { t } = useTranslation('comments');
  return (
    <WaitingCountBadge
      query={pendingCommentsQuery}
      label={(count) => t('pendingCount', { count })}
      testId="comments-pending-badge"
    />
  );
};
