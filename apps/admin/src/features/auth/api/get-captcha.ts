import type { Captcha } from '@backoffice/shared/auth.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, type ItemResponse } from '../../../lib/api-client';

/** A proof-of-work challenge in ALTCHA's form (see the API's `GET /captcha`). */
export type { Captcha };

export const getCaptcha = (signal?: AbortSignal): Promise<Captcha> =>
  apiRequest<ItemResponse<Captcha>>('/captcha', { signal, auth: false }).then(
    (response) => response.data,
  );

export const getCaptchaQueryOptions = () =>
  queryOptions({
    queryKey: ['captcha'],
    queryFn: ({ signal }) => getCaptcha(signal),
    staleTime: Infinity,
    gcTime: 0,
  });

export const useCaptcha = (enabled: boolean) => useQuery({ ...getCaptchaQueryOptions(), enabled });
