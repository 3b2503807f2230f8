import {
  FEEDBACK_STATUSES,
  type Feedback,
  type FeedbackCreate,
  feedbackCreateSchema,
  type FeedbackUpdate,
  feedbackUpdateSchema,
} from '@backoffice/shared/feedback.schema';
import { createResourceApi } from '../../../lib/resource-api';

export { FEEDBACK_STATUSES, feedbackCreateSchema, feedbackUpdateSchema, type Feedback };

/** GET, POST /feedback; GET, PATCH, DELETE /feedback/{id}. */
export const feedbackApi = createResourceApi<Feedback, FeedbackCreate, FeedbackUpdate>('/feedback');
