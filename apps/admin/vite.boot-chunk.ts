import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin, type Rolldown } from 'vite';

const ADMIN_ROOT = fileURLToPath(new URL('.', import.meta.url));
const CONFIG_FILE = fileURLToPath(new URL('./vite.config.ts', import.meta.url));
const SCANNING = 'BACKOFFICE_BOOT_SCAN';
const SIGN_IN_PAGE = /[\\/]features[\\/]auth[\\/]pages[\\/]login-page\.tsx$/;

/**
 * The modules the first screen runs: the entry and the sign-in page with every chunk they import
 * statically, as a trial build (nothing written) splits them.
 *
 * A second pass is needed because only a finished split knows which modules survived tree
 * shaking: walking imports instead would drag in every component behind `antd`'s index.
 */
const scanBootModules = async (): Promise<Set<string>> => {
  process.env[SCANNING] = '1';
  let result: Awaited<ReturnType<typeof build>>;
  try {
    result = await build({
      configFile: CONFIG_FILE,
      root: ADMIN_ROOT,
      logLevel: 'silent',
      build: { write: false, manifest: false, reportCompressedSize: false },
    });
  } finally {
    delete process.env[SCANNING];
  }
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  const chunks = outputs
    .flatMap((output) => output.output)
    .filter((item): item is Rolldown.OutputChunk => item.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const reached = new Set<Rolldown.OutputChunk>();
  const walk = (chunk: Rolldown.OutputChunk | undefined) => {
    if (!chunk || reached.has(chunk)) return;
    reached.add(chunk);
    for (const file of chunk.imports) walk(byFile.get(file));
  };
  for (const chunk of chunks)
    if (chunk.isEntry || (chunk.facadeModuleId && SIGN_IN_PAGE.test(chunk.facadeModuleId)))
      walk(chunk);
  // virtual modules (the bundler's runtime) stay where the bundler puts them
  return new Set(
    [...reached].flatMap((chunk) => chunk.moduleIds).filter((id) => !id.startsWith('\0')),
  );
};

/**
 * What the first screen needs goes out as one file. Left to itself the bundler cuts that code
 * into some forty files, one per set of lazy screens that share a piece of it; each file costs
 * /login a request and its headers, which together weighed more than what the cutting saved.
 * Only the admin app's own build is grouped (not a test page built from its modules elsewhere).
 */
export const bootChunk = (): Plugin => ({
  name: 'backoffice-boot-chunk',
  apply: 'build',
  async config(config) {
    if (process.env[SCANNING]) return;
    if (resolve(config.root ?? process.cwd()) !== resolve(ADMIN_ROOT)) return;
    const boot = await scanBootModules();
    return {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: { groups: [{ name: 'boot', test: (id: string) => boot.has(id) }] },
          },
        },
      },
    };
  },
});
