import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { Badge } from 'antd';

/**
 * How many records wait for someone (posts to approve, comments to moderate), beside a sidebar
 * entry; asked again every minute, and drawn only when some wait.
 */
export const WaitingCountBadge = ({
  query,
  label,
  testId,
}: {
  query: UseQueryOptions<number, Error, number, readonly unknown[]>;
  /** What a screen reader says of it, in the reader's language. */
  label: (count: number) => string;
  testId?: string;
}) => {
  const count = useQuery({ ...query, refetchInterval: 60_000 });
  if (!count.data) return null;
  return (
    <Badge
      count={count.data}
      overflowCount={999}
      size="small"
      style={{ marginInlineStart: 8 }}
      aria-label={label(count.data)}
      data-testid={testId}
    />
  );
};
