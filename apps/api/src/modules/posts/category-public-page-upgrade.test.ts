import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/connection';
import { MIGRATIONS } from '../../db/migrations';
import { toJson } from '../../db/types';
import { createPostgresDatabase, createTestApp, ENGINE, type TestApp } from '../../test/test-app';

/**
 * A site that already has posts in categories when `category_posts` learns their public moment:
 * its category pages answer its posts, in order and counted, from the first request.
 */

const BEFORE = '2026_12_07_1000_category_posts_published';
let t: TestApp;
let drop = async () => undefined as void;
const ids: Record<string, number> = {};

beforeAll(async () => {
  let url: string;
  if (ENGINE === 'postgres') {
    const made = await createPostgresDatabase();
    url = made.url;
    drop = made.drop;
  } else {
    const dir = mkdtempSync(join(tmpdir(), 'bo-category-upgrade-'));
    url = `sqlite:${join(dir, 'old.db')}`;
    drop = async () => rmSync(dir, { recursive: true, force: true });
  }
  const handle = openDatabase(url);
  const migrated = await new Migrator({
    db: handle.db,
    provider: {
      getMigrations: async () =>
        Object.fromEntries(Object.entries(MIGRATIONS).filter(([name]) => name < BEFORE)),
    },
    migrationTableName: 'schema_migrations',
    migrationLockTableName: 'schema_migrations_lock',
  }).migrateToLatest();
  expect(migrated.error).toBeUndefined();
  const { db } = handle;
  const stamp = '2026-12-01T00:00:00.000Z';
  const stamps = { created_at: stamp, updated_at: stamp };
  const type = await db
    .insertInto('post_types')
    .values({
      style: 'article',
      sort: 0,
      title: 'Tin tức',
      slug: 'tin-tuc',
      sitemap: false,
      features: toJson([]),
      custom_fields: toJson([]),
      search_text: '',
      ...stamps,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const category = async (slug: string, parentId: number | null, level: number) =>
    (
      await db
        .insertInto('categories')
        .values({
          type_id: type.id,
          parent_id: parentId,
          title: slug,
          slug,
          order: 0,
          level,
          position: level,
          post_count: 0,
          show_by_category: false,
          search_text: '',
          ...stamps,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const world = await category('the-gioi', null, 1);
  const asia = await category('chau-a', world, 2);
  const post = async (slug: string, status: 'published' | 'draft', publishedAt: string | null) => {
    const { id } = await db
      .insertInto('posts')
      .values({
        type_id: type.id,
        style: 'article',
        title: slug,
        slug,
        status,
        published_at: publishedAt,
        images: toJson([]),
        contents: toJson([]),
        seo: toJson({}),
        fields: toJson({}),
        version: 1,
        price: 0,
        search_text: '',
        ...stamps,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('post_categories').values({ post_id: id, category_id: asia }).execute();
    ids[slug] = id;
  };
  // Created in one order, published in another; a draft and a post scheduled far ahead.
  await post('older', 'published', '2026-11-01T00:00:00.000Z');
  await post('newer', 'published', '2026-11-20T00:00:00.000Z');
  await post('middle', 'published', '2026-11-10T00:00:00.000Z');
  await post('draft', 'draft', null);
  await post('scheduled', 'published', '2099-01-01T00:00:00.000Z');
  await handle.close();
  // Today's code starts on it: the remaining migrations.
  t = await createTestApp({ DATABASE_URL: url });
});
afterAll(async () => {
  await t?.close();
  await drop();
});

describe('a site upgraded with posts in its categories', () => {
  it('answers its category pages, in order and counted, at once', async () => {
    for (const [slug, limit] of [
      ['the-gioi', 100],
      ['the-gioi', 1],
      ['chau-a', 2],
    ] as const) {
      const answer = await t.request(
        'GET',
        `/api/v1/public/posts?type=tin-tuc&category=${slug}&limit=${limit}`,
      );
      expect(answer.statusCode).toBe(200);
      expect(answer.json().data.map((p: { id: number }) => p.id)).toEqual(
        [ids.newer, ids.middle, ids.older].slice(0, limit),
      );
      expect(answer.json().meta.pagination.total).toBe(3);
    }
  });
});
