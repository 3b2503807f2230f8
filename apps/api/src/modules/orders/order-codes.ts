import {
  checkCodeSyntax,
  codeScope,
  DEFAULT_ORDER_CODE_SYNTAX,
  DEFAULT_ORDER_CODE_SYNTAX_FOOTER,
  DEFAULT_PRODUCT_CODE_SYNTAX,
  renderCode,
} from '@backoffice/shared/code-syntax';
import { sql } from 'kysely';
import type { Db } from '../../db/connection';
import '../posts/posts.table';
import './orders.table';

/** A setting's text; values saved as JSON strings are read as the string. */
const settingText = (value: string | null | undefined) => {
  if (!value) return null;
  try {
    const parsed: unknown = JSON.parse(value);
    return typeof parsed === 'string' ? parsed : value;
  } catch {
    return value;
  }
};

/** The next number of the syntax's scope, counted in `code_sequences` by the caller's transaction. */
const takeCode = async (tx: Db, syntax: string, at: Date) => {
  const prefix = codeScope(syntax, { date: at });
  const { rows: counted } = await sql<{ last: number | string }>`
    insert into code_sequences (prefix, last) values (${prefix}, 1)
    on conflict (prefix) do update set last = code_sequences.last + 1
    returning last`.execute(tx);
  return renderCode(syntax, { date: at, sequence: Number(counted[0]!.last) });
};

/**
 * The next order code: `order_code_syntax` followed by `order_code_syntax_footer` (defaults
 * `DH{YY}{MM}{DD}` and `{N:4}`), numbered per rendered prefix. Runs inside the order's
 * transaction, so two orders never get one number; a syntax without exactly one sequence
 * (which the settings refuse to save) falls back to the defaults. A code an order already has
 * is skipped: after the syntax changes, an older syntax may have made the same code, and
 * refusing every new order until someone notices would stop the shop's sales.
 */
export const nextOrderCode = async (tx: Db, at: Date) => {
  const rows = await tx
    .selectFrom('settings')
    .select(['key', 'value'])
    .where('key', 'in', ['order_code_syntax', 'order_code_syntax_footer'])
    .execute();
  const setting = (key: string) => settingText(rows.find((row) => row.key === key)?.value);
  let syntax =
    (setting('order_code_syntax') ?? DEFAULT_ORDER_CODE_SYNTAX) +
    (setting('order_code_syntax_footer') ?? DEFAULT_ORDER_CODE_SYNTAX_FOOTER);
  if (checkCodeSyntax(syntax) !== null || syntax.length > 100)
    syntax = DEFAULT_ORDER_CODE_SYNTAX + DEFAULT_ORDER_CODE_SYNTAX_FOOTER;
  for (;;) {
    const code = await takeCode(tx, syntax, at);
    const taken = await tx
      .selectFrom('orders')
      .select('id')
      .where('code', '=', code)
      .executeTakeFirst();
    if (!taken) return code;
  }
};

/**
 * The code of a product saved without one: the `product_code_syntax` setting (default
 * `SP{N:6}`), skipping numbers an editor already typed as a code, within the product's
 * transaction. A syntax that cannot make codes, or makes codes over 30 characters, falls back
 * to the default.
 */
export const nextProductCode = async (tx: Db, at: Date) => {
  const row = await tx
    .selectFrom('settings')
    .select('value')
    .where('key', '=', 'product_code_syntax')
    .executeTakeFirst();
  let syntax = settingText(row?.value) ?? DEFAULT_PRODUCT_CODE_SYNTAX;
  if (checkCodeSyntax(syntax) !== null || renderCode(syntax, { date: at, sequence: 1 }).length > 30)
    syntax = DEFAULT_PRODUCT_CODE_SYNTAX;
  for (;;) {
    const code = await takeCode(tx, syntax, at);
    const taken = await tx
      .selectFrom('posts')
      .select('id')
      .where('product_code', '=', code)
      .executeTakeFirst();
    if (!taken) return code;
  }
};
