import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lintSuite } from './lint-suite.mjs';

type Result = { passed: number; failed: number; output: string; failures?: string[] };

/**
 * A stand-in for scripts/lint.mjs: prints the priority it runs at and the one of a process it
 * starts (as the lint starts ESLint and tsc), then exits with `status`.
 */
const fakeLint = (dir: string, status: number) => {
  const script = join(dir, `lint-${status}.mjs`);
  writeFileSync(
    script,
    `import { execFileSync } from 'node:child_process';
     import { getPriority } from 'node:os';
     const child = execFileSync(process.execPath, ['-e', 'process.stdout.write(String(require("node:os").getPriority()))']).toString();
     console.log('priority ' + getPriority() + ', its check ' + child);
     if (${status}) console.error('error  no-unused-vars  x is defined but never used');
     process.exit(${status});`,
  );
  return script;
};

describe('the lint as a suite of npm test', () => {
  const dirs: string[] = [];
  afterEach(() => {
    vi.restoreAllMocks();
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  /** The suite around a stand-in lint that exits with `status`; what it printed is kept. */
  const runWith = async (status: number) => {
    const dir = mkdtempSync(join(tmpdir(), 'lint-suite-'));
    dirs.push(dir);
    const printed = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    const result = (await lintSuite({
      root: dir,
      resultsDir: dir,
      script: fakeLint(dir, status),
    })) as Result;
    return { result, printed: printed.mock.calls.map(([text]) => String(text)).join('') };
  };

  it('counts a failing lint as a failed check, named, with its output printed', async () => {
    const { result, printed } = await runWith(1);
    expect(result).toMatchObject({ passed: 0, failed: 1 });
    expect(result.failures).toEqual([expect.stringContaining('npm run lint')]);
    expect(printed).toContain('x is defined but never used');
  });

  it('counts a clean lint as one passed check, run at the lowest priority with what it starts', async () => {
    const { result } = await runWith(0);
    expect(result).toMatchObject({ passed: 1, failed: 0 });
    expect(result.output).toContain('priority 19, its check 19');
  });
});
