import type { MigrationDb } from '../migration-kit';

/** Choosing an avatar by URL looks the media item up by its file or thumbnail path. */
export const up = async (db: MigrationDb) => {
  await db.schema.createIndex('media_path').on('media').column('path').execute();
  await db.schema.createIndex('media_thumb_path').on('media').column('thumb_path').execute();
};
