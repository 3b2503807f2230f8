import type { Id, Json, Timestamp } from '../../db/types';

export type SlidersTable = {
  id: Id;
  key: string;
  title: string;
  items: Json;
  search_text: string;
  created_at: Timestamp;
  updated_at: Timestamp;
};

declare module '../../db/types' {
  interface Database {
    sliders: SlidersTable;
  }
}
