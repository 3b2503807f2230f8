#!/usr/bin/env node
// `npm test`: every suite, then one totals line. Unit, admin and API tests
// always run (API on SQLite, and on PostgreSQL where TEST_DATABASE_URL is set
// and always under CI=true); the browser tests run where a Chromium is found
// and always under CI=true. Whatever is skipped is said loudly at the end,
// and the last line is `N passed, M failed`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const ci = process.env.CI === 'true';
const resultsDir = join(root, '.test-results');
const vitest = join(root, 'node_modules/.bin/vitest');

const chromium = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
  (path) => path && existsSync(path),
);
const withPostgres = ci || Boolean(process.env.TEST_DATABASE_URL);
const withBrowser = ci || Boolean(chromium);

const skipped = [];
if (!withPostgres)
  skipped.push(
    'API tests on PostgreSQL (set TEST_DATABASE_URL=postgres://user@host:port/db to run them)',
  );
if (!withBrowser)
  skipped.push('browser tests (no Chromium found: install Debian’s chromium or set CHROMIUM_PATH)');

rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });

/** Runs vitest on some projects and returns its counts from the JSON report. */
const run = (name, projects) => {
  const outputFile = join(resultsDir, `${name}.json`);
  const args = [
    'run',
    ...projects.flatMap((project) => ['--project', project]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${outputFile}`,
  ];
  const result = spawnSync(vitest, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...(chromium ? { CHROMIUM_PATH: chromium } : {}) },
  });
  if (!existsSync(outputFile))
    return { passed: 0, failed: 1, crashed: `${name} (exit ${result.status})` };
  const report = JSON.parse(readFileSync(outputFile, 'utf8'));
  // A suite that fails to load counts as a failure even though it ran no test.
  const brokenSuites = report.testResults.filter(
    (file) => file.status === 'failed' && file.assertionResults.length === 0,
  ).length;
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests + brokenSuites,
    skippedTests: report.numPendingTests + report.numTodoTests,
  };
};

const suites = [
  run('unit-and-api', ['unit', 'admin', 'api-sqlite', ...(withPostgres ? ['api-pg'] : [])]),
];
if (withBrowser) suites.push(run('e2e', ['e2e']));

const passed = suites.reduce((sum, suite) => sum + suite.passed, 0);
const failed = suites.reduce((sum, suite) => sum + suite.failed, 0);
const skippedTests = suites.reduce((sum, suite) => sum + (suite.skippedTests ?? 0), 0);
for (const suite of suites)
  if (suite.crashed) console.log(`!!! ${suite.crashed} produced no report`);
if (skipped.length > 0) console.log(`\n!!! SKIPPED: ${skipped.join('; ')} !!!`);
if (skippedTests > 0) console.log(`(${skippedTests} individual tests were marked skip or todo)`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
