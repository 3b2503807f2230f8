import { useQuery } from '@tanstack/react-query';
import { formatCount } from '@backoffice/shared/money';
import { Alert, Card, Col, Empty, Flex, Row, Skeleton, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useFormatters, useMoney } from '../../../lib/format';
import { shopToday } from '../../../lib/greeting';
import { usePermissions, useProfile } from '../../../lib/profile';
import { type Dashboard, dashboardQueryOptions } from '../api/dashboard-api';
import { ShopDatePicker } from '../../../components/shop-date-picker';
import { RevenueChart, StatusChart } from '../components/dashboard-charts';
import { FigureCard } from '../components/figure-card';
import { GettingStarted } from '../components/getting-started';

const DATE = 'YYYY-MM-DD';

/** The shop's greeting and day, kept current while the page stays open. */
const useShopToday = () => {
  const [today, setToday] = useState(() => shopToday(new Date()));
  useEffect(() => {
    const timer = window.setInterval(() => {
      const next = shopToday(new Date());
      setToday((last) => (last.greeting === next.greeting && last.day === next.day ? last : next));
    }, 60_000);
    return () => window.clearInterval(timer);
  }, []);
  return today;
};

/** A list's address with its filters (empty values left out). */
const withQuery = (path: string, query: Record<string, string | undefined>) => {
  const params = new URLSearchParams(
    Object.entries(query).filter((entry): entry is [string, string] => Boolean(entry[1])),
  );
  const text = params.toString();
  return text ? `${path}?${text}` : path;
};

type TopProduct = NonNullable<Dashboard['top_products']>[number];

type Figure = {
  testId: string;
  title: string;
  value: string | number;
  to?: string;
  warn?: boolean;
  /** A quarter of the row on a wide screen (the money and stock figures), else a sixth. */
  wide?: boolean;
  note?: string;
};

/** The figures the reader may see, in the dashboard's order: absent ones are left out. */
const figuresOf = (
  data: Dashboard,
  t: (key: string) => string,
  money: (amount: number) => string,
  ordersLink: (query: Record<string, string | undefined>) => string | undefined,
): Figure[] => {
  const range = { from: data.from, to: data.to };
  const today = { from: data.today, to: data.today };
  const figures: Array<Figure | false | undefined> = [
    data.orders && {
      testId: 'figure-orders-today',
      title: t('figures.ordersToday'),
      value: data.orders.today.count,
      to: ordersLink(today),
      wide: true,
    },
    data.orders && {
      testId: 'figure-revenue-today',
      title: t('figures.revenueToday'),
      value: money(data.orders.today.revenue),
      note: t('figures.revenueNote'),
      to: ordersLink({ status: 'delivered', ...today }),
      wide: true,
    },
    data.orders && {
      testId: 'figure-orders',
      title: t('figures.orders'),
      value: data.orders.count,
      to: ordersLink(range),
      wide: true,
    },
    data.orders && {
      testId: 'figure-revenue',
      title: t('figures.revenue'),
      value: money(data.orders.revenue),
      note: t('figures.revenueNote'),
      to: ordersLink({ status: 'delivered', ...range }),
      wide: true,
    },
    data.pending_posts !== undefined && {
      testId: 'figure-pending-posts',
      title: t('figures.pendingPosts'),
      value: data.pending_posts,
      to: '/posts/pending',
    },
    data.new_comments !== undefined && {
      testId: 'figure-new-comments',
      title: t('figures.newComments'),
      value: data.new_comments,
      to: '/comment?status=pending',
    },
    data.open_feedback !== undefined && {
      testId: 'figure-open-feedback',
      title: t('figures.openFeedback'),
      value: data.open_feedback,
      to: '/feedback?status=none',
    },
    data.low_stock !== undefined && {
      testId: 'figure-low-stock',
      title: t('figures.lowStock'),
      value: data.low_stock,
      warn: data.low_stock > 0,
      to: '/warehouse/stock',
      wide: true,
    },
    data.expiring_lots !== undefined && {
      testId: 'figure-expiring-lots',
      title: t('figures.expiringLots'),
      value: data.expiring_lots,
      warn: data.expiring_lots > 0,
      to: '/warehouse/stock',
      wide: true,
    },
  ];
  return figures.filter((figure): figure is Figure => Boolean(figure));
};

/**
 * /dashboard: the greeting by the shop's hour, then the shop's day for the chosen range (this month
 * by default): orders and revenue today and in the range, revenue per day, orders by status,
 * top products, and what waits (stock, lots, posts, comments, feedback). A figure shows only
 * for readers who may open its list, and leads to that list, filtered.
 */
