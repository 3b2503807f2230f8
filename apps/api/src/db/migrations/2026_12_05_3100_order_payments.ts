import { sql } from 'kysely';
import { timestampType, type MigrationDb } from '../migration-kit';

/**
 * Orders say how they are paid (cash on delivery unless told otherwise) and whether they have
 * been: unpaid, paid (with when) or refunded. Orders made before this were never marked, so
 * they start unpaid like a new one. Each filter of the list, newest first, has its index.
 */
export const up = async (db: MigrationDb) => {
  await db.schema
    .alterTable('orders')
    .addColumn('payment_method', 'text', (c) =>
      c
        .notNull()
        .defaultTo('cod')
        .check(sql`payment_method in ('cod', 'bank_transfer', 'cash', 'card')`),
    )
    .execute();
  await db.schema
    .alterTable('orders')
    .addColumn('payment_status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('unpaid')
        .check(sql`payment_status in ('unpaid', 'paid', 'refunded')`),
    )
    .execute();
  await db.schema.alterTable('orders').addColumn('paid_at', timestampType(db)).execute();
  for (const column of ['payment_method', 'payment_status'])
    await db.schema.createIndex(`orders_${column}`).on('orders').columns([column, 'id']).execute();
};
