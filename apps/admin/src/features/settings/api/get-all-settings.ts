import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, type ListResponse } from '../../../lib/api-client';
import { type Setting, settingsApi } from './settings-api';

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
