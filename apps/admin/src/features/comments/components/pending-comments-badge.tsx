import { useQuery } from '@tanstack/react-query';
import { Badge } from 'antd';
import { useTranslation } from 'react-i18next';
import { pendingCommentsQuery } from '../api/comments-api';

/**
 * The number of comments waiting for approval, next to the sidebar entry. Drawn only for those
 * who moderate (the badge's permission in `resource.ts`).
 */
export const PendingCommentsBadge = () => {
  const { t } = useTranslation('comments');
  const count = useQuery({ ...pendingCommentsQuery, refetchInterval: 60_000 });
  if (!count.data) return null;
  return (
    <Badge
      count={count.data}
      overflowCount={999}
      size="small"
      style={{ marginInlineStart: 8 }}
      aria-label={t('pendingCount', { count: count.data })}
      data-testid="comments-pending-badge"
    />
  );
};
