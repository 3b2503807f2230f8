import { randomUUID } from 'node:crypto';
import { WEBHOOK_RETRY_MINUTES } from '@backoffice/shared/webhook.schema';
import { sql } from 'kysely';
import type { Db, Engine } from '../../db/connection';
import { inTransaction } from '../../db/transaction';
import type { Clock } from '../../core/services';
import {
  DELIVERY_TIMEOUT_MS,
  isSuccess,
  sendDelivery,
  type SendOptions,
  type TryOutcome,
} from './webhook-sender';
import type { RowOf } from '../../core/table';
import './webhooks.table';

type DeliveryRow = RowOf<'webhook_deliveries'>;

/** A try holds its delivery this long: past it (the instance died mid-try) another may take it. */
const CLAIM_MS = DELIVERY_TIMEOUT_MS + 50_000;
/** Deliveries one round takes and sends together. */
const BATCH = 10;
/** How often the table is asked for due deliveries when nothing nudged the queue. */
export const POLL_MS = 1000;
/** Finished deliveries (with their tries) stay this long in the log, then go. */
export const KEEP_FINISHED_DAYS = 30;
const PRUNE_EVERY_MS = 3_600_000;

export type DeliveryQueueOptions = SendOptions & {
  db: Db;
  engine: Engine;
  clock: Clock;
  onError?: (error: unknown) => void;
};

export type DeliveryQueue = ReturnType<typeof createDeliveryQueue>;

/** Queues that are running in this process, nudged when a change has queued deliveries. */
const running = new Set<DeliveryQueue>();
export const nudgeRunningQueues = () => {
  for (const queue of running) queue.nudge();
};

const iso = (date: Date) => date.toISOString();

/**
 * The server's own delivery queue: deliveries live in `webhook_deliveries` (written with the
 * change that caused them), and every instance polls the table for those that are due. A
 * delivery is taken by one statement that marks it with this try's claim, so of several
 * instances exactly one sends each try; a failed try is due again after 1, 5, 30, 120 and 360
 * minutes, read from the table, so a restart loses nothing.
 */
