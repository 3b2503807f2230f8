import { z } from 'zod';
import { dataFieldRecordSchema } from './data-field.schema';
import { POST_STYLES, optionalImage, optionalSlug, typeId } from './post-type.schema';
import { optionalText, requiredText, timestamps } from './schema-kit';

/**
 * Groups come in three styles: `field` (data groups, holding data fields), `article`
 * (article, product and course groups) and `trademark`.
 */
export const GROUP_STYLES = ['article', 'field', 'trademark'] as const;
export type GroupStyle = (typeof GROUP_STYLES)[number];

const groupFields = {
  style: z.enum(GROUP_STYLES, {
    error: (issue) => (issue.input == null ? 'group.style_required' : 'validation.invalid_value'),
  }),
  type_id: typeId(),
  title: requiredText({ max: 255, required: 'group.title_required' }),
  slug: optionalSlug(),
  image: optionalImage(),
  description: optionalText(2000),
};

export const groupCreateSchema = z.strictObject(groupFields);
/** A group keeps its style and its post type (they decide which list it is in). */
export const groupUpdateSchema = z
  .strictObject(groupFields)
  .omit({ style: true, type_id: true })
  .partial();

export const groupTypeSchema = z.object({
  id: z.number(),
  style: z.enum(POST_STYLES),
  title: z.string(),
  slug: z.string(),
});

export const groupRecordSchema = z.object({
  id: z.number(),
  style: z.enum(GROUP_STYLES),
  type_id: z.number(),
  title: z.string(),
  slug: z.string(),
  image: z.string().nullable(),
  description: z.string().nullable(),
  type: groupTypeSchema.optional(),
  fields: z.array(dataFieldRecordSchema).optional(),
  ...timestamps,
});

export type Group = z.infer<typeof groupRecordSchema>;
export type GroupCreate = z.infer<typeof groupCreateSchema>;
export type GroupUpdate = z.infer<typeof groupUpdateSchema>;
