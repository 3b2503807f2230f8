import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { freePort, root, startServer, type BenchScenario, type Measurement } from './harness';
import { generate } from './posts';
import { buildPublicFloor } from './public-floor';

/**
 * The website's delivery API at scale: `BENCH_PUBLIC_POSTS` posts (default 100,000) from the
 * posts bench's generator, then one post by slug, a page of 20 summaries with its total, a
 * category's page (with its subcategories) with its total, and the first page again with its
 * ETag in `If-None-Match` (a 304), each measured on the product
 * (anonymous) and on a bare node:http + better-sqlite3 server answering the same JSON the
 * naive way from the same file in the same run (the machine's speed drifts, a ratio holds).
 * The reference has no cache: its floor for the 304 is `/health`, an answer that reads nothing.
 */
const POSTS = Number(process.env.BENCH_PUBLIC_POSTS ?? 100_000);
const PAGE = 20;

/** Autocannon with the status the workload expects (a 304 is not an error here). */
const measure = async (
  name: string,
  url: string,
  expected: 200 | 304,
  headers: Record<string, string> = {},
  duration = 10,
  /** Each request's path in turn (the url's own path otherwise). */
  nextPath?: () => string,
): Promise<Measurement> => {
  let unexpected = 0;
  const instance = autocannon({
    url,
    headers,
    duration,
    connections: 10,
    ...(nextPath
      ? { requests: [{ setupRequest: (request: object) => ({ ...request, path: nextPath() }) }] }
      : {}),
  });
  instance.on('response', (_client: unknown, status: number) => {
    if (status !== expected) unexpected++;
  });
  const result = await instance;
  return {
    name,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts + unexpected,
  };
};

const ratio = (product: Measurement, reference: Measurement) =>
  reference.requestsPerSecond > 0
    ? `${(product.requestsPerSecond / reference.requestsPerSecond).toFixed(2)}×`
    : '—';

/**
 * Waits until each server answers its health check at once, several times running: a
 * workload's load ends when autocannon stops, but a server may still be answering what it had
 * read (ten naive count(*) requests of the reference at a million posts are seconds of work),
 * and that backlog would share the two cores with the next workload's measurement.
 */
