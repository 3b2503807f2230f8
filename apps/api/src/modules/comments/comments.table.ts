import type { CommentStatus } from '@backoffice/shared/comment.schema';
import type { Id, Timestamp } from '../../db/types';

export type CommentsTable = {
  id: Id;
  post_id: number;
  comment_id: number | null;
  user_id: number | null;
  message: string;
  status: CommentStatus;
  sort: number;
  level: number;
  position: number;
  thread: number;
  search_text: string;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type RatingsTable = {
  id: Id;
  post_id: number;
  user_id: number | null;
  author_name: string | null;
  content: string | null;
  score: number;
  search_text: string;
  created_at: Timestamp;
  updated_at: Timestamp;
};

declare module '../../db/types' {
  interface Database {
    comments: CommentsTable;
    ratings: RatingsTable;
  }
}
