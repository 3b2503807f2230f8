import { completeFeatures, type Feature } from '@backoffice/shared/post-type.schema';
import { invalid } from '../../core/errors';
import type { Db } from '../../db/connection';
import { fromJson } from '../../db/types';
import './content.table';

/** The post type a category or group belongs to; a 422 on `type_id` when there is none. */
export const typeOf = async (tx: Db, typeId: number) => {
  const type = await tx
    .selectFrom('post_types')
    .select(['id', 'slug', 'style', 'title'])
    .where('id', '=', typeId)
    .executeTakeFirst();
  if (!type) throw invalid({ type_id: 'validation.foreign_key' });
  return type;
};

/**
 * The post a comment or a rating is about, checked before one is written. A reader who is
 * not staff sees published posts only: a draft, private or pending post answers exactly as a
 * missing one, so walking ids tells nothing about it. Whoever writes, the post's type must
 * have the feature switched on (its editor and the website show none otherwise).
 */
export const checkPostTakes = async (
  tx: Db,
  postId: number,
  feature: 'comments' | 'ratings',
  { staff }: { staff: boolean },
) => {
  const post = await tx
    .selectFrom('posts')
    .innerJoin('post_types', 'post_types.id', 'posts.type_id')
    .select(['posts.status', 'post_types.features'])
    .where('posts.id', '=', postId)
    .executeTakeFirst();
  if (!post || (!staff && post.status !== 'published'))
    throw invalid({ post_id: 'validation.foreign_key' });
  const features = completeFeatures(fromJson<Feature[] | null>(post.features) ?? []);
  if (!features.find((item) => item.key === feature)?.enabled)
    throw invalid({
      post_id: feature === 'comments' ? 'comment.comments_off' : 'rating.ratings_off',
    });
};
