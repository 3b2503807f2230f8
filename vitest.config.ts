import { defineConfig } from 'vitest/config';

// The PostgreSQL project runs the same API test files as the SQLite one; it is
// mandatory under CI and wherever TEST_DATABASE_URL points at a server.
const withPostgres = Boolean(process.env.TEST_DATABASE_URL) || process.env.CI === 'true';
const apiTests = ['apps/api/src/**/*.test.ts'];

export default defineConfig({
  test: {
    reporters: ['default'],
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/shared/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'admin',
          include: ['apps/admin/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['apps/admin/src/test-setup.ts'],
        },
      },
      {
        test: {
          name: 'api-sqlite',
          include: apiTests,
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
          testTimeout: 60_000,
          hookTimeout: 240_000,
        },
      },
    ],
  },
});
