import { shardRowCounts, type MigrationDb } from '../migration-kit';

/** Concurrent writes on PostgreSQL no longer meet on one counter row (see migration-kit's addRowCount). */
export const up = async (db: MigrationDb) => {
  await shardRowCounts(db);
};
