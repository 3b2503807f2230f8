import {
  checkCodeSyntax,
  DEFAULT_ORDER_CODE_SYNTAX,
  DEFAULT_ORDER_CODE_SYNTAX_FOOTER,
} from '@backoffice/shared/code-syntax';
import { settingText, takeCode } from '../../core/code-sequences';
import type { Db } from '../../db/connection';
import './orders.table';
import { readSettings } from '../settings';

/**
 * The next order code: `order_code_syntax` followed by `order_code_syntax_footer` (defaults
 * `DH{YY}{MM}{DD}` and `{N:4}`), numbered per rendered prefix. Runs inside the order's
 * transaction, so two orders never get one number; a syntax without exactly one sequence
 * (which the settings refuse to save) falls back to the defaults. A code an order already has
 * is skipped: after the syntax changes, an older syntax may have made the same code, and
 * refusing every new order until someone notices would stop the shop's sales.
 */
export const nextOrderCode = async (tx: Db, at: Date) => {
  const stored = await readSettings(tx, ['order_code_syntax', 'order_code_syntax_footer']);
  const setting = (key: keyof typeof stored) => settingText(stored[key]);
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
