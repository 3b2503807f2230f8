#!/usr/bin/env node
// `npm run dev`: the API on PORT (default 3000) with tsx watch, and the Vite dev server
// (ADMIN_DEV_PORT, default 5173) proxying /api to it. Ctrl-C stops both.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => join(root, 'node_modules/.bin', name);
const env = { ...process.env, PORT: process.env.PORT ?? '3000' };

const children = [
  spawn(bin('tsx'), ['watch', join(root, 'apps/api/src/server.ts')], {
    cwd: root,
    stdio: 'inherit',
    env,
  }),
  spawn(bin('vite'), [], { cwd: join(root, 'apps/admin'), stdio: 'inherit', env }),
];

let stopping = false;
const stop = (code) => {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500).unref();
};

for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(0));
for (const child of children) child.on('exit', (code) => stop(code ?? 0));
