import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const SHIM = fileURLToPath(new URL('../src/lib/scrollbar-size.ts', import.meta.url));
const UTIL_INDEX = /[\\/]@rc-component[\\/]util[\\/]es[\\/]index\.js$/;

/**
 * Gives `@rc-component/util`'s index (what Ant Design's table and dialogs import the scrollbar
 * measure from) `src/lib/scrollbar-size.ts` instead of its own `./getScrollBarSize`: why is said
 * there. The stand-in imports the original by its package path, which this leaves alone.
 * In `vite` (dev) the dependencies are pre-bundled without it, and tables measure as before.
 */
export const scrollbarSize = (): Plugin => ({
  name: 'backoffice:scrollbar-size',
  enforce: 'pre',
  resolveId(source, importer) {
    if (importer && UTIL_INDEX.test(importer) && /^\.\/getScrollBarSize(\.js)?$/.test(source))
      return SHIM;
    return null;
  },
});
