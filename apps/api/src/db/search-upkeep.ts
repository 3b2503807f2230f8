import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * Upkeep of SQLite's full-text indexes (the FTS5 trigram index of each searchable table).
 *
 * FTS5 writes an index in segments and merges them only level by level, so a table filled over
 * time keeps several (ten at 100,000 posts), and every phrase of a search is looked up in each
 * one: at a million posts the two lookups of a two-word search took 0.9 ms of its 1.8 ms of
 * queries. Upkeep merges a table's segments into one when it has more than `SEGMENT_LIMIT`.
 *
 * It runs in a worker thread on its own connection, so requests never wait for it: in WAL mode
 * readers are not blocked, and a write waits at most for one merge step (a few hundred ms on a
 * million rows, well within busy_timeout). Each step is its own transaction: stopping midway
 * loses nothing, and the next run carries on.
 */

/** More segments than this in one index and upkeep merges them. */
export const SEGMENT_LIMIT = 4;
/** Leaf pages a merge step writes before it commits (FTS5's 'merge' command). */
const PAGES_PER_STEP = 500;
/** Upkeep runs at start and then this often. */
const EVERY_MS = 60 * 60 * 1000;

// The worker's code, as plain JavaScript: the compiled server is one file, with no worker
// entry beside it. A worker lives for one run (a thread and a connection cost memory the
// server would otherwise carry all day).
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 5000');
const changes = db.prepare('select total_changes()').pluck();
const tables = db
  .prepare("select name from sqlite_master where type = 'table' and sql like 'CREATE VIRTUAL TABLE % USING fts5%'")
  .pluck()
  .all();
const merged = [];
for (const table of tables) {
  const quoted = '"' + table.replace(/"/g, '""') + '"';
  const segments = db
    .prepare('select count(distinct segid) from "' + table.replace(/"/g, '""') + '_idx"')
    .pluck()
    .get();
  if (segments <= workerData.limit) continue;
  // A negative page count merges every segment, whatever its level, into one.
  const merge = db.prepare("insert into " + quoted + "(" + quoted + ", rank) values ('merge', ?)");
  for (;;) {
    const before = changes.get();
    merge.run(-workerData.pages);
    // A step that found nothing left to merge changes at most one row.
    if (changes.get() - before < 2) break;
  }
  merged.push(table);
}
// The merge wrote the index anew into the write-ahead log: copied into the database and the
// log emptied, readers no longer look pages up among its frames.
if (merged.length > 0) db.pragma('wal_checkpoint(TRUNCATE)');
db.close();
parentPort.postMessage(merged);
`;

export type SearchUpkeep = {
  /** Merges what needs merging now; the tables it merged. */
  run: () => Promise<string[]>;
  /** Ends a run in progress (its steps so far are kept) and the schedule. */
  stop: () => Promise<void>;
};

/**
 * Starts the upkeep of the database file's full-text indexes: a run now and one every hour.
 * `schedule: false` leaves the runs to the caller (tests).
 */
export const startSearchUpkeep = (
  file: string,
  { schedule = true, onError = (error: Error) => console.warn(error.message) } = {},
): SearchUpkeep => {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  let current: { worker: Worker; done: Promise<string[]> } | undefined;
  let stopped = false;
  const run = (): Promise<string[]> => {
    if (stopped) return Promise.resolve([]);
    // One run at a time: a run asked for during another is that one.
    if (current) return current.done;
    const worker = new Worker(WORKER, {
      eval: true,
      workerData: { file, driver, limit: SEGMENT_LIMIT, pages: PAGES_PER_STEP },
    });
    // The server may exit while a run is busy: the worker does not hold the process open.
    worker.unref();
    const done = new Promise<string[]>((resolve, reject) => {
      let merged: string[] = [];
      worker.once('message', (tables: string[]) => (merged = tables));
      worker.once('error', (error) => reject(new Error(`Search index upkeep: ${error.message}`)));
      worker.once('exit', () => resolve(merged));
    }).finally(() => {
      current = undefined;
    });
    current = { worker, done };
    return done;
  };
  const background = () => void run().catch(onError);
  const timer = schedule ? setInterval(background, EVERY_MS).unref() : undefined;
  if (schedule) background();
  return {
    run,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      // Each merge step is a transaction of its own: one cut short is rolled back, no more.
      await current?.worker.terminate();
    },
  };
};
