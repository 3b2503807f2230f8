import { z } from 'zod';
import {
  APPEARANCE_KEY,
  appearanceKey,
  jsonLimits,
  jsonObject,
  optionalLink,
  requiredLink,
} from './appearance-kit';
import { optionalText, requiredText, timestamps } from './schema-kit';
import { isSlug } from './slug';
import { ADDRESS_META, isSafeAddress } from './address';
import { hasDotSegment } from './api-path';

/**
 * A widget is a block of the website (a hotline box, a list of partners…) whose content staff
 * edit. Its `settings` say which fields that content has; its `value` holds the content. The
 * settings format (documented in the README under "Widget settings"):
 *
 *   settings: { fields: [{ key, title, style, required?, has_option?, help?, data?, api?, fields? }] }
 *
 * - `style`: one of the data-field styles (below);
 * - `data`: the selection options `[{value, title}]` of `selectbox`, `radiobox`, `checkbox`;
 * - `api`: where an `api` field reads its choices `{path, list_key, value_key, title_key}`
 *   (a path of this API, or an http(s) address; the list at `list_key`, each choice's value
 *   and title at `value_key` and `title_key`);
 * - `fields`: the list fields — the columns of each row of a `list` field (any style but `list`);
 * - `has_option`: several values may be chosen (`selectbox`, `api`);
 * - `required`: the value editor may not leave it empty.
 *
 * The value is then `{ [field.key]: … }`, checked against the settings on every write
 * (`widgetValueSchema`), by the admin's value editor and by `PATCH /widgets/{id}/value`.
 */

/**
 * The data-field styles that a widget's content can hold, `list` aside (a list's
 * columns are any of these, never a list again). `editor` (rich text) is left out until the
 * server sanitizes rich text: the website would show it as HTML.
 */
export const WIDGET_COLUMN_STYLES = [
  'text',
  'number',
  'date',
  'time',
  'textarea',
  'selectbox',
  'radiobox',
  'checkbox',
  'image',
  'video',
  'document',
  'media',
  'api',
] as const;

export const WIDGET_FIELD_STYLES = [...WIDGET_COLUMN_STYLES, 'list'] as const;

/** Styles that choose among the field's `data` options. */
export const WIDGET_CHOICE_STYLES = ['selectbox', 'radiobox', 'checkbox'] as const;

/** Where `/widgets/:type` would clash with the screen `/widgets/manager`. */
export const RESERVED_WIDGET_TYPES = ['manager'] as const;

/** A field's key in the value object, as data fields name theirs. */
export const WIDGET_FIELD_KEY = /^[a-z][a-z0-9_]*$/;

const DOTTED_KEY = /^[A-Za-z0-9_$-]+(?:\.[A-Za-z0-9_$-]+)*$/;
const UNSAFE_SEGMENTS = new Set(['__proto__', 'prototype', 'constructor']);
const isDottedKey = (value: string) =>
  DOTTED_KEY.test(value) && !value.split('.').some((segment) => UNSAFE_SEGMENTS.has(segment));

/** A path of this API (`/types?limit=0`) or an http(s) address; never `//host` nor `..`. */
const isApiPath = (value: string) =>
  /^https?:\/\/[^\s]+$/i.test(value) || (/^\/(?!\/)[^\s\\]*$/.test(value) && !hasDotSegment(value));

const dottedKey = (required: string) =>
  requiredText({ max: 200, required }).refine(isDottedKey, { error: 'widget.api_key_format' });

const widgetFieldApiSchema = z.strictObject({
  path: requiredText({ max: 2000, required: 'widget.api_path_required' })
    .refine(isApiPath, { error: 'widget.api_path_invalid' })
    .refine(isSafeAddress, { error: 'widget.api_path_invalid' })
    .meta(ADDRESS_META),
  /** Empty: the answer itself is the list. */
  list_key: optionalText(200).refine((value) => !value || isDottedKey(value), {
    error: 'widget.api_key_format',
  }),
  value_key: dottedKey('widget.api_value_key_required'),
  title_key: dottedKey('widget.api_title_key_required'),
});

const choiceSchema = z.strictObject({
  value: requiredText({ max: 200, required: 'widget.choice_value_required' }),
  title: requiredText({ max: 200, required: 'widget.choice_title_required' }),
});

const fieldBase = {
  key: requiredText({ max: 64, required: 'widget.field_key_required' }).regex(WIDGET_FIELD_KEY, {
    error: 'widget.field_key_format',
  }),
  title: requiredText({ max: 200, required: 'widget.field_title_required' }),
  required: z.boolean({ error: 'validation.invalid_type' }).optional(),
  has_option: z.boolean({ error: 'validation.invalid_type' }).optional(),
  help: optionalText(500),
  data: z.array(choiceSchema, { error: 'validation.invalid_type' }).max(200).optional(),
  api: widgetFieldApiSchema.optional(),
};

