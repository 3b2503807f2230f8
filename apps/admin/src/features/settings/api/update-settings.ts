import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { getSiteQueryOptions } from '../../../lib/site';
import { type Setting, settingsApi } from '../../../lib/api/settings';

export type SettingValues = Record<string, string | null>;

/**
 * PATCH /settings `{settings: [{key, value}]}`: saved together or not at all. The server names
 * a wrong value `settings.N.value`; the form knows it by its key, so the error is renamed.
 */
export const updateSettings = async (values: SettingValues) => {
  const settings = Object.entries(values).map(([key, value]) => ({ key, value }));
  try {
    return await apiRequest<{ data: Setting[] }>('/settings', {
      method: 'PATCH',
      body: { settings },
    });
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 422) throw error;
    const errors = Object.fromEntries(
      Object.entries(error.errors).map(([field, texts]) => {
        const index = /^settings\.(\d+)\./.exec(field)?.[1];
        return [index === undefined ? field : settings[Number(index)]!.key, texts];
      }),
    );
    throw new ApiError(422, { message: error.message, code: error.code, errors });
  }
};

/** Saves settings; the page titles, favicon and loading logo read the new site at once. */
export const useUpdateSettings = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSettings,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: settingsApi.keys.all }),
        queryClient.invalidateQueries({ queryKey: getSiteQueryOptions().queryKey }),
      ]),
  });
};
