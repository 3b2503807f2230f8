import { z } from 'zod';
import { optionalImage, optionalSlug, typeId } from './post-type.schema';
import { optionalText, requiredText, timestamps } from './schema-kit';

/** How the website lays out a category's page (the admin offers these; others are kept as sent). */
export const CATEGORY_LAYOUTS = ['grid', 'list', 'masonry', 'slider'] as const;

const wholeNumber = (max: number) =>
  z.number().int({ error: 'validation.integer' }).min(0).max(max);

const categoryFields = {
  type_id: typeId(),
  title: requiredText({ max: 255, required: 'category.title_required' }),
  slug: optionalSlug(),
  image: optionalImage(),
  description: optionalText(2000),
  parent_id: z.number().int({ error: 'validation.integer' }).min(1).nullish(),
  layout: optionalText(50),
  number: wholeNumber(1000).nullish(),
  group_ids: z.array(z.number().int().min(1)).max(200).optional(),
  order: wholeNumber(1_000_000).optional(),
  show_by_category: z.boolean().optional(),
};

export const categoryCreateSchema = z.strictObject(categoryFields);
/** A category stays in its post type. */
export const categoryUpdateSchema = z
  .strictObject(categoryFields)
  .omit({ type_id: true })
  .partial();

export const categoryRecordSchema = z.object({
  id: z.number(),
  type_id: z.number(),
  parent_id: z.number().nullable(),
  title: z.string(),
  slug: z.string(),
  image: z.string().nullable(),
  description: z.string().nullable(),
  layout: z.string().nullable(),
  number: z.number().nullable(),
  group_ids: z.array(z.number()),
  order: z.number(),
  show_by_category: z.boolean(),
  level: z.number(),
  display_title: z.string(),
  /** How many posts are in this category (kept by the server). */
  post_count: z.number(),
  ...timestamps,
});

export type Category = z.infer<typeof categoryRecordSchema>;
export type CategoryCreate = z.infer<typeof categoryCreateSchema>;
export type CategoryUpdate = z.infer<typeof categoryUpdateSchema>;

/** One dash per level above 1, then the title: `--Title` at level 3. */
export const displayTitle = (title: string, level: number) =>
  `${'-'.repeat(Math.max(0, level - 1))}${title}`;
