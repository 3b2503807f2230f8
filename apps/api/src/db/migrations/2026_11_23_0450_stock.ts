import { sql } from 'kysely';
import {
  addRowCount,
  addSearchIndex,
  timestampType,
  withId,
  withTimestamps,
  type MigrationDb,
} from '../migration-kit';

/**
 * Slips and stock. A slip (`warehouse_changes`) has lines; an import line makes one lot
 * (`stock_lots`); every unit that enters or leaves a lot is a row of `stock_movements`, which
 * is only ever added to (a cancel adds the opposite rows). `stock_lots.remaining` and
 * `stock_levels` are running totals of those movements kept in the same transaction, with
 * checks so that no write can take a lot or a level below zero. `post_id` names a product
 * and `order_id` an order; their tables come with later migrations, so the service checks them.
 */
export const up = async (db: MigrationDb) => {
  await withTimestamps(
    db,
    withId(db, db.schema.createTable('warehouse_changes'))
      .addColumn('code', 'text', (c) => c.notNull().unique())
      .addColumn('style', 'text', (c) => c.notNull().check(sql`style in ('import', 'export')`))
      .addColumn('date', 'text', (c) => c.notNull())
      .addColumn('number', 'text')
      .addColumn('warehouse_id', 'integer', (c) => c.notNull().references('warehouses.id'))
      .addColumn('supplier_id', 'integer', (c) => c.references('suppliers.id'))
      .addColumn('order_id', 'integer')
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('note', 'text')
      .addColumn('money', 'bigint', (c) => c.notNull().check(sql`money >= 0`))
      .addColumn('profit', 'bigint', (c) => c.notNull())
      .addColumn('status', 'text', (c) =>
        c.notNull().check(sql`status in ('complete', 'canceled')`),
      )
      .addColumn('search_text', 'text', (c) => c.notNull().defaultTo('')),
  ).execute();
  for (const column of [
    'created_at',
    'code',
    'date',
    'money',
    'warehouse_id',
    'supplier_id',
    'order_id',
  ])
    await db.schema
      .createIndex(`warehouse_changes_${column}`)
      .on('warehouse_changes')
      .columns([column, 'id'])
      .execute();
  await addRowCount(db, 'warehouse_changes', { by: ['style', 'status'] });
  await addSearchIndex(db, 'warehouse_changes');

  await withId(db, db.schema.createTable('warehouse_change_items'))
    .addColumn('change_id', 'integer', (c) =>
      c.notNull().references('warehouse_changes.id').onDelete('cascade'),
    )
    .addColumn('sort', 'integer', (c) => c.notNull())
    .addColumn('post_id', 'integer', (c) => c.notNull())
    .addColumn('code', 'text')
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('price', 'bigint', (c) => c.notNull().check(sql`price >= 0`))
    .addColumn('number', 'integer', (c) => c.notNull().check(sql`number > 0`))
    .addColumn('expiry', 'text')
    .addColumn('cost', 'bigint', (c) => c.notNull().check(sql`cost >= 0`))
    .execute();
  await db.schema
    .createIndex('warehouse_change_items_change')
    .on('warehouse_change_items')
    .columns(['change_id', 'sort'])
    .execute();
  await db.schema
    .createIndex('warehouse_change_items_post')
    .on('warehouse_change_items')
    .columns(['post_id', 'id'])
    .execute();

  // One row per product and warehouse: the lock exports and cancels of that product take, and
  // the figures of the stock list.
  await db.schema
    .createTable('stock_levels')
    .addColumn('warehouse_id', 'integer', (c) => c.notNull().references('warehouses.id'))
    .addColumn('post_id', 'integer', (c) => c.notNull())
    .addColumn('imported', 'bigint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`imported >= 0`),
    )
    .addColumn('exported', 'bigint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`exported >= 0`),
    )
    .addColumn('in_stock', 'bigint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`in_stock >= 0`),
    )
    .addColumn('revenue', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('cost_out', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('stock_levels_pk', ['warehouse_id', 'post_id'])
    .execute();
  await db.schema
    .createIndex('stock_levels_post')
    .on('stock_levels')
    .columns(['post_id', 'warehouse_id'])
    .execute();

  await withId(db, db.schema.createTable('stock_lots'))
    .addColumn('warehouse_id', 'integer', (c) => c.notNull().references('warehouses.id'))
    .addColumn('post_id', 'integer', (c) => c.notNull())
    .addColumn('change_id', 'integer', (c) =>
      c.notNull().references('warehouse_changes.id').onDelete('cascade'),
    )
    .addColumn('price', 'bigint', (c) => c.notNull().check(sql`price >= 0`))
    .addColumn('number', 'integer', (c) => c.notNull().check(sql`number > 0`))
    .addColumn('remaining', 'integer', (c) =>
      c.notNull().check(sql`remaining >= 0 and remaining <= number`),
    )
    .addColumn('expiry', 'text')
    // First expiry first out, lots without an expiry last: the expiry, or a day after any.
    .addColumn('expiry_sort', 'text', (c) => c.notNull())
    .addColumn('created_at', timestampType(db), (c) => c.notNull())
    .execute();
  // The lots an export takes, in the order it takes them, and only those with units left.
  await db.schema
    .createIndex('stock_lots_fefo')
    .on('stock_lots')
    .columns(['warehouse_id', 'post_id', 'expiry_sort', 'id'])
    .where(sql.ref('remaining'), '>', 0)
    .execute();
  await db.schema
    .createIndex('stock_lots_expiring')
    .on('stock_lots')
    .columns(['expiry_sort', 'id'])
    .where(sql.ref('remaining'), '>', 0)
    .execute();
  await db.schema.createIndex('stock_lots_change').on('stock_lots').column('change_id').execute();

  await withId(db, db.schema.createTable('stock_movements'))
    .addColumn('lot_id', 'integer', (c) => c.notNull().references('stock_lots.id'))
    .addColumn('change_id', 'integer', (c) =>
      c.notNull().references('warehouse_changes.id').onDelete('cascade'),
    )
    .addColumn('item_id', 'integer', (c) =>
      c.notNull().references('warehouse_change_items.id').onDelete('cascade'),
    )
    // Units into the lot (an import, or the cancel of an export) are positive.
    .addColumn('number', 'integer', (c) => c.notNull().check(sql`number <> 0`))
    .addColumn('price', 'bigint', (c) => c.notNull())
    .addColumn('cost', 'bigint', (c) => c.notNull())
    .addColumn('reversal', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', timestampType(db), (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('stock_movements_change')
    .on('stock_movements')
    .columns(['change_id', 'id'])
    .execute();
  await db.schema
    .createIndex('stock_movements_lot')
    .on('stock_movements')
    .column('lot_id')
    .execute();
};