const styleOf = <T extends readonly [string, ...string[]]>(styles: T) =>
  z.enum(styles, {
    error: (issue) =>
      issue.input == null ? 'widget.field_style_required' : 'validation.invalid_value',
  });

/** Keys are unique among their siblings: a second one would overwrite the first's value. */
const uniqueKeys =
  (message: string, property: 'key' | 'value', under: string[] = []) =>
  (items: ReadonlyArray<Record<string, unknown>>, ctx: z.RefinementCtx) => {
    const seen = new Set<unknown>();
    items.forEach((item, index) => {
      if (seen.has(item[property]))
        ctx.addIssue({ code: 'custom', message, path: [...under, index, property] });
      seen.add(item[property]);
    });
  };

type FieldRuleValues = {
  style: string;
  data?: ReadonlyArray<{ value: string }>;
  api?: unknown;
  fields?: readonly unknown[];
};

const fieldRules = (field: FieldRuleValues, ctx: z.RefinementCtx) => {
  if ((WIDGET_CHOICE_STYLES as readonly string[]).includes(field.style)) {
    if (!field.data?.length)
      ctx.addIssue({ code: 'custom', message: 'widget.field_data_required', path: ['data'] });
    else uniqueKeys('widget.choice_duplicate', 'value', ['data'])(field.data, ctx);
  }
  if (field.style === 'api' && !field.api)
    ctx.addIssue({ code: 'custom', message: 'widget.field_api_required', path: ['api'] });
};

const columnSchema = z
  .strictObject({ ...fieldBase, style: styleOf(WIDGET_COLUMN_STYLES) })
  .superRefine((column, ctx) => {
    fieldRules(column, ctx);
    // A column's issues are under the list's `fields` (uniqueKeys adds the rest of the path).
  });

const fieldSchema = z
  .strictObject({
    ...fieldBase,
    style: styleOf(WIDGET_FIELD_STYLES),
    fields: z
      .array(columnSchema, { error: 'validation.invalid_type' })
      .max(30)
      .superRefine(uniqueKeys('widget.field_key_duplicate', 'key'))
      .optional(),
  })
  .superRefine((field, ctx) => {
    fieldRules(field, ctx);
    if (field.style === 'list' && !field.fields?.length)
      ctx.addIssue({ code: 'custom', message: 'widget.field_columns_required', path: ['fields'] });
  });

export const widgetSettingsSchema = z.strictObject(
  {
    fields: z
      .array(fieldSchema, { error: 'validation.invalid_type' })
      .max(50)
      .superRefine(uniqueKeys('widget.field_key_duplicate', 'key')),
  },
  { error: (issue) => (issue.code === 'invalid_type' ? 'widget.settings_invalid' : undefined) },
);

const columnRecordShape = {
  key: z.string(),
  title: z.string(),
  required: z.boolean().optional(),
  has_option: z.boolean().optional(),
  help: z.string().nullish(),
  data: z.array(z.object({ value: z.string(), title: z.string() })).optional(),
  api: z
    .object({
      path: z.string(),
      list_key: z.string().nullish(),
      value_key: z.string(),
      title_key: z.string(),
    })
    .optional(),
};

/** Settings as stored and answered (what `widgetSettingsSchema` let through). */
export const widgetSettingsRecordSchema = z.object({
  fields: z.array(
    z.object({
      ...columnRecordShape,
      style: z.enum(WIDGET_FIELD_STYLES),
      fields: z
        .array(z.object({ ...columnRecordShape, style: z.enum(WIDGET_COLUMN_STYLES) }))
        .optional(),
    }),
  ),
});

export type WidgetSettings = z.infer<typeof widgetSettingsRecordSchema>;
export type WidgetField = WidgetSettings['fields'][number];
export type WidgetColumn = NonNullable<WidgetField['fields']>[number];

const groupSchema = z.strictObject(
  {
    name: requiredText({ max: 200, required: 'widget.group_name_required' }),
    /** The group's link; made from the name when left empty. */
    slug: optionalText(200).refine((value) => !value || isSlug(value), {
      error: 'validation.slug',
    }),
  },
  { error: (issue) => (issue.code === 'invalid_type' ? 'validation.invalid_type' : undefined) },
);

const widgetType = optionalText(100)
  .refine((value) => !value || APPEARANCE_KEY.test(value), { error: 'widget.type_format' })
  .refine((value) => !(RESERVED_WIDGET_TYPES as readonly unknown[]).includes(value), {
    error: 'widget.type_reserved',
  });

