import { ORDER_STATUSES } from '@backoffice/shared/order.schema';
import { Card, Empty, Flex, Skeleton } from 'antd';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters, useMoney } from '../../../lib/format';
import { usePreferences } from '../../../lib/preferences';
import type { Dashboard } from '../api/dashboard-api';

const EChart = lazy(() => import('./echart'));

const STATUS_COLORS: Record<string, string> = {
  new: '#1677ff',
  processing: '#13c2c2',
  delivery: '#faad14',
  delivered: '#52c41a',
  canceled: '#ff4d4f',
};

/** A chart's card; with `empty`, that sentence instead of a chart with nothing to draw. */
const ChartCard = ({
  title,
  height,
  empty,
  children,
}: {
  title: string;
  height: number;
  empty?: string;
  children: React.ReactNode;
}) => (
  <Card title={title} size="small" style={{ height: '100%' }}>
    {empty ? (
      <Flex align="center" justify="center" style={{ height }}>
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />
      </Flex>
    ) : (
      <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height }} />}>
        {children}
      </Suspense>
    )}
  </Card>
);

/** Revenue (delivered orders) and orders per day of the range. */
export const RevenueChart = ({ days }: { days: NonNullable<Dashboard['revenue_by_day']> }) => {
  const { t } = useTranslation('dashboard');
  const { theme } = usePreferences();
  const money = useMoney();
  const format = useFormatters();
  const option = useMemo(
    () => ({
      tooltip: { trigger: 'axis' },
      legend: { top: 0, data: [t('charts.revenue'), t('charts.orders')] },
      grid: { left: 8, right: 8, top: 36, bottom: 8, containLabel: true },
      xAxis: {
        type: 'category',
        data: days.map((day) => format.date(day.date)),
      },
      yAxis: [
        {
          type: 'value',
          // whole đồng: small amounts must not be split into ticks that all read "0 đ"
          minInterval: 1,
          axisLabel: { formatter: (value: number) => money(value) },
        },
        { type: 'value', minInterval: 1, splitLine: { show: false } },
      ],
      series: [
        {
          name: t('charts.revenue'),
          type: 'bar',
          data: days.map((day) => day.revenue),
          itemStyle: { color: '#52c41a' },
          tooltip: { valueFormatter: (value: number) => money(value) },
        },
        {
          name: t('charts.orders'),
          type: 'line',
          yAxisIndex: 1,
          data: days.map((day) => day.orders),
          itemStyle: { color: '#1677ff' },
        },
      ],
    }),
    [days, t, money, format],
  );
  const total = days.reduce((sum, day) => sum + day.revenue, 0);
  const none = days.every((day) => day.revenue === 0 && day.orders === 0);
  return (
    <ChartCard
      title={t('charts.revenueByDay')}
      height={280}
      empty={none ? t('charts.empty') : undefined}
    >
      <div data-testid="revenue-chart">
        <EChart
          option={option}
          theme={theme}
          height={280}
          label={t('charts.revenueLabel', { days: days.length, total: money(total) })}
        />
      </div>
    </ChartCard>
  );
};

/** Orders of the range by status; a slice leads to the orders of that status. */
export const StatusChart = ({
  byStatus,
  onStatus,
}: {
  byStatus: Record<string, number>;
  onStatus?: (status: string) => void;
}) => {
  const { t } = useTranslation(['dashboard', 'commerce']);
  const { theme } = usePreferences();
  const names = useMemo(
    () =>
      Object.fromEntries(
        ORDER_STATUSES.map((status) => [t(`commerce:orders.statuses.${status}`), status]),
      ),
    [t],
  );
  const option = useMemo(
    () => ({
      tooltip: { trigger: 'item' },
      legend: { bottom: 0 },
      series: [
        {
          type: 'pie',
          radius: ['45%', '70%'],
          center: ['50%', '45%'],
          label: { show: false },
          data: ORDER_STATUSES.map((status) => ({
            name: t(`commerce:orders.statuses.${status}`),
            value: byStatus[status] ?? 0,
            itemStyle: { color: STATUS_COLORS[status] },
          })),
        },
      ],
    }),
    [byStatus, t],
  );
  const label = ORDER_STATUSES.map(
    (status) => `${t(`commerce:orders.statuses.${status}`)}: ${byStatus[status] ?? 0}`,
  ).join(', ');
  // A ring of zeros would be drawn as equal slices, as if each status had orders.
  const none = ORDER_STATUSES.every((status) => !byStatus[status]);
  return (
    <ChartCard
      title={t('charts.byStatus')}
      height={280}
      empty={none ? t('charts.empty') : undefined}
    >
      <div data-testid="status-chart">
        <EChart
          option={option}
          theme={theme}
          height={280}
          label={label}
          onClick={onStatus ? (name) => names[name] && onStatus(names[name]) : undefined}
        />
      </div>
    </ChartCard>
  );
};
