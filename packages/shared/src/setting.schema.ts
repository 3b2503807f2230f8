import { z } from 'zod';
import { optionalLink } from './appearance-kit';
import {
  DEFAULT_ORDER_CODE_SYNTAX,
  DEFAULT_ORDER_CODE_SYNTAX_FOOTER,
  DEFAULT_PRODUCT_CODE_SYNTAX,
} from './code-syntax';
import { contactEmail, contactPhone } from './contact.schema';
import { bankSettingValues } from './payment.schema';
import { charLength, optionalText, requiredText, text, timestamps } from './schema-kit';

/**
 * Site settings are rows of `key`, `title`, `value` (text). Two kinds share the table:
 * - named settings, declared here with the screen that edits them and the rule of their value;
 * - personal options, any other key (lowercase letters and digits), made by staff.
 */

export const SETTING_GROUPS = [
  'general',
  'social',
  'script',
  'company',
  'copyright',
  'email',
  'product',
  'bank',
] as const;
export type SettingGroup = (typeof SETTING_GROUPS)[number];

/** A list of email addresses, one per line or separated by commas. */
export const splitEmails = (value: string) =>
  value
    .split(/[\s,;]+/)
    .map((item) => item.trim())
    .filter(Boolean);

const EMAIL = z.email();

const emailList = () =>
  text()
    .superRefine(charLength({ max: 2000 }))
    .refine((value) => splitEmails(value).every((item) => EMAIL.safeParse(item).success), {
      error: 'setting.emails_invalid',
    })
    .refine((value) => splitEmails(value).length <= 20, { error: 'setting.emails_too_many' })
    .transform((value) => {
      const emails = [...new Set(splitEmails(value).map((item) => item.toLowerCase()))];
      return emails.length ? emails.join(', ') : null;
    })
    .nullish();

/** The code syntaxes are checked by their own rules on the server (code-syntax.ts); here: not blank. */
const syntax = () => requiredText({ max: 60, required: 'setting.syntax_required' });

export const SETTING_VALUE_MAX = 20_000;
const script = () => optionalText(SETTING_VALUE_MAX);

/** Any setting's value as sent; the rule of its key decides the rest. */
const anyValue = () =>
  text()
    .superRefine(charLength({ max: SETTING_VALUE_MAX }))
    .meta({ maxLength: SETTING_VALUE_MAX })
    .nullish();

const NAMED = {
  site_logo: { group: 'general', value: optionalLink() },
  site_logo_dark: { group: 'general', value: optionalLink() },
  favicon: { group: 'general', value: optionalLink() },
  site_name: { group: 'general', value: optionalText(200) },
  site_description: { group: 'general', value: optionalText(1000) },
  site_email: { group: 'general', value: contactEmail() },
  site_hotline: { group: 'general', value: contactPhone() },
  site_keywords: { group: 'general', value: optionalText(1000) },
  social_facebook: { group: 'social', value: optionalLink() },
  social_youtube: { group: 'social', value: optionalLink() },
  social_zalo: { group: 'social', value: optionalLink() },
  social_tiktok: { group: 'social', value: optionalLink() },
  social_instagram: { group: 'social', value: optionalLink() },
  social_twitter: { group: 'social', value: optionalLink() },
  social_linkedin: { group: 'social', value: optionalLink() },
  header_script: { group: 'script', value: script() },
  footer_script: { group: 'script', value: script() },
  tracker: { group: 'script', value: script() },
  company_name: { group: 'company', value: optionalText(200) },
  company_address: { group: 'company', value: optionalText(500) },
  company_phone: { group: 'company', value: contactPhone() },
  company_email: { group: 'company', value: contactEmail() },
  company_tax_code: { group: 'company', value: optionalText(50) },
  company_representative: { group: 'company', value: optionalText(200) },
  copyright: { group: 'copyright', value: optionalText(1000) },
  notification_emails: { group: 'email', value: emailList() },
  product_code_syntax: { group: 'product', value: syntax() },
  order_code_syntax: { group: 'product', value: syntax() },
  order_code_syntax_footer: { group: 'product', value: syntax() },
  money_unit: { group: 'product', value: optionalText(10) },
  bank_bin: { group: 'bank', value: bankSettingValues.bank_bin() },
  bank_account: { group: 'bank', value: bankSettingValues.bank_account() },
  bank_account_name: { group: 'bank', value: bankSettingValues.bank_account_name() },
  // Text like every setting's value: members' comments wait for approval while it is "true".
  comments_need_approval: {
    group: 'general',
    value: z.enum(['true', 'false'], { error: 'validation.invalid_value' }).nullish(),
  },
} satisfies Record<string, { group: SettingGroup; value: z.ZodType }>;

