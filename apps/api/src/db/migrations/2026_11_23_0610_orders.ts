import { sql } from 'kysely';
import {
  addRowCount,
  addSearchIndex,
  jsonType,
  timestampType,
  withId,
  withTimestamps,
  type MigrationDb,
} from '../migration-kit';

export const up = async (db: MigrationDb) => {
  await withTimestamps(
    db,
    withId(db, db.schema.createTable('orders'))
      .addColumn('code', 'text', (c) => c.notNull().unique())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('phone', 'text', (c) => c.notNull())
      .addColumn('email', 'text')
      .addColumn('address', 'text', (c) => c.notNull())
      .addColumn('province_code', 'text')
      .addColumn('ward_code', 'text')
      .addColumn('note', 'text')
      // Money in whole VND; bigint so a large order never wraps on PostgreSQL.
      .addColumn('fee', 'bigint', (c) =>
        c
          .notNull()
          .defaultTo(0)
          .check(sql`fee >= 0`),
      )
      .addColumn('subtotal', 'bigint', (c) => c.notNull().check(sql`subtotal >= 0`))
      .addColumn('total', 'bigint', (c) => c.notNull().check(sql`total >= 0`))
      .addColumn('status', 'text', (c) =>
        c
          .notNull()
          .defaultTo('new')
          .check(sql`status in ('new', 'processing', 'delivery', 'delivered', 'canceled')`),
      )
      .addColumn('search_text', 'text', (c) => c.notNull().defaultTo('')),
  ).execute();
  for (const column of ['created_at', 'code', 'name', 'total', 'status'])
    await db.schema.createIndex(`orders_${column}`).on('orders').columns([column, 'id']).execute();
  // The status filter with the date range and the newest first.
  await db.schema
    .createIndex('orders_status_created_at')
    .on('orders')
    .columns(['status', 'created_at', 'id'])
    .execute();
  await addRowCount(db, 'orders', { by: ['status'] });
  await addSearchIndex(db, 'orders');

  // A line keeps what the product was when it was sold (code, title, image, price, discount):
  // later changes of the product never change an order. `post_id` names the product; the posts
  // table comes with a later migration, so the reference is checked by the order service.
  await withId(db, db.schema.createTable('order_items'))
    .addColumn('order_id', 'integer', (c) =>
      c.notNull().references('orders.id').onDelete('cascade'),
    )
    .addColumn('sort', 'integer', (c) => c.notNull())
    .addColumn('post_id', 'integer', (c) => c.notNull())
    .addColumn('code', 'text')
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('image', 'text')
    .addColumn('price', 'bigint', (c) => c.notNull().check(sql`price >= 0`))
    .addColumn('discount', 'bigint', (c) => c.notNull().check(sql`discount >= 0`))
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
    .addColumn('total', 'bigint', (c) => c.notNull().check(sql`total >= 0`))
    .addUniqueConstraint('order_items_order_post', ['order_id', 'post_id'])
    .execute();
  await db.schema
    .createIndex('order_items_order_sort')
    .on('order_items')
    .columns(['order_id', 'sort'])
    .execute();
  await db.schema.createIndex('order_items_post').on('order_items').column('post_id').execute();

  // The last number handed out per rendered code prefix (`DH261123{N:4}` → 7).
  await db.schema
    .createTable('code_sequences')
    .addColumn('prefix', 'text', (c) => c.primaryKey())
    .addColumn('last', 'bigint', (c) => c.notNull())
    .execute();

  // Idempotency-Key of order creation: one row per user and key, the first answer kept 24 hours.
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().check(sql`state in ('running', 'done')`))
    .addColumn('response_status', 'integer')
    .addColumn('response_body', jsonType(db))
    .addColumn('created_at', timestampType(db), (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'scope', 'key'])
    .execute();
  await db.schema
    .createIndex('idempotency_keys_created_at')
    .on('idempotency_keys')
    .column('created_at')
    .execute();
};
