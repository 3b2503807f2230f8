#!/usr/bin/env node
// `npm test`: every suite, then one totals line. The lint (`npm run lint`) runs beside
// the tests at the lowest priority and counts as one check. Unit, admin and API tests
// always run (API on SQLite, and on PostgreSQL where TEST_DATABASE_URL is set
// and always under CI=true); the browser tests run where a Chromium is found
// and always under CI=true. Whatever is skipped is said loudly at the end,
// and the last line is `N passed, M failed`.
import { spawn } from 'node:child_process';
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { lintSuite } from './lint-suite.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const ci = process.env.CI === 'true';
const resultsDir = join(root, '.test-results');
const vitest = join(root, 'node_modules/.bin/vitest');

// The same order as e2e/support/chromium.ts: the headless build first.
const chromium = [
  process.env.CHROMIUM_PATH,
  '/usr/bin/chromium-headless-shell',
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
].find((path) => path && existsSync(path));
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

/**
 * Runs vitest on some projects and resolves with its counts from the JSON report. Its output
 * goes to the terminal, or (`quiet`) to .test-results/<name>.log, printed when it ends.
 */
const run = (name, projects, { quiet = false, files = [] } = {}) => {
  const outputFile = join(resultsDir, `${name}.json`);
  const logFile = join(resultsDir, `${name}.log`);
  const args = [
    'run',
    ...projects.flatMap((project) => ['--project', project]),
    ...files,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${outputFile}`,
  ];
  const child = spawn(vitest, args, {
    cwd: root,
    stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    env: { ...process.env, ...(chromium ? { CHROMIUM_PATH: chromium } : {}) },
  });
  if (quiet) {
    const log = createWriteStream(logFile);
    child.stdout.pipe(log);
    child.stderr.pipe(log);
  }
  return new Promise((resolve) => {
    child.on('close', (status) => {
      if (quiet) process.stdout.write(`\n----- ${name} -----\n${readFileSync(logFile, 'utf8')}\n`);
      if (!existsSync(outputFile))
        return resolve({ passed: 0, failed: 1, crashed: `${name} (exit ${status})` });
      const report = JSON.parse(readFileSync(outputFile, 'utf8'));
      // A suite that fails to load counts as a failure even though it ran no test.
      const brokenSuites = report.testResults.filter(
        (file) => file.status === 'failed' && file.assertionResults.length === 0,
      ).length;
      const failures = report.testResults.flatMap((file) => {
        const where = file.name.replace(`${root}/`, '');
        const tests = file.assertionResults.filter((test) => test.status === 'failed');
        if (file.status === 'failed' && tests.length === 0) return [`${where}: ${file.message}`];
        return tests.map((test) => `${where} > ${test.fullName}`);
      });
      resolve({
        failures,
        passed: report.numPassedTests,
        failed: report.numFailedTests + brokenSuites,
        skippedTests: report.numPendingTests + report.numTodoTests,
      });
    });
  });
};

/** Runs one of start.mjs's builds (`buildServerIfStale`, …) in a process of its own. */
const buildStep = (name) =>
  new Promise((resolve) => {
    const start = JSON.stringify(pathToFileURL(join(root, 'scripts/start.mjs')).href);
    spawn(
      process.execPath,
      ['--input-type=module', '-e', `await (await import(${start})).${name}();`],
      {
        cwd: root,
        stdio: 'inherit',
      },
    )
      .on('close', (status) => resolve(status === 0))
      .on('error', () => resolve(false));
  });
// The server's build first (seconds; API tests start the compiled server), then the admin's
// build beside the API lanes: only the browser tests need it, and a build alone leaves a core
// idle for half its time. Each is skipped when fresh; two processes building one folder wait
// for each other (start.mjs takes a lock).
if (!(await buildStep('buildServerIfStale'))) {
  console.log('!!! the server build failed');
  console.log('0 passed, 1 failed');
  process.exit(1);
}
const adminBuilt = buildStep('buildAdminIfStale');

// The lint beside the tests, at the lowest priority (scripts/lint-suite.mjs).
const lint = lintSuite({ root, resultsDir });

// Three lanes from the start: the unit, admin and SQLite API tests; the PostgreSQL API tests
// (each waits on its database half the time, so the two together keep the machine busier than
// one after the other); and the browser tests, a batch of files at a time. A lane that ends
// takes browser batches from the same queue, so the cores are not idle while the browser suite
// finishes (it is the longest). Biggest files first keeps the lanes even. Each lane's output is
// printed when it ends (a batch's when the batch ends), so they do not interleave.
const browserFiles = withBrowser
  ? readdirSync(join(root, 'e2e'))
      .filter((file) => file.endsWith('.test.ts'))
      .map((file) => ({ file: join('e2e', file), size: statSync(join(root, 'e2e', file)).size }))
      .sort((a, b) => b.size - a.size)
  : [];
// A batch is one vitest process: its files share what they import (playwright-core, axe, the
// support files; some 5 s of a busy core per process), so the small files go several to a
// process, the big ones alone.
const BATCHES = 16;
const batchSize = browserFiles.reduce((sum, { size }) => sum + size, 0) / BATCHES;
const browserBatches = [];
for (const { file, size } of browserFiles) {
  const last = browserBatches.at(-1);
  if (last && last.size < batchSize) {
    last.files.push(file);
    last.size += size;
  } else browserBatches.push({ files: [file], size });
}
const browserLane = async () => {
  const results = [];
  if (!(await adminBuilt)) {
    // told once, by the lane that finds the queue still full
    const untried = browserBatches.splice(0).length;
    return untried > 0
      ? [{ passed: 0, failed: 1, crashed: `the admin build (${untried} browser batches not run)` }]
      : [];
  }
  for (let batch = browserBatches.shift(); batch; batch = browserBatches.shift()) {
    const name = batch.files.map((file) => basename(file, '.test.ts')).join('+');
    results.push(await run(`e2e-${name}`, ['e2e'], { quiet: true, files: batch.files }));
  }
  return results;
};
const apiLanes = [
  run('unit-admin-api-sqlite', ['unit', 'admin', 'admin-mocking', 'api-sqlite'], { quiet: true }),
  ...(withPostgres ? [run('api-pg', ['api-pg'], { quiet: true })] : []),
];
const suites = (
  await Promise.all([
    browserLane(),
    ...apiLanes.map((lane) => lane.then(async (result) => [result, ...(await browserLane())])),
    lint,
  ])
).flat();

const passed = suites.reduce((sum, suite) => sum + suite.passed, 0);
const failed = suites.reduce((sum, suite) => sum + suite.failed, 0);
const skippedTests = suites.reduce((sum, suite) => sum + (suite.skippedTests ?? 0), 0);
for (const suite of suites)
  if (suite.crashed) console.log(`!!! ${suite.crashed} produced no report`);
// Named again here because a CI log is often read from its end only.
const failures = suites.flatMap((suite) => suite.failures ?? []);
if (failures.length > 0)
  console.log(`\n!!! FAILED:\n${failures.map((name) => `  ${name}`).join('\n')}`);
if (skipped.length > 0) console.log(`\n!!! SKIPPED: ${skipped.join('; ')} !!!`);
if (skippedTests > 0) console.log(`(${skippedTests} individual tests were marked skip or todo)`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