export type NamedSettingKey = keyof typeof NAMED;
export const NAMED_SETTING_KEYS = Object.keys(NAMED) as NamedSettingKey[];
export const isNamedSetting = (key: string): key is NamedSettingKey => Object.hasOwn(NAMED, key);
export const settingKeysOf = (group: SettingGroup) =>
  NAMED_SETTING_KEYS.filter((key) => NAMED[key].group === group);
/** The value rule of a named setting: what it accepts, and what it stores (`null`: empty). */
export const namedSettingValue = (key: NamedSettingKey): z.ZodType<string | null | undefined> =>
  NAMED[key].value;

/** Run on every public page of the website: changing them needs `settings.scripts`. */
export const SCRIPT_SETTING_KEYS: readonly NamedSettingKey[] = settingKeysOf('script');
export const isScriptSetting = (key: string) => (SCRIPT_SETTING_KEYS as string[]).includes(key);

/** What a named setting holds before anyone saves it. */
export const SETTING_DEFAULTS: Partial<Record<NamedSettingKey, string>> = {
  product_code_syntax: DEFAULT_PRODUCT_CODE_SYNTAX,
  order_code_syntax: DEFAULT_ORDER_CODE_SYNTAX,
  order_code_syntax_footer: DEFAULT_ORDER_CODE_SYNTAX_FOOTER,
  money_unit: 'đ',
  comments_need_approval: 'true',
};

/** Personal option keys: ASCII lowercase letters and digits. */
export const PERSONAL_KEY = /^[a-z0-9]+$/;

const personalKey = () =>
  requiredText({ max: 100, required: 'setting.key_required' }).regex(PERSONAL_KEY, {
    error: 'setting.key_format',
  });
const personalTitle = () =>
  requiredText({
    min: 2,
    max: 100,
    required: 'setting.title_required',
    tooShort: 'setting.title_length',
    tooLong: 'setting.title_length',
  });
const personalValue = () => requiredText({ max: 5000, required: 'setting.value_required' });

/** `POST /settings`: a personal option. */
export const settingCreateSchema = z.strictObject({
  key: personalKey(),
  title: personalTitle(),
  value: personalValue(),
});

/**
 * `PATCH /settings/{id}`: a personal option's title and value (its key names it for the
 * website, so it stays), or a named setting's value, checked by that setting's rule.
 */
export const settingUpdateSchema = z.strictObject({
  title: personalTitle().optional(),
  value: anyValue(),
});

/** `PATCH /settings`: several settings by key, saved together or not at all. */
export const settingsBulkSchema = z.strictObject({
  settings: z
    .array(
      z.strictObject({
        key: requiredText({ max: 100, required: 'setting.key_required' }),
        value: anyValue(),
      }),
    )
    .min(1, { error: 'setting.bulk_empty' })
    .max(100),
});

export const settingRecordSchema = z.object({
  id: z.number(),
  key: z.string(),
  title: z.string().nullable(),
  value: z.string().nullable(),
  ...timestamps,
});

/** Which settings a list shows: one screen's named settings, or the personal options. */
export const SETTING_LIST_GROUPS = [...SETTING_GROUPS, 'personal'] as const;

/** The answer of a bulk save: every setting saved. */
export const settingsBulkAnswerSchema = z.object({ data: z.array(settingRecordSchema) });

export type Setting = z.infer<typeof settingRecordSchema>;
export type SettingCreate = z.infer<typeof settingCreateSchema>;
export type SettingUpdate = z.infer<typeof settingUpdateSchema>;
export type SettingsBulk = z.infer<typeof settingsBulkSchema>;
