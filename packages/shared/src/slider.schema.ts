import { z } from 'zod';
import { appearanceKey, optionalLink, requiredLink } from './appearance-kit';
import { optionalText, requiredText, timestamps } from './schema-kit';

/** One slide: its image, and the caption and link the website shows over it. */
const sliderItemSchema = z.strictObject({
  image: requiredLink('slider.image_required'),
  title: optionalText(255),
  url: optionalLink(),
  description: optionalText(1000),
});

export const SLIDER_ITEMS_MAX = 50;

const items = z.array(sliderItemSchema).max(SLIDER_ITEMS_MAX);

const sliderFields = {
  key: appearanceKey(),
  title: requiredText({ max: 255, required: 'slider.title_required' }),
  items: items.optional(),
};

export const sliderCreateSchema = z.strictObject(sliderFields);
export const sliderUpdateSchema = z.strictObject(sliderFields).partial();

/**
 * The admin's form: a slider shown on a screen needs at least one slide ("image list: at least
 * 1" is a form rule; through the API a slider may be saved empty and filled later).
 */
export const sliderFormSchema = z.strictObject({
  ...sliderFields,
  items: items.min(1, { error: 'slider.items_required' }),
});

export const sliderItemRecordSchema = z.object({
  image: z.string(),
  title: z.string().nullable(),
  url: z.string().nullable(),
  description: z.string().nullable(),
});

export const sliderRecordSchema = z.object({
  id: z.number(),
  key: z.string(),
  title: z.string(),
  items: z.array(sliderItemRecordSchema),
  ...timestamps,
});

export type Slider = z.infer<typeof sliderRecordSchema>;
export type SliderItem = z.infer<typeof sliderItemRecordSchema>;
export type SliderCreate = z.infer<typeof sliderCreateSchema>;
export type SliderUpdate = z.infer<typeof sliderUpdateSchema>;
