import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { agencyCreateSchema } from '../agency.schema';
import { languageCreateSchema } from '../language.schema';
import { listQuerySchema } from '../list-query.schema';
import { menuCreateSchema } from '../menu.schema';
import { redirectCreateSchema } from '../redirect.schema';
import { roleAssignSchema } from '../role.schema';
import { newPassword, requiredText } from '../schema-kit';
import { formatCount } from '../money';
import { LOCALES, messages, translate, type MessageParams } from './catalog';
import { issueMessage } from './issue-message';

/** The parameters a schema's refusal carries, as the API and the admin get them. */
const fromSchema = (key: string, schema: z.ZodType, input: unknown): MessageParams => {
  const result = schema.safeParse(input, { reportInput: true });
  const message = result.error?.issues.map(issueMessage).find((one) => one.key === key);
  if (!message) throw new Error(`${key} is not raised by this input`);
  return message.params ?? {};
};

/**
 * The parameters the code passes with each message that has placeholders: those of zod
 * refusals come from the real schemas; the others are what the raising code passes
 * (apps/api: list-query.ts, roles.service.ts, errors.ts, media.service.ts,
 * password-reset.service.ts). A new message with placeholders must be added here.
 */
const PARAMS: Record<string, MessageParams> = {
  'validation.invalid_type': fromSchema('validation.invalid_type', redirectCreateSchema, {
    source: 1,
    destination: '/b',
  }),
  'validation.too_short': fromSchema(
    'validation.too_short',
    requiredText({ min: 2, max: 10 }),
    'a',
  ),
  'validation.too_long': fromSchema('validation.too_long', agencyCreateSchema, {
    name: 'x'.repeat(201),
  }),
  'validation.too_small': fromSchema('validation.too_small', languageCreateSchema, {
    key: 'vi',
    name: 'A',
    sort: -1,
  }),
  'validation.too_big': fromSchema('validation.too_big', languageCreateSchema, {
    key: 'vi',
    name: 'A',
    sort: 2_000_000,
  }),
  'validation.array_too_small': fromSchema(
    'validation.array_too_small',
    z.array(z.number()).min(1),
    [],
  ),
  'validation.array_too_big': fromSchema('validation.array_too_big', roleAssignSchema, {
    user_ids: Array.from({ length: 1001 }, (_, index) => index + 1),
    role_ids: [1],
  }),
  'validation.invalid_value': fromSchema(
    'validation.invalid_value',
    z.enum(['grid', 'list'], { error: 'validation.invalid_value' }),
    'x',
  ),
  'password.min': fromSchema('password.min', newPassword(), 'short'),
  'password.max': fromSchema('password.max', newPassword(), 'x'.repeat(201)),
  'list.limit': fromSchema('list.limit', listQuerySchema, { limit: '-1' }),
  'error.too_many_requests': { seconds: 900 },
  'list.order_by': { field: 'password' },
  'list.include': { value: 'secrets' },
  'list.search_field': { field: 'password' },
  'permission.unknown': { keys: 'posts.fly' },
  'permission.not_held': { keys: 'users.delete' },
  'media.too_large': { limit: '50 MB' },
  'tree.has_children': { count: 3 },
  'discount.in_use': { count: 2 },
  'slip.not_enough_stock': { count: 3 },
  'slip.note_order': { code: 'DH2612070001' },
  'post.units_in_stock': { count: 4 },
  'error.unavailable': { seconds: 5 },
  'redirect.chain_too_long': { maximum: 5 },
  'menu.type_unavailable': { type: 'category' },
  'menu.too_deep': fromSchema('menu.too_deep', menuCreateSchema, {
    key: 'a',
    title: 'A',
    items: [
      Array.from({ length: 9 }).reduce<object>(
        (child) => ({ title: 'x', url: '/', children: [child] }),
        { title: 'x', url: '/' },
      ),
    ],
  }),
  'menu.too_many_items': fromSchema('menu.too_many_items', menuCreateSchema, {
    key: 'a',
    title: 'A',
    items: Array.from({ length: 501 }, () => ({ title: 'x', url: '/' })),
  }),
  'mail.email_changed_body': {
    name: 'Nguyễn Văn A',
    old: 'a@example.com',
    new: 'b@example.com',
    time: '2026-11-23 10:00',
  },
  'mail.reset_body': {
    name: 'Nguyễn Văn A',
    email: 'a@example.com',
    expires: '2026-11-22 10:00',
    link: 'https://admin.example/reset-password?token=abc',
  },
};

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]!);

describe('API message catalogues', () => {
  it('hold the same keys in every language', () => {
    const english = Object.keys(messages.en).sort();
    for (const locale of LOCALES) expect(Object.keys(messages[locale]).sort()).toEqual(english);
  });

  it('keep every {{param}} of the English text', () => {
    for (const [key, text] of Object.entries(messages.en)) {
      const params = (text.match(/\{\{\w+\}\}/g) ?? []).sort();
      for (const locale of LOCALES) {
        expect(
          (messages[locale][key]!.match(/\{\{\w+\}\}/g) ?? []).sort(),
          `${locale} ${key}`,
        ).toEqual(params);
      }
    }
  });

  it('uses the spec texts in English and interpolates parameters', () => {
    expect(translate('en', 'auth.wrong_login')).toBe(
      'Your email or password is wrong. Please check again.',
    );
    expect(translate('en', 'auth.captcha_incorrect')).toBe('Incorrect captcha!');
    expect(translate('vi', 'list.limit', { maximum: 100 })).toContain('100');
    expect(translate('ja', 'no.such.key')).toBe('no.such.key');
  });

  it('renders every message whole in every language, with the parameters the code passes', () => {
    const withPlaceholders = Object.keys(messages.en).filter(
      (key) => placeholders(messages.en[key]!).length > 0,
    );
    expect(Object.keys(PARAMS).sort()).toEqual(withPlaceholders.sort());
    for (const locale of LOCALES) {
      for (const key of Object.keys(messages.en)) {
        const params = PARAMS[key] ?? {};
        for (const name of placeholders(messages[locale][key]!))
          expect(params[name], `${locale} ${key} {{${name}}}`).toBeDefined();
        const text = translate(locale, key, params);
        expect(text.trim(), `${locale} ${key}`).not.toBe('');
        expect(text, `${locale} ${key}`).not.toMatch(/\{\{|\}\}/);
        // An empty value would leave "", 「」 or a space before the full stop.
        expect(text, `${locale} ${key}`).not.toMatch(/""|「」|（）|\(\)|\s[.。:：]/);
        for (const value of Object.values(params))
          if (placeholders(messages[locale][key]!).length > 0)
            expect(text).toContain(
              typeof value === 'number' ? formatCount(value, locale) : String(value),
            );
      }
    }
  });

  it('leaves a parameter that was not passed visible instead of dropping it', () => {
    expect(translate('en', 'list.limit')).toBe(
      'The page size must be a whole number from 1 to {{maximum}}.',
    );
    expect(translate('en', 'list.limit', { maximum: 100 })).toBe(
      'The page size must be a whole number from 1 to 100.',
    );
  });

  it('groups a number of four digits or more as the language writes it', () => {
    expect(translate('vi', 'validation.too_big', { maximum: 1_000_000 })).toBe(
      'Giá trị này phải nhỏ hơn hoặc bằng 1.000.000.',
    );
    expect(translate('en', 'validation.too_big', { maximum: 5000 })).toBe(
      'This value must be at most 5,000.',
    );
    expect(translate('en', 'list.include', { value: '1000' })).toBe('Unknown include: "1000".');
  });
});
