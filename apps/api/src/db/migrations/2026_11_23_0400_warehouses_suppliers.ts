import {
  addRowCount,
  addSearchIndex,
  withId,
  withTimestamps,
  type MigrationDb,
} from '../migration-kit';

/**
 * Warehouses and suppliers: contacts with a 2025 address (province and ward codes; the codes
 * are checked against the address data by the API, which is not a table).
 */
export const up = async (db: MigrationDb) => {
  for (const table of ['warehouses', 'suppliers']) {
    await withTimestamps(
      db,
      withId(db, db.schema.createTable(table))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('phone', 'text')
        .addColumn('email', 'text')
        .addColumn('province_code', 'text', (c) => c.notNull())
        .addColumn('ward_code', 'text', (c) => c.notNull())
        .addColumn('district', 'text')
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('search_text', 'text', (c) => c.notNull().defaultTo('')),
    ).execute();
    // Every sort the list offers finishes on an index; the province filter too.
    for (const column of ['created_at', 'name', 'province_code'])
      await db.schema.createIndex(`${table}_${column}`).on(table).columns([column, 'id']).execute();
    await addRowCount(db, table, { by: ['province_code'] });
    await addSearchIndex(db, table);
  }
};
