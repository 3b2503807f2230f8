import type { WebhookDelivery, WebhookTry } from '@backoffice/shared/webhook.schema';
import { readReportPage } from '../../core/list-engine';
import { notFound } from '../../core/errors';
import type { Db } from '../../db/connection';
import './webhooks.table';

const triesOf = async (db: Db, deliveryIds: number[]) => {
  const tries = new Map<number, WebhookTry[]>();
  if (deliveryIds.length === 0) return tries;
  const rows = await db
    .selectFrom('webhook_tries')
    .select(['delivery_id', 'attempt', 'at', 'status_code', 'error', 'duration_ms'])
    .where('delivery_id', 'in', deliveryIds)
    .orderBy('delivery_id')
    .orderBy('attempt')
    .execute();
  for (const { delivery_id, ...item } of rows) {
    const list = tries.get(delivery_id) ?? [];
    list.push({
      ...item,
      status_code: item.status_code === null ? null : Number(item.status_code),
    });
    tries.set(delivery_id, list);
  }
  return tries;
};

const deliveryColumns = [
  'id',
  'webhook_id',
  'event',
  'event_id',
  'status',
  'attempts',
  'next_attempt_at',
  'created_at',
  'updated_at',
] as const;

/** Deliveries as answered: each with every try made so far, in order. */
const withTries = async (
  db: Db,
  rows: Array<Omit<WebhookDelivery, 'tries'>>,
): Promise<WebhookDelivery[]> => {
  const tries = await triesOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({ ...row, tries: tries.get(row.id) ?? [] }));
};

/** `GET /webhooks/{id}/deliveries`: the newest first, each with its tries. */
export const listDeliveries = async (
  db: Db,
  webhookId: number,
  query: { page?: number; limit?: number },
) => {
  const webhook = await db
    .selectFrom('webhooks')
    .select('id')
    .where('id', '=', webhookId)
    .executeTakeFirst();
  if (!webhook) throw notFound();
  return readReportPage(
    query,
    async ({ limit, offset }) =>
      withTries(
        db,
        await db
          .selectFrom('webhook_deliveries')
          .select(deliveryColumns)
          .where('webhook_id', '=', webhookId)
          .orderBy('id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
      ),
    async () =>
      Number(
        (
          await db
            .selectFrom('webhook_deliveries')
            .select((eb) => eb.fn.countAll<number | string>().as('n'))
            .where('webhook_id', '=', webhookId)
            .executeTakeFirstOrThrow()
        ).n,
      ),
  );
};

/** One delivery as answered. */
export const showDelivery = async (db: Db, id: number) => {
  const row = await db
    .selectFrom('webhook_deliveries')
    .select(deliveryColumns)
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return (await withTries(db, [row]))[0]!;
};
