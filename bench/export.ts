import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, root, startServer, type BenchScenario } from './harness';
import { generate } from './posts';

/** `BENCH_EXPORT_ROWS` posts (default 1,000,000) exported as one CSV. */
const ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 1_000_000);

/** A process's memory from Linux's status file, in MiB: `VmHWM` (its peak so far) or `VmRSS` (now). */
const memoryMiB = (pid: number, field: 'VmHWM' | 'VmRSS') => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((text) => text.startsWith(`${field}:`));
  return Math.round(Number(line?.replace(/\D+/g, '') ?? 0) / 1024);
};

/** Reads the whole answer as it streams: its bytes, lines and how long it took. */
const download = async (url: string, headers: Record<string, string> = {}) => {
  const started = performance.now();
  const response = await fetch(url, { headers });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  let bytes = 0;
  let lines = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    for (const byte of chunk) if (byte === 10) lines += 1;
  }
  return { seconds: (performance.now() - started) / 1000, bytes, rows: lines - 1 };
};

export const exportScenario: BenchScenario = {
  section: `Export of ${ROWS.toLocaleString('en')} posts`,
  run: async ({ database, dataDir }) => {
    await database.close();
    const file = join(dataDir, 'backoffice.db');
    const { typeId } = generate(file, ROWS);

    const server = await startServer(dataDir);
    const pid = server.pid;
    const before = memoryMiB(pid, 'VmRSS');
    const product = await download(
      `${server.base}/api/v1/posts/export?format=csv&type_id=${typeId}`,
      { authorization: `Bearer ${server.token}`, locale: 'vi' },
    );
    const productPeak = memoryMiB(pid, 'VmHWM');
    await server.stop();

    const port = await freePort();
    const reference = spawn(
      join(root, 'node_modules/.bin/tsx'),
      [join(root, 'bench/export-reference.ts'), file, String(port)],
      { stdio: ['ignore', 'ignore', 'inherit'] },
    );
    try {
      const base = `http://127.0.0.1:${port}`;
      for (let i = 0; i < 300; i += 1) {
        if (
          await fetch(`${base}/health`).then(
            (r) => r.ok,
            () => false,
          )
        )
          break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      // tsx runs the reference in a child of its own: measure the process that holds the file
      const children = readFileSync(
        `/proc/${reference.pid}/task/${reference.pid}/children`,
        'utf8',
      );
      const referencePid = Number(children.trim().split(/\s+/)[0] || reference.pid);
      const bare = await download(`${base}/?type_id=${typeId}`);
      const barePeak = memoryMiB(referencePid, 'VmHWM');
      const mb = (bytes: number) => (bytes / 1024 ** 2).toFixed(0);
      return [
        `\`GET /api/v1/posts/export?format=csv\` of one type's ${ROWS.toLocaleString('en')} posts (the posts bench's generator: Vietnamese titles, 2 KB of content each, 200 categories), read to the end by one client, beside a bare node:http + better-sqlite3 server streaming the same columns as CSV from one statement (\`bench/export-reference.ts\`). Peak memory is the process's VmHWM (its largest resident set since it started, so it includes start-up); the product's resident set before the export was ${before} MiB.`,
        '',
        '| | rows | MiB sent | seconds | rows/s | peak memory MiB |',
        '| --- | --- | --- | --- | --- | --- |',
        `| product | ${product.rows.toLocaleString('en')} | ${mb(product.bytes)} | ${product.seconds.toFixed(1)} | ${Math.round(product.rows / product.seconds).toLocaleString('en')} | ${productPeak} |`,
        `| bare reference | ${bare.rows.toLocaleString('en')} | ${mb(bare.bytes)} | ${bare.seconds.toFixed(1)} | ${Math.round(bare.rows / bare.seconds).toLocaleString('en')} | ${barePeak} |`,
      ].join('\n');
    } finally {
      reference.kill('SIGTERM');
    }
  },
};
