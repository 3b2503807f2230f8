import type { FeatureKey } from '@backoffice/shared/post-type.schema';
import type { PostDetail } from '@backoffice/shared/post.schema';

/** Something a reader would see: a text, a number, or a list or an object holding one. */
const filled = (value: unknown): boolean => {
  if (value === null || value === undefined || value === '') return false;
  if (Array.isArray(value)) return value.some(filled);
  if (typeof value === 'object') return Object.values(value).some(filled);
  return true;
};

/** What each box of the editor writes to, by the feature that shows the box. */
const HELD_BY: Partial<Record<FeatureKey, (post: PostDetail) => unknown>> = {
  category: (post) => post.category_ids,
  group: (post) => post.group_ids,
  trademark: (post) => post.trademark_id,
  related: (post) => post.related_ids,
  seo: (post) => post.seo,
  fields: (post) => post.fields,
  images: (post) => post.images,
  contents: (post) => post.contents,
};

/**
 * Whether a post holds something in a feature's box. A type may turn a feature off after its
 * posts were written; the website still gets what they hold (the delivery API answers every
 * post's data), so the editor keeps such a box for such a post until it is emptied: nothing the
 * site shows is ever out of the editor's reach.
 */
export const holdsData = (post: PostDetail | undefined, feature: FeatureKey) => {
  const held = HELD_BY[feature];
  return post !== undefined && held !== undefined && filled(held(post));
};
