import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
// @ts-expect-error plain JavaScript module without types
import { buildAdminIfStale, buildServerIfStale } from '../scripts/start.mjs';
// @ts-expect-error plain JavaScript module without types
import { START_FLAGS } from '../scripts/build-server.mjs';
import { freePort, measure, root, type BenchScenario, type Measurement } from './harness';

const REQUESTS = 2_000;
const START_ROUNDS = 3;

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ROUNDS = 3;
const ROUND_SECONDS = 5;
const HEALTH_BODY = '{"status":"ok"}';

/** Every process below `pid` (children, grandchildren…), from /proc (Linux). */
const descendants = (pid: number): number[] => {
  const children: number[] = [];
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    const list = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
    if (list) children.push(...list.split(/\s+/).map(Number));
  }
  return children.flatMap((child) => [child, ...descendants(child)]);
};

const rssMiB = (pid: number) => {
  const line = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return line ? Number(line[1]) / 1024 : 0;
};

const commandOf = (pid: number) =>
  readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');

const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    // npm does not pass a signal on through its shell; end the whole group it leads.
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      child.kill('SIGTERM');
    }
  });

/** A bare node:http server answering the health body, with only a content type or with `headers`. */
const bareServer = async (
  headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' },
) => {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      '-e',
      `require('node:http').createServer((req, res) => { res.writeHead(200, ${JSON.stringify(headers)}); res.end(${JSON.stringify(HEALTH_BODY)}); }).listen(${port}, '127.0.0.1', () => console.log('ready'));`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise((resolve) => child.stdout!.once('data', resolve));
  return { url: `http://127.0.0.1:${port}/`, stop: () => stop(child) };
};

/** `count` requests over 10 connections, cycling through the given paths. */
const load = async (
  base: string,
  requests: { path: string; headers?: Record<string, string> }[],
  count: number,
) => {
  const result = await autocannon({
    url: base,
    connections: 10,
    amount: count,
    requests: requests.map(({ path, headers }) => ({ method: 'GET', path, headers })),
  });
  return result.errors + result.non2xx + result.timeouts;
};

