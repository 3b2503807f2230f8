// @vitest-environment node
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The query key rule of eslint.config.js, run on code placed (virtually) in a given file.
const root = fileURLToPath(new URL('../../../', import.meta.url));
let eslint: ESLint;

const keyErrors = async (filePath: string, code: string) => {
  const [result] = await eslint.lintText(code, { filePath: `${root}${filePath}` });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-syntax')
    .map((message) => message.message);
};

const screen = (key: string) =>
  [
    "import { useQuery } from '@tanstack/react-query';",
    `export const useRows = () => useQuery({ queryKey: ${key}, queryFn: () => Promise.resolve(1) });`,
  ].join('\n');

beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

describe('the query key rule', { timeout: 60_000 }, () => {
  it.each([
    ['an array', "['/types', 'list', { limit: 0 }]"],
    ['an array spreading a resource key', "[...postTypesApi.keys.lists(), 'all']"],
    ['an array `as const`', "['/orders', 'letterhead'] as const"],
    ['an array `satisfies`', "['/orders'] satisfies unknown[]"],
  ])('refuses %s written as a key in a screen or a shared component', async (_name, key) => {
    for (const file of [
      'apps/admin/src/features/content/pages/key-fixture.tsx',
      'apps/admin/src/components/key-fixture.tsx',
      'apps/admin/src/lib/key-fixture.ts',
      'apps/admin/src/app/key-fixture.ts',
    ]) {
      const errors = await keyErrors(
        file,
        `const postTypesApi = { keys: { lists: () => [] } };\nvoid postTypesApi;\n${screen(key)}\n`,
      );
      expect(errors, file).toEqual([
        expect.stringContaining('A query key is made in the data layer'),
      ]);
    }
  });

  it('refuses a hand-written key when invalidating too', async () => {
    const errors = await keyErrors(
      'apps/admin/src/features/posts/pages/key-fixture.tsx',
      "export const refresh = (client: { invalidateQueries: (f: object) => void }) => client.invalidateQueries({ queryKey: ['/posts'] });\n",
    );
    expect(errors).toHaveLength(1);
  });

  it("lets a screen use the endpoint's keys and queryOptions", async () => {
    const errors = await keyErrors(
      'apps/admin/src/features/content/pages/key-fixture.tsx',
      [
        "import { useQuery } from '@tanstack/react-query';",
        "import { postTypesApi } from '../api/post-types-api';",
        'export const useTypes = () => useQuery(postTypesApi.rowsQueryOptions({ limit: 0 }));',
        'export const key = { queryKey: postTypesApi.keys.all };',
      ].join('\n'),
    );
    expect(errors).toEqual([]);
  });

  it.each([
    'apps/admin/src/features/content/api/key-fixture.ts',
    'apps/admin/src/lib/api/key-fixture.ts',
    'apps/admin/src/lib/api-client.ts',
    'apps/admin/src/components/data-field/key-fixture-queries.ts',
    'apps/admin/src/components/key-fixture-query-keys.ts',
  ])('lets the data layer write keys (%s)', async (file) => {
    expect(await keyErrors(file, `${screen("['/types', 'view', 'x']")}\n`)).toEqual([]);
  });
});
