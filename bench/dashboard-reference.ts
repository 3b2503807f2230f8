import { createServer } from 'node:http';
import Database from 'better-sqlite3';

/**
 * The bare reference for the dashboard bench: node:http and better-sqlite3, no framework, the
 * dashboard's order figures (by day and status, the range's count and revenue, top products)
 * and its stock counts as plain SQL on the same file, answered as JSON.
 * Usage: tsx bench/dashboard-reference.ts <database file> <port>
 */
const [file, port] = process.argv.slice(2);
const db = new Database(file!, { readonly: true });
db.pragma('journal_mode = WAL');

const byDay = db.prepare(
  `select substr(datetime(created_at, '+7 hours'), 1, 10) as day, status, count(*) as n, sum(total) as money
   from orders where created_at >= ? and created_at < ? group by 1, 2`,
);
const inRange = db.prepare(
  `select count(*) as n, sum(case when status = 'delivered' then total else 0 end) as revenue
   from orders where created_at >= ? and created_at < ?`,
);
const top = db.prepare(
  `select i.post_id, max(p.title) as title, sum(i.quantity) as quantity, sum(i.total) as revenue
   from order_items i join orders o on o.id = i.order_id left join posts p on p.id = i.post_id
   where o.status = 'delivered' and o.created_at >= ? and o.created_at < ?
   group by i.post_id order by sum(i.quantity) desc, i.post_id limit 10`,
);
const lowStock = db.prepare(
  'select count(*) as n from stock_levels where imported > 0 and in_stock <= 5',
);
const expiring = db.prepare(
  'select count(*) as n from stock_lots where remaining > 0 and expiry_sort <= ?',
);

const ALERT_DAYS = 30;

createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  if (url.pathname === '/health') return res.end('ok');
  const from = `${url.searchParams.get('from')}T00:00:00.000Z`;
  const to = `${url.searchParams.get('to')}T23:59:59.999Z`;
  const body = {
    data: {
      orders: inRange.get(from, to),
      revenue_by_day: byDay.all(from, to),
      top_products: top.all(from, to),
      low_stock: (lowStock.get() as { n: number }).n,
      expiring_lots: (
        expiring.get(new Date(Date.now() + ALERT_DAYS * 86_400_000).toISOString().slice(0, 10)) as {
          n: number;
        }
      ).n,
    },
  };
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}).listen(Number(port), '127.0.0.1');
