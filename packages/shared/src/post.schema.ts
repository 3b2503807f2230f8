import { z } from 'zod';
import { optionalAddress, requiredAddress } from './address';
import { richText } from './rich-text';
import { bulkIds } from './bulk.schema';
import { SLUG_PATTERN } from './slug';
import { charLength, id, optionalText, requiredText, text, timestamps } from './schema-kit';

/**
 * Posts of the three styles (article, product, course): the editor's body, the record the
 * API answers, and the list row (the list's columns only, never the content).
 */

import { POST_STATUSES } from './post-status';

export { POST_STATUSES, type PostStatus } from './post-status';

export const PRODUCT_CODE_MAX = 30;
/** Sanity bound for amounts in VND (integers): well above any real price. */
export const MONEY_MAX = 1_000_000_000_000;
export { RICH_TEXT_MAX } from './rich-text';

/** A path or an http(s) address of an image (the media library hands out paths). */
export const postImage = () => optionalAddress('post.image_invalid');

const requiredImage = () =>
  requiredAddress({ required: 'post.image_invalid', invalid: 'post.image_invalid' });

const slug = () =>
  optionalText(200).refine((value) => !value || SLUG_PATTERN.test(value), {
    error: 'validation.slug',
  });

const wholeNumber = (max: number, tooBig = 'validation.too_big') =>
  z
    .number({ error: 'validation.integer' })
    .int({ error: 'validation.integer' })
    .min(0, { error: 'validation.too_small' })
    .max(max, { error: tooBig });

/** Money: a whole number of VND, never negative. */
export const price = () =>
  z
    .number({ error: 'post.price_invalid' })
    .int({ error: 'post.price_invalid' })
    .min(0, { error: 'post.price_invalid' })
    .max(MONEY_MAX, { error: 'validation.too_big' });

/** A content section: a title, an image and rich content; sections repeat and keep their order. */
export const contentSectionSchema = z.strictObject({
  title: optionalText(255),
  image: postImage(),
  content: richText(),
});

const keyword = () =>
  requiredText({ max: 100, required: 'post.keyword_invalid', tooLong: 'post.keyword_invalid' });

/** A keyword the website turns into a link wherever it appears. */
export const seoLinkSchema = z.strictObject({
  name: requiredText({ max: 100, required: 'post.link_name_required' }),
  url: requiredAddress({ required: 'post.link_url_required', invalid: 'post.link_url_invalid' }),
});

export const postSeoSchema = z.strictObject({
  title: optionalText(255),
  image: postImage(),
  description: optionalText(1000),
  keywords: z.array(keyword()).max(50).optional(),
  links: z.array(seoLinkSchema).max(100).optional(),
});

export const agencyPriceSchema = z.strictObject({
  agency_id: id(),
  price: price(),
});

export const productSchema = z.strictObject({
  // Empty: the server gives the product a code of its own.
  code: optionalText(PRODUCT_CODE_MAX, 'post.code_too_long'),
  price: price().optional(),
  discount_id: id().nullish(),
  agency_prices: z
    .array(agencyPriceSchema)
    .max(200)
    .superRefine((items, ctx) => {
      const seen = new Set<number>();
      items.forEach((item, index) => {
        if (seen.has(item.agency_id))
          ctx.addIssue({
            code: 'custom',
            message: 'post.agency_price_duplicate',
            path: [index, 'agency_id'],
          });
        seen.add(item.agency_id);
      });
    })
    .optional(),
});

export const lessonSchema = z.strictObject({
  title: requiredText({ max: 255, required: 'post.lesson_title_required' }),
  link: optionalAddress(),
  /** Minutes. */
  duration: wholeNumber(100_000).nullish(),
  highlight: z.boolean({ error: 'validation.invalid_type' }).optional(),
  description: optionalText(5000),
});

/** Lessons are the same when their titles are, ignoring case and surrounding spaces. */
export const lessonKey = (title: string) => title.trim().toLocaleLowerCase('vi');

