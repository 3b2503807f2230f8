import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { translate, type Locale } from '@backoffice/shared/messages/catalog';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifyServerOptions,
} from 'fastify';
import { translateDbError } from './db-errors';
import { isDependencyDown } from './dependency-errors';
import { RETRYABLE } from '../db/transaction';
import { AppError, STATUS, unavailable, type ErrorCode, type FieldErrors } from './errors';
import { localeOf, requestLocale } from './locale';
import { RequestValidationError } from './validation';

export type ErrorBody = { message: string; code: ErrorCode; errors?: Record<string, string[]> };

const translateFields = (locale: Locale, errors: FieldErrors) =>
  Object.fromEntries(
    Object.entries(errors).map(([field, messages]) => [
      field,
      messages.map((message) => translate(locale, message.key, message.params)),
    ]),
  );

// Fastify's and its plugins' own errors that a client causes.
const FRAMEWORK_ERRORS: Record<string, [ErrorCode, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: ['bad_request', 'error.bad_json'],
  FST_ERR_CTP_EMPTY_JSON_BODY: ['bad_request', 'error.bad_json'],
  FST_ERR_CTP_BODY_TOO_LARGE: ['payload_too_large', 'error.payload_too_large'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: ['unsupported_media_type', 'error.unsupported_media_type'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: ['bad_request', 'error.bad_request'],
  FST_REQ_FILE_TOO_LARGE: ['payload_too_large', 'error.payload_too_large'],
  FST_PARTS_LIMIT: ['payload_too_large', 'error.payload_too_large'],
  FST_FILES_LIMIT: ['payload_too_large', 'error.payload_too_large'],
  FST_FIELDS_LIMIT: ['payload_too_large', 'error.payload_too_large'],
  // A multipart field named __proto__, constructor…: refused by @fastify/multipart itself.
  FST_PROTO_VIOLATION: ['bad_request', 'error.bad_request'],
  FST_INVALID_MULTIPART_CONTENT_TYPE: ['unsupported_media_type', 'error.unsupported_media_type'],
  // Raised before routing (frameworkErrors below): a URL with broken percent-encoding, a
  // path parameter longer than any key (no record has it).
  FST_ERR_BAD_URL: ['bad_request', 'error.bad_url'],
  FST_ERR_MAX_PARAM_LENGTH: ['not_found', 'error.not_found'],
};

// The multipart parser's own errors (plain Errors, without a code) for a form cut short or
// without a usable boundary: the client sent a broken body, on every route that reads forms.
const BROKEN_FORM =
  /unexpected end of multipart data|^Multipart: Boundary not found$|^Boundary required$|^The needle cannot/i;

/** Any thrown value → the AppError the client will see. */
export const toAppError = (error: unknown): AppError => {
  if (error instanceof AppError) return error;
  if (error instanceof RequestValidationError) {
    // A malformed id in the path names no record.
    return error.part === 'params'
      ? new AppError('not_found', 'error.not_found')
      : new AppError('validation_failed', 'error.validation_failed', {}, error.fieldErrors);
  }
  const translated = translateDbError(error);
  if (translated instanceof AppError) return translated;
  if (isDependencyDown(error)) return unavailable('error.unavailable', error);
  // A transaction still conflicting after its retries (transaction.ts): the database is too
  // busy for now, and the same request may simply be sent again.
  if (RETRYABLE.has((error as { code?: string }).code ?? ''))
    return unavailable('error.unavailable', error);
  const fastifyError = error as FastifyError;
  const known = fastifyError.code ? FRAMEWORK_ERRORS[fastifyError.code] : undefined;
  if (known) return new AppError(known[0], known[1]);
  if (error instanceof Error && !fastifyError.code && BROKEN_FORM.test(error.message))
    return new AppError('bad_request', 'error.bad_request');
  // secure-json-parse reports __proto__ / constructor.prototype keys as a SyntaxError.
  if (error instanceof SyntaxError && fastifyError.statusCode === 400)
    return new AppError('bad_request', 'error.bad_json');
  if (fastifyError.statusCode === 413)
    return new AppError('payload_too_large', 'error.payload_too_large');
  if (fastifyError.statusCode === 415)
    return new AppError('unsupported_media_type', 'error.unsupported_media_type');
  if (fastifyError.statusCode && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500)
    return new AppError('bad_request', 'error.bad_request');
  return new AppError('internal', 'error.internal');
};

export const sendError = (request: FastifyRequest, reply: FastifyReply, error: AppError) => {
  const locale = requestLocale(request);
  const body: ErrorBody = {
    message: translate(locale, error.messageKey, error.params),
    code: error.code,
  };
  if (error.fieldErrors) body.errors = translateFields(locale, error.fieldErrors);
  // errors Fastify meets before the request's hooks ran still name the request
  if (!reply.hasHeader('x-request-id')) reply.header('x-request-id', request.id);
  return reply
    .status(error.status)
    .headers(error.headers)
    .header('content-language', locale)
    .type('application/json; charset=utf-8')
    .send(body);
};

export const registerErrorHandler = (app: FastifyInstance) => {
  app.setErrorHandler((error, request, reply) => {
    const appError = toAppError(error);
    if (appError.code === 'internal') request.log.error({ err: error }, 'unhandled error');
    else if (appError.code === 'unavailable')
      request.log.warn({ err: error }, 'dependency unavailable');
    return sendError(request, reply, appError);
  });
};

/** Fastify's `frameworkErrors`: what it refuses before routing answers like everything else. */
export const answerFrameworkError: NonNullable<FastifyServerOptions['frameworkErrors']> = (
  error,
  request,
  reply,
) => sendError(request, reply, toAppError(error));

// Node's HTTP parser refuses these before there is a request; the Locale header is looked
// for in the bytes it read.
const CLIENT_ERRORS: Record<string, [ErrorCode, string]> = {
  HPE_HEADER_OVERFLOW: ['headers_too_large', 'error.headers_too_large'],
  ERR_HTTP_REQUEST_TIMEOUT: ['request_timeout', 'error.request_timeout'],
};

const LOCALE_LINE = /\r?\nlocale[ \t]*:[ \t]*([^\r\n]{0,20})/i;

/** Fastify's `clientErrorHandler`: the few answers written straight to the socket, in the same shape. */
export const answerClientError: NonNullable<FastifyServerOptions['clientErrorHandler']> = (
  error,
  socket: Socket,
) => {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [code, key] = CLIENT_ERRORS[error.code] ?? ['bad_request', 'error.bad_request'];
  // node gives the bytes it read as a Buffer (the type says otherwise).
  const raw: unknown = error.rawPacket;
  const locale = localeOf(
    LOCALE_LINE.exec(Buffer.isBuffer(raw) ? raw.toString('latin1') : '')?.[1],
  );
  const body = JSON.stringify({ message: translate(locale, key), code } satisfies ErrorBody);
  const status = STATUS[code];
  if (!socket.writable) {
    socket.destroy(error);
    return;
  }
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Language: ${locale}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    () => socket.destroy(),
  );
};
