// @vitest-environment node
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The layer rules of eslint.config.js, run on code placed (virtually) in a given folder.
const root = fileURLToPath(new URL('../../../', import.meta.url));
let eslint: ESLint;

const boundaryErrors = async (filePath: string, code: string) => {
  const [result] = await eslint.lintText(code, { filePath: `${root}${filePath}` });
  return (result?.messages ?? [])
    .filter(
      (message) =>
        message.ruleId === 'import-x/no-restricted-paths' ||
        message.ruleId === 'no-restricted-imports',
    )
    .map((message) => message.message);
};

beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

describe('lint boundaries', { timeout: 60_000 }, () => {
  it.each([
    ['a sibling path', "import { usersApi } from '../users/api/users-api';"],
    ['a path through features/', "import { usersApi } from '../../features/users/api/users-api';"],
    [
      'the workspace package name',
      "import { usersApi } from '@backoffice/admin/src/features/users/api/users-api';",
    ],
    ['a dynamic import', "export const load = () => import('../users/pages/users-page');"],
  ])('refuses a feature importing another feature by %s', async (_name, code) => {
    const errors = await boundaryErrors(
      'apps/admin/src/features/agencies/boundary-fixture.ts',
      `${code}\nexport const used = 1;\n`,
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/Features do not import each other|by a relative path/);
  });

  it('lets a feature import its own files and the shared pieces', async () => {
    const errors = await boundaryErrors(
      'apps/admin/src/features/agencies/boundary-fixture.ts',
      [
        "import { agenciesApi } from './api/agencies-api';",
        "import { CrudPage } from '../../components/crud-page';",
        "import { useFormatters } from '../../lib/format';",
        'export const used = [agenciesApi, CrudPage, useFormatters];',
      ].join('\n'),
    );
    expect(errors).toEqual([]);
  });

  it('refuses components/ and lib/ importing a feature or app/', async () => {
    expect(
      await boundaryErrors(
        'apps/admin/src/components/boundary-fixture.ts',
        "export { usersApi } from '../features/users/api/users-api';\n",
      ),
    ).toHaveLength(1);
    expect(
      await boundaryErrors(
        'apps/admin/src/lib/boundary-fixture.ts',
        "export { RESOURCES } from '../app/resources';\n",
      ),
    ).toHaveLength(1);
  });

  it('refuses a feature importing app/, by any path', async () => {
    for (const code of [
      "export { RESOURCES } from '../../app/resources';\n",
      "export const load = () => import('../../app/router');\n",
    ])
      expect(
        await boundaryErrors('apps/admin/src/features/agencies/boundary-fixture.ts', code),
      ).toEqual([expect.stringContaining('Features never import app/')]);
    // app/ puts features together: it imports them.
    expect(
      await boundaryErrors(
        'apps/admin/src/app/boundary-fixture.ts',
        "export { agenciesResource } from '../features/agencies/resource';\n",
      ),
    ).toEqual([]);
  });

  it('refuses db/ importing the API core, and lets the core use db/', async () => {
    expect(
      await boundaryErrors(
        'apps/api/src/db/boundary-fixture.ts',
        "export { invalid } from '../core/errors';\n",
      ),
    ).toEqual([expect.stringContaining('db/ is below core/')]);
    expect(
      await boundaryErrors(
        'apps/api/src/db/migrations/boundary-fixture.ts',
        "export { searchText } from '../../core/search';\n",
      ),
    ).toHaveLength(1);
    expect(
      await boundaryErrors(
        'apps/api/src/core/boundary-fixture.ts',
        "export { inTransaction } from '../db/transaction';\n",
      ),
    ).toEqual([]);
  });

  it('refuses the app services (mail, storage, sanitize) importing a module', async () => {
    for (const folder of ['mail', 'storage', 'sanitize'])
      expect(
        await boundaryErrors(
          `apps/api/src/${folder}/boundary-fixture.ts`,
          "export { usersResource } from '../modules/users/users.service';\n",
        ),
      ).toHaveLength(1);
    expect(
      await boundaryErrors(
        'apps/api/src/mail/boundary-fixture.ts',
        "export { mayManage } from '../core/auth/outranks';\n",
      ),
    ).toEqual([]);
  });

  it('refuses the API core importing a module', async () => {
    const moduleFile = readdirSync(`${root}apps/api/src/modules`, { recursive: true })
      .map(String)
      .find((path) => path.endsWith('.ts') && !path.endsWith('.test.ts'));
    expect(moduleFile).toBeDefined();
    const errors = await boundaryErrors(
      'apps/api/src/core/boundary-fixture.ts',
      `export * from '../modules/${moduleFile!.replace(/\.ts$/, '')}';\n`,
    );
    expect(errors).toHaveLength(1);
  });

  it('refuses a module importing another module’s internals, by any path', async () => {
    for (const code of [
      "export { superAdminIds } from '../roles/roles.repository';\n",
      "export { superAdminIds } from '../../modules/roles/roles.repository';\n",
      "export const load = () => import('../roles/roles.service');\n",
    ])
      expect(await boundaryErrors('apps/api/src/modules/users/boundary-fixture.ts', code)).toEqual([
        expect.stringContaining('only through its index.ts'),
      ]);
    // The module's index, its table types and the module's own files are open.
    expect(
      await boundaryErrors(
        'apps/api/src/modules/users/boundary-fixture.ts',
        [
          "export { superAdminIds } from '../roles';",
          "import '../posts/posts.table';",
          "export { userRecord } from './users.repository';",
        ].join('\n'),
      ),
    ).toEqual([]);
  });

  it('lets only tests use another module’s test kit', async () => {
    const kit = "export { contactBody } from '../contacts/contact-test-kit';\n";
    expect(
      await boundaryErrors('apps/api/src/modules/orders/boundary-fixture.ts', kit),
    ).toHaveLength(1);
    expect(
      await boundaryErrors('apps/api/src/modules/orders/boundary-fixture.test.ts', kit),
    ).toEqual([]);
  });
});
