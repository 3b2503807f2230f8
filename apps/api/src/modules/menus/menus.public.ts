import {
  categoryPath,
  groupPath,
  postPath,
  trademarkPath,
  typePath,
} from '@backoffice/shared/content-paths';
import { z } from 'zod';
import { notFound } from '../../core/errors';
import { publicRoute } from '../../core/public';
import type { TypedApp } from '../../core/typed-app';
import type { Db } from '../../db/connection';
import { fromJson } from '../../db/types';
import { isPublicAt } from '../../core/post-visibility';
import '../content/content.table';
import '../posts/posts.table';
import './menus.table';

/**
 * What the website sees of a menu: its item tree for one kind of viewer (guests, or signed-in
 * members), each item that points at a record with that record's public `path`. An item that
 * points at a post which is not public is left out with its children: the website has no
 * page to link to, and the post's address must not be told.
 */

type PublicMenuItem = {
  type: string;
  title: string;
  url: string | null;
  path: string | null;
  target: string;
  description: string | null;
  class_name: string | null;
  data: Record<string, unknown> | null;
  children: PublicMenuItem[];
};

export const publicMenuItemShape: z.ZodType<PublicMenuItem> = z
  .object({
    type: z.string(),
    title: z.string(),
    url: z.string().nullable().describe('A custom link'),
    path: z.string().nullable().describe("The record's path on the website"),
    target: z.string(),
    description: z.string().nullable(),
    class_name: z.string().nullable(),
    data: z.record(z.string(), z.unknown()).nullable(),
    get children() {
      return z.array(publicMenuItemShape);
    },
  })
  .meta({ id: 'PublicMenuItem' });

export const publicMenuShape = z.object({
  key: z.string(),
  title: z.string(),
  items: z.array(publicMenuItemShape),
});

const HIDDEN_FROM = { guest: 'logged_in', member: 'guest' } as const;

type ItemRow = {
  id: number;
  parent_id: number | null;
  type: string;
  ref_id: number | null;
  viewer: string;
};

/** The public paths of the records items point at; posts only while public. */
const pathsOf = async (db: Db, items: ItemRow[], now: string) => {
  const paths = new Map<string, string>();
  const refs = (types: string[]) => [
    ...new Set(
      items.filter((i) => types.includes(i.type) && i.ref_id != null).map((i) => Number(i.ref_id)),
    ),
  ];
  const typeIds = refs(['type']);
  if (typeIds.length)
    for (const t of await db
      .selectFrom('post_types')
      .select(['id', 'slug'])
      .where('id', 'in', typeIds)
      .execute())
      paths.set(`type:${t.id}`, typePath(t.slug));
  const categoryIds = refs(['category']);
  if (categoryIds.length)
    for (const c of await db
      .selectFrom('categories')
      .innerJoin('post_types', 'post_types.id', 'categories.type_id')
      .select(['categories.id', 'categories.slug', 'post_types.slug as type'])
      .where('categories.id', 'in', categoryIds)
      .execute())
      paths.set(`category:${c.id}`, categoryPath(c.type, c.slug));
  const groupIds = refs(['group', 'trademark']);
  if (groupIds.length)
    for (const g of await db
      .selectFrom('post_groups')
      .innerJoin('post_types', 'post_types.id', 'post_groups.type_id')
      .select(['post_groups.id', 'post_groups.slug', 'post_types.slug as type'])
      .where('post_groups.id', 'in', groupIds)
      .execute()) {
      paths.set(`group:${g.id}`, groupPath(g.type, g.slug));
      paths.set(`trademark:${g.id}`, trademarkPath(g.type, g.slug));
    }
  const postIds = refs(['post', 'product']);
  if (postIds.length)
    for (const p of await db
      .selectFrom('posts')
      .innerJoin('post_types', 'post_types.id', 'posts.type_id')
      .select(['posts.id', 'posts.slug', 'post_types.slug as type'])
      .where('posts.id', 'in', postIds)
      .where(isPublicAt(now))
      .execute()) {
      paths.set(`post:${p.id}`, postPath(p.type, p.slug));
      paths.set(`product:${p.id}`, postPath(p.type, p.slug));
    }
  return paths;
};

export const menusPublicRoutes = async (app: TypedApp) => {
  publicRoute(app, {
    path: '/menus/:key',
    operationId: 'publicMenu',
    summary: "A menu's items for guests or for signed-in members, with their records' paths",
    params: z.object({ key: z.string().max(100) }),
    querystring: z.strictObject({
      viewer: z.enum(['guest', 'member'], { error: 'validation.invalid_value' }).optional(),
    }),
    shape: publicMenuShape,
    read: async ({ db, now }, { params, query }) => {
      const menu = await db
        .selectFrom('menus')
        .select(['id', 'key', 'title'])
        .where('key', '=', params.key)
        .executeTakeFirst();
      if (!menu) throw notFound();
      const rows = await db
        .selectFrom('menu_items')
        .selectAll()
        .where('menu_id', '=', menu.id)
        .orderBy('sort')
        .orderBy('id')
        .execute();
      const hidden = HIDDEN_FROM[query.viewer ?? 'guest'];
      const paths = await pathsOf(db, rows as ItemRow[], now);
      const build = (parent: number | null): PublicMenuItem[] =>
        rows
          .filter((row) => (row.parent_id == null ? null : Number(row.parent_id)) === parent)
          .filter((row) => row.viewer !== hidden)
          .flatMap((row) => {
            const path =
              row.type === 'custom' || row.ref_id == null
                ? null
                : (paths.get(`${row.type}:${row.ref_id}`) ?? null);
            if (row.type !== 'custom' && path === null) return [];
            return [
              {
                type: row.type,
                title: row.title,
                url: row.url,
                path,
                target: row.target,
                description: row.description,
                class_name: row.class_name,
                data: fromJson<Record<string, unknown> | null>(row.data) ?? null,
                children: build(Number(row.id)),
              },
            ];
          });
      return { key: menu.key, title: menu.title, items: build(null) };
    },
  });
};
