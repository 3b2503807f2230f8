import { z } from 'zod';
import { optionalAddress } from './address';
import { SLUG_PATTERN } from './slug';
import { optionalText, requiredText, timestamps } from './schema-kit';

/** The three styles of post a type holds. */
export const POST_STYLES = ['article', 'product', 'course'] as const;
export type PostStyle = (typeof POST_STYLES)[number];

/** What a post type's editor and the sidebar offer; each may be renamed per type. */
export const FEATURE_KEYS = [
  'category',
  'group',
  'trademark',
  'related',
  'seo',
  'fields',
  'images',
  'contents',
  'comments',
  'ratings',
] as const;
export type FeatureKey = (typeof FEATURE_KEYS)[number];

/** A slug sent by a client: empty means "make one from the title". */
export const optionalSlug = () =>
  optionalText(200).refine((value) => !value || SLUG_PATTERN.test(value), {
    error: 'validation.slug',
  });

/** A path or an http(s) address of an image (the media library hands out paths). */
export const optionalImage = () => optionalAddress('content.image_invalid');

const featureSchema = z.strictObject({
  key: z.enum(FEATURE_KEYS, { error: 'validation.invalid_value' }),
  // Empty: the interface shows the feature's usual name in the reader's language.
  name: optionalText(100),
  enabled: z.boolean(),
});

/** Keys of custom fields: how templates read them, so plain ASCII. */
export const CUSTOM_FIELD_KEY = /^[a-z][a-z0-9_]*$/;

const customFieldSchema = z.strictObject({
  key: requiredText({ max: 100, required: 'type.custom_field_key_required' }).regex(
    CUSTOM_FIELD_KEY,
    { error: 'type.custom_field_key' },
  ),
  title: requiredText({ max: 255, required: 'type.custom_field_title_required' }),
});

const features = z
  .array(featureSchema)
  .max(FEATURE_KEYS.length * 2)
  .superRefine((items, ctx) => {
    const seen = new Set<string>();
    items.forEach((item, index) => {
      if (seen.has(item.key))
        ctx.addIssue({ code: 'custom', message: 'type.feature_duplicate', path: [index, 'key'] });
      seen.add(item.key);
    });
    if (!items.some((item) => item.enabled))
      ctx.addIssue({ code: 'custom', message: 'type.features_min' });
  });

const customFields = z
  .array(customFieldSchema)
  .max(100)
  .superRefine((items, ctx) => {
    const seen = new Set<string>();
    items.forEach((item, index) => {
      if (seen.has(item.key))
        ctx.addIssue({
          code: 'custom',
          message: 'type.custom_field_duplicate',
          path: [index, 'key'],
        });
      seen.add(item.key);
    });
  });

const sort = z
  .number({ error: 'validation.integer' })
  .int({ error: 'validation.integer' })
  .min(0)
  .max(1_000_000);

const postTypeFields = {
  style: z.enum(POST_STYLES, {
    error: (issue) => (issue.input == null ? 'type.style_required' : 'validation.invalid_value'),
  }),
  sort: sort.optional(),
  title: requiredText({ max: 255, required: 'type.title_required' }),
  slug: optionalSlug(),
  image: optionalImage(),
  description: optionalText(2000),
  sitemap: z.boolean().optional(),
  features: features.optional(),
  custom_fields: customFields.optional(),
};

export const postTypeCreateSchema = z.strictObject(postTypeFields);
export const postTypeUpdateSchema = z.strictObject(postTypeFields).partial();

/** The admin's form: features are always sent, so "at least one" is checked as one types. */
export const postTypeFormSchema = z.strictObject({ ...postTypeFields, features });

export const featureRecordSchema = z.object({
  key: z.enum(FEATURE_KEYS),
  name: z.string().nullable(),
  enabled: z.boolean(),
});

export const postTypeRecordSchema = z.object({
  id: z.number(),
  style: z.enum(POST_STYLES),
  sort: z.number(),
  title: z.string(),
  slug: z.string(),
  image: z.string().nullable(),
  description: z.string().nullable(),
  sitemap: z.boolean(),
  features: z.array(featureRecordSchema),
  custom_fields: z.array(z.object({ key: z.string(), title: z.string() })),
  ...timestamps,
});

export type PostType = z.infer<typeof postTypeRecordSchema>;
export type PostTypeCreate = z.infer<typeof postTypeCreateSchema>;
export type PostTypeUpdate = z.infer<typeof postTypeUpdateSchema>;
export type Feature = z.infer<typeof featureRecordSchema>;

/**
 * Every feature of a type, in the usual order: those not sent are off (a type stored
 * before a feature existed reads as "off" for it).
 */
export const completeFeatures = (
  given: ReadonlyArray<{ key: FeatureKey; name?: string | null; enabled: boolean }> | undefined,
): Feature[] =>
  FEATURE_KEYS.map((key) => {
    const item = given?.find((feature) => feature.key === key);
    return { key, name: item?.name ?? null, enabled: given ? (item?.enabled ?? false) : true };
  });

/** A type's id as a body field (categories, groups). */
export const typeId = () =>
  z
    .number({
      error: (issue) => (issue.input == null ? 'content.type_required' : 'validation.integer'),
    })
    .int({ error: 'validation.integer' })
    .min(1, { error: 'content.type_required' });
