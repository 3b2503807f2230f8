import { postPath } from '@backoffice/shared/content-paths';
import { emit } from '../../core/events';
import { engineOf, type Db } from '../../db/connection';
import { inTransaction } from '../../db/transaction';
import type { RowOf } from '../../core/table';
import './posts.table';

/**
 * When a post is public, decided at read time (so every instance agrees without a timer of
 * its own): `status = 'published'` and `published_at` has come. `announce_at` is the moment
 * a published post still has to be announced as `post.published`; the instance that clears
 * it announces it, so several instances announce it once.
 */

type PostRow = RowOf<'posts'>;

const earlier = (a: string, b: string) => Date.parse(a) <= Date.parse(b);

/**
 * `published_at` and `announce_at` after a write: publishing without a date publishes now;
 * a post that becomes published (or is moved to another moment while not yet shown) is
 * announced when it appears; leaving `published` cancels any announcement.
 */
export const publicationValues = (
  current: PostRow | undefined,
  values: { status?: unknown; published_at?: unknown },
  now: string,
) => {
  const status = (values.status ?? current?.status ?? 'draft') as string;
  const given = values.published_at as string | null | undefined;
  const adjusted: { published_at?: string | null; announce_at?: string | null } = {};
  if (status !== 'published') {
    if (current?.announce_at != null) adjusted.announce_at = null;
    return adjusted;
  }
  let publishedAt = given !== undefined ? given : (current?.published_at ?? null);
  if (publishedAt == null) publishedAt = now;
  if (publishedAt !== current?.published_at) adjusted.published_at = publishedAt;
  const wasPublished = current?.status === 'published';
  const wasShown =
    wasPublished &&
    current.published_at != null &&
    earlier(current.published_at, now) &&
    current.announce_at == null;
  const moved = adjusted.published_at !== undefined;
  if (!wasPublished || (moved && !(wasShown && earlier(publishedAt, now))))
    adjusted.announce_at = earlier(publishedAt, now) ? now : publishedAt;
  return adjusted;
};

/**
 * Announces the published posts whose moment has come: each is claimed by clearing its
 * `announce_at` (one instance wins the claim) and `post.published` is told in the claim's
 * transaction, so what listeners write (webhook deliveries) commits with the claim, once.
 */
export const announceDuePosts = async (db: Db, now: Date) => {
  const at = now.toISOString();
  const due = await db
    .selectFrom('posts')
    .innerJoin('post_types', 'post_types.id', 'posts.type_id')
    .select([
      'posts.id',
      'posts.announce_at',
      'posts.slug',
      'posts.title',
      'posts.published_at',
      'post_types.slug as type',
    ])
    .where('posts.announce_at', '<=', at)
    .where('posts.status', '=', 'published')
    .orderBy('posts.announce_at')
    .limit(500)
    .execute();
  let announced = 0;
  for (const post of due) {
    const claimed = await inTransaction(db, engineOf(db), async (tx) => {
      const claim = await tx
        .updateTable('posts')
        .set({ announce_at: null })
        .where('id', '=', post.id)
        .where('announce_at', '=', post.announce_at)
        .executeTakeFirst();
      if (Number(claim.numUpdatedRows) !== 1) return false;
      await emit(
        'post.published',
        {
          id: Number(post.id),
          type: post.type,
          slug: post.slug,
          title: post.title,
          path: postPath(post.type, post.slug),
          published_at: new Date(post.published_at!).toISOString(),
        },
        tx,
        now,
      );
      return true;
    });
    if (claimed) announced += 1;
  }
  return announced;
};
