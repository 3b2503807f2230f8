import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { apiScenario } from './api';
import { dashboardScenario } from './dashboard';
import { exportScenario } from './export';
import { mediaScenario } from './media';
import { mediaUsageScenario } from './media-usage';
import { postsScenario } from './posts';
import { publicScenario } from './public';
import { writesScenario } from './writes';
import { runtimeScenario } from './runtime';
import { stockScenario } from './stock';
import { machine, prepareDataDir, root, type BenchScenario } from './harness';
// @ts-expect-error plain JavaScript module without types
import { buildAdminIfStale, buildServerIfStale } from '../scripts/start.mjs';

/**
 * `npm run bench`: each scenario gets a fresh DATA_DIR and the real server in
 * its own process, and rewrites its own section of BENCHMARKS.md.
 * Another area adds its scenario file here (one line).
 */
const scenarios: BenchScenario[] = [
  apiScenario,
  mediaScenario,
  mediaUsageScenario,
  writesScenario,
  postsScenario,
  runtimeScenario,
  stockScenario,
  dashboardScenario,
  exportScenario,
  publicScenario,
];

const only = process.argv[2];
const file = join(root, 'BENCHMARKS.md');

const replaceSection = (text: string, section: string, body: string) => {
  const start = `<!-- bench:${section}:start -->`;
  const end = `<!-- bench:${section}:end -->`;
  const block = `${start}\n## ${section}\n\n${body}\n${end}`;
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  return from >= 0 && to > from
    ? text.slice(0, from) + block + text.slice(to + end.length)
    : `${text.trimEnd()}\n\n${block}\n`;
};

// Both builds first (each skipped when fresh): a scenario's server must not spend its start
// building, and a start-up measurement must not count a build.
await buildAdminIfStale();
await buildServerIfStale();

for (const scenario of scenarios) {
  if (only && !scenario.section.toLowerCase().includes(only.toLowerCase())) continue;
  console.log(`bench: ${scenario.section}…`);
  const { dataDir, database, cleanup } = await prepareDataDir();
  try {
    const body = await scenario.run({ database, dataDir });
    const stamped = `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC with \`npm run bench\` on ${machine()}.\n\n${body}`;
    console.log(stamped);
    const current = existsSync(file)
      ? readFileSync(file, 'utf8')
      : '# Benchmarks\n\nNumbers from `npm run bench` (API) and the commands named in each section.\n';
    writeFileSync(file, replaceSection(current, scenario.section, stamped));
  } finally {
    cleanup();
  }
}