export const chapterSchema = z.strictObject({
  title: requiredText({ max: 255, required: 'post.chapter_title_required' }),
  image: postImage(),
  description: optionalText(5000),
  lessons: z
    .array(lessonSchema)
    .max(500)
    .superRefine((lessons, ctx) => {
      const seen = new Set<string>();
      lessons.forEach((lesson, index) => {
        const key = lessonKey(lesson.title);
        if (seen.has(key))
          ctx.addIssue({ code: 'custom', message: 'post.lesson_exists', path: [index, 'title'] });
        seen.add(key);
      });
    })
    .optional(),
});

export const courseSchema = z.strictObject({
  price: price().optional(),
  discount_id: id().nullish(),
  /** Minutes. */
  duration: wholeNumber(10_000_000).nullish(),
  students: wholeNumber(1_000_000_000).nullish(),
  lessons_count: wholeNumber(100_000).nullish(),
  chapters: z.array(chapterSchema).max(200).optional(),
});

/** Values of the type's data fields, by key. */
const FIELD_KEY = /^[A-Za-z][A-Za-z0-9_-]{0,99}$/;
const fieldValue = z.union([
  text()
    .superRefine(charLength({ max: 100_000 }))
    .meta({ maxLength: 100_000 }),
  z.number(),
  z.boolean(),
  z.null(),
  z
    .array(
      z.union([
        text()
          .superRefine(charLength({ max: 2000 }))
          .meta({ maxLength: 2000 }),
        z.number(),
      ]),
    )
    .max(500),
]);
export const postFieldsSchema = z
  .record(text().regex(FIELD_KEY, { error: 'post.field_key_invalid' }), fieldValue)
  .refine((value) => Object.keys(value).length <= 200, { error: 'validation.too_big' })
  .meta({ maxProperties: 200 });

const ids = (max = 200) => z.array(id()).max(max);

/**
 * When a published post appears on the website: a moment with its offset, stored in UTC so
 * that times compare as text. In the future it schedules the post; empty means "when it is
 * published".
 */
const publishedAt = () =>
  z
    .string({ error: 'post.published_at_invalid' })
    .max(64, { error: 'post.published_at_invalid', abort: true })
    .pipe(z.iso.datetime({ offset: true, error: 'post.published_at_invalid' }))
    .transform((value) => new Date(value).toISOString())
    .meta({ format: 'date-time' })
    .nullish();

const postFields = {
  type_id: id(),
  title: requiredText({ max: 255, required: 'post.title_required' }),
  slug: slug(),
  avatar: postImage(),
  images: z.array(requiredImage()).max(100).optional(),
  description: optionalText(5000),
  contents: z.array(contentSectionSchema).max(100).optional(),
  category_ids: ids().optional(),
  primary_category_id: id().nullish(),
  group_ids: ids().optional(),
  related_ids: ids(50).optional(),
  trademark_id: id().nullish(),
  seo: postSeoSchema.nullish(),
  status: z.enum(POST_STATUSES, { error: 'post.status_invalid' }).optional(),
  published_at: publishedAt(),
  fields: postFieldsSchema.optional(),
  product: productSchema.nullish(),
  course: courseSchema.nullish(),
};

export const postCreateSchema = z.strictObject(postFields);

/**
 * An update may carry the `version` it was made from: a save based on an older version than
 * the stored one is refused (409), so a second person's edits are never silently lost.
 * Without it the save overwrites.
 */
export const postUpdateSchema = z
  .strictObject(postFields)
  .omit({ type_id: true })
  .partial()
  .extend({ version: z.number().int().min(1).optional() });

/** Several posts at once: delete, or a new status. */
export const postBulkSchema = z.strictObject({
  ids: bulkIds('post.bulk_ids_required'),
  action: z.enum(['delete', 'status'], { error: 'validation.invalid_value' }),
  status: z.enum(POST_STATUSES, { error: 'post.status_invalid' }).optional(),
});

