import { z } from 'zod';
import { bulkIds } from './bulk.schema';
import { contactEmail, contactPhone } from './contact.schema';
import { optionalText, requiredText, timestamps } from './schema-kit';

/** A feedback is not yet contacted (`none`) or contacted (`done`): there is no third status. */
export const FEEDBACK_STATUSES = ['none', 'done'] as const;
export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number];

export const FEEDBACK_TYPE_MAX = 50;

const feedbackFields = {
  type: optionalText(FEEDBACK_TYPE_MAX, 'feedback.type_too_long'),
  name: requiredText({
    min: 2,
    max: 200,
    required: 'feedback.name_required',
    tooShort: 'feedback.name_length',
    tooLong: 'feedback.name_length',
  }),
  phone: contactPhone(),
  email: contactEmail(),
  address: optionalText(500),
  content: optionalText(5000),
  status: z.enum(FEEDBACK_STATUSES, { error: 'validation.invalid_value' }).optional(),
};

export const feedbackCreateSchema = z.strictObject(feedbackFields);
export const feedbackUpdateSchema = z.strictObject(feedbackFields).partial();

export const feedbackRecordSchema = z.object({
  id: z.number(),
  type: z.string().nullable(),
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  content: z.string().nullable(),
  status: z.enum(FEEDBACK_STATUSES),
  ...timestamps,
});

export type Feedback = z.infer<typeof feedbackRecordSchema>;
export type FeedbackCreate = z.infer<typeof feedbackCreateSchema>;
export type FeedbackUpdate = z.infer<typeof feedbackUpdateSchema>;

/** Several feedbacks at once: marked contacted or not (`status`), or deleted. */
export const feedbackBulkSchema = z.strictObject({
  ids: bulkIds(),
  action: z.enum(['status', 'delete'], { error: 'validation.invalid_value' }),
  status: z.enum(FEEDBACK_STATUSES, { error: 'validation.invalid_value' }).optional(),
});
export type FeedbackBulk = z.infer<typeof feedbackBulkSchema>;
