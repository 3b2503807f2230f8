import { z } from 'zod';
import { ADDRESS_META, isSafeAddress } from './address';
import { hasDotSegment } from './api-path';
import { optionalText, requiredText, text, timestamps } from './schema-kit';

/** The fifteen styles of a data field: how the post editor asks for its value. */
export const FIELD_STYLES = [
  'text',
  'number',
  'date',
  'time',
  'textarea',
  'editor',
  'selectbox',
  'radiobox',
  'checkbox',
  'image',
  'video',
  'document',
  'media',
  'api',
  'list',
] as const;
export type FieldStyle = (typeof FIELD_STYLES)[number];

/** Styles whose value is where a picture or a file is: each text of it follows the address rule. */
export const ADDRESS_FIELD_STYLES: readonly FieldStyle[] = ['image', 'video', 'document', 'media'];
export const holdsAddresses = (style: string) =>
  (ADDRESS_FIELD_STYLES as readonly string[]).includes(style);

/** Styles whose value the website shows as HTML: stored values are sanitized (rich text). */
export const HTML_FIELD_STYLES: readonly FieldStyle[] = ['editor'];
export const rendersHtml = (style: string) =>
  (HTML_FIELD_STYLES as readonly string[]).includes(style);

/** Styles that choose from the field's data items, so they need at least one. */
export const STYLES_WITH_ITEMS: readonly FieldStyle[] = ['selectbox', 'radiobox', 'checkbox'];

/**
 * Styles where `has_option` (several values) and `has_children` (choices as a tree) mean
 * something; the other styles ignore both (a checkbox always takes several, a radio one).
 */
export const STYLES_WITH_OPTIONS: readonly FieldStyle[] = ['selectbox', 'api'];

/** Keys of data fields: how templates and the post's `fields` object name them. */
export const FIELD_KEY = /^[a-z][a-z0-9_]*$/;

/**
 * Where a dynamic select reads its options: a path of this API (`/locations/provinces`,
 * `locations/provinces?x=1`) or an http(s) address; no other scheme (`javascript:`), no
 * `//host`, no backslash (browsers read it as `/`), and no `.` or `..` segment.
 */
const API_PATH = /^(\/?[a-z0-9_.~-][^\s:\\]*(\?[^\s]*)?|https?:\/\/[^\s]+)$/i;

/** A dotted key into a JSON answer (`data`, `data.items`, `attributes.name`). */
const DOTTED_KEY = /^[A-Za-z0-9_$-]+(\.[A-Za-z0-9_$-]+)*$/;

const dottedKey = () =>
  optionalText(200).refine((value) => !value || DOTTED_KEY.test(value), {
    error: 'field.api_key_format',
  });

const dataItemSchema = z.strictObject({
  value: text({ required: 'field.item_value_required' })
    .trim()
    .min(1, { error: 'field.item_value_required' })
    .max(500),
  title: requiredText({ max: 255, required: 'field.item_title_required' }),
  /** With `has_children`: the value of the item this one sits under (none: the top). */
  parent: optionalText(500),
});

/**
 * A field's items: each value once (a choice is found by its value), and each `parent` the
 * value of another item, never making a circle.
 */
const checkDataItems = (
  items: ReadonlyArray<{ value: string; parent?: string | null }>,
  ctx: z.RefinementCtx,
) => {
  const indexOf = new Map<string, number>();
  items.forEach((item, index) => {
    if (indexOf.has(item.value))
      ctx.addIssue({
        code: 'custom',
        message: 'field.item_value_duplicate',
        path: [index, 'value'],
      });
    else indexOf.set(item.value, index);
  });
  items.forEach((item, index) => {
    if (!item.parent) return;
    if (item.parent === item.value || !indexOf.has(item.parent)) {
      ctx.addIssue({
        code: 'custom',
        message: 'field.item_parent_missing',
        path: [index, 'parent'],
      });
      return;
    }
    const seen = new Set([item.value]);
    for (let parent: string | null | undefined = item.parent; parent;) {
      if (seen.has(parent)) {
        ctx.addIssue({
          code: 'custom',
          message: 'field.item_parent_loop',
          path: [index, 'parent'],
        });
        return;
      }
      seen.add(parent);
      parent = items[indexOf.get(parent) ?? -1]?.parent;
    }
  });
};

