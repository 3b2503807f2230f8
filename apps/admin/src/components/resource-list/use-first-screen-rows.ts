import { useEffect, useMemo, useState } from 'react';

/**
 * A list's rows start this far down the screen at the least (the top bar, the screen's title,
 * the toolbar and the table's header), and a row is at least this tall (one line of text, or a
 * small button, between the table's paddings).
 */
const ROWS_TOP = 250;
const MIN_ROW_HEIGHT = 54;

/** How many of a list's rows a window of this height can show at most. */
export const rowsOnScreen = (windowHeight: number) =>
  Math.max(5, Math.ceil((windowHeight - ROWS_TOP) / MIN_ROW_HEIGHT));

/**
 * The first time a list has rows, only those the screen can show are drawn; the rest (and what
 * sits under them, the pager) follow right after that frame is painted. Ant Design's table costs
 * about the same per row to render and to lay out, and on a screen opened by its address the rows
 * under the fold held back the ones on it. Later pages, searches and sorts draw every row at once.
 *
 * Returns the rows to draw and whether they are all of them.
 */
export const useFirstScreenRows = <T>(rows: T[]): { rows: T[]; complete: boolean } => {
  const [first] = useState(() => rowsOnScreen(window.innerHeight));
  const [done, setDone] = useState(false);
  const cut = !done && rows.length > first;
  // a first page that fits the screen is drawn whole: later ones are never cut either
  if (!done && rows.length > 0 && !cut) setDone(true);
  useEffect(() => {
    if (!cut) return;
    // After the frame that shows the first rows: a task queued now could run before it is painted.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setDone(true));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [cut]);
  // the same array while nothing changed: the table is memoized on its rows
  return useMemo(
    () => (cut ? { rows: rows.slice(0, first), complete: false } : { rows, complete: true }),
    [cut, rows, first],
  );
};
