import MagicString from 'magic-string';
import { parseAst, type Plugin } from 'vite';

const ANTD_MODULE = /[\\/]node_modules[\\/]antd[\\/]es[\\/].+\.js$/;
const STYLE_HOOKS = new Set(['genStyleHooks', 'genComponentStyleHook', 'genSubStyleComponent']);

type Node = { type: string; start: number; end: number; [key: string]: unknown };

const walk = (node: unknown, visit: (node: Node) => void) => {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) return node.forEach((child) => walk(child, visit));
  const current = node as Node;
  if (typeof current.type === 'string') visit(current);
  for (const [key, value] of Object.entries(current))
    if (key !== 'type' && value && typeof value === 'object') walk(value, visit);
};

/**
 * Drops the style generators from Ant Design's components in the built admin.
 *
 * The admin runs Ant Design in its zero-runtime mode (`zeroRuntime` in app/providers.tsx): the
 * styles come from its prebuilt `antd.css`, and a component's style hook returns before it
 * calls its style function (`genComponentStyleHook` in `@ant-design/cssinjs-utils`). Those
 * functions were still shipped, parsed and compiled: some 200 KB of the first screen's 1.4 MB
 * of JavaScript. Each `genStyleHooks(name, styleFn, componentTokens, options)` call gets
 * `() => []` for its `styleFn`, and the bundler's tree-shaking drops what only the functions
 * used. The component tokens (the third argument) stay: they still set the CSS variables that
 * `antd.css` reads, such as the dark sidebar's colours.
 *
 * In `vite` (dev) the dependencies are pre-bundled without it, and nothing changes there.
 */
export const antdZeroRuntime = (): Plugin => ({
  name: 'backoffice:antd-zero-runtime',
  apply: 'build',
  transform(code, id) {
    if (!ANTD_MODULE.test(id) || ![...STYLE_HOOKS].some((name) => code.includes(`${name}(`)))
      return null;
    const edited = new MagicString(code);
    walk(parseAst(code), (node) => {
      if (node.type !== 'CallExpression') return;
      const callee = node.callee as Node & { name?: string };
      const args = node.arguments as Node[];
      if (callee.type === 'Identifier' && STYLE_HOOKS.has(callee.name ?? '') && args[1])
        edited.overwrite(args[1].start, args[1].end, '() => []');
    });
    return edited.hasChanged() ? { code: edited.toString(), map: edited.generateMap() } : null;
  },
});
