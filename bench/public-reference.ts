import { createServer, type ServerResponse } from 'node:http';
import Database from 'better-sqlite3';
import { PUBLIC_FLOOR_SUFFIX } from './public-floor';

/**
 * The bare reference for the public delivery bench: node:http and better-sqlite3, no framework,
 * no cache, the same JSON as the website's API written the naive way (count(*), OFFSET, one
 * query per piece) on the same file, a category's page (`category=<slug>`, with the categories
 * below it) included. `/health` is the floor a 304 is compared with, and `/floor` the floor of a
 * category's page.
 * Usage: tsx bench/public-reference.ts <database file> <port>
 */
const [file, port] = process.argv.slice(2);
const db = new Database(file!, { readonly: true });
db.pragma('journal_mode = WAL');

const PUBLIC = `posts.status = 'published' and posts.published_at is not null and posts.published_at <= ?`;
const SUMMARY = `posts.id, post_types.slug as type, posts.slug, posts.title, posts.description, posts.avatar, posts.published_at`;
const typeBySlug = db.prepare('select id from post_types where slug = ?');
const page = db.prepare(
  `select ${SUMMARY} from posts join post_types on post_types.id = posts.type_id
   where posts.type_id = ? and ${PUBLIC} order by posts.published_at desc, posts.id desc limit ? offset ?`,
);
const total = db.prepare(`select count(*) as n from posts where type_id = ? and ${PUBLIC}`);
// A category with those below it: the posts linked to any of them, joined, sorted and counted.
const BRANCH = `posts.id in (select post_id from post_categories where category_id in (
  with recursive below(id) as (
    select id from categories where type_id = ? and slug = ?
    union all select c.id from categories c join below on c.parent_id = below.id
  ) select id from below))`;
const categoryPage = db.prepare(
  `select ${SUMMARY} from posts join post_types on post_types.id = posts.type_id
   where posts.type_id = ? and ${PUBLIC} and ${BRANCH}
   order by posts.published_at desc, posts.id desc limit ? offset ?`,
);
const categoryTotal = db.prepare(
  `select count(*) as n from posts where type_id = ? and ${PUBLIC} and ${BRANCH}`,
);
const one = db.prepare(
  `select ${SUMMARY}, posts.images, posts.contents, posts.seo from posts join post_types on post_types.id = posts.type_id
   where posts.type_id = ? and posts.slug = ? and ${PUBLIC}`,
);
const categoriesOf = db.prepare(
  `select categories.slug, categories.title from post_categories join categories on categories.id = post_categories.category_id
   where post_categories.post_id = ? order by categories.position`,
);
const ratingOf = db.prepare(
  'select avg(score) as average, count(*) as count from ratings where post_id = ?',
);
const groupsOf = db.prepare(
  `select post_groups.slug, post_groups.title from post_group_links join post_groups on post_groups.id = post_group_links.group_id
   where post_group_links.post_id = ? order by post_groups.title`,
);

/**
 * The floor of the website's category page: ONE category's public page of posts and its total
 * from ONE composite index, (category_id, type_id, status, published_at, id), in a file of its
 * own (`buildPublicFloor` in bench/public-floor.ts) where each post is in its top category
 * itself, so the floor's one category holds the posts of the product's category and its
 * subcategories. The page's rows are then read by id, each with its categories and rating in
 * the rows' one statement: the same JSON as the product's page.
 */
const floorDb = new Database(`${file}${PUBLIC_FLOOR_SUFFIX}`, { readonly: true });
const FLOOR_PUBLIC = `status = 'published' and published_at <= ?`;
const floorIds = floorDb.prepare(
  `select id from floor_public_posts where category_id = ? and type_id = ? and ${FLOOR_PUBLIC}
   order by published_at desc, id desc limit ? offset ?`,
);
const floorTotal = floorDb.prepare(
  `select count(*) as n from floor_public_posts where category_id = ? and type_id = ? and ${FLOOR_PUBLIC}`,
);
const categoryBySlug = db.prepare('select id from categories where type_id = ? and slug = ?');
const summariesByIds = db.prepare(
  `select ${SUMMARY},
     (select json_group_array(json_object('slug', c.slug, 'title', c.title)) from (
       select categories.slug, categories.title from post_categories
       join categories on categories.id = post_categories.category_id
       where post_categories.post_id = posts.id order by categories.position) c) as categories,
     (select avg(score) from ratings where post_id = posts.id) as average,
     (select count(*) from ratings where post_id = posts.id) as count
   from posts join post_types on post_types.id = posts.type_id
   where posts.id in (select value from json_each(?))`,
);

