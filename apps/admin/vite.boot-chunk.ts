import { fileURLToPath } from 'node:url';
import { build, type Rolldown } from 'vite';

const SCANNING = 'BACKOFFICE_BOOT_SCAN';
const SIGN_IN_PAGE = /[\\/]features[\\/]auth[\\/]pages[\\/]login-page\.tsx$/;

/**
 * The modules the first screen runs: the entry and the sign-in page with every chunk they import
 * statically, as a trial build (nothing written) splits them.
 *
 * Left to itself the bundler cuts that code into some forty files, one per set of lazy screens
 * that share a piece of it; each file costs /login a request and its headers, which together
 * weighed more than what the cutting saved. The real build groups these modules into one chunk.
 * A second pass is needed because only a finished split knows which modules survived tree
 * shaking: walking imports instead would drag in every component behind `antd`'s index.
 */
export const scanBootModules = async (configUrl: string): Promise<Set<string> | undefined> => {
  if (process.env[SCANNING]) return undefined;
  process.env[SCANNING] = '1';
  let result: Awaited<ReturnType<typeof build>>;
  try {
    result = await build({
      configFile: fileURLToPath(configUrl),
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
