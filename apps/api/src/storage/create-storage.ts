import path from 'node:path';
import type { Config } from '../config';
import { createLocalStorage } from './local-storage';
import type { MediaStorage } from './media-storage';
import { createS3Storage } from './s3-storage';

/** The driver chosen by `MEDIA_STORAGE`: files under `DATA_DIR/media` (default), or an S3 bucket. */
export function createMediaStorage(
  config: Pick<Config, 'mediaStorage' | 'dataDir' | 's3'>,
): MediaStorage {
  if (config.mediaStorage === 'local')
    return createLocalStorage({ dir: path.join(config.dataDir, 'media') });
  const { endpoint, bucket, region, accessKeyId, secretAccessKey, publicUrl } = config.s3;
  if (!bucket) throw new Error('S3_BUCKET must be set when MEDIA_STORAGE is s3');
  return createS3Storage({ endpoint, bucket, region, accessKeyId, secretAccessKey, publicUrl });
}
