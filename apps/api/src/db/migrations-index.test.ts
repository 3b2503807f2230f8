import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS } from './migrations';

const folder = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

describe('the list of migrations', () => {
  it('names every migration file of the folder, in the order of their names', () => {
    const files = readdirSync(folder)
      .filter((file) => /^\d{4}_\d\d_\d\d_\d{4}_.+\.ts$/.test(file) && !file.endsWith('.test.ts'))
      .map((file) => file.replace(/\.ts$/, ''))
      .sort();
    expect(files.length).toBeGreaterThan(20);
    expect(Object.keys(MIGRATIONS)).toEqual(files);
  });

  it('gives each name the module of its own file', async () => {
    for (const [name, migration] of Object.entries(MIGRATIONS))
      expect(migration, name).toBe(await import(join(folder, `${name}.ts`)));
  });
});
