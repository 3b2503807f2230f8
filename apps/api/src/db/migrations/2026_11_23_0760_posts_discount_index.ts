import type { MigrationDb } from '../migration-kit';

/**
 * Products and courses by their discount: deleting a discount first asks whether any post still
 * names it, and that question reads only the posts that do.
 */
export const up = async (db: MigrationDb) => {
  await db.schema.createIndex('posts_discount').on('posts').column('discount_id').execute();
};
