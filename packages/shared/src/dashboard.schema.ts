import { z } from 'zod';
import { ORDER_STATUSES, type OrderStatus } from './order.schema';
import { isoDate } from './schema-kit';

/** The longest range a dashboard reads: a year and a day, so a leap year fits whole. */
export const DASHBOARD_MAX_DAYS = 366;

const day = () => isoDate().max(10).meta({ maxLength: 10 });

/** `GET /dashboard?from=&to=`: days in the shop's time zone, both included (default: this month). */
export const dashboardQuerySchema = z.strictObject({
  from: day().optional(),
  to: day().optional(),
});

const money = z.number().int();

/**
 * What the dashboard shows. Each figure is there only for a reader who may see the list it
 * summarizes (orders: `orders.list`; stock and lots: `manage-warehouses`; pending posts:
 * `posts.list`; comments: `comments.list`; feedback: `feedback.list`): absent, never zero.
 */
export const dashboardRecordSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** The shop's today, the day `orders.today` counts. */
  today: z.string(),
  orders: z
    .object({
      /** Orders created in the range; revenue is the total of those delivered. */
      count: z.number().int(),
      revenue: money,
      by_status: z.object(
        Object.fromEntries(ORDER_STATUSES.map((status) => [status, z.number().int()])) as Record<
          OrderStatus,
          z.ZodNumber
        >,
      ),
      today: z.object({ count: z.number().int(), revenue: money }),
    })
    .optional(),
  revenue_by_day: z
    .array(z.object({ date: z.string(), orders: z.number().int(), revenue: money }))
    .optional(),
  top_products: z
    .array(
      z.object({
        post_id: z.number().int(),
        type_id: z.number().int().nullable(),
        title: z.string(),
        quantity: z.number().int(),
        revenue: money,
      }),
    )
    .optional(),
  low_stock: z.number().int().optional(),
  expiring_lots: z.number().int().optional(),
  pending_posts: z.number().int().optional(),
  new_comments: z.number().int().optional(),
  open_feedback: z.number().int().optional(),
});

export type Dashboard = z.infer<typeof dashboardRecordSchema>;
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;
