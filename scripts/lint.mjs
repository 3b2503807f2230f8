#!/usr/bin/env node
// `npm run lint`: ESLint, Prettier's check and the type checks of the API and the admin at
// once. Each is one single-threaded process, so one after another they left a core idle for
// the whole phase (about as long as the unit tests on the 2-core CI machine). The shared package is checked
// by both: the API's program includes its sources under the same options as its own tsconfig.
// Each one's output is printed when it ends, so they do not interleave; it fails when any fails.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) =>
  join(root, 'node_modules/.bin', process.platform === 'win32' ? `${name}.cmd` : name);

const checks = [
  ['eslint', bin('eslint'), ['.']],
  ['tsc apps/api', bin('tsc'), ['-p', 'apps/api']],
  ['tsc apps/admin', bin('tsc'), ['-p', 'apps/admin']],
  ['tsc e2e', bin('tsc'), ['-p', 'e2e']],
  // the formatting too: two files drifted from it unnoticed while only `npm run format` knew
  ['prettier', bin('prettier'), ['--check', '--log-level', 'warn', '.']],
];

const run = ([name, command, args]) =>
  new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (status) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      process.stdout.write(`${output}${status === 0 ? 'ok' : 'FAILED'}: ${name} (${seconds} s)\n`);
      resolve(status === 0);
    });
  });

const results = await Promise.all(checks.map(run));
process.exit(results.every(Boolean) ? 0 : 1);
