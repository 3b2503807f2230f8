import { AppError, invalid } from './errors';

/**
 * The one place where each engine's constraint errors become the API's 422s
 * (Directus does the same). `hints` lets a resource name the message for a
 * column, e.g. `{ email: 'email.exists' }`; `foreign_key` names the field a foreign key
 * refusal is told on, and `foreign_key_message` its message.
 */
export type ConstraintHints = Record<string, string>;

type DriverError = Error & {
  code?: string;
  detail?: string;
  column?: string;
  constraint?: string;
  table?: string;
};

const field = (column: string | undefined) => column ?? '_';
const foreignKeyMessage = (hints: ConstraintHints) =>
  hints.foreign_key_message ?? 'validation.foreign_key';

const fromSqlite = (error: DriverError, hints: ConstraintHints): AppError | undefined => {
  const columns = /constraint failed: (.+)$/
    .exec(error.message)?.[1]
    ?.split(',')
    .map((c) => c.trim().split('.').pop()!);
  const column = columns?.at(-1);
  switch (error.code) {
    case 'SQLITE_CONSTRAINT_UNIQUE':
    case 'SQLITE_CONSTRAINT_PRIMARYKEY':
      return invalid({ [field(column)]: hints[column ?? ''] ?? 'validation.duplicate' });
    case 'SQLITE_CONSTRAINT_FOREIGNKEY':
      return invalid({ [hints.foreign_key ?? '_']: foreignKeyMessage(hints) });
    case 'SQLITE_CONSTRAINT_NOTNULL':
      return invalid({ [field(column)]: 'validation.required' });
    case 'SQLITE_CONSTRAINT_CHECK': {
      // "CHECK constraint failed: code in (301, 302)": the expression starts with the column.
      const checked = /constraint failed: "?([a-z_][a-z0-9_]*)/i.exec(error.message)?.[1];
      return invalid({ [field(checked)]: 'validation.invalid' });
    }
    case 'SQLITE_TOOBIG':
      return new AppError('payload_too_large', 'error.payload_too_large');
    default:
      return undefined;
  }
};

const fromPostgres = (error: DriverError, hints: ConstraintHints): AppError | undefined => {
  const keyColumns = /^Key \(([^)]+)\)/
    .exec(error.detail ?? '')?.[1]
    ?.split(',')
    .map((c) => c.trim());
  const column = error.column ?? keyColumns?.at(-1);
  switch (error.code) {
    case '23505':
      return invalid({ [field(column)]: hints[column ?? ''] ?? 'validation.duplicate' });
    case '23503':
      return invalid({ [hints.foreign_key ?? field(column)]: foreignKeyMessage(hints) });
    case '23502':
      return invalid({ [field(column)]: 'validation.required' });
    case '23514': {
      // "<table>_<column>_check", as PostgreSQL names a column's check constraint.
      const checked = error.constraint
        ?.replace(new RegExp(`^${error.table ?? ''}_`), '')
        .replace(/_check$/, '');
      return invalid({ [field(checked)]: 'validation.invalid' });
    }
    case '22021': // invalid byte sequence, e.g. a NUL in text
    case '22P05':
      return invalid({ _: 'validation.control_chars' });
    case '22001':
      return invalid({ [field(column)]: 'validation.invalid' });
    case '22003':
    case '22P02':
    case '22007':
    case '22008':
      return invalid({ [field(column)]: 'validation.invalid' });
    default:
      return undefined;
  }
};

/** Returns the API error for a constraint violation, or the original error. */
export const translateDbError = (error: unknown, hints: ConstraintHints = {}): unknown => {
  if (!(error instanceof Error) || error instanceof AppError) return error;
  const driverError = error as DriverError;
  if (typeof driverError.code !== 'string') return error;
  return (
    (driverError.code.startsWith('SQLITE_')
      ? fromSqlite(driverError, hints)
      : fromPostgres(driverError, hints)) ?? error
  );
};