/** `npm start` (or, `direct`, its command without npm) on a fresh DATA_DIR, timed until health answers 200. */
const startWithNpm = async (password: string, direct = false) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'bo-bench-start-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const [command, ...args] = direct
    ? [process.execPath, ...START_FLAGS, join(root, 'scripts/start.mjs')]
    : ['npm', 'start', '--silent'];
  const npm = spawn(command!, args, {
    cwd: root,
    detached: true,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      ADMIN_EMAIL: 'bench@example.com',
      ADMIN_PASSWORD: password,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) {
    const ok = await fetch(`${base}/api/v1/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (npm.exitCode !== null) throw new Error(`npm start exited with ${npm.exitCode}`);
    if (performance.now() - started > 60_000) throw new Error('no health answer within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return { npm, base, dataDir, healthMs: Math.round(performance.now() - started) };
};

/**
 * `npm start` on a built checkout with a fresh DATA_DIR: how soon health answers, how much
 * memory the processes under npm hold after 2,000 requests, and health's requests per second
 * beside a bare node:http server answering the same body in the same run.
 */
export const runtimeScenario: BenchScenario = {
  section: 'Production runtime',
  run: async ({ database }) => {
    await database.close();
    await buildAdminIfStale();
    await buildServerIfStale();
    const password = 'Bench-start-password-1';
    // The start is timed three times, each on a fresh DATA_DIR (the median is the figure); the
    // last start stays up for the rest.
    const starts: number[] = [];
    let npm: ChildProcess | undefined;
    let base = '';
    let dataDir = '';
    for (let round = 0; round < START_ROUNDS; round++) {
      if (npm) {
        await stop(npm);
        rmSync(dataDir, { recursive: true, force: true });
      }
      const started = await startWithNpm(password);
      ({ npm, base, dataDir } = started);
      starts.push(started.healthMs);
    }
    const healthMs = median(starts);
    // what npm adds, and the floor of this machine: a bare node:http server started by node
    const directStarts: number[] = [];
    const bareStarts: number[] = [];
    for (let round = 0; round < START_ROUNDS; round++) {
      const direct = await startWithNpm(password, true);
      directStarts.push(direct.healthMs);
      await stop(direct.npm);
      rmSync(direct.dataDir, { recursive: true, force: true });
      const started = performance.now();
      const bare = await bareServer();
      bareStarts.push(Math.round(performance.now() - started));
      await bare.stop();
    }
    try {
      const login = await fetch(`${base}/api/v1/clients/web/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'bench@example.com', password }),
      });
      const { access_token: token } = (await login.json()) as { access_token: string };
      const auth = { authorization: `Bearer ${token}` };
      const index = await (await fetch(`${base}/login`)).text();
      const script = /src="(\/assets\/[^"]+\.js)"/.exec(index)?.[1] ?? '/';
      const failed = await load(
        base,
        [
          { path: '/api/v1/health' },
          { path: '/login', headers: { 'accept-encoding': 'br, gzip' } },
          { path: script, headers: { 'accept-encoding': 'br, gzip' } },
          { path: '/api/v1/profile', headers: auth },
          { path: '/api/v1/languages', headers: auth },
          { path: '/api/v1/redirects?limit=50', headers: auth },
          { path: '/api/v1/site' },
        ],
        REQUESTS,
      );
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const under = descendants(npm.pid!);
      const processes = under.map((pid) => ({ pid, command: commandOf(pid), rss: rssMiB(pid) }));
      const heldUnder = processes.reduce((sum, p) => sum + p.rss, 0);
      const npmItself = rssMiB(npm.pid!);

      // Throughput: warm both up, then alternate the bare server and ours, ROUNDS times, so
      // that other work on the machine weighs on both alike; the median round counts.
      const bare = await bareServer();
      // The same bare server sending the headers ours sends (the security headers, the
      // request id): how much of the gap is bytes for the client to read, not work of ours.
      const ours = await fetch(`${base}/api/v1/health`);
      const sameHeaders = Object.fromEntries(
        [...ours.headers].filter(
          ([name]) => !['date', 'connection', 'keep-alive', 'content-length'].includes(name),
        ),
      );
      const bareWithHeaders = await bareServer(sameHeaders);
      const rounds: {
        reference: Measurement;
        withHeaders: Measurement;
        health: Measurement;
        ratio: number;
      }[] = [];
      try {
        // long enough for the JIT to settle on both: shorter, the first round measures compiling
        await measure('warm-up', bare.url, {}, { duration: 5 });
        await measure('warm-up', `${base}/api/v1/health`, {}, { duration: 5 });
        for (let round = 0; round < ROUNDS; round++) {
          const reference = await measure(
            'bare node:http, same body',
            bare.url,
            {},
            { duration: ROUND_SECONDS },
          );
          const withHeaders = await measure(
            'bare node:http, same body and headers',
            bareWithHeaders.url,
            {},
            { duration: ROUND_SECONDS },
          );
          const health = await measure(
            'GET /api/v1/health',
            `${base}/api/v1/health`,
            {},
            { duration: ROUND_SECONDS },
          );
          rounds.push({
            reference,
            withHeaders,
            health,
            ratio: health.requestsPerSecond / reference.requestsPerSecond,
          });
        }
      } finally {
        await bare.stop();
        await bareWithHeaders.stop();
      }
      rounds.sort((a, b) => a.ratio - b.ratio);
      const { reference, withHeaders, health, ratio } = rounds[Math.floor(rounds.length / 2)]!;

      return [
        `\`npm start\` (compiled server, one Node process under npm's shell) on a built checkout with a fresh DATA_DIR; ${REQUESTS.toLocaleString('en')} requests over 10 connections cycling through health, /login, its entry script, /profile, /languages, a page of redirects and /site (${failed} failed); requests per second from autocannon, 10 connections, ${ROUND_SECONDS} s each, the bare server and ours alternating ${ROUNDS} times (the median round is shown; ratios of all rounds: ${rounds.map((r) => r.ratio.toFixed(2)).join(', ')}).`,
        '',
        '| figure | measured | reference |',
        '| --- | ---: | --- |',
        `| \`GET /api/v1/health\` answers 200 after \`npm start\` (median of ${START_ROUNDS} starts: ${starts.join(', ')} ms) | **${healthMs} ms** | at most 1,000 ms; the same command without npm (\`node ${START_FLAGS.join(' ')} scripts/start.mjs\`): ${median(directStarts)} ms; a bare node:http server started by \`node\`: listening after ${median(bareStarts)} ms |`,
        `| memory (RSS) of the processes under npm after ${REQUESTS.toLocaleString('en')} requests | **${heldUnder.toFixed(0)} MiB** | at most 150 MiB |`,
        `| \`GET /api/v1/health\` requests per second | **${health.requestsPerSecond}** (p99 ${health.p99Ms} ms) = **${ratio.toFixed(2)}×** the bare server | a bare node:http server answering \`${HEALTH_BODY}\`: ${reference.requestsPerSecond} (p99 ${reference.p99Ms} ms); at least 0.5× |`,
        '',
        `The same bare server sending the ${Object.keys(sameHeaders).length} headers ours sends (${Object.keys(sameHeaders).join(', ')}) answered ${withHeaders.requestsPerSecond} requests per second in the same rounds (${(withHeaders.requestsPerSecond / reference.requestsPerSecond).toFixed(2)}× the bare one; ours is ${(health.requestsPerSecond / withHeaders.requestsPerSecond).toFixed(2)}× of it): what the headers alone cost the client that reads them, apart from any work of ours.`,
        '',
        `Load average when the runs ended: ${loadavg()
          .map((n) => n.toFixed(1))
          .join(', ')} (2 cores; other work on the machine makes these numbers vary).`,
        '',
        `Processes under npm: ${processes.map((p) => `\`${p.command}\` ${p.rss.toFixed(0)} MiB`).join(', ')}; npm itself: ${npmItself.toFixed(0)} MiB.`,
      ].join('\n');
    } finally {
      await stop(npm);
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};
