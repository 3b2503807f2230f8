import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINE } from '../test/test-app';
import { SEGMENT_LIMIT, startSearchUpkeep, type SearchUpkeep } from './search-upkeep';

// SQLite's FTS5 only: PostgreSQL's trigram indexes need no upkeep of ours.
describe.skipIf(ENGINE !== 'sqlite')('search index upkeep (SQLite)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'bo-upkeep-'));
  const file = join(dir, 'upkeep.db');
  let db: Database.Database;
  let upkeep: SearchUpkeep;
  const segments = () =>
    db.prepare('select count(distinct segid) from notes_fts_idx').pluck().get() as number;
  const found = (phrase: string) =>
    db
      .prepare('select count(*) from notes_fts where notes_fts match ?')
      .pluck()
      .get(`"${phrase}"`) as number;

  beforeAll(() => {
    db = new Database(file);
    db.pragma('journal_mode = WAL');
    db.exec(`create virtual table notes_fts using fts5(search_text, tokenize='trigram')`);
    // Each commit writes a segment of its own, as a table filled over time has.
    const insert = db.prepare('insert into notes_fts(search_text) values (?)');
    for (let i = 0; i < 60; i++) insert.run(`duong pho ${i} cafe sua da ${i % 7}`);
    upkeep = startSearchUpkeep(file, { schedule: false });
  });
  afterAll(async () => {
    await upkeep.stop();
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('merges an index of many segments into one, and every row is still found', async () => {
    expect(segments()).toBeGreaterThan(SEGMENT_LIMIT);
    const before = { duong: found('duong'), cafe5: found('da 5') };
    expect(before.duong).toBe(60);

    expect(await upkeep.run()).toEqual(['notes_fts']);

    expect(segments()).toBe(1);
    expect(found('duong')).toBe(before.duong);
    expect(found('da 5')).toBe(before.cafe5);
    // FTS5's own check of the index against its rows
    expect(() =>
      db.prepare(`insert into notes_fts(notes_fts) values ('integrity-check')`).run(),
    ).not.toThrow();
  });

  it('leaves an index of few segments alone, and rows written since are found', async () => {
    db.prepare('insert into notes_fts(search_text) values (?)').run('banh mi moi');
    expect(await upkeep.run()).toEqual([]);
    expect(found('banh mi')).toBe(1);
  });

  it('answers readers on another connection while it merges', async () => {
    const insert = db.prepare('insert into notes_fts(search_text) values (?)');
    for (let i = 0; i < 40; i++) insert.run(`pho bo ${i}`);
    const merging = upkeep.run();
    // WAL: the worker's write transactions never block this connection's reads
    expect(found('pho bo')).toBe(40);
    expect(await merging).toEqual(['notes_fts']);
    expect(found('pho bo')).toBe(40);
    expect(segments()).toBe(1);
  });

  it('stops, and a run after it does nothing', async () => {
    const other = startSearchUpkeep(file, { schedule: false });
    await other.stop();
    expect(await other.run()).toEqual([]);
  });
});