/** Sections: free JSON objects the website's theme reads (where and how the widget shows). */
const sectionsSchema = z
  .array(jsonObject('widget.section_object'), {
    error: 'validation.invalid_type',
  })
  .max(100)
  .superRefine(jsonLimits({ maxChars: 100_000 }));

const widgetFields = {
  key: appearanceKey(),
  title: requiredText({ max: 255, required: 'widget.title_required' }),
  icon: optionalLink(),
  group: groupSchema.nullable().optional(),
  description: optionalText(2000),
  type: widgetType,
  settings: widgetSettingsSchema.optional(),
  sections: sectionsSchema.optional(),
};

export const widgetCreateSchema = z.strictObject(widgetFields);
export const widgetUpdateSchema = z.strictObject(widgetFields).partial();

/** `PATCH /widgets/{id}/value`: the whole value, checked against the widget's settings by the server. */
export const widgetValueUpdateSchema = z.strictObject({
  value: jsonObject('widget.value_object'),
});

const CLOCK_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

const choiceOf = (options: ReadonlyArray<{ value: string }> | undefined) =>
  requiredText({ max: 200, required: 'widget.value_choice' }).refine(
    (value) => (options ?? []).some((option) => option.value === value),
    {
      error: 'widget.value_choice',
    },
  );

const link = () => requiredLink('validation.required');

/** What one field of the settings holds, before "required" is applied. */
const valueOfColumn = (field: WidgetColumn | WidgetField): z.ZodType => {
  switch (field.style) {
    case 'text':
      return optionalText(5000);
    case 'textarea':
      return optionalText(20_000);
    case 'number':
      return z.number({ error: 'validation.invalid_type' }).min(-1e15).max(1e15);
    case 'date':
      return z.iso.date({ error: 'validation.date' });
    case 'time':
      return requiredText({ max: 5 }).refine((value) => CLOCK_TIME.test(value), {
        error: 'widget.value_time',
      });
    case 'selectbox':
      return field.has_option ? z.array(choiceOf(field.data)).max(200) : choiceOf(field.data);
    case 'radiobox':
      return choiceOf(field.data);
    case 'checkbox':
      return z.array(choiceOf(field.data)).max(200);
    case 'image':
    case 'video':
    case 'document':
      return link();
    case 'media':
      return z.array(link()).max(100);
    case 'api': {
      const one = z.union([requiredText({ max: 500 }), z.number()], {
        error: 'validation.invalid',
      });
      return field.has_option ? z.array(one).max(200) : one;
    }
    case 'list':
      return z
        .array(
          z.strictObject(
            Object.fromEntries(
              ((field as WidgetField).fields ?? []).map((column) => [column.key, valueOf(column)]),
            ),
          ),
          { error: 'validation.invalid_type' },
        )
        .max(200);
    default:
      return field satisfies never;
  }
};

const isEmpty = (value: unknown) =>
  value === undefined ||
  value === null ||
  value === '' ||
  (Array.isArray(value) && value.length === 0);

/** A field's value: may be left empty (`null`, missing) unless the settings say it is required. */
const valueOf = (field: WidgetColumn | WidgetField): z.ZodType => {
  const inner = valueOfColumn(field);
  if (!field.required) return inner.nullish();
  return z
    .unknown()
    .superRefine((value, ctx) => {
      if (isEmpty(value))
        ctx.addIssue({ code: 'custom', message: 'validation.required', abort: true });
    })
    .pipe(inner);
};

/** The value a widget's settings allow: `{ [field.key]: … }`, nothing else. */
export const widgetValueSchema = (settings: WidgetSettings) =>
  z
    .strictObject(Object.fromEntries(settings.fields.map((field) => [field.key, valueOf(field)])))
    .superRefine(jsonLimits({ maxChars: 500_000 }));

export type WidgetValue = Record<string, unknown>;

export const widgetRecordSchema = z.object({
  id: z.number(),
  key: z.string(),
  title: z.string(),
  icon: z.string().nullable(),
  group: z.object({ name: z.string(), slug: z.string() }).nullable(),
  description: z.string().nullable(),
  type: z.string().nullable(),
  settings: widgetSettingsRecordSchema,
  sections: z.array(z.record(z.string(), z.unknown())),
  value: z.record(z.string(), z.unknown()),
  ...timestamps,
});

export type Widget = z.infer<typeof widgetRecordSchema>;
export type WidgetCreate = z.infer<typeof widgetCreateSchema>;
export type WidgetUpdate = z.infer<typeof widgetUpdateSchema>;
export type WidgetValueUpdate = z.infer<typeof widgetValueUpdateSchema>;
