import type { Id, Timestamp } from '../../db/types';

export type MediaTable = {
  id: Id;
  name: string;
  original_name: string;
  file_name: string;
  path: string;
  thumb_path: string | null;
  type: string;
  kind: 'image' | 'video' | 'document';
  size: number;
  width: number | null;
  height: number | null;
  area: string | null;
  user_id: number | null;
  search_text: string;
  created_at: Timestamp;
  updated_at: Timestamp;
};

declare module '../../db/types' {
  interface Database {
    media: MediaTable;
  }
}