export const createDeliveryQueue = (options: DeliveryQueueOptions) => {
  const { db, engine, clock } = options;
  let timer: NodeJS.Timeout | undefined;
  let started = false;
  let round: Promise<number> | undefined;
  let again = false;
  let prunedAt = 0;

  /** Takes up to `limit` due deliveries for one try; no other instance can take them meanwhile. */
  const claimDue = async (limit: number): Promise<{ rows: DeliveryRow[]; claim: string }> => {
    const at = clock.now();
    const claim = randomUUID();
    const due = sql`status = 'pending' and next_attempt_at <= ${iso(at)}
      and (claimed_until is null or claimed_until < ${iso(at)})`;
    // On PostgreSQL the candidates are locked as they are chosen and those another instance is
    // taking are skipped; the condition is checked again on the row being updated. On SQLite
    // the statement runs under the database's one write lock.
    const { rows } = await sql<DeliveryRow>`update webhook_deliveries
      set claim = ${claim}, claimed_until = ${iso(new Date(at.getTime() + CLAIM_MS))}
      where id in (select id from webhook_deliveries where ${due}
        order by next_attempt_at, id limit ${limit}
        ${engine === 'postgres' ? sql`for update skip locked` : sql``})
      and ${due}
      returning *`.execute(db);
    return { rows, claim };
  };

  /** Records one try and what follows (done, due again later, or given up), if the claim still holds. */
  const finish = async (row: DeliveryRow, claim: string, outcome: TryOutcome) => {
    const at = clock.now();
    const attempt = row.attempts + 1;
    const ok = isSuccess(outcome);
    const last = attempt >= row.max_attempts;
    const wait = WEBHOOK_RETRY_MINUTES[attempt - 1];
    await inTransaction(db, engine, async (tx) => {
      const updated = await tx
        .updateTable('webhook_deliveries')
        .set({
          attempts: attempt,
          status: ok ? 'delivered' : last || wait === undefined ? 'failed' : 'pending',
          next_attempt_at:
            ok || last || wait === undefined ? null : iso(new Date(at.getTime() + wait * 60_000)),
          claim: null,
          claimed_until: null,
          updated_at: iso(at),
        })
        .where('id', '=', row.id)
        .where('claim', '=', claim)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) return;
      await tx
        .insertInto('webhook_tries')
        .values({ delivery_id: row.id, attempt, at: iso(at), ...outcome })
        .execute();
    });
  };

  /** One try of a delivery this instance has claimed. */
  const deliver = async (row: DeliveryRow, claim: string) => {
    const webhook = await db
      .selectFrom('webhooks')
      .select(['url', 'secret', 'enabled'])
      .where('id', '=', row.webhook_id)
      .executeTakeFirst();
    if (!webhook) return;
    const outcome: TryOutcome = webhook.enabled
      ? await sendDelivery(
          {
            url: webhook.url,
            body: row.body,
            secret: webhook.secret,
            event: row.event,
            eventId: row.event_id,
          },
          options,
        )
      : // switched off since the change: its deliveries stop here
        { status_code: null, error: 'disabled', duration_ms: 0 };
    await finish(
      webhook.enabled ? row : { ...row, max_attempts: row.attempts + 1 },
      claim,
      outcome,
    );
  };

  /** Sends every due delivery, a batch at a time; answers how many tries were made. */
  const runRound = async () => {
    let tries = 0;
    for (;;) {
      const { rows, claim } = await claimDue(BATCH);
      if (rows.length === 0) return tries;
      await Promise.all(rows.map((row) => deliver(row, claim)));
      tries += rows.length;
    }
  };

  const schedule = (ms: number) => {
    if (!started) return;
    clearTimeout(timer);
    timer = setTimeout(() => void tick(), ms);
    timer.unref();
  };

  const tick = async () => {
    try {
      if (clock.now().getTime() - prunedAt >= PRUNE_EVERY_MS) {
        prunedAt = clock.now().getTime();
        await queue.prune();
      }
      await queue.runOnce();
    } catch (error) {
      options.onError?.(error);
    }
    schedule(POLL_MS);
  };

  const queue = {
    /** One round now (a round already running is followed by another); answers its tries. */
    async runOnce(): Promise<number> {
      if (round) {
        again = true;
        return round;
      }
      round = (async () => {
        let tries = 0;
        do {
          again = false;
          tries += await runRound();
        } while (again);
        return tries;
      })();
      try {
        return await round;
      } finally {
        round = undefined;
      }
    },
    /** Removes finished deliveries older than KEEP_FINISHED_DAYS (the log would grow forever). */
    async prune() {
      const before = new Date(clock.now().getTime() - KEEP_FINISHED_DAYS * 86_400_000);
      const removed = await db
        .deleteFrom('webhook_deliveries')
        .where('status', '<>', 'pending')
        .where('updated_at', '<', iso(before))
        .executeTakeFirst();
      return Number(removed.numDeletedRows);
    },
    /** Sends a delivery this instance made already claimed (the "send test" button). */
    deliver: async (row: DeliveryRow, claim: string) => deliver(row, claim),
    start(pollMs = POLL_MS) {
      if (started) return;
      started = true;
      running.add(queue);
      schedule(Math.min(pollMs, POLL_MS));
    },
    /** Something was queued: look soon rather than at the next poll. */
    nudge() {
      schedule(50);
    },
    async stop() {
      started = false;
      running.delete(queue);
      clearTimeout(timer);
      await round?.catch(() => undefined);
    },
  };
  return queue;
};

export const claimFor = (at: Date) => ({
  claim: randomUUID(),
  claimed_until: iso(new Date(at.getTime() + CLAIM_MS)),
});
