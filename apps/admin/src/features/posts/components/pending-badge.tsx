import { useTranslation } from 'react-i18next';
import { WaitingCountBadge } from '../../../components/waiting-count-badge';
import { pendingCountQuery } from '../api/posts-api';

/**
 * The number of posts waiting for approval, next to the sidebar entry. Drawn only for those who
 * approve (the badge's permission in `resource.ts`).
 */
export const PendingBadge = () => {
  const { t } = useTranslation('posts');
  return (
    <WaitingCountBadge
      query={pendingCountQuery}
      label={(count) => t('list.pendingCount', { count })}
    />
  );
};
