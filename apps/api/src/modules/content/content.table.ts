import type { FieldStyle } from '@backoffice/shared/data-field.schema';
import type { GroupStyle } from '@backoffice/shared/group.schema';
import type { PostStyle } from '@backoffice/shared/post-type.schema';
import type { Bool, Id, Json, Timestamp } from '../../db/types';

export type PostTypesTable = {
  id: Id;
  style: PostStyle;
  sort: number;
  title: string;
  slug: string;
  image: string | null;
  description: string | null;
  sitemap: Bool;
  features: Json;
  custom_fields: Json;
  search_text: string;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type PostGroupsTable = {
  id: Id;
  style: GroupStyle;
  type_id: number;
  title: string;
  slug: string;
  image: string | null;
  description: string | null;
  search_text: string;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type CategoriesTable = {
  id: Id;
  type_id: number;
  parent_id: number | null;
  title: string;
  slug: string;
  image: string | null;
  description: string | null;
  layout: string | null;
  number: number | null;
  order: number;
  level: number;
  position: number;
  /** Posts in this category, kept by triggers on post_categories. */
  post_count: number;
  show_by_category: Bool;
  search_text: string;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type CategoryGroupsTable = { category_id: number; group_id: number };

export type DataFieldsTable = {
  id: Id;
  group_id: number;
  key: string;
  title: string;
  value: string | null;
  style: FieldStyle;
  data: Json;
  script: string | null;
  api: Json | null;
  has_option: Bool;
  has_children: Bool;
  sort: number;
  created_at: Timestamp;
  updated_at: Timestamp;
};

declare module '../../db/types' {
  interface Database {
    post_types: PostTypesTable;
    post_groups: PostGroupsTable;
    categories: CategoriesTable;
    category_groups: CategoryGroupsTable;
    data_fields: DataFieldsTable;
  }
}
