import { codeScope, renderCode } from '@backoffice/shared/code-syntax';
import { sql } from 'kysely';
import type { Db } from '../db/connection';
import { preparedQuery, type Arg } from '../db/prepared';

const nextInSequence = preparedQuery(
  (_db, arg: Arg<{ prefix: string }>) => sql<{ last: number | string }>`
    insert into code_sequences (prefix, last) values (${arg('prefix')}, 1)
    on conflict (prefix) do update set last = code_sequences.last + 1
    returning last`,
);

/**
 * The next code a syntax makes (orders, products, slips): numbered per rendered prefix in
 * `code_sequences`, inside the caller's transaction, so two writers never get one number.
 */
export const takeCode = async (tx: Db, syntax: string, at: Date) => {
  const prefix = codeScope(syntax, { date: at });
  const [row] = await nextInSequence.execute(tx, { prefix });
  return renderCode(syntax, { date: at, sequence: Number(row!.last) });
};

/** A code syntax setting's text; values saved as JSON strings are read as the string. */
export const settingText = (value: string | null | undefined) => {
  if (!value) return null;
  try {
    const parsed: unknown = JSON.parse(value);
    return typeof parsed === 'string' ? parsed : value;
  } catch {
    return value;
  }
};
