import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

// The PostgreSQL project runs the same API test files as the SQLite one; it is
// mandatory under CI and wherever TEST_DATABASE_URL points at a server.
const withPostgres = Boolean(process.env.TEST_DATABASE_URL) || process.env.CI === 'true';
const apiTests = ['apps/api/src/**/*.test.ts'];
// Files whose subject the database's dialect never enters: the API description (made from the
// routes' declarations) and the released migrations' code. PostgreSQL would run them again for
// the same answer (a minute of the lane on the CI machine).
const apiTestsWithoutDatabase = [
  'apps/api/src/core/openapi.test.ts',
  'apps/api/src/core/openapi-owasp.test.ts',
  'apps/api/src/db/migrations-released.test.ts',
];
// Every API test file builds its own app on its own database, so the files of one worker share
// the loaded modules instead of importing the whole server again for each file (on SQLite, the
// suite took 171 s isolated and 61 s shared on the 2-core CI machine). `--isolate` brings the
// isolation back when a test is suspected of leaning on another file's state.
const apiIsolation = { isolate: false };
// Each run migrates one database; every test app starts from a copy of it.
const apiGlobalSetup = ['apps/api/src/test/migrated-template.ts'];
// The admin's test files share one worker's modules and page too (each file still starts with
// empty storage, test-setup.ts): importing Ant Design and React again for each of 50 files was
// two thirds of the admin tests' processor time. A file that replaces a module (`vi.mock`)
// needs a module cache of its own, since another file may have loaded the real one first: those
// are found here, by what they contain, and run isolated.
const adminTestsFolder = 'apps/admin/src';
const adminTests = readdirSync(new URL(adminTestsFolder, import.meta.url), {
  recursive: true,
  encoding: 'utf8',
})
  .filter((file) => /\.test\.tsx?$/.test(file))
  .map((file) => join(adminTestsFolder, file));
const adminTestsMocking = adminTests.filter((file) =>
  readFileSync(new URL(file, import.meta.url), 'utf8').includes('vi.mock('),
);
const adminProject = (name: string, include: string[], isolate: boolean) => ({
  test: {
    name,
    include,
    isolate,
    environment: 'happy-dom' as const,
    setupFiles: ['apps/admin/src/test-setup.ts'],
    // A whole screen rendered in happy-dom takes 1–2 s alone and over 5 s (vitest's
    // default) while the API and browser lanes share the two cores.
    testTimeout: 20_000,
  },
});

export default defineConfig({
  test: {
    reporters: ['default'],
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/shared/src/**/*.test.ts',
            'scripts/**/*.test.ts',
            // the admin build's own plugins
            'apps/admin/vite-plugins/*.test.ts',
          ],
          environment: 'node',
        },
      },
      adminProject(
        'admin',
        adminTests.filter((file) => !adminTestsMocking.includes(file)),
        false,
      ),
      adminProject('admin-mocking', adminTestsMocking, true),
      {
        test: {
          name: 'api-sqlite',
          include: apiTests,
          ...apiIsolation,
          globalSetup: apiGlobalSetup,
          environment: 'node',
          env: { TEST_DB_ENGINE: 'sqlite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(withPostgres
        ? [
            {
              test: {
                name: 'api-pg',
                include: apiTests,
                exclude: apiTestsWithoutDatabase,
                ...apiIsolation,
                globalSetup: apiGlobalSetup,
                environment: 'node',
                env: { TEST_DB_ENGINE: 'postgres' },
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          fileParallelism: false,
          // The files of one run (`npm test` gives each run a batch) share what they import;
          // each starts its own app and browser.
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 240_000,
        },
      },
    ],
  },
});
