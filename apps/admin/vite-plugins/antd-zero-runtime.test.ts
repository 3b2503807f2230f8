import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { build, type Plugin, type Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import { antdZeroRuntime } from './antd-zero-runtime';

const ADMIN_ROOT = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(import.meta.url);
const antdModule = (path: string) => require.resolve(`antd/es/${path}`);
const transform = antdZeroRuntime().transform as (
  code: string,
  id: string,
) => { code: string } | null;

/** The JavaScript a screen with a button and a table ships, with or without the plugin. */
const shipped = async (plugins: Plugin[]) => {
  const entry: Plugin = {
    name: 'entry',
    resolveId: (id) => (id === 'virtual:entry' ? '\0entry' : null),
    load: (id) =>
      id === '\0entry' ? "import { Button, Table } from 'antd'; console.log(Button, Table);" : null,
  };
  const result = await build({
    root: ADMIN_ROOT,
    configFile: false,
    logLevel: 'silent',
    plugins: [entry, ...plugins],
    build: {
      write: false,
      reportCompressedSize: false,
      rolldownOptions: {
        input: 'virtual:entry',
        external: ['react', 'react-dom', 'react/jsx-runtime'],
      },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  return outputs
    .flatMap((output) => output.output)
    .reduce((bytes, item) => bytes + (item.type === 'chunk' ? item.code.length : 0), 0);
};

describe("Ant Design's style generators in the build", () => {
  it("gives a component's style hook an empty style function and keeps its tokens", () => {
    const id = antdModule('button/style/index.js');
    const source = readFileSync(id, 'utf8');
    expect(source).toContain('genSharedButtonStyle(buttonToken)');
    const { code } = transform(source, id)!;
    expect(code).toMatch(/genStyleHooks\('Button', \(\) => \[\], prepareComponentToken, \{/);
    expect(code).not.toContain('genSharedButtonStyle(buttonToken)');
  });

  it('does the same for sub-style components and leaves other modules alone', () => {
    const id = antdModule('button/style/compact.js');
    const source = readFileSync(id, 'utf8');
    expect(transform(source, id)!.code).toMatch(/genSubStyleComponent\(\[[^\]]+\], \(\) => \[\]/);
    expect(transform(source, '/elsewhere/button/style/compact.js')).toBeNull();
    expect(transform('export const x = 1;', antdModule('button/index.js'))).toBeNull();
  });

  // 997 KB and 866 KB minified, on antd 6.6.8
  it('ships over 100 KB less JavaScript for a button and a table', async () => {
    const [before, after] = [await shipped([]), await shipped([antdZeroRuntime()])];
    expect(before - after).toBeGreaterThan(100_000);
  }, 120_000);
});
