import { z } from 'zod';
import { isSafeAddress, optionalAddress, requiredAddress } from './address';
import { requiredText } from './schema-kit';

/** Keys of menus, sliders and widgets: lowercase letters, digits, `-` and `_`. */
export const APPEARANCE_KEY = /^[a-z0-9_-]+$/;

/** A menu's, slider's or widget's key: how the website asks for it. */
export const appearanceKey = () =>
  requiredText({ max: 100, required: 'appearance.key_required' }).regex(APPEARANCE_KEY, {
    error: 'appearance.key_format',
  });

/** Where a link or an image of menus, sliders, widgets and settings points: the one address rule. */
export const isLink = isSafeAddress;

export const requiredLink = (required: string) =>
  requiredAddress({ required, invalid: 'appearance.link_invalid' });

export const optionalLink = () => optionalAddress('appearance.link_invalid');

/**
 * A free JSON object the website reads (a menu item's data, a widget's section or value):
 * keys of at most 200 characters and at most `maxProperties` of them, a bound the API
 * description states as its `maxProperties`.
 */
export const jsonObject = (error: string, maxProperties = 200) =>
  z
    .record(z.string().max(200), z.unknown(), { error })
    .refine((value) => Object.keys(value).length <= maxProperties, {
      error: 'appearance.json_too_big',
    })
    .meta({ maxProperties });

const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/**
 * A refinement for JSON the website reads (widget sections, values): at most `maxChars` long
 * once written and `depth` levels deep, its texts and keys free of control characters
 * (PostgreSQL refuses a NUL inside JSON, and the others are never meant).
 */
export const jsonLimits =
  ({ maxChars, depth = 8 }: { maxChars: number; depth?: number }) =>
  (value: unknown, ctx: z.RefinementCtx) => {
    if (JSON.stringify(value ?? null).length > maxChars) {
      ctx.addIssue({ code: 'custom', message: 'appearance.json_too_big' });
      return;
    }
    const walk = (node: unknown, path: Array<string | number>, level: number): void => {
      if (level > depth) {
        ctx.addIssue({ code: 'custom', message: 'appearance.json_too_deep', path });
        return;
      }
      if (typeof node === 'string' && CONTROL_CHARS.test(node))
        ctx.addIssue({ code: 'custom', message: 'validation.control_chars', path });
      else if (Array.isArray(node))
        node.forEach((item, index) => walk(item, [...path, index], level + 1));
      else if (node !== null && typeof node === 'object')
        for (const [key, item] of Object.entries(node)) {
          if (CONTROL_CHARS.test(key))
            ctx.addIssue({ code: 'custom', message: 'validation.control_chars', path });
          walk(item, [...path, key], level + 1);
        }
    };
    walk(value, [], 0);
  };
