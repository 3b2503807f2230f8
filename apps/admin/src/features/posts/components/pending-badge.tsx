import { useQuery } from '@tanstack/react-query';
import { Badge } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePermissions } from '../../../lib/profile';
import { pendingCount, pendingCountKey } from '../api/posts-api';

/** The number of posts waiting for approval, next to the sidebar entry: for those who approve. */
export const PendingBadge = () => {
  const { t } = useTranslation('posts');
  const approver = usePermissions().can('posts.approve');
  const count = useQuery({
    queryKey: pendingCountKey,
    queryFn: ({ signal }) => pendingCount(signal),
    refetchInterval: 60_000,
    enabled: approver,
  });
  if (!approver || !count.data) return null;
  return (
    <Badge
      count={count.data}
      overflowCount={999}
      size="small"
      style={{ marginInlineStart: 8 }}
      aria-label={t('list.pendingCount', { count: count.data })}
    />
  );
};
