import { checkCodeSyntax } from '@backoffice/shared/code-syntax';
import {
  isNamedSetting,
  isScriptSetting,
  namedSettingValue,
  PERSONAL_KEY,
} from '@backoffice/shared/setting.schema';
import { requiredText } from '@backoffice/shared/schema-kit';
import type { Db } from '../../db/connection';
import { holds } from '../../core/auth/guard';
import type { ServiceContext } from '../../core/context';
import { forbidden, invalid, type FieldErrors } from '../../core/errors';
import { issuesToFieldErrors } from '../../core/validation';
import { readSetting } from './settings-reader';

/** A personal option's value: any text, but not empty (an option without a value has nothing to give the site). */
const personalValue = requiredText({ max: 5000, required: 'setting.value_required' });

/**
 * The value a setting stores, checked by the rule of its key: a named setting's own rule
 * (an email, a link, a code syntax), else a personal option's. Errors go under `field`.
 */
export const checkValue = (
  key: string,
  value: string | null | undefined,
  field: string,
): { value: string | null } | { errors: FieldErrors } => {
  const schema = isNamedSetting(key) ? namedSettingValue(key) : personalValue;
  const result = schema.safeParse(value ?? null);
  if (!result.success) return { errors: issuesToFieldErrors(result.error.issues, field) };
  return { value: result.data ?? null };
};

export const valueOrThrow = (key: string, value: string | null | undefined, field: string) => {
  const checked = checkValue(key, value, field);
  if ('errors' in checked) throw invalid(Object.fromEntries(Object.entries(checked.errors)));
  return checked.value;
};

/** Header and footer scripts and the tracker run on every public page: a key of their own. */
export const assertMayWrite = (ctx: ServiceContext, key: string) => {
  if (isScriptSetting(key) && !(ctx.actor && holds(ctx.actor, 'settings.scripts')))
    throw forbidden();
};

export const isPersonalKey = (key: string) => PERSONAL_KEY.test(key) && !isNamedSetting(key);

/**
 * The code syntaxes as they stand after a write (read inside its transaction): each must make
 * unique codes. An order's code is the main syntax followed by its footer, so the pair is
 * checked together and the error names the one that was changed.
 */
export const checkSyntaxes = async (tx: Db, changed: Map<string, string>) => {
  const errors: Record<string, string> = {};
  if (changed.has('product_code_syntax')) {
    const problem = checkCodeSyntax((await readSetting(tx, 'product_code_syntax')) ?? '');
    if (problem) errors[changed.get('product_code_syntax')!] = problem;
  }
  const main = changed.get('order_code_syntax');
  const footer = changed.get('order_code_syntax_footer');
  if (main || footer) {
    const problem = checkCodeSyntax(
      `${(await readSetting(tx, 'order_code_syntax')) ?? ''}${(await readSetting(tx, 'order_code_syntax_footer')) ?? ''}`,
    );
    if (problem) errors[(main ?? footer)!] = problem;
  }
  if (Object.keys(errors).length) throw invalid(errors);
};
