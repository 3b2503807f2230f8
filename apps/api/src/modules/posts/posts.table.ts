import type { PostStatus } from '@backoffice/shared/post.schema';
import type { Bool, Id, Json, Timestamp } from '../../db/types';

export type PostsTable = {
  id: Id;
  type_id: number;
  style: 'article' | 'product' | 'course';
  title: string;
  slug: string;
  status: PostStatus;
  /** When a published post appears on the website (see post-publication.ts). */
  published_at: Timestamp | null;
  /** When a published post is still to be announced as `post.published`; null once it was. */
  announce_at: Timestamp | null;
  avatar: string | null;
  images: Json;
  description: string | null;
  contents: Json;
  seo: Json;
  fields: Json;
  primary_category_id: number | null;
  trademark_id: number | null;
  author_id: number | null;
  version: number;
  product_code: string | null;
  price: number | string;
  discount_id: number | null;
  duration: number | null;
  students: number | null;
  lessons_count: number | null;
  search_text: string;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type PostCategoriesTable = { post_id: number; category_id: number };
/**
 * Kept by triggers (migrations `2026_12_06_1100_category_posts`,
 * `2026_12_07_1000_category_posts_published`): every post of a category or of a category below
 * it, with the post's type, status, creation time and public moment.
 */
export type CategoryPostsTable = {
  category_id: number;
  post_id: number;
  type_id: number;
  status: PostStatus;
  created_at: Timestamp;
  published_at: Timestamp | null;
};
export type PostGroupLinksTable = { post_id: number; group_id: number };
export type PostRelatedTable = { post_id: number; related_id: number };
export type PostAgencyPricesTable = {
  id: Id;
  post_id: number;
  position: number;
  agency_id: number;
  price: number | string;
};
export type CourseChaptersTable = {
  id: Id;
  post_id: number;
  position: number;
  title: string;
  image: string | null;
  description: string | null;
};
export type CourseLessonsTable = {
  id: Id;
  chapter_id: number;
  position: number;
  title: string;
  link: string | null;
  duration: number | null;
  highlight: Bool;
  description: string | null;
};

declare module '../../db/types' {
  interface Database {
    posts: PostsTable;
    post_categories: PostCategoriesTable;
    category_posts: CategoryPostsTable;
    post_group_links: PostGroupLinksTable;
    post_related: PostRelatedTable;
    post_agency_prices: PostAgencyPricesTable;
    course_chapters: CourseChaptersTable;
    course_lessons: CourseLessonsTable;
  }
}
