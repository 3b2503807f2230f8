import type { FeedbackStatus } from '@backoffice/shared/feedback.schema';
import type { Id, Timestamp } from '../../db/types';

export type FeedbackTable = {
  id: Id;
  type: string | null;
  name: string;
  phone: string | null;
  email: string | null;
  address: string | null;
  content: string | null;
  status: FeedbackStatus;
  search_text: string;
  created_at: Timestamp;
  updated_at: Timestamp;
};

declare module '../../db/types' {
  interface Database {
    feedback: FeedbackTable;
  }
}
