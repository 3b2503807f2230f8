import Database from 'better-sqlite3';
import { join } from 'node:path';
import { measure, startServer, type BenchScenario, type Measurement } from './harness';
import { generate } from './posts';

// The posts bench's data: every post shows one of 500 pictures as its avatar and holds 2 KB of
// text, so a picture is in 200 posts and the read goes through every post's columns.
const POSTS = 100_000;

const row = (m: Measurement, reference: Measurement) =>
  `| ${m.name} | ${m.requestsPerSecond} | ${m.p50Ms} | ${m.p99Ms} | ${m.errors} | ${(reference.requestsPerSecond / Math.max(m.requestsPerSecond, 1)).toFixed(1)}× |`;

/**
 * Where a media file is shown (`GET /media/usage/{id}`, asked when its details open): a search
 * of every table that may hold its address. Beside it, the same file's record (`GET /media/{id}`,
 * one row by its key) from the same server in the same run.
 */
export const mediaUsageScenario: BenchScenario = {
  section: 'Media usage at 100,000 posts',
  run: async ({ database, dataDir }) => {
    await database.close();
    const file = join(dataDir, 'backoffice.db');
    generate(file, POSTS);
    const db = new Database(file);
    const stamp = new Date().toISOString();
    const id = Number(
      db
        .prepare(
          `insert into media (name, original_name, file_name, path, type, kind, size, search_text, created_at, updated_at)
           values ('42.webp', '42.webp', '42.webp', '2026/01/42.webp', 'image/webp', 'image', 1000, '42 webp', ?, ?)`,
        )
        .run(stamp, stamp).lastInsertRowid,
    );
    db.close();
    const server = await startServer(dataDir);
    const auth = { authorization: `Bearer ${server.token}` };
    try {
      const usageUrl = `${server.base}/api/v1/media/usage/${id}`;
      const answer = (await (await fetch(usageUrl, { headers: auth })).json()) as {
        data: Array<{ kind: string; count: number }>;
      };
      await measure('warm-up', usageUrl, auth, { duration: 3, connections: 2 });
      const reference = await measure(
        `GET /media/${id} (the record: bare reference)`,
        `${server.base}/api/v1/media/${id}`,
        auth,
        { duration: 5, connections: 2 },
      );
      // Both at once: how long the record waits while usage reads run beside it (SQLite's
      // queries hold the server's one thread).
      const [usage, beside] = await Promise.all([
        measure(`GET /media/usage/${id}`, usageUrl, auth, { duration: 10, connections: 2 }),
        measure(
          `GET /media/${id} while the usage reads run`,
          `${server.base}/api/v1/media/${id}`,
          auth,
          { duration: 10, connections: 2 },
        ),
      ]);
      return [
        `${POSTS.toLocaleString('en')} posts (the posts bench's), one picture shown by ${answer.data.map((place) => `${place.count} ${place.kind}s`).join(', ')}; 2 connections.`,
        '',
        '| request | req/s | p50 ms | p99 ms | errors | reference ÷ it |',
        '| --- | ---: | ---: | ---: | ---: | ---: |',
        row(reference, reference),
        row(usage, reference),
        row(beside, reference),
      ].join('\n');
    } finally {
      await server.stop();
    }
  },
};
