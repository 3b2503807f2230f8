import type { Id, Json, Timestamp } from '../../db/types';

export type WidgetsTable = {
  id: Id;
  key: string;
  title: string;
  icon: string | null;
  /** The group `{name, slug}`, in two columns so that lists can filter and sort by it. */
  group_name: string | null;
  group_slug: string | null;
  description: string | null;
  type: string | null;
  settings: Json;
  sections: Json;
  value: Json;
  search_text: string;
  created_at: Timestamp;
  updated_at: Timestamp;
};

declare module '../../db/types' {
  interface Database {
    widgets: WidgetsTable;
  }
}