export const DashboardPage = () => {
  const { t } = useTranslation('dashboard');
  const { data: profile } = useProfile();
  const { can } = usePermissions();
  const format = useFormatters();
  const money = useMoney();
  const navigate = useNavigate();
  const { greeting, day: today } = useShopToday();
  const [search, setSearch] = useSearchParams();
  const range = {
    from: search.get('from') ?? undefined,
    to: search.get('to') ?? undefined,
  };
  const dashboard = useQuery({
    ...dashboardQueryOptions(range),
    placeholderData: (previous) => previous,
  });
  const data = dashboard.data;
  // Every product type's orders in one list; a figure about orders shows only to whom may open it.
  const ordersPath = can('orders.list') ? '/sales/orders' : undefined;
  const ordersLink = (query: Record<string, string | undefined>) =>
    ordersPath ? withQuery(ordersPath, query) : undefined;
  const inRange = data ? { from: data.from, to: data.to } : {};

  return (
    <>
      <Flex justify="space-between" align="flex-start" wrap gap={12}>
        <div>
          <Typography.Title level={1} data-testid="greeting" data-greeting={greeting}>
            {t(`greeting.${greeting}`, { name: profile?.name ?? '' })}
          </Typography.Title>
          <Typography.Paragraph type="secondary">
            {t('today', { date: format.date(today) })}
          </Typography.Paragraph>
        </div>
        <ShopDatePicker.RangePicker
          aria-label={t('range')}
          prefix={t('range')}
          allowClear={false}
          format="DD/MM/YYYY"
          value={data ? [dayjs(data.from, DATE), dayjs(data.to, DATE)] : null}
          onChange={(dates) =>
            setSearch(
              dates?.[0] && dates[1]
                ? { from: dates[0].format(DATE), to: dates[1].format(DATE) }
                : {},
              { replace: true },
            )
          }
          data-testid="dashboard-range"
          // apart from the cards when a narrow screen puts it under the greeting
          style={{ marginBottom: 16 }}
        />
      </Flex>
      {dashboard.error ? (
        <Alert
          type="error"
          showIcon
          message={t('common:notices.loadFailed')}
          style={{ marginBottom: 16 }}
        />
      ) : null}
      {!data ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : (
        <Flex vertical gap={16} data-testid="dashboard">
          <GettingStarted />
          <Row gutter={[16, 16]}>
            {figuresOf(data, t, money, ordersLink).map((figure) => (
              <Col key={figure.testId} xs={12} md={8} xl={figure.wide ? 6 : 4}>
                <FigureCard {...figure} />
              </Col>
            ))}
          </Row>
          {data.revenue_by_day && data.orders ? (
            <Row gutter={[16, 16]}>
              <Col xs={24} xl={16}>
                <RevenueChart days={data.revenue_by_day} />
              </Col>
              <Col xs={24} xl={8}>
                <StatusChart
                  byStatus={data.orders.by_status}
                  onStatus={
                    ordersPath
                      ? (status) => void navigate(withQuery(ordersPath, { status, ...inRange }))
                      : undefined
                  }
                />
              </Col>
            </Row>
          ) : null}
          {data.top_products ? (
            <Card size="small" title={t('topProducts.title')}>
              <Table<TopProduct>
                data-testid="top-products"
                size="small"
                rowKey="post_id"
                pagination={false}
                dataSource={data.top_products}
                locale={{
                  // Ant Design's bare empty text is too faint to read (and fails contrast checks)
                  emptyText: (
                    <Empty
                      image={Empty.PRESENTED_IMAGE_SIMPLE}
                      description={t('topProducts.empty')}
                    />
                  ),
                }}
                columns={[
                  {
                    key: 'title',
                    title: t('topProducts.product'),
                    render: (_, row) =>
                      row.type_id && can('posts.update') ? (
                        <Link to={`/posts/edit/${row.type_id}/${row.post_id}`}>{row.title}</Link>
                      ) : (
                        row.title
                      ),
                  },
                  {
                    key: 'quantity',
                    title: t('topProducts.quantity'),
                    align: 'right',
                    render: (_, row) => formatCount(row.quantity),
                  },
                  {
                    key: 'revenue',
                    title: t('topProducts.revenue'),
                    align: 'right',
                    render: (_, row) => money(row.revenue),
                  },
                ]}
              />
            </Card>
          ) : null}
        </Flex>
      )}
    </>
  );
};
