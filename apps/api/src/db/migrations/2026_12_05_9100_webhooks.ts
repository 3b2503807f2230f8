import { sql } from 'kysely';
import {
  jsonType,
  timestampType,
  withId,
  withTimestamps,
  type MigrationDb,
} from '../migration-kit';

/**
 * Webhooks, and their deliveries kept in the database: a delivery is written in the same
 * transaction as the change that caused it, so it is sent only once that change commits, and a
 * retry that is due survives a restart. `claim`/`claimed_until` let one instance of several
 * take a delivery at a time.
 */
export const up = async (db: MigrationDb) => {
  await withTimestamps(
    db,
    withId(db, db.schema.createTable('webhooks'))
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('events', jsonType(db), (c) => c.notNull())
      .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
      .addColumn('secret', 'text', (c) => c.notNull()),
  ).execute();
  await db.schema
    .createIndex('webhooks_created_at')
    .on('webhooks')
    .columns(['created_at', 'id'])
    .execute();

  await withTimestamps(
    db,
    withId(db, db.schema.createTable('webhook_deliveries'))
      .addColumn('webhook_id', 'integer', (c) =>
        c.notNull().references('webhooks.id').onDelete('cascade'),
      )
      .addColumn('event', 'text', (c) => c.notNull())
      .addColumn('event_id', 'text', (c) => c.notNull())
      // the exact bytes that are signed and sent, the same on every try
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) =>
        c.notNull().check(sql`status in ('pending', 'delivered', 'failed')`),
      )
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('max_attempts', 'integer', (c) => c.notNull())
      .addColumn('next_attempt_at', timestampType(db))
      .addColumn('claim', 'text')
      .addColumn('claimed_until', timestampType(db)),
  ).execute();
  // the queue's question: which pending deliveries are due
  await db.schema
    .createIndex('webhook_deliveries_due')
    .on('webhook_deliveries')
    .columns(['status', 'next_attempt_at'])
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_webhook')
    .on('webhook_deliveries')
    .columns(['webhook_id', 'id'])
    .execute();

  await withId(db, db.schema.createTable('webhook_tries'))
    .addColumn('delivery_id', 'integer', (c) =>
      c.notNull().references('webhook_deliveries.id').onDelete('cascade'),
    )
    .addColumn('attempt', 'integer', (c) => c.notNull())
    .addColumn('at', timestampType(db), (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('error', 'text')
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('webhook_tries_delivery')
    .on('webhook_tries')
    .columns(['delivery_id', 'attempt'])
    .execute();
};
