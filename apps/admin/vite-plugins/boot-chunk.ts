import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin, type Rolldown } from 'vite';

const ADMIN_ROOT = fileURLToPath(new URL('..', import.meta.url));
const CONFIG_FILE = fileURLToPath(new URL('../vite.config.ts', import.meta.url));
const SCANNING = 'BACKOFFICE_BOOT_SCAN';
const SIGN_IN_PAGE = /[\\/]features[\\/]auth[\\/]pages[\\/]login-page\.tsx$/;
/**
 * What /login loads on demand for its language: Ant Design's and dayjs's locales. What they import
 * (dayjs itself) must stay out of the shell and list chunks, or /login would load those too.
 */
const SIGN_IN_LOCALES = [
  /[\\/]antd[\\/]locale[\\/][^\\/]+\.js$/,
  /[\\/]src[\\/]lib[\\/]dayjs-locale\.ts$/,
];

/** The modules a group of chunks runs: each root chunk with every chunk it imports statically. */
type Groups = {
  boot: Set<string>;
  locales: Set<string>;
  shell: Set<string>;
  list: Set<string>;
};

/** index.html's first script, which must stay a file of its own (see the file). */
const PRELOAD_ENTRY = /[\\/]src[\\/]signed-in-preload\.ts$/;
const SHELL_ROOTS = [/[\\/]app[\\/]protected-layout\.tsx$/, /[\\/]app[\\/]screen-route\.tsx$/];
/**
 * The interface texts, one file per language (`src/i18n/locales/<language>/`), but for what
 * /login asks for alone: the sign-in screen's own (`auth`) and what i18next loads at start
 * (`common`, `layout`). With those in the language's file /login loaded every screen's texts
 * twice over (its language and the fallback), 24 KB more on the wire.
 */
const TEXTS =
  /[\\/]src[\\/]i18n[\\/]locales[\\/]([^\\/]+)[\\/](?!(?:auth|common|layout)\.json$)[^\\/]+\.json$/;
const LIST_ROOT = /[\\/]components[\\/]resource-list[\\/]resource-list\.tsx$/;

/**
 * The modules of three groups, as a trial build (nothing written) splits them:
 * - boot: what the first screen runs, the entry and the sign-in page with every chunk they
 *   import statically;
 * - shell: what every screen behind the sign-in runs on top of it (the layout, the screen frame);
 * - list: what the generic list (`ResourceList`, most screens) runs on top of both.
 *
 * A second pass is needed because only a finished split knows which modules survived tree
 * shaking: walking imports instead would drag in every component behind `antd`'s index.
 */
const scanGroups = async (): Promise<Groups> => {
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
  const modulesFrom = (roots: Rolldown.OutputChunk[], except: Set<string> = new Set()) => {
    const reached = new Set<Rolldown.OutputChunk>();
    const walk = (chunk: Rolldown.OutputChunk | undefined) => {
      if (!chunk || reached.has(chunk)) return;
      reached.add(chunk);
      for (const file of chunk.imports) walk(byFile.get(file));
    };
    for (const chunk of roots) walk(chunk);
    // virtual modules (the bundler's runtime) stay where the bundler puts them
    return new Set(
      [...reached]
        .flatMap((chunk) => chunk.moduleIds)
        .filter((id) => !id.startsWith('\0') && !except.has(id)),
    );
  };
  const facade = (patterns: RegExp[]) =>
    chunks.filter(
      (chunk) => chunk.facadeModuleId && patterns.some((test) => test.test(chunk.facadeModuleId!)),
    );
  const entries = chunks.filter(
    (chunk) => chunk.isEntry && !PRELOAD_ENTRY.test(chunk.facadeModuleId ?? ''),
  );
  const boot = modulesFrom([...entries, ...facade([SIGN_IN_PAGE])]);
  // What the locales import (dayjs) beyond the boot chunk. A group takes its modules'
  // dependencies too, so the list's group would take dayjs unless this one has it first.
  const locales = new Set(
    [...modulesFrom(facade(SIGN_IN_LOCALES), boot)].filter(
      (id) => !SIGN_IN_LOCALES.some((test) => test.test(id)),
    ),
  );
  const signIn = new Set([...boot, ...locales]);
  const shell = modulesFrom(facade(SHELL_ROOTS), signIn);
  const list = modulesFrom(
    chunks.filter((chunk) => chunk.moduleIds.some((id) => LIST_ROOT.test(id))),
    new Set([...signIn, ...shell]),
  );
  return { boot, locales, shell, list };
};

