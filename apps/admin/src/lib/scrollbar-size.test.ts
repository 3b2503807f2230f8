import { afterEach, describe, expect, it, vi } from 'vitest';
import { getTargetScrollBarSize } from './scrollbar-size';

/** How many probe elements the measure put on the page. */
const probes = () => {
  const append = vi.spyOn(document.body, 'appendChild');
  return () =>
    append.mock.calls.filter(([node]) => (node as Element).id?.startsWith('rc-scrollbar-measure'))
      .length;
};

describe('the scrollbar measure that tables and dialogs use', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    document.body.replaceChildren();
  });

  it('answers 0 for a table that scrolls as a whole, without measuring the page', () => {
    const counted = probes();
    const content = document.createElement('div');
    content.className = 'ant-table-content';
    document.body.append(content);
    expect(getTargetScrollBarSize(content)).toEqual({ width: 0, height: 0 });
    expect(counted()).toBe(0);
  });

  it('measures a fixed header’s scrolling body and the page behind a dialog', () => {
    const counted = probes();
    const body = document.createElement('div');
    body.className = 'ant-table-body';
    document.body.append(body);
    getTargetScrollBarSize(body);
    getTargetScrollBarSize(document.body);
    expect(counted()).toBe(2);
  });
});
