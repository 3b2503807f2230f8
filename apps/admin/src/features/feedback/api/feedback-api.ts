import {
  FEEDBACK_STATUSES,
  type Feedback,
  type FeedbackBulk,
  type FeedbackCreate,
  feedbackCreateSchema,
  type FeedbackUpdate,
  feedbackUpdateSchema,
} from '@backoffice/shared/feedback.schema';
import type { BulkResult } from '@backoffice/shared/bulk.schema';
import { apiRequest } from '../../../lib/api-client';
import { createResourceApi } from '../../../lib/resource-api';

export { FEEDBACK_STATUSES, feedbackCreateSchema, feedbackUpdateSchema, type Feedback };

/** GET, POST /feedback; GET, PATCH, DELETE /feedback/{id}; POST /feedback/bulk. */
export const feedbackApi = {
  ...createResourceApi<Feedback, FeedbackCreate, FeedbackUpdate>('/feedback', { bulkDelete: true }),
  /** Several at once: a new status (deleted: `bulkRemove`); the answer counts what was done. */
  bulk: (ids: number[], action: FeedbackBulk['action'], status?: Feedback['status']) =>
    apiRequest<{ data: BulkResult }>('/feedback/bulk', {
      method: 'POST',
      body: { ids, action, ...(status ? { status } : {}) },
    }),
};
