import { createServer } from 'node:http';
import Database from 'better-sqlite3';

/**
 * The bare reference for the export bench: node:http and better-sqlite3 stream a type's posts
 * as CSV (the same columns: id, title, status, category, author, slug, times) with a byte-order
 * mark, row by row from one statement, writing as the socket drains.
 * Usage: tsx bench/export-reference.ts <database file> <port>
 */
const [file, port] = process.argv.slice(2);
const db = new Database(file!, { readonly: true });
db.pragma('journal_mode = WAL');

const rows = db.prepare(
  `select p.id, p.title, p.status, c.title as category, u.name as author, p.slug, p.created_at, p.updated_at
   from posts p left join categories c on c.id = p.primary_category_id left join users u on u.id = p.author_id
   where p.type_id = ? order by p.created_at desc, p.id desc`,
);
const field = (value: unknown) => {
  const text = value == null ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  if (url.pathname === '/health') return res.end('ok');
  res.writeHead(200, { 'content-type': 'text/csv; charset=utf-8' });
  res.write('\uFEFFid,title,status,category,author,slug,created_at,updated_at\r\n');
  const iterator = rows.iterate(Number(url.searchParams.get('type_id'))) as Iterator<
    Record<string, unknown>
  >;
  const pump = () => {
    for (;;) {
      const next = iterator.next();
      if (next.done) return res.end();
      if (!res.write(`${Object.values(next.value).map(field).join(',')}\r\n`))
        return res.once('drain', pump);
    }
  };
  pump();
}).listen(Number(port), '127.0.0.1');
