import type { Id, Json, Timestamp } from '../../db/types';

export type MenusTable = {
  id: Id;
  key: string;
  title: string;
  search_text: string;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type MenuItemsTable = {
  id: Id;
  menu_id: number;
  parent_id: number | null;
  sort: number;
  type: string;
  ref_id: number | null;
  url: string | null;
  title: string;
  target: string;
  description: string | null;
  class_name: string | null;
  viewer: string;
  data: Json | null;
};

declare module '../../db/types' {
  interface Database {
    menus: MenusTable;
    menu_items: MenuItemsTable;
  }
}
