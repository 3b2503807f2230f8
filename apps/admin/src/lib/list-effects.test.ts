import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { ListResponse } from './api-client';
import { applyListEffect, updateCachedLists } from './list-effects';

type Row = { id: number; parent?: number };

/** Page `page` of `total` rows numbered total…1 (newest first), `perPage` a page. */
const page = (pageNo: number, total: number, perPage = 3): ListResponse<Row> => {
  const ids = Array.from({ length: total }, (_, index) => total - index);
  const data = ids.slice((pageNo - 1) * perPage, pageNo * perPage).map((id) => ({ id }));
  return {
    data,
    meta: {
      pagination: {
        count: data.length,
        total,
        per_page: perPage,
        current_page: pageNo,
        total_pages: Math.max(1, Math.ceil(total / perPage)),
      },
    },
  };
};

const ids = (list: ListResponse<Row>) => list.data.map((row) => row.id);

describe('list effects of a create', () => {
  it('prepend: first on page 1, the last row drops off a full page, totals recomputed', () => {
    const after = applyListEffect(page(1, 6), { type: 'prepend', record: { id: 7 } });
    expect(ids(after)).toEqual([7, 6, 5]);
    expect(after.meta?.pagination).toEqual({
      count: 3,
      total: 7,
      per_page: 3,
      current_page: 1,
      total_pages: 3,
    });
    const second = applyListEffect(page(2, 6), { type: 'prepend', record: { id: 7 } });
    expect(ids(second)).toEqual([3, 2, 1]);
    expect(second.meta?.pagination?.total_pages).toBe(3);
  });

  it('prepend on a page that is not full keeps every row', () => {
    const after = applyListEffect(page(1, 2), { type: 'prepend', record: { id: 3 } });
    expect(ids(after)).toEqual([3, 2, 1]);
    expect(after.meta?.pagination).toMatchObject({ count: 3, total: 3, total_pages: 1 });
  });

  it('append: at the end of the last page when it has room, else only the totals grow', () => {
    const room = applyListEffect(page(2, 5), { type: 'append', record: { id: 9 } });
    expect(ids(room)).toEqual([2, 1, 9]);
    expect(room.meta?.pagination).toMatchObject({ count: 3, total: 6, total_pages: 2 });
    const full = applyListEffect(page(2, 6), { type: 'append', record: { id: 9 } });
    expect(ids(full)).toEqual([3, 2, 1]);
    expect(full.meta?.pagination).toMatchObject({ total: 7, total_pages: 3 });
    const first = applyListEffect(page(1, 5), { type: 'append', record: { id: 9 } });
    expect(ids(first)).toEqual([5, 4, 3]);
  });

  it('move-first: an updated row leaves its place and goes first on page 1', () => {
    const after = applyListEffect(page(1, 6), {
      type: 'move-first',
      record: { id: 5 },
      matches: (row) => row.id === 5,
    });
    expect(ids(after)).toEqual([5, 6, 4]);
    expect(after.meta?.pagination?.total).toBe(6);
    const fromFarAway = applyListEffect(page(1, 6), {
      type: 'move-first',
      record: { id: 1 },
      matches: (row) => row.id === 1,
    });
    expect(ids(fromFarAway)).toEqual([1, 6, 5]);
  });

  it('insert-after: a reply right after its parent', () => {
    const after = applyListEffect(page(1, 6), {
      type: 'insert-after',
      record: { id: 7, parent: 5 },
      after: (row) => row.id === 5,
    });
    expect(ids(after)).toEqual([6, 5, 7]);
    expect(after.meta?.pagination?.total).toBe(7);
  });

  it('updates every cached list of the resource, growing a limit=0 list instead of cutting it', () => {
    const client = new QueryClient();
    const whole: ListResponse<Row> = {
      data: [{ id: 2 }, { id: 1 }],
      meta: {
        pagination: { count: 2, total: 2, per_page: 2, current_page: 1, total_pages: 1 },
      },
    };
    client.setQueryData(['/rows', 'list', { page: 1, limit: 3 }], page(1, 6));
    client.setQueryData(['/rows', 'list', { page: 2, limit: 3 }], page(2, 6));
    client.setQueryData(['/rows', 'list', { limit: 0 }], whole);
    client.setQueryData(['/rows', 'list', { limit: 3 }, 'infinite'], {
      pages: [page(1, 6), page(2, 6)],
      pageParams: [1, 2],
    });
    client.setQueryData(['/rows', 'item', '6'], { id: 6 });
    client.setQueryData(['/other', 'list', {}], page(1, 6));

    updateCachedLists(client, ['/rows', 'list'], { type: 'prepend', record: { id: 7 } });

    const read = (key: unknown[]) => client.getQueryData<ListResponse<Row>>(key)!;
    expect(ids(read(['/rows', 'list', { page: 1, limit: 3 }]))).toEqual([7, 6, 5]);
    expect(read(['/rows', 'list', { page: 2, limit: 3 }]).meta?.pagination?.total).toBe(7);
    expect(ids(read(['/rows', 'list', { limit: 0 }]))).toEqual([7, 2, 1]);
    expect(read(['/rows', 'list', { limit: 0 }]).meta?.pagination).toMatchObject({
      count: 3,
      total: 3,
      per_page: 3,
    });
    const infinite = client.getQueryData<{ pages: Array<ListResponse<Row>> }>([
      '/rows',
      'list',
      { limit: 3 },
      'infinite',
    ])!;
    expect(infinite.pages.map(ids)).toEqual([
      [7, 6, 5],
      [3, 2, 1],
    ]);
    expect(client.getQueryData(['/rows', 'item', '6'])).toEqual({ id: 6 });
    expect(ids(read(['/other', 'list', {}]))).toEqual([6, 5, 4]);
  });
});
