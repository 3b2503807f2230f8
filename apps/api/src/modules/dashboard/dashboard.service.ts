import {
  DASHBOARD_MAX_DAYS,
  type Dashboard,
  type DashboardQuery,
} from '@backoffice/shared/dashboard.schema';
import { ORDER_STATUSES, type OrderStatus } from '@backoffice/shared/order.schema';
import type { Permission } from '@backoffice/shared/permissions';
import { holds } from '../../core/auth/guard';
import type { ServiceContext } from '../../core/context';
import { invalid } from '../../core/errors';
import { addDays, dayStart, daysBetween, nextDayStart, shopDay } from '../../core/shop-days';
import {
  pendingCommentsCount,
  expiringLotsCount,
  lowStockCount,
  openFeedbackCount,
  ordersByDayAndStatus,
  ordersIn,
  pendingPostsCount,
  topProducts,
  type Span,
} from './dashboard.repository';

const TOP_PRODUCTS = 5;

/** The range asked for, or this month up to today in the shop's calendar. */
const rangeOf = (query: DashboardQuery, today: string) => {
  const from = query.from ?? (query.to ? query.to.slice(0, 8) + '01' : today.slice(0, 8) + '01');
  const to = query.to ?? (query.from && query.from > today ? query.from : today);
  if (to < from) throw invalid({ to: 'dashboard.range_order' });
  if (addDays(from, DASHBOARD_MAX_DAYS - 1) < to) throw invalid({ to: 'dashboard.range_too_long' });
  return { from, to };
};

const spanOf = (from: string, to: string): Span => ({
  start: dayStart(from),
  end: nextDayStart(to),
});

/** The orders' figures of the range: by status, per day, and the range's totals. */
const orderFigures = async (ctx: ServiceContext, from: string, to: string) => {
  const rows = await ordersByDayAndStatus(ctx.db, ctx.engine, spanOf(from, to));
  const byStatus = Object.fromEntries(ORDER_STATUSES.map((status) => [status, 0])) as Record<
    OrderStatus,
    number
  >;
  const days = new Map(
    daysBetween(from, to).map((date) => [date, { date, orders: 0, revenue: 0 }]),
  );
  let count = 0;
  let revenue = 0;
  for (const row of rows) {
    const n = Number(row.n);
    const money = row.status === 'delivered' ? Number(row.money ?? 0) : 0;
    byStatus[row.status] += n;
    count += n;
    revenue += money;
    const day = days.get(row.day);
    if (day) {
      day.orders += n;
      day.revenue += money;
    }
  }
  return { count, revenue, byStatus, byDay: [...days.values()] };
};

/**
 * The dashboard of one reader: each figure is read only when the reader may see the list it
 * summarizes, and left out otherwise (a figure someone may not see is absent, never zero).
 */
export const readDashboard = async (
  ctx: ServiceContext,
  query: DashboardQuery,
): Promise<Dashboard> => {
  const today = shopDay(ctx.clock.now());
  const { from, to } = rangeOf(query, today);
  const may = (permission: Permission) => !!ctx.actor && holds(ctx.actor, permission);
  const span = spanOf(from, to);
  const dashboard: Dashboard = { from, to, today };
  const work: Array<Promise<void>> = [];
  if (may('orders.list'))
    work.push(
      (async () => {
        const [figures, ofToday, top] = await Promise.all([
          orderFigures(ctx, from, to),
          ordersIn(ctx.db, spanOf(today, today)),
          topProducts(ctx.db, span, TOP_PRODUCTS),
        ]);
        dashboard.orders = {
          count: figures.count,
          revenue: figures.revenue,
          by_status: figures.byStatus,
          today: ofToday,
        };
        dashboard.revenue_by_day = figures.byDay;
        dashboard.top_products = top;
      })(),
    );
  if (may('manage-warehouses'))
    work.push(
      (async () => {
        const [low, expiring] = await Promise.all([
          lowStockCount(ctx.db),
          expiringLotsCount(ctx.db, today),
        ]);
        dashboard.low_stock = low;
        dashboard.expiring_lots = expiring;
      })(),
    );
  if (may('posts.list'))
    work.push(pendingPostsCount(ctx.db).then((n) => void (dashboard.pending_posts = n)));
  if (may('comments.list'))
    work.push(pendingCommentsCount(ctx.db).then((n) => void (dashboard.new_comments = n)));
  if (may('feedback.list'))
    work.push(openFeedbackCount(ctx.db).then((n) => void (dashboard.open_feedback = n)));
  await Promise.all(work);
  return dashboard;
};