export const fieldApiSchema = z.strictObject({
  path: requiredText({ max: 2000, required: 'field.api_path_required' })
    .regex(API_PATH, { error: 'field.api_path_invalid' })
    .refine((value) => !hasDotSegment(value), { error: 'field.api_path_invalid' })
    // A path without its leading `/` is one under the API's root: the address rule holds too.
    .refine((value) => isSafeAddress(/^(\/|https?:)/i.test(value) ? value : `/${value}`), {
      error: 'field.api_path_invalid',
    })
    .meta(ADDRESS_META),
  list_key: dottedKey(),
  value_key: dottedKey(),
  title_key: dottedKey(),
});

const dataFieldFields = {
  group_id: z
    .number({
      error: (issue) => (issue.input == null ? 'field.group_required' : 'validation.integer'),
    })
    .int({ error: 'validation.integer' })
    .min(1),
  key: requiredText({ max: 100, required: 'field.key_required' }).regex(FIELD_KEY, {
    error: 'field.key_format',
  }),
  title: requiredText({ max: 255, required: 'field.title_required' }),
  value: optionalText(10_000),
  style: z.enum(FIELD_STYLES, {
    error: (issue) => (issue.input == null ? 'field.style_required' : 'validation.invalid_value'),
  }),
  data: z.array(dataItemSchema).max(500).superRefine(checkDataItems).optional(),
  script: optionalText(20_000),
  api: fieldApiSchema.nullish(),
  /** `selectbox`, `api`: several values may be chosen (the value is then a list). */
  has_option: z.boolean().optional(),
  /**
   * `selectbox`, `api`: the choices are a tree: a `selectbox` item names its `parent` item,
   * an `api` answer's item holds its own under `children` (same keys).
   */
  has_children: z.boolean().optional(),
  sort: z.number().int({ error: 'validation.integer' }).min(0).max(1_000_000).optional(),
};

type FieldShape = {
  style?: FieldStyle;
  data?: ReadonlyArray<unknown>;
  api?: unknown;
};

/** The rules between fields; the API checks them again on the stored result of a PATCH. */
export const checkFieldRules = (field: FieldShape, ctx: z.RefinementCtx) => {
  if (field.style && STYLES_WITH_ITEMS.includes(field.style) && (field.data?.length ?? 0) === 0)
    ctx.addIssue({ code: 'custom', message: 'field.data_min', path: ['data'] });
  if (field.style === 'api' && !field.api)
    ctx.addIssue({ code: 'custom', message: 'field.api_path_required', path: ['api', 'path'] });
};

export const dataFieldCreateSchema = z.strictObject(dataFieldFields).superRefine(checkFieldRules);
/** A field stays in its group; style/data rules are checked against the stored field too. */
export const dataFieldUpdateSchema = z
  .strictObject(dataFieldFields)
  .omit({ group_id: true })
  .partial();
/** The admin's form (group chosen by the screen). */
export const dataFieldFormSchema = z
  .strictObject(dataFieldFields)
  .omit({ group_id: true })
  .superRefine(checkFieldRules);

export const dataFieldRecordSchema = z.object({
  id: z.number(),
  group_id: z.number(),
  key: z.string(),
  title: z.string(),
  value: z.string().nullable(),
  style: z.enum(FIELD_STYLES),
  data: z.array(z.object({ value: z.string(), title: z.string(), parent: z.string().nullish() })),
  script: z.string().nullable(),
  api: z
    .object({
      path: z.string(),
      list_key: z.string().nullable(),
      value_key: z.string().nullable(),
      title_key: z.string().nullable(),
    })
    .nullable(),
  has_option: z.boolean(),
  has_children: z.boolean(),
  sort: z.number(),
  ...timestamps,
});

export type DataField = z.infer<typeof dataFieldRecordSchema>;
export type DataFieldCreate = z.infer<typeof dataFieldCreateSchema>;
export type DataFieldUpdate = z.infer<typeof dataFieldUpdateSchema>;
export type DataFieldApi = NonNullable<DataField['api']>;
