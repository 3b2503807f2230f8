import { createServer, type ServerResponse } from 'node:http';
import Database from 'better-sqlite3';
import { FLOOR_SUFFIX } from './posts-floor';

/**
 * The bare reference for the posts bench: node:http and better-sqlite3, no framework, the
 * same four reads written the naive way (count(*), OFFSET, LIKE '%term%'), on the same file.
 * `/floor` is the category filter's floor: one category, one composite index (see floorFile).
 * Usage: tsx bench/posts-reference.ts <database file> <port>
 */
const [file, port] = process.argv.slice(2);
const db = new Database(file!, { readonly: true });
db.pragma('journal_mode = WAL');

const COLUMNS =
  'id, type_id, title, slug, avatar, status, primary_category_id, author_id, version, created_at, updated_at';
const page = db.prepare(
  `select ${COLUMNS} from posts where type_id = ? order by created_at desc, id desc limit ? offset ?`,
);
const total = db.prepare('select count(*) as n from posts where type_id = ?');
const below = `with recursive below(id) as (select ? union all select c.id from categories c join below on c.parent_id = below.id)`;
const filtered = db.prepare(
  `${below} select ${COLUMNS} from posts where type_id = ? and status = ? and id in (select post_id from post_categories where category_id in (select id from below)) order by created_at desc, id desc limit 50`,
);
const filteredTotal = db.prepare(
  `${below} select count(*) as n from posts where type_id = ? and status = ? and id in (select post_id from post_categories where category_id in (select id from below))`,
);
const one = db.prepare('select * from posts where id = ?');
const categoriesOf = db.prepare('select category_id from post_categories where post_id = ?');

/**
 * The floor of a category page: a bare server that answers ONE category from ONE composite
 * index, (category_id, type_id, status, created_at, id), with its total counted on that index.
 * Each generated post is in a category below a top one; here it is in its top category
 * itself, so the floor's one category holds as many posts as the product's category with its
 * subcategories. Kept in a file of its own beside the product's (built by the bench,
 * `buildFloor` in bench/posts-floor.ts), so the product's database has no index of the floor's.
 */
const floorDb = new Database(`${file}${FLOOR_SUFFIX}`, { readonly: true });
const floorIds = floorDb.prepare(
  'select id from floor_posts where category_id = ? and type_id = ? and status = ? order by created_at desc, id desc limit ?',
);
const floorTotal = floorDb.prepare(
  'select count(*) as n from floor_posts where category_id = ? and type_id = ? and status = ?',
);
const byIds = db.prepare(
  `select ${COLUMNS} from posts where id in (select value from json_each(?)) order by created_at desc, id desc`,
);

/**
 * The screen's bare reference: a page that asks this server for a type's first 20 posts and
 * draws them in a plain table (the same columns, no framework), for the screen bench's first row.
 */
const SCREEN = `<!doctype html>
<html lang="vi"><head><meta charset="utf-8"><title>Bài viết</title>
<style>body{font:14px system-ui,sans-serif;margin:24px}table{border-collapse:collapse;width:100%}
td,th{padding:16px;border-bottom:1px solid #eee;text-align:start}img{width:48px;height:48px;object-fit:cover;display:block}</style>
</head><body><h1>Bài viết</h1><table><thead><tr><th></th><th>Hình ảnh</th><th>Tiêu đề</th><th>Tác giả</th>
<th>Danh mục chính</th><th>Trạng thái</th><th>Thời gian</th><th>Đường dẫn tĩnh</th></tr></thead>
<tbody class="ant-table-tbody"></tbody></table>
<script>
const type = new URLSearchParams(location.search).get('type_id');
fetch('/posts?type_id=' + type + '&limit=20&page=1').then((r) => r.json()).then(({ data }) => {
  const text = (value) => String(value ?? '').replace(/[&<>"]/g, (c) => '&#' + c.charCodeAt(0) + ';');
  document.querySelector('tbody').innerHTML = data.map((post) =>
    '<tr class="ant-table-row"><td><input type="checkbox" aria-label="Chọn"></td><td>' +
    (post.avatar ? '<img alt="" src="data:,">' : '') + '</td><td><a href="#' + post.id + '">' +
    text(post.title) + '</a></td><td>' + text(post.author_id) + '</td><td>' +
    text(post.primary_category_id) + '</td><td>' + text(post.status) + '</td><td>' +
    new Date(post.created_at).toLocaleString('vi') + '</td><td>' + text(post.slug) + '</td></tr>').join('');
});
</script></body></html>`;

const send = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  const q = url.searchParams;
  if (url.pathname === '/posts') {
    const typeId = Number(q.get('type_id'));
    const limit = Number(q.get('limit') ?? 50);
    const pageNo = Number(q.get('page') ?? 1);
    if (q.get('search')) {
      const words = q.get('search')!.toLowerCase().split(/\s+/).filter(Boolean);
      const where = words.map(() => `search_text like ?`).join(' and ');
      const args = words.map((word) => `%${word}%`);
      const rows = db
        .prepare(
          `select ${COLUMNS} from posts where type_id = ? and ${where} order by created_at desc, id desc limit ?`,
        )
        .all(typeId, ...args, limit);
      const n = db
        .prepare(`select count(*) as n from posts where type_id = ? and ${where}`)
        .get(typeId, ...args) as { n: number };
      return send(res, 200, { data: rows, meta: { total: n.n } });
    }
    if (q.get('category_id')) {
      const args = [Number(q.get('category_id')), typeId, q.get('status')];
      return send(res, 200, {
        data: filtered.all(...args),
        meta: { total: (filteredTotal.get(...args) as { n: number }).n },
      });
    }
    const rows = page.all(typeId, limit, (pageNo - 1) * limit);
    return send(res, 200, { data: rows, meta: { total: (total.get(typeId) as { n: number }).n } });
  }
  if (url.pathname === '/floor') {
    const args = [Number(q.get('category_id')), Number(q.get('type_id')), q.get('status')];
    const ids = floorIds
      .all(...args, Number(q.get('limit') ?? 50))
      .map((r) => (r as { id: number }).id);
    return send(res, 200, {
      data: byIds.all(JSON.stringify(ids)),
      meta: { total: (floorTotal.get(...args) as { n: number }).n },
    });
  }
  const match = /^\/posts\/(\d+)$/.exec(url.pathname);
  if (match) {
    const row = one.get(Number(match[1])) as Record<string, unknown> | undefined;
    if (!row) return send(res, 404, { message: 'not found' });
    return send(res, 200, {
      data: {
        ...row,
        category_ids: categoriesOf
          .all(row.id)
          .map((r) => (r as { category_id: number }).category_id),
      },
    });
  }
  if (url.pathname === '/health') return send(res, 200, { status: 'ok' });
  if (url.pathname === '/screen') {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    return res.end(SCREEN);
  }
  send(res, 404, { message: 'not found' });
}).listen(Number(port), '127.0.0.1');
