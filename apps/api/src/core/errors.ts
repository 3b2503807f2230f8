import type { MessageParams } from '@backoffice/shared/messages/catalog';

/**
 * The few errors the API answers with. Services throw these; the one error
 * handler (core/error-handler.ts) turns them into the one error body every error has,
 * `{ message, code, errors? }` (`errors`: texts by field), in the request's language.
 * Messages are catalogue keys.
 */
export type FieldMessage = { key: string; params?: MessageParams };
export type FieldErrors = Record<string, FieldMessage[]>;

export type ErrorCode =
  | 'bad_request'
  | 'unauthenticated'
  | 'token_expired'
  | 'invalid_token'
  | 'wrong_login'
  | 'forbidden'
  | 'password_change_required'
  | 'two_factor_required'
  | 'account_disabled'
  | 'not_found'
  | 'request_timeout'
  | 'conflict'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'validation_failed'
  | 'too_many_requests'
  | 'headers_too_large'
  | 'range_not_satisfiable'
  | 'internal'
  | 'unavailable';

export const STATUS: Record<ErrorCode, number> = {
  bad_request: 400,
  unauthenticated: 401,
  token_expired: 401,
  invalid_token: 401,
  wrong_login: 401,
  forbidden: 403,
  password_change_required: 403,
  two_factor_required: 403,
  account_disabled: 403,
  not_found: 404,
  request_timeout: 408,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  validation_failed: 422,
  too_many_requests: 429,
  range_not_satisfiable: 416,
  headers_too_large: 431,
  internal: 500,
  unavailable: 503,
};

export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly messageKey: string,
    readonly params: MessageParams = {},
    readonly fieldErrors?: FieldErrors,
    readonly headers: Record<string, string> = {},
  ) {
    super(messageKey);
    this.status = STATUS[code];
  }
}

export const notFound = () => new AppError('not_found', 'error.not_found');
export const forbidden = () => new AppError('forbidden', 'error.forbidden');
export const unauthenticated = () => new AppError('unauthenticated', 'error.unauthenticated');

/** A 422 with one or more field messages: `invalid({ email: 'email.exists' })`. */
export const invalid = (fields: Record<string, string | FieldMessage | FieldMessage[]>) =>
  new AppError(
    'validation_failed',
    'error.validation_failed',
    {},
    Object.fromEntries(
      Object.entries(fields).map(([field, message]) => [
        field,
        typeof message === 'string'
          ? [{ key: message }]
          : Array.isArray(message)
            ? message
            : [message],
      ]),
    ),
  );

export const tooManyRequests = (retryAfterSeconds: number) =>
  new AppError(
    'too_many_requests',
    'error.too_many_requests',
    { seconds: retryAfterSeconds },
    undefined,
    {
      'retry-after': String(retryAfterSeconds),
    },
  );

/** How long a client should wait before trying again when a dependency is down. */
export const RETRY_AFTER_SECONDS = 5;

/**
 * A dependency (the database, the mail server, the object store) cannot be reached:
 * 503 with Retry-After, so clients and load balancers try again instead of giving up.
 */
export const unavailable = (messageKey = 'error.unavailable', cause?: unknown) =>
  Object.assign(
    new AppError('unavailable', messageKey, { seconds: RETRY_AFTER_SECONDS }, undefined, {
      'retry-after': String(RETRY_AFTER_SECONDS),
    }),
    cause === undefined ? {} : { cause },
  );