const settle = async (healthUrls: string[]) => {
  const deadline = Date.now() + 60_000;
  for (const url of healthUrls)
    for (let quick = 0; quick < 3 && Date.now() < deadline;) {
      const started = performance.now();
      await fetch(url).then((r) => r.arrayBuffer());
      quick = performance.now() - started < 5 ? quick + 1 : 0;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
};

type Page = { data: Array<{ id: number }>; meta: { pagination: { total: number } } };

/** Both answer the same full page and total (else nothing is worth measuring). */
const samePage = async (product: string, reference: string, path: string, referencePath = path) => {
  const answer = await fetch(`${product}${path}`);
  const mine = (await answer.json()) as Page;
  const bare = (await fetch(`${reference}${referencePath}`).then((r) => r.json())) as Page;
  const ids = (page: Page) => page.data.map((post) => post.id).join();
  if (
    mine.data.length !== PAGE ||
    ids(mine) !== ids(bare) ||
    mine.meta.pagination.total !== bare.meta.pagination.total
  )
    throw new Error(
      `${path} (${referencePath}): the product answers ${mine.data.length} posts (total ${mine.meta.pagination.total}), the reference ${bare.data.length} (total ${bare.meta.pagination.total})`,
    );
  return { etag: answer.headers.get('etag'), total: mine.meta.pagination.total };
};

export const publicScenario: BenchScenario = {
  section:
    POSTS === 100_000
      ? 'Public delivery API'
      : `Public delivery API at ${POSTS.toLocaleString('en')} posts`,
  run: async ({ database, dataDir }) => {
    await database.close();
    const file = join(dataDir, 'backoffice.db');
    const started = Date.now();
    const data = generate(file, POSTS);
    // The generator writes posts as the admin did before the website's API existed: a
    // published post is public from its creation, as the migration that added the column set.
    const db = new Database(file);
    db.exec(
      `update posts set published_at = created_at where status = 'published'; PRAGMA optimize; ANALYZE;`,
    );
    const type = (db.prepare('select slug from post_types where id = ?').get(data.typeId) as {
      slug: string;
    })!.slug;
    const published = db
      .prepare(
        `select slug from posts where type_id = ? and status = 'published' order by id limit 1 offset ?`,
      )
      .get(data.typeId, Math.floor((POSTS * 0.6) / 2)) as { slug: string };
    // Posts asked for once each: more than a run of a workload can ask for.
    const manySlugs = (
      db
        .prepare(
          `select slug from posts where type_id = ? and status = 'published' order by (id * 7919) % 100003 limit 50000`,
        )
        .all(data.typeId) as Array<{ slug: string }>
    ).map((row) => row.slug);
    // A top category: its posts are those of its nine subcategories (a twentieth of all).
    const category = db
      .prepare(
        'select slug from categories where type_id = ? and parent_id is null order by id limit 1',
      )
      .get(data.typeId) as { slug: string };
    db.close();
    buildPublicFloor(file);
    const generatedIn = Math.round((Date.now() - started) / 1000);

    const port = await freePort();
    const reference = spawn(
      join(root, 'node_modules/.bin/tsx'),
      [join(root, 'bench/public-reference.ts'), file, String(port)],
      { stdio: ['ignore', 'ignore', 'inherit'] },
    );
    const ref = `http://127.0.0.1:${port}`;
    for (let i = 0; i < 100; i++) {
      if (
        await fetch(`${ref}/health`)
          .then((r) => r.ok)
          .catch(() => false)
      )
        break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const server = await startServer(dataDir);
    const api = `${server.base}/api/v1/public`;
    const listPath = `/posts?type=${encodeURIComponent(type)}&limit=${PAGE}`;
    const onePath = `/posts/${encodeURIComponent(type)}/${encodeURIComponent(published.slug)}`;
    const categoryPath = `${listPath}&category=${encodeURIComponent(category.slug)}`;
    const floorPath = `/floor${categoryPath.slice('/posts'.length)}`;
    const rows: string[] = [];
    let checked = '';
    try {
      // Both must answer the same pages before anything is measured: posts without
      // `published_at` would make every public answer empty, and fast.
      const { etag, total } = await samePage(api, ref, listPath);
      const inCategory = await samePage(api, ref, categoryPath);
      await samePage(api, ref, categoryPath, floorPath);
      if (!etag) throw new Error('the public page answers no ETag');
      const notModified = await fetch(`${api}${listPath}`, { headers: { 'if-none-match': etag } });
      if (notModified.status !== 304)
        throw new Error(`If-None-Match answers ${notModified.status}, not 304`);
      const oneStatus = [
        (await fetch(`${api}${onePath}`)).status,
        (await fetch(`${ref}${onePath}`)).status,
      ];
      if (oneStatus.some((status) => status !== 200))
        throw new Error(`one post by slug answers ${oneStatus.join(' / ')}`);
      checked = `Checked before measuring: both answer the same ${PAGE} posts and the same total on the page (${total.toLocaleString('en')} public posts) and on the category's page (${inCategory.total.toLocaleString('en')}), and the floor the same as the category's page.`;

      await measure('warm-up', `${api}${listPath}`, 200, {}, 3);
      const idle = [`${server.base}/api/v1/health`, `${ref}/health`];
      /** The paths of `manySlugs` in turn, from the first (each server gets the same ones). */
      const eachPost = (prefix: string) => {
        let next = 0;
        return () =>
          `${prefix}/posts/${encodeURIComponent(type)}/${encodeURIComponent(manySlugs[next++ % manySlugs.length]!)}`;
      };
      const workloads: Array<{
        name: string;
        product: [string, 200 | 304, Record<string, string>];
        bare: [string, 200 | 304];
        productPaths?: () => string;
        barePaths?: () => string;
      }> = [
        {
          name: 'one post by slug',
          product: [`${api}${onePath}`, 200, {}],
          bare: [`${ref}${onePath}`, 200],
        },
        {
          name: 'one post by slug, another post each request (none kept yet)',
          product: [`${api}${onePath}`, 200, {}],
          bare: [`${ref}${onePath}`, 200],
          productPaths: eachPost('/api/v1/public'),
          barePaths: eachPost(''),
        },
        {
          name: `page of ${PAGE} summaries with its total`,
          product: [`${api}${listPath}`, 200, {}],
          bare: [`${ref}${listPath}`, 200],
        },
        {
          name: 'that page, If-None-Match → 304 (reference: /health)',
          product: [`${api}${listPath}`, 304, { 'if-none-match': etag }],
          bare: [`${ref}/health`, 200],
        },
        {
          name: `a category's page of ${PAGE} (with its subcategories) with its total`,
          product: [`${api}${categoryPath}`, 200, {}],
          bare: [`${ref}${categoryPath}`, 200],
        },
        {
          name: `that category's page (reference: the floor, one category off one index)`,
          product: [`${api}${categoryPath}`, 200, {}],
          bare: [`${ref}${floorPath}`, 200],
        },
        {
          name: "the product's own /api/v1/health (reference: /health)",
          product: [`${server.base}/api/v1/health`, 200, {}],
          bare: [`${ref}/health`, 200],
        },
      ];
      for (const workload of workloads) {
        const [url, expected, headers] = workload.product;
        await settle(idle);
        const product = await measure(
          workload.name,
          url,
          expected,
          headers,
          10,
          workload.productPaths,
        );
        await settle(idle);
        const bare = await measure(workload.name, ...workload.bare, {}, 10, workload.barePaths);
        rows.push(
          `| ${workload.name} | ${product.requestsPerSecond} | ${product.p50Ms} | ${product.p99Ms} | ${product.errors} | ${bare.requestsPerSecond} | ${bare.p50Ms} | ${bare.p99Ms} | ${ratio(product, bare)} |`,
        );
      }
    } finally {
      await server.stop();
      reference.kill('SIGTERM');
    }
    return [
      `Run: \`BENCH_PUBLIC_POSTS=${POSTS} npx tsx bench/run.ts public\`.`,
      `${POSTS.toLocaleString('en')} posts from the posts bench's generator (about 60 % published, \`published_at\` = their creation), generated in ${generatedIn} s; 10 connections, 10 s per workload (autocannon), anonymous, \`/api/v1/public\`.`,
      checked,
      "The reference is a bare node:http + better-sqlite3 server on the same file (`bench/public-reference.ts`) answering the same JSON naively and without a cache (count(*) and OFFSET; a post's categories and rating one query each); it has no ETag, so the 304 is set beside its `/health`, the floor of any answer.",
      "The product's ETag comes from the content's revision (grown by the database in the transaction of every write a public answer can show) and the next moment a scheduled post or a discount changes an answer, so a 304 reads that one row and builds nothing; a type's total is its maintained count of published posts less its scheduled ones. An answer built once is kept by its ETag (`keptAnswers` in `apps/api/src/core/public.ts`) and answered again after that same one-row read, until any write changes the revision: the workloads that ask for one URL again and again measure that; \"another post each request\" asks for a different published post every time (up to 50,000, none asked twice in a run), so none of its answers was kept.",
      `The category is a top one (its posts are its nine subcategories'): the reference joins the posts to the branch's links, sorts and counts them; the product reads the page off the index of \`category_posts\` (a row per category and post, the branch's included, with the post's \`published_at\`) and the total off the count kept per category, type and status, less its scheduled rows.`,
      "The category page's floor (`/floor` of the reference, `bench/public-floor.ts`) is what that page costs at the least: a bare server answering ONE category's page and total off ONE composite index, (category_id, type_id, status, published_at, id), in a file of its own where each post is in its top category itself, then the page's rows by id with their categories and rating in one statement (the same JSON). Aim: the product at 0.8× of it, p99 under 100 ms.",
      "Each measurement starts once both servers answer their health check at once three times running: a server may still be answering what the previous workload sent it (the reference's naive pages at a million posts are seconds of backlog), which would share the cores with the next measurement. The product's own `/api/v1/health` is its framework's floor: the 304 is compared with that as well as with the bare `/health`.",
      `Load average when the run ended: ${loadavg()
        .map((n) => n.toFixed(1))
        .join(', ')} (1, 5, 15 min; other work shared the 2 cores).`,
      '',
      '| workload | product req/s | p50 ms | p99 ms | unexpected | reference req/s | ref p50 ms | ref p99 ms | product / reference |',
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
      ...rows,
    ].join('\n');
  },
};
