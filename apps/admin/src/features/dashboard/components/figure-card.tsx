import { Card, Statistic } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** One figure of the dashboard; the whole card leads to the list it counts, filtered. */
export const FigureCard = ({
  title,
  value,
  to,
  testId,
  warn = false,
}: {
  title: string;
  value: ReactNode;
  /** The filtered list the figure counts (none when the reader may not open it). */
  to?: string;
  testId: string;
  /** Drawn in the warning colour (stock running out, lots expiring). */
  warn?: boolean;
}) => {
  const body = (
    <Card hoverable={Boolean(to)} size="small" data-testid={testId} style={{ height: '100%' }}>
      <Statistic
        title={title}
        value={value as never}
        valueStyle={warn ? { color: 'var(--ant-color-warning)' } : undefined}
      />
    </Card>
  );
  return to ? (
    <Link
      to={to}
      aria-label={`${title}: ${String(value)}`}
      style={{ display: 'block', height: '100%' }}
    >
      {body}
    </Link>
  ) : (
    body
  );
};
