import type { Pagination } from '@backoffice/shared/list-query.schema';
import { emitAppEvent } from './events';
import {
  authorizationHeader,
  clearTokens,
  readStored,
  STORAGE_KEYS,
  storeTokens,
  type TokenPair,
} from './storage';

export const API_BASE = '/api/v1';
/** Long enough for a large upload on a slow line before the call gives up. */
export const API_TIMEOUT_MS = 320_000;

export type FieldErrors = Record<string, string[]>;

export type ApiErrorBody = { message?: string; code?: string; errors?: FieldErrors };

/** A failed call: keeps the response's messages for the screen to show. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly errors: FieldErrors;
  /**
   * What to tell a person: every field message, in the order the server gave them, or the
   * body's message when there is none. A refused delete says "This warehouse has slips…";
   * "The given data was invalid" before it would only tell them nothing was done.
   */
  readonly messages: string[];

  constructor(status: number, body: ApiErrorBody | null) {
    super(body?.message ?? `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.code = body?.code;
    this.errors = body?.errors ?? {};
    const fieldMessages = Object.values(this.errors).flat();
    this.messages = fieldMessages.length > 0 ? fieldMessages : body?.message ? [body.message] : [];
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

export type Query = Record<string, string | number | boolean | null | undefined>;

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  query?: Query;
  /** JSON body. */
  body?: unknown;
  /** Multipart body (sent as is). */
  form?: FormData;
  signal?: AbortSignal;
  /** false for the public calls (sign-in, captcha, site): no token, no refresh, no redirect. */
  auth?: boolean;
  /** Headers of the call itself (`Idempotency-Key`). */
  headers?: Record<string, string>;
};

let currentLocale = readStored(STORAGE_KEYS.language) ?? 'vi';
export const setApiLocale = (locale: string): void => {
  currentLocale = locale;
};

const buildUrl = (path: string, query?: Query): string => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return `${API_BASE}${path}${text ? `?${text}` : ''}`;
};

const readBody = async (response: Response): Promise<unknown> => {
  if (response.status === 204) return null;
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return { message: text };
  }
};

/** The GET calls made while `recordRequests` listens, for warm-start.ts to remember. */
let recorded: Array<{ url: string; auth: boolean }> | null = null;

/** Listens to the GET calls made from now on; the returned function stops and lists them. */
export const recordRequests = (): (() => Array<{ url: string; auth: boolean }>) => {
  const requests: Array<{ url: string; auth: boolean }> = [];
  recorded = requests;
  return () => {
    if (recorded === requests) recorded = null;
    return requests;
  };
};

/** True when signed-in-preload.ts asked for answers before this file ran (a repeat visit). */
export const hasEarlyRequests = (): boolean =>
  typeof window !== 'undefined' && (window.earlyRequests?.size ?? 0) > 0;

/**
 * Drops the early answers not taken: they answer the first screen's calls only, never a later
 * call of the same address (which expects an answer from now).
 */
export const forgetEarlyRequests = (): void => {
  if (typeof window !== 'undefined') delete window.earlyRequests;
};

/**
 * The answer signed-in-preload.ts asked for at this address before this file ran, when it was
 * asked with the same token and language; taken once.
 */
const takeEarlyResponse = (
  url: string,
  authorization: string | null,
  locale: string,
): Promise<Response | null> | undefined => {
  const early = typeof window === 'undefined' ? undefined : window.earlyRequests?.get(url);
  if (!early) return undefined;
  window.earlyRequests?.delete(url);
  return early.authorization === authorization && early.locale === locale
    ? early.response
    : undefined;
};

const send = async (path: string, options: RequestOptions): Promise<Response> => {
  const headers: Record<string, string> = {
    ...options.headers,
    Accept: 'application/json',
    Locale: currentLocale,
  };
  const authorization = options.auth === false ? null : authorizationHeader();
  if (authorization) headers.Authorization = authorization;
  let body: BodyInit | undefined;
  if (options.form) body = options.form;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const url = buildUrl(path, options.query);
  if ((options.method ?? 'GET') === 'GET' && body === undefined) {
    recorded?.push({ url, auth: authorization !== null });
    const early = takeEarlyResponse(url, authorization, currentLocale);
    // a failed early call (offline, say) is made again here, where its failure is handled
    const response = early ? await early : null;
    options.signal?.throwIfAborted();
    if (response) return response;
  }
  const timeout = AbortSignal.timeout(API_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  return fetch(url, {
    method: options.method ?? 'GET',
    headers,
    body,
    signal,
  });
};

let refreshing: Promise<boolean> | null = null;

/** One refresh for every request that failed together. */
export const refreshTokens = (): Promise<boolean> => {
  refreshing ??= (async () => {
    const refreshToken = readStored(STORAGE_KEYS.refreshToken);
    if (!refreshToken) return false;
    try {
      const response = await send('/clients/web/refresh', {
        method: 'POST',
        body: { refresh_token: refreshToken },
        auth: false,
      });
      if (!response.ok) return false;
      storeTokens((await response.json()) as TokenPair);
      return true;
    } catch {
      return false;
    }
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
};

const signOutLocally = (): void => {
  clearTokens();
  emitAppEvent({ type: 'signed-out', reason: 'unauthorized' });
};

/** Calls the API; resolves with the parsed body or throws an {@link ApiError}. */
export const apiRequest = async <T>(path: string, options: RequestOptions = {}): Promise<T> => {
  let response = await send(path, options);
  let body = await readBody(response);

  if (response.status === 401 && options.auth !== false) {
    const code = (body as ApiErrorBody | null)?.code;
    if (code === 'token_expired' && (await refreshTokens())) {
      response = await send(path, options);
      body = await readBody(response);
    }
    if (response.status === 401) {
      signOutLocally();
      throw new ApiError(401, body as ApiErrorBody | null);
    }
  }

  if (response.status === 403) {
    const errorBody = body as ApiErrorBody | null;
    if (errorBody?.code === 'password_change_required') {
      emitAppEvent({ type: 'password-change-required' });
    } else if (options.auth !== false) {
      emitAppEvent({ type: 'forbidden', message: errorBody?.message });
    }
  }

  if (!response.ok) throw new ApiError(response.status, body as ApiErrorBody | null);
  return body as T;
};

export type { Pagination };

export type ListResponse<T> = { data: T[]; meta?: { pagination?: Pagination } };
export type ItemResponse<T> = { data: T };

export type ListParams = {
  page?: number;
  limit?: number;
  search?: string;
  orderBy?: string;
  sortedBy?: 'asc' | 'desc';
  include?: string;
} & Query;

/**
 * A GET whose answer is a file (an export): the response itself, to be read as it streams,
 * after the same token refresh as `apiRequest`; an error answer throws its {@link ApiError}.
 */
export const apiDownload = async (
  path: string,
  options: RequestOptions = {},
): Promise<Response> => {
  let response = await send(path, options);
  if (response.status === 401) {
    const body = (await readBody(response.clone())) as ApiErrorBody | null;
    if (body?.code === 'token_expired' && (await refreshTokens()))
      response = await send(path, options);
  }
  if (!response.ok)
    throw new ApiError(response.status, (await readBody(response)) as ApiErrorBody | null);
  return response;
};
