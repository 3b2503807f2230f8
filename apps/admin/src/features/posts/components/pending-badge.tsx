import { useQuery } from '@tanstack/react-query';
import { Badge } from 'antd';
import { useTranslation } from 'react-i18next';
import { pendingCountQuery } from '../api/posts-api';

/**
 * The number of posts waiting for approval, next to the sidebar entry. Drawn only for those who
 * approve (the badge's permission in `resource.ts`).
 */
export const PendingBadge = () => {
  const { t } = useTranslation('posts');
  const count = useQuery({ ...pendingCountQuery, refetchInterval: 60_000 });
  if (!count.data) return null;
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