type Row = Record<string, unknown> & { id: number };
type Rating = { average: number | null; count: number };
const summaryOf = (row: Row, categories: unknown, rating: Rating) => ({
  id: row.id,
  type: row.type,
  slug: row.slug,
  title: row.title,
  description: row.description,
  avatar: row.avatar,
  published_at: new Date(row.published_at as string).toISOString(),
  categories,
  rating: {
    average: rating.count ? Math.round(Number(rating.average) * 100) / 100 : null,
    count: rating.count,
  },
});
/** A summary as a naive server makes it: its categories and rating one query each. */
const summary = (row: Row) =>
  summaryOf(row, categoriesOf.all(row.id), ratingOf.get(row.id) as Rating);

const send = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  const q = url.searchParams;
  const now = new Date().toISOString();
  if (url.pathname === '/health') return send(res, 200, { status: 'ok' });
  if (url.pathname === '/posts') {
    const type = typeBySlug.get(q.get('type')) as { id: number } | undefined;
    if (!type) return send(res, 404, { message: 'not found' });
    const limit = Number(q.get('limit') ?? 20);
    const pageNo = Number(q.get('page') ?? 1);
    const category = q.get('category');
    const rows = (
      category
        ? categoryPage.all(type.id, now, type.id, category, limit, (pageNo - 1) * limit)
        : page.all(type.id, now, limit, (pageNo - 1) * limit)
    ) as Row[];
    const n = (
      (category ? categoryTotal.get(type.id, now, type.id, category) : total.get(type.id, now)) as {
        n: number;
      }
    ).n;
    return send(res, 200, {
      data: rows.map(summary),
      meta: {
        pagination: {
          count: rows.length,
          total: n,
          per_page: limit,
          current_page: pageNo,
          total_pages: Math.max(1, Math.ceil(n / limit)),
        },
      },
    });
  }
  if (url.pathname === '/floor') {
    const type = typeBySlug.get(q.get('type')) as { id: number } | undefined;
    const category =
      type && (categoryBySlug.get(type.id, q.get('category')) as { id: number } | undefined);
    if (!type || !category) return send(res, 404, { message: 'not found' });
    const limit = Number(q.get('limit') ?? 20);
    const pageNo = Number(q.get('page') ?? 1);
    const ids = (
      floorIds.all(category.id, type.id, now, limit, (pageNo - 1) * limit) as Array<{ id: number }>
    ).map((row) => row.id);
    const n = (floorTotal.get(category.id, type.id, now) as { n: number }).n;
    const byId = new Map(
      (summariesByIds.all(JSON.stringify(ids)) as Row[]).map((row) => [row.id, row]),
    );
    return send(res, 200, {
      data: ids.flatMap((id) => {
        const row = byId.get(id);
        if (!row) return [];
        return summaryOf(row, JSON.parse(row.categories as string), {
          average: row.average as number | null,
          count: row.count as number,
        });
      }),
      meta: {
        pagination: {
          count: ids.length,
          total: n,
          per_page: limit,
          current_page: pageNo,
          total_pages: Math.max(1, Math.ceil(n / limit)),
        },
      },
    });
  }
  const match = /^\/posts\/([^/]+)\/([^/]+)$/.exec(url.pathname);
  if (match) {
    const type = typeBySlug.get(decodeURIComponent(match[1]!)) as { id: number } | undefined;
    const row = type && (one.get(type.id, decodeURIComponent(match[2]!), now) as Row | undefined);
    if (!row) return send(res, 404, { message: 'not found' });
    const seo = JSON.parse((row.seo as string | null) ?? '{}') as Record<string, unknown>;
    return send(res, 200, {
      data: {
        ...summary(row),
        images: JSON.parse((row.images as string | null) ?? '[]'),
        contents: JSON.parse((row.contents as string | null) ?? '[]'),
        fields: [],
        seo: {
          title: seo.title ?? null,
          image: seo.image ?? null,
          description: seo.description ?? null,
          keywords: seo.keywords ?? [],
          links: seo.links ?? [],
        },
        trademark: null,
        groups: groupsOf.all(row.id),
        related: [],
        discount: null,
      },
    });
  }
  send(res, 404, { message: 'not found' });
}).listen(Number(port), '127.0.0.1');
