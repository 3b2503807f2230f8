import {
  checkCodeSyntax,
  DEFAULT_PRODUCT_CODE_SYNTAX,
  renderCode,
} from '@backoffice/shared/code-syntax';
import { settingText, takeCode } from '../../core/code-sequences';
import type { Db } from '../../db/connection';
import './posts.table';
import { readSetting } from '../settings';

/**
 * The code of a product saved without one: the `product_code_syntax` setting (default
 * `SP{N:6}`), skipping numbers an editor already typed as a code, within the product's
 * transaction. A syntax that cannot make codes, or makes codes over 30 characters, falls back
 * to the default.
 */
export const nextProductCode = async (tx: Db, at: Date) => {
  let syntax =
    settingText(await readSetting(tx, 'product_code_syntax')) ?? DEFAULT_PRODUCT_CODE_SYNTAX;
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
