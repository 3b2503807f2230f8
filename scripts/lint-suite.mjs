// The lint as one suite of `npm test`: `npm run lint` beside the tests, at the lowest priority.
import { spawn } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * Runs `script` (the lint: ESLint and the type checks) at the lowest priority, the checks it
 * starts included, and resolves with one check's counts. The test lanes keep the two cores busy
 * but not full (they wait on databases, servers and the browser): the lint fills those gaps
 * instead of taking a minute of its own before the tests. Its output goes to `<resultsDir>/lint.log`
 * and is printed when it ends.
 */
export const lintSuite = ({ root, resultsDir, script = join(root, 'scripts/lint.mjs') }) =>
  new Promise((resolve) => {
    const logFile = join(resultsDir, 'lint.log');
    // The priority is set before the script loads, so every process it starts inherits it.
    const lowered = `import { setPriority } from 'node:os'; setPriority(19); await import(${JSON.stringify(pathToFileURL(script).href)});`;
    const child = spawn(process.execPath, ['--input-type=module', '-e', lowered], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const log = createWriteStream(logFile);
    child.stdout.pipe(log);
    child.stderr.pipe(log);
    child.on('close', (status) =>
      log.end(() => {
        const output = readFileSync(logFile, 'utf8');
        process.stdout.write(`\n----- lint -----\n${output}\n`);
        resolve(
          status === 0
            ? { passed: 1, failed: 0, output }
            : {
                passed: 0,
                failed: 1,
                output,
                failures: ['npm run lint (its output is above, under "lint")'],
              },
        );
      }),
    );
  });
