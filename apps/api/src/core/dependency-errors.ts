/**
 * Tells a dependency that cannot be reached right now (the database, the object store,
 * a mail server) apart from a bug: the first is a 503 the client may retry, the second
 * stays a 500. Only connection-level failures count; a query the database refuses
 * (a constraint, bad SQL) is not "unavailable".
 */
type Failure = {
  code?: unknown;
  message?: unknown;
  name?: unknown;
  cause?: unknown;
  $metadata?: { httpStatusCode?: number };
};

// Socket errors as Node reports them, whichever client (pg, the AWS SDK, nodemailer) saw them.
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);

// PostgreSQL: class 08 (connection exception), 57P01-57P03 (shutting down, starting up),
// 53xxx (too many connections, disk full, out of memory).
const POSTGRES_DOWN = /^(08...|57P0[123]|53...)$/;

// SQLite: the file is locked by another process past busy_timeout, cannot be opened,
// cannot be read or written (I/O error, read-only medium, full disk).
const SQLITE_DOWN = /^SQLITE_(BUSY|LOCKED|CANTOPEN|IOERR|READONLY|FULL|PROTOCOL)(_|$)/;

// node-postgres reports a lost or never-made connection in the message only.
const PG_CONNECTION_LOST =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;

const isDown = (failure: Failure): boolean => {
  const code = typeof failure.code === 'string' ? failure.code : '';
  if (NETWORK_CODES.has(code) || POSTGRES_DOWN.test(code) || SQLITE_DOWN.test(code)) return true;
  if (typeof failure.message === 'string' && PG_CONNECTION_LOST.test(failure.message)) return true;
  // The AWS SDK: a timeout, or the store answering that it is overloaded or down.
  if (
    failure.$metadata &&
    (failure.name === 'TimeoutError' ||
      [502, 503, 504].includes(failure.$metadata.httpStatusCode ?? 0))
  )
    return true;
  return false;
};

/** True when `error`, or an error it wraps, says a dependency cannot be reached. */
export const isDependencyDown = (error: unknown): boolean => {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    if (isDown(current as Failure)) return true;
    current = (current as Failure).cause;
  }
  return false;
};
