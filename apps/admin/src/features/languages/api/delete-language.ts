import { apiRequest } from '../../../lib/api-client';

/** DELETE /languages/{key}. */
export const deleteLanguage = (key: string) =>
  apiRequest<null>(`/languages/${encodeURIComponent(key)}`, { method: 'DELETE' });
