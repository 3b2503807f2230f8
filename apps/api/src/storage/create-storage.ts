import path from 'node:path';
import type { Config } from '../config';
import { createLocalStorage } from './local-storage';
import type { MediaStorage } from './media-storage';

/**
 * The driver chosen by `MEDIA_STORAGE`: files under `DATA_DIR/media` (default), or an S3 bucket.
 * The AWS SDK (about 20 MB once loaded) is only loaded when S3 is chosen.
 */
export async function createMediaStorage(
  config: Pick<Config, 'mediaStorage' | 'dataDir' | 's3'>,
): Promise<MediaStorage> {
  if (config.mediaStorage === 'local')
    return createLocalStorage({ dir: path.join(config.dataDir, 'media') });
  const { endpoint, bucket, region, accessKeyId, secretAccessKey, publicUrl } = config.s3;
  if (!bucket) throw new Error('S3_BUCKET must be set when MEDIA_STORAGE is s3');
  const { createS3Storage } = await import('./s3-storage');
  return createS3Storage({ endpoint, bucket, region, accessKeyId, secretAccessKey, publicUrl });
}
