import type { Media, MediaUpdate } from '@backoffice/shared/media.schema';
import { createResourceApi } from '../resource-api';

/** GET /media, GET/PATCH/DELETE /media/{id} (upload: components/media-picker/media-data.ts). */
export const mediaApi = createResourceApi<Media, never, MediaUpdate>('/media');
