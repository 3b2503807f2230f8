// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = fileURLToPath(new URL('../../', import.meta.url));

const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\./.test(entry.name) ? [path] : [];
  });

describe('the admin data layer', () => {
  it('has one client per endpoint: each `createResourceApi` names an endpoint no other does', () => {
    const made = new Map<string, string[]>();
    for (const file of sources(src)) {
      const text = readFileSync(file, 'utf8');
      for (const [, endpoint] of text.matchAll(
        /createResourceApi(?:<[\s\S]*?>)?\(\s*['"`]([^'"`]+)['"`]/g,
      ))
        made.set(endpoint!, [...(made.get(endpoint!) ?? []), relative(src, file)]);
    }
    // the scan sees the clients (a broken pattern would find none)
    expect(made.get('/posts')).toEqual(['lib/api/posts.ts']);
    expect(made.size).toBeGreaterThan(20);
    const twice = [...made].filter(([, files]) => files.length > 1);
    expect(twice).toEqual([]);
  });
});
