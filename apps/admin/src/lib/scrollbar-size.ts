import getScrollBarSize, {
  getTargetScrollBarSize as measureTarget,
} from '@rc-component/util/es/getScrollBarSize';

export default getScrollBarSize;

/**
 * Stands in for `@rc-component/util`'s own (`vite-plugins/scrollbar-size.ts` puts it there, for the
 * whole app).
 *
 * Ant Design's table measures the scrollbar of its scrolling part when it mounts: a probe element
 * added to the page, which forces a style and layout pass of the whole page in the middle of
 * React's commit, and then a second render of the table with the width it found. It reads that
 * width only under a fixed header (`scroll.y`), whose scrolling part is `…-table-body`; every
 * other table scrolls in `…-table-content` and never uses it. On a posts list it was a third of
 * the screen's render time. For those the answer is 0, the table's own starting value, so nothing
 * is measured and nothing renders again. Everything else (a fixed header, the page's scroll lock
 * behind a dialog) is measured as before.
 */
export const getTargetScrollBarSize = (target: HTMLElement | null | undefined) =>
  target instanceof Element &&
  Array.from(target.classList).some((name) => name.endsWith('-table-content'))
    ? { width: 0, height: 0 }
    : measureTarget(target as HTMLElement);
