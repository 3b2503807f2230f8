// @vitest-environment node
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The storage rule of eslint.config.js, run on code placed (virtually) in a given file.
const root = fileURLToPath(new URL('../../../', import.meta.url));
let eslint: ESLint;

const storageErrors = async (filePath: string, code: string) => {
  const [result] = await eslint.lintText(code, { filePath: `${root}${filePath}` });
  return (result?.messages ?? [])
    .filter((message) => message.message.includes('lib/storage.ts'))
    .map((message) => message.ruleId);
};

beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

describe('the storage rule', { timeout: 60_000 }, () => {
  it.each([
    "export const theme = localStorage.getItem('theme');\n",
    "export const theme = window.localStorage.getItem('theme');\n",
    'export const clear = () => globalThis.sessionStorage.clear();\n',
  ])('refuses the browser storage outside lib/storage.ts: %s', async (code) => {
    for (const file of [
      'apps/admin/src/features/posts/pages/storage-fixture.tsx',
      'apps/admin/src/components/storage-fixture.tsx',
      'apps/admin/src/app/storage-fixture.ts',
    ])
      expect(await storageErrors(file, code), file).toHaveLength(1);
  });

  it('lets lib/storage.ts, the first script and tests touch it', async () => {
    const code = "export const theme = window.localStorage.getItem('theme');\n";
    for (const file of [
      'apps/admin/src/lib/storage.ts',
      'apps/admin/src/signed-in-preload.ts',
      'apps/admin/src/features/posts/pages/storage-fixture.test.tsx',
    ])
      expect(await storageErrors(file, code), file).toEqual([]);
  });
});
