import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { rowsOnScreen, useFirstScreenRows } from './use-first-screen-rows';

const rows = (count: number, from = 1) => Array.from({ length: count }, (_, index) => from + index);

/** One frame, then the task queued after it. */
const nextFrameAndTask = () =>
  act(async () => {
    await new Promise((resolve) => requestAnimationFrame(resolve));
    await new Promise((resolve) => setTimeout(resolve, 0));
  });

describe('the rows of a list drawn first', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('counts what a window can show at most, never fewer than 5', () => {
    expect(rowsOnScreen(900)).toBe(13);
    expect(rowsOnScreen(1440)).toBe(23);
    expect(rowsOnScreen(300)).toBe(5);
  });

  it('draws the rows on screen first and every row after that frame', async () => {
    vi.stubGlobal('innerHeight', 900);
    const page = rows(20);
    const { result } = renderHook(() => useFirstScreenRows(page));
    expect(result.current.rows).toEqual(rows(13));
    expect(result.current.complete).toBe(false);
    await nextFrameAndTask();
    expect(result.current.rows).toBe(page);
    expect(result.current.complete).toBe(true);
  });

  it('waits for the first rows that arrive, and draws later pages whole at once', async () => {
    vi.stubGlobal('innerHeight', 900);
    const { result, rerender } = renderHook(({ list }) => useFirstScreenRows(list), {
      initialProps: { list: [] as number[] },
    });
    expect(result.current).toEqual({ rows: [], complete: true });
    await nextFrameAndTask();
    rerender({ list: rows(20) });
    expect(result.current.rows).toHaveLength(13);
    await nextFrameAndTask();
    expect(result.current.rows).toHaveLength(20);
    const second = rows(20, 21);
    rerender({ list: second });
    expect(result.current).toEqual({ rows: second, complete: true });
  });

  it('draws a page that fits the screen whole', () => {
    vi.stubGlobal('innerHeight', 900);
    const page = rows(8);
    const { result, rerender } = renderHook(({ list }) => useFirstScreenRows(list), {
      initialProps: { list: page },
    });
    expect(result.current).toEqual({ rows: page, complete: true });
    // a longer page chosen next is drawn whole at once
    const longer = rows(50);
    rerender({ list: longer });
    expect(result.current).toEqual({ rows: longer, complete: true });
  });
});
