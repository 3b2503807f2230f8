import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { parseAst } from 'vite';
import { describe, expect, it } from 'vitest';
import { commitPhaseUpdates, EDITS } from './commit-phase-updates';

const require = createRequire(import.meta.url);
const FILES = [
  require.resolve('@rc-component/trigger/es/index.js', {
    paths: [require.resolve('antd')],
  }),
  require.resolve('@rc-component/trigger/es/hooks/useAlign.js', {
    paths: [require.resolve('antd')],
  }),
  require.resolve('@rc-component/motion/es/hooks/useStatus.js', {
    paths: [require.resolve('antd')],
  }),
];

type Transform = (
  this: { error: (message: string) => never },
  code: string,
  id: string,
) => { code: string } | null;
const run = (plugin: ReturnType<typeof commitPhaseUpdates>, code: string, id: string) =>
  (plugin.transform as Transform).call(
    {
      error: (message: string) => {
        throw new Error(message);
      },
    },
    code,
    id,
  );

describe('the commit-phase edits of Ant Design dependencies', () => {
  it('apply to the installed versions: each text once, and the result still parses', () => {
    for (const file of FILES) {
      const source = readFileSync(file, 'utf8');
      const edits = EDITS.filter((edit) => edit.file.test(file));
      expect(edits.length, file).toBeGreaterThan(0);
      const result = run(commitPhaseUpdates(), source, file)!;
      for (const edit of edits) {
        expect(result.code, file).toContain(edit.replace);
        expect(result.code, file).not.toContain(edit.find);
      }
      expect(() => parseAst(result.code), file).not.toThrow();
    }
  });

  it('fails the build when a dependency no longer has the text, and leaves other files alone', () => {
    const [trigger] = FILES;
    expect(() => run(commitPhaseUpdates(), 'export default 1;', trigger!)).toThrow(
      /no longer has exactly one/,
    );
    expect(run(commitPhaseUpdates(), 'setTargetEle(domNode);', '/elsewhere/index.js')).toBeNull();
  });
});
