import type { Db } from '../db/connection';
import type { TableName } from './table';

/**
 * Work that follows the deletion of rows, in the same transaction: rows of other tables that
 * name the deleted ones without a foreign key (a menu item's `ref_id`, whose table depends on
 * its type) are settled here, so nothing is left pointing at a record that is gone. A module
 * registers a listener once; the resource core calls them after every delete, with the ids of
 * every row it removed (a tree's deleted branch included).
 */
export type DeletionListener = (
  tx: Db,
  table: TableName,
  ids: readonly number[],
  /** the delete's moment on the app's clock */
  at: Date,
) => Promise<void>;

const listeners = new Set<DeletionListener>();

/** Adds a listener; returns the way to take it out again. */
export const onRowsDeleted = (listener: DeletionListener) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

export const rowsDeleted = async (tx: Db, table: TableName, ids: readonly number[], at: Date) => {
  if (ids.length === 0) return;
  for (const listener of listeners) await listener(tx, table, ids, at);
};
