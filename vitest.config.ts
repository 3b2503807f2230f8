import { defineConfig } from 'vitest/config';

// The PostgreSQL project runs the same API test files as the SQLite one; it is
// mandatory under CI and wherever TEST_DATABASE_URL points at a server.
const withPostgres = Boolean(process.env.TEST_DATABASE_URL) || process.env.CI === 'true';
const apiTests = ['apps/api/src/**/*.test.ts'];
// Every API test file builds its own app on its own database, so the files of one worker share
// the loaded modules instead of importing the whole server again for each file (on SQLite, the
// suite took 171 s isolated and 61 s shared on the 2-core CI machine). `--isolate` brings the
// isolation back when a test is suspected of leaning on another file's state.
const apiIsolation = { isolate: false };
// Each run migrates one database; every test app starts from a copy of it.
const apiGlobalSetup = ['apps/api/src/test/migrated-template.ts'];

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
      {
        test: {
          name: 'admin',
          include: ['apps/admin/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['apps/admin/src/test-setup.ts'],
          // A whole screen rendered in happy-dom takes 1–2 s alone and over 5 s (vitest's
          // default) while the API and browser lanes share the two cores.
          testTimeout: 20_000,
        },
      },
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
