import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, type ListResponse } from '../api-client';
import {
  type Setting,
  type SettingCreate,
  settingCreateSchema,
  type SettingUpdate,
  settingUpdateSchema,
} from '@backoffice/shared/setting.schema';
import { createResourceApi } from '../resource-api';

export { settingCreateSchema, settingUpdateSchema, type Setting };

/** GET, POST /settings; GET, PATCH, DELETE /settings/{id} (personal options one by one). */
export const settingsApi = createResourceApi<Setting, SettingCreate, SettingUpdate>('/settings');

/** GET /settings/all?limit=0: every setting, as `{key: value}`. */
export const getAllSettings = (signal?: AbortSignal) =>
  apiRequest<ListResponse<Setting>>('/settings/all', { query: { limit: 0 }, signal }).then(
    (response) =>
      Object.fromEntries(response.data.map((setting) => [setting.key, setting.value])) as Record<
        string,
        string | null
      >,
  );

export const getAllSettingsQueryOptions = () =>
  queryOptions({
    // Under the resource's key, so a personal option saved one by one refreshes it too.
    queryKey: settingsApi.keys.view('all'),
    queryFn: ({ signal }) => getAllSettings(signal),
  });

export const useAllSettings = () => useQuery(getAllSettingsQueryOptions());
