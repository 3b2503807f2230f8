import { SHOP_TIME_ZONE } from '@backoffice/shared/shop-time';
import { EXPIRY_ALERT_DAYS, LOW_STOCK_DEFAULT } from '@backoffice/shared/warehouse-change.schema';
import { sql, type RawBuilder } from 'kysely';
import type { Engine } from '../../db/connection';
import type { Db } from '../../db/connection';
import { countKey } from '../../core/list-engine';
import { addDays } from '../../core/shop-days';
import '../orders/orders.table';
import '../posts/posts.table';
import '../comments/comments.table';
import '../feedback/feedback.table';
import '../warehouse-changes/warehouse-changes.table';

/** A stored time's day in the shop (Vietnam, UTC+7 all year), `YYYY-MM-DD`. */
const shopDayOf = (engine: Engine, column: string): RawBuilder<string> =>
  engine === 'postgres'
    ? sql<string>`to_char(${sql.ref(column)} at time zone ${sql.lit(SHOP_TIME_ZONE)}, 'YYYY-MM-DD')`
    : sql<string>`substr(datetime(${sql.ref(column)}, '+7 hours'), 1, 10)`;

/** An instant range, `[start, end)`, as stored times are written. */
export type Span = { start: string; end: string };

/** Orders created in the span, per shop day and status: their number and money. */
export const ordersByDayAndStatus = (db: Db, engine: Engine, span: Span) =>
  db
    .selectFrom('orders')
    .select((eb) => [
      shopDayOf(engine, 'created_at').as('day'),
      'status',
      eb.fn.countAll<number | string>().as('n'),
      eb.fn.sum<number | string>('total').as('money'),
    ])
    .where('created_at', '>=', span.start)
    .where('created_at', '<', span.end)
    .groupBy([shopDayOf(engine, 'created_at'), 'status'])
    .execute();

/** Orders created in the span: their number, and the money of those delivered. */
export const ordersIn = async (db: Db, span: Span) => {
  const row = await db
    .selectFrom('orders')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('n'),
      sql<
        number | string | null
      >`sum(case when ${sql.ref('status')} = 'delivered' then ${sql.ref('total')} else 0 end)`.as(
        'revenue',
      ),
    ])
    .where('created_at', '>=', span.start)
    .where('created_at', '<', span.end)
    .executeTakeFirstOrThrow();
  return { count: Number(row.n), revenue: Number(row.revenue ?? 0) };
};

/** The products that sold most (units) in delivered orders created in the span. */
export const topProducts = async (db: Db, span: Span, limit: number) => {
  const rows = await db
    .selectFrom('order_items as i')
    .innerJoin('orders as o', 'o.id', 'i.order_id')
    .leftJoin('posts as p', 'p.id', 'i.post_id')
    .select((eb) => [
      'i.post_id',
      eb.fn.max('i.title').as('line_title'),
      eb.fn.max('p.title').as('title'),
      eb.fn.max('p.type_id').as('type_id'),
      eb.fn.sum<number | string>('i.quantity').as('quantity'),
      eb.fn.sum<number | string>('i.total').as('revenue'),
    ])
    .where('o.status', '=', 'delivered')
    .where('o.created_at', '>=', span.start)
    .where('o.created_at', '<', span.end)
    .groupBy('i.post_id')
    .orderBy(sql`sum(${sql.ref('i.quantity')})`, 'desc')
    .orderBy('i.post_id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    post_id: Number(row.post_id),
    type_id: row.type_id == null ? null : Number(row.type_id),
    // a product deleted since keeps the title it was sold under
    title: row.title ?? row.line_title ?? '',
    quantity: Number(row.quantity),
    revenue: Number(row.revenue),
  }));
};

/** Product levels at or under the low-stock mark (those that ever received units). */
export const lowStockCount = async (db: Db) =>
  Number(
    (
      await db
        .selectFrom('stock_levels')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('imported', '>', 0)
        .where('in_stock', '<=', LOW_STOCK_DEFAULT)
        .executeTakeFirstOrThrow()
    ).n,
  );

/** Lots with units left that expire within the alert days of `today` (or have expired). */
export const expiringLotsCount = async (db: Db, today: string) =>
  Number(
    (
      await db
        .selectFrom('stock_lots')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('remaining', '>', 0)
        .where('expiry_sort', '<=', addDays(today, EXPIRY_ALERT_DAYS))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** A maintained count (`row_counts`): posts by status, feedback by status. */
const maintained = async (db: Db, table: string, values: Record<string, unknown>) =>
  Number(
    (
      await db
        .selectFrom('row_counts')
        .select('n')
        .where('table_name', '=', countKey(table, values))
        .executeTakeFirst()
    )?.n ?? 0,
  );

export const pendingPostsCount = (db: Db) => maintained(db, 'posts', { status: 'pending' });

export const openFeedbackCount = (db: Db) => maintained(db, 'feedback', { status: 'none' });

/** Comments waiting for approval, whenever they were written: what the moderator has to do. */
export const pendingCommentsCount = async (db: Db) =>
  Number(
    (
      await db
        .selectFrom('comments')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('status', '=', 'pending')
        .executeTakeFirstOrThrow()
    ).n,
  );