/**
 * What the first screen needs goes out as one file. Left to itself the bundler cuts that code
 * into some forty files, one per set of lazy screens that share a piece of it; each file costs
 * /login a request and its headers, which together weighed more than what the cutting saved.
 * Only the admin app's own build is grouped (not a test page built from its modules elsewhere).
 */
export const bootChunk = (): Plugin => {
  let appBuild = false;
  return {
    name: 'backoffice-boot-chunk',
    apply: 'build',
    async config(config) {
      if (process.env[SCANNING]) return;
      if (resolve(config.root ?? process.cwd()) !== resolve(ADMIN_ROOT)) return;
      appBuild = true;
      const { boot, locales, shell, list } = await scanGroups();
      return {
        build: {
          rolldownOptions: {
            // the page's own entry, and the preload script as one of its own (all of index.html's
            // scripts would make one file)
            input: {
              index: resolve(ADMIN_ROOT, 'index.html'),
              'signed-in-preload': resolve(ADMIN_ROOT, 'src/signed-in-preload.ts'),
            },
            output: {
              codeSplitting: {
                groups: [
                  { name: 'boot', test: (id: string) => boot.has(id) },
                  { name: 'locale-deps', test: (id: string) => locales.has(id) },
                  { name: 'shell', test: (id: string) => shell.has(id) },
                  { name: 'list', test: (id: string) => list.has(id) },
                  // One file of texts per language: the sidebar names every area's screens, so a
                  // screen opened by its address needed some ten namespaces of its language and as
                  // many of the fallback (a few KB each, 47 KB for all of a language), twenty
                  // requests through the browser's 6 connections.
                  {
                    name: (id: string) => `texts-${TEXTS.exec(id)?.[1] ?? ''}`,
                    debugName: 'texts',
                    test: TEXTS,
                  },
                ],
              },
            },
          },
        },
      };
    },
    // `src/signed-in-preload.ts`, and what it asks for with a session: the layout's and the list's
    // files, and each language's texts by its language.
    transformIndexHtml: {
      order: 'post',
      handler: (_html, { bundle }) => {
        if (!bundle || !appBuild) return;
        const chunks = Object.values(bundle).filter(
          (item): item is Rolldown.OutputChunk => item.type === 'chunk',
        );
        const named = (name: string) => chunks.find((chunk) => chunk.name === name);
        const preload = named('signed-in-preload');
        const shared = [named('shell'), named('list')].filter((chunk) => chunk !== undefined);
        const texts = chunks.flatMap((chunk) => {
          const language = /^texts-([a-z]+)$/.exec(chunk.name)?.[1];
          return language ? [[`data-texts-${language}`, `/${chunk.fileName}`] as const] : [];
        });
        return [
          // first in the head: it runs while the app's main file is arriving
          ...(preload
            ? [
                {
                  tag: 'script',
                  injectTo: 'head-prepend' as const,
                  attrs: { type: 'module', crossorigin: true, src: `/${preload.fileName}` },
                },
              ]
            : []),
          {
            tag: 'meta',
            injectTo: 'head',
            attrs: {
              name: 'signed-in-modules',
              content: shared.map((chunk) => `/${chunk.fileName}`).join(' '),
              ...Object.fromEntries(texts),
            },
          },
        ];
      },
    },
  };
};
