import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, type ItemResponse } from '../../../lib/api-client';

/** A proof-of-work challenge in ALTCHA's form (see the API's `GET /captcha`). */
export type Captcha = {
  captcha_id: string;
  algorithm: 'SHA-256';
  challenge: string;
  salt: string;
  signature: string;
  maxnumber: number;
};

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
