import { postPath } from '@backoffice/shared/content-paths';
import type { ResourceChange, ResourceEvent } from '../../core/resource';
import type { RowOf } from '../../core/table';
import type { Db } from '../../db/connection';
import './posts.table';

type PostRow = RowOf<'posts'>;

/**
 * Whether the website shows the post and has heard of it: published, its moment come, and
 * announced. Its appearance (`post.published`) is told once, by the announcer
 * (`post-publication.ts`), for a post published now as for one scheduled.
 */
const isVisible = (row: PostRow | undefined, at: Date) =>
  row?.status === 'published' &&
  row.published_at != null &&
  Date.parse(row.published_at) <= at.getTime() &&
  row.announce_at == null;

/**
 * What the website hears of a post's write: it appeared (`post.published`), changed while shown
 * (`post.updated`), left (`post.unpublished`) or was deleted while shown (`post.deleted`). A post
 * the website never showed tells it nothing. The data names the post and where it lives (and
 * where it lived, when its slug changed), so a static site rebuilds that page.
 */
export const postEvents = async (
  tx: Db,
  { action, at, before, after }: ResourceChange<PostRow, unknown>,
): Promise<ResourceEvent[]> => {
  const was = isVisible(before, at);
  const is = isVisible(after, at);
  const event = is
    ? was
      ? 'post.updated'
      : 'post.published'
    : was
      ? action === 'delete'
        ? 'post.deleted'
        : 'post.unpublished'
      : undefined;
  if (!event) return [];
  const post = (after ?? before)!;
  const type = await tx
    .selectFrom('post_types')
    .select('slug')
    .where('id', '=', post.type_id)
    .executeTakeFirst();
  const typeSlug = type?.slug ?? '';
  return [
    {
      event,
      data: {
        id: post.id,
        type: typeSlug,
        slug: post.slug,
        title: post.title,
        path: postPath(typeSlug, post.slug),
        ...(before && after && before.slug !== after.slug
          ? { previous_path: postPath(typeSlug, before.slug) }
          : {}),
      },
    },
  ];
};
