import { z } from 'zod';
import { requiredAddress } from './address';
import { optionalText, requiredText, timestamps } from './schema-kit';

/** SEO record types. */
export const SEO_TYPES = ['website', 'article', 'profile', 'book'] as const;
export type SeoType = (typeof SEO_TYPES)[number];

const seoFields = {
  /** A path on the site (`/gioi-thieu`) or an http(s) address. */
  url: requiredAddress({ required: 'seo.url_required', invalid: 'seo.url_invalid' }),
  type: z.enum(SEO_TYPES, {
    error: (issue) => (issue.input == null ? 'seo.type_required' : 'validation.invalid_value'),
  }),
  title: requiredText({ max: 255, required: 'seo.title_required' }),
  image: requiredAddress({ required: 'seo.image_required' }),
  description: optionalText(1000),
  keywords: z
    .array(
      requiredText({ max: 100, required: 'seo.keyword_invalid', tooLong: 'seo.keyword_invalid' }),
    )
    .max(50)
    .optional(),
};

export const seoCreateSchema = z.strictObject(seoFields);
export const seoUpdateSchema = z.strictObject(seoFields).partial();

export const seoRecordSchema = z.object({
  id: z.number(),
  url: z.string(),
  type: z.enum(SEO_TYPES),
  title: z.string(),
  image: z.string(),
  description: z.string().nullable(),
  keywords: z.array(z.string()),
  ...timestamps,
});

export type Seo = z.infer<typeof seoRecordSchema>;
export type SeoCreate = z.infer<typeof seoCreateSchema>;
export type SeoUpdate = z.infer<typeof seoUpdateSchema>;
