import { Card, Statistic, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** One figure of the dashboard; the whole card leads to the list it counts, filtered. */
export const FigureCard = ({
  title,
  value,
  to,
  testId,
  warn = false,
  note,
}: {
  title: string;
  value: ReactNode;
  /** What the figure counts, where its title alone could mislead (revenue: delivered orders). */
  note?: string;
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
      {note ? (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {note}
        </Typography.Text>
      ) : null}
    </Card>
  );
  return to ? (
    <Link
      to={to}
      aria-label={`${title}: ${String(value)}${note ? ` (${note})` : ''}`}
      style={{ display: 'block', height: '100%' }}
    >
      {body}
    </Link>
  ) : (
    body
  );
};