export const authorSchema = z.object({
  id: z.number(),
  name: z.string(),
  avatar: z.string().nullable(),
});

const seoRecord = z.object({
  title: z.string().nullable(),
  image: z.string().nullable(),
  description: z.string().nullable(),
  keywords: z.array(z.string()),
  links: z.array(z.object({ name: z.string(), url: z.string() })),
});

const lessonRecord = z.object({
  title: z.string(),
  link: z.string().nullable(),
  duration: z.number().nullable(),
  highlight: z.boolean(),
  description: z.string().nullable(),
});

const chapterRecord = z.object({
  title: z.string(),
  image: z.string().nullable(),
  description: z.string().nullable(),
  lessons: z.array(lessonRecord),
});

export const productRecordSchema = z.object({
  code: z.string().nullable(),
  price: z.number(),
  discount_id: z.number().nullable(),
  agency_prices: z.array(z.object({ agency_id: z.number(), price: z.number() })),
  /** Units on hand in every warehouse, with `include=stock` (`manage-warehouses`). */
  in_stock: z.number().optional(),
});

export const courseRecordSchema = z.object({
  price: z.number(),
  discount_id: z.number().nullable(),
  duration: z.number().nullable(),
  students: z.number().nullable(),
  lessons_count: z.number().nullable(),
  chapters: z.array(chapterRecord),
});

/** What a list row carries: the list screen's columns. */
export const postListRecordSchema = z.object({
  id: z.number(),
  type_id: z.number(),
  title: z.string(),
  slug: z.string(),
  avatar: z.string().nullable(),
  status: z.enum(POST_STATUSES),
  /** When it appears on the website once published (in the future: scheduled). */
  published_at: z.string().nullable(),
  primary_category_id: z.number().nullable(),
  primary_category: z.object({ id: z.number(), title: z.string() }).nullable().optional(),
  author: authorSchema.nullable().optional(),
  version: z.number(),
  // A product's code and price show in lists, where orders pick products.
  product: productRecordSchema.nullable().optional(),
  ...timestamps,
});

/** A post as shown and saved: the list row plus every box (lists answer the row only). */
export const postRecordSchema = postListRecordSchema
  .extend({
    description: z.string().nullable(),
    images: z.array(z.string()),
    contents: z.array(
      z.object({
        title: z.string().nullable(),
        image: z.string().nullable(),
        content: z.string().nullable(),
      }),
    ),
    category_ids: z.array(z.number()),
    group_ids: z.array(z.number()),
    related_ids: z.array(z.number()),
    trademark_id: z.number().nullable(),
    seo: seoRecord,
    fields: z.record(z.string(), z.unknown()),
    product: productRecordSchema.nullable(),
    course: courseRecordSchema.nullable(),
  })
  .partial({
    description: true,
    images: true,
    contents: true,
    category_ids: true,
    group_ids: true,
    related_ids: true,
    trademark_id: true,
    seo: true,
    fields: true,
    product: true,
    course: true,
  });

/** A token that shows a post as saved on the website, whatever its status (`POST /posts/{id}/preview`). */
export const postPreviewSchema = z.object({ token: z.string(), expires_at: z.string() });

export type PostPreview = z.infer<typeof postPreviewSchema>;

/** A whole post (`GET /posts/{id}`, create and update). */
export type PostDetail = Required<z.infer<typeof postRecordSchema>>;

export type PostListRecord = z.infer<typeof postListRecordSchema>;
export type Post = z.infer<typeof postRecordSchema>;
export type PostCreate = z.infer<typeof postCreateSchema>;
export type PostUpdate = z.infer<typeof postUpdateSchema>;
export type PostBulk = z.infer<typeof postBulkSchema>;
export type Chapter = z.infer<typeof chapterSchema>;
export type Lesson = z.infer<typeof lessonSchema>;
