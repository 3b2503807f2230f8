import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { Suspense } from 'react';
import { flushSync } from 'react-dom';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { ListParams, ListResponse } from '../../lib/api-client';
import type { ListSource } from './list-table';
import { ResourceList, type ResourceListProps } from './resource-list';

type Row = { id: number; title: string };

const rows: Row[] = Array.from({ length: 45 }, (_, index) => ({
  id: index + 1,
  title: `Cà phê ${index + 1}`,
}));

const fakeSource = (): ListSource<Row> & { calls: ListParams[] } => {
  const calls: ListParams[] = [];
  return {
    calls,
    keys: { all: ['rows'], list: (params) => ['rows', 'list', params] },
    list: async (params) => {
      calls.push(params);
      const limit = Number(params.limit ?? 20);
      const page = Number(params.page ?? 1);
      const data: ListResponse<Row> = {
        data: rows.slice((page - 1) * limit, page * limit),
        meta: {
          pagination: {
            count: Math.min(limit, rows.length - (page - 1) * limit),
            total: rows.length,
            per_page: limit,
            current_page: page,
            total_pages: Math.ceil(rows.length / limit),
          },
        },
      };
      return data;
    },
  };
};

const renderList = (
  source: ListSource<Row>,
  onDelete?: (row: Row) => Promise<unknown>,
  initial = '/rows',
  more: Partial<ResourceListProps<Row>> = {},
) => {
  const router = createMemoryRouter(
    [
      {
        path: '/rows',
        element: (
          <ResourceList<Row>
            title="Rows"
            source={source}
            rowKey="id"
            columns={[
              { key: 'id', title: 'ID', sortable: true },
              { key: 'title', title: 'Title', sortable: true },
            ]}
            onDelete={onDelete}
            bulkDelete
            {...more}
          />
        ),
      },
    ],
    { initialEntries: [initial] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <App>
        <Suspense fallback="loading">
          <RouterProvider router={router} flushSync={(fn) => void flushSync(fn)} />
        </Suspense>
      </App>
    </QueryClientProvider>,
  );
};

describe('ResourceList', { timeout: 20_000 }, () => {
  it('shows the rows, the total and the pager of the spec, and asks for the chosen page', async () => {
    const source = fakeSource();
    renderList(source);
    await screen.findByText('Cà phê 1');
    expect(screen.getByTestId('list-total').textContent).toBe('Total: 45');
    expect(screen.getByRole('button', { name: 'Page 3' })).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Page 3' })));
    await screen.findByText('Cà phê 41');
    expect(source.calls.at(-1)).toMatchObject({ page: 3, limit: 20 });
  });

  it('changes page once its rows have arrived, and applies quick changes in their order', async () => {
    const source = fakeSource();
    const answer = source.list;
    const held = new Map<number, () => void>();
    let slow = 2;
    source.list = (params, signal) =>
      Number(params.page) === slow
        ? new Promise((resolve) => held.set(slow, () => resolve(answer(params, signal))))
        : answer(params, signal);
    renderList(source);
    await screen.findByText('Cà phê 1');
    const current = () => document.querySelector('[aria-current="page"]')?.textContent;

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Page 2' })));
    // the old page stays, whole, while page 2 is on its way
    expect(current()).toBe('1');
    expect(screen.getByText('Cà phê 1')).toBeTruthy();
    await act(async () => held.get(2)?.());
    await screen.findByText('Cà phê 21');
    expect(current()).toBe('2');
    expect(screen.queryByText('Cà phê 1')).toBeNull();

    // a slow change then a quick one: the quick one, made last, wins
    slow = 3;
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Page 3' })));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Page 1' })));
    await act(async () => held.get(3)?.());
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)));
    expect(current()).toBe('1');
    expect(screen.getByText('Cà phê 1')).toBeTruthy();
  });

  it('keeps the page of a list without a title to itself: two such lists page apart, the address stays', async () => {
    const [first, second] = [fakeSource(), fakeSource()];
    const list = (source: ListSource<Row>, name: string, cards: boolean) => (
      <section aria-label={name}>
        <ResourceList<Row>
          source={source}
          rowKey={(row) => `row-${row.id}`}
          columns={[{ key: 'title', title: 'Title' }]}
          renderRow={cards ? (row) => <article>{`Card ${row.title}`}</article> : undefined}
        />
      </section>
    );
    const router = createMemoryRouter(
      [
        {
          path: '/both',
          element: (
            <>
              {list(first, 'first', false)}
              {list(second, 'second', true)}
            </>
          ),
        },
      ],
      { initialEntries: ['/both'] },
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <App>
          <RouterProvider router={router} />
        </App>
      </QueryClientProvider>,
    );
    const [one, two] = [
      await screen.findByRole('region', { name: 'first' }),
      await screen.findByRole('region', { name: 'second' }),
    ];
    await within(two).findByText('Card Cà phê 1');
    await act(async () => fireEvent.click(within(one).getByRole('button', { name: 'Page 3' })));
    await within(one).findByText('Cà phê 41');
    expect(first.calls.at(-1)).toMatchObject({ page: 3 });
    expect(within(two).getByText('Card Cà phê 1')).toBeTruthy();
    expect(second.calls.every((params) => params.page === 1)).toBe(true);
    expect(router.state.location.search).toBe('');
  });

  it('sends the search term and the sort to the server', async () => {
    const source = fakeSource();
    renderList(source, undefined, '/rows?search=ca%20phe&orderBy=title&sortedBy=asc');
    await screen.findByText('Cà phê 1');
    expect(source.calls[0]).toMatchObject({
      search: 'ca phe',
      orderBy: 'title',
      sortedBy: 'asc',
      limit: 20,
    });
  });

  it('leaves its default sort out of a search, so the server lists the words as typed first', async () => {
    const source = fakeSource();
    const sorted = { defaultSort: { orderBy: 'id', sortedBy: 'desc' as const } };
    renderList(source, undefined, '/rows', sorted);
    await screen.findByText('Cà phê 1');
    expect(source.calls.at(-1)).toMatchObject({ orderBy: 'id', sortedBy: 'desc' });
    const box = screen.getByRole('searchbox');
    fireEvent.change(box, { target: { value: 'ngo ngoc long' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(source.calls.at(-1)?.search).toBe('ngo ngoc long'));
    expect(source.calls.at(-1)).not.toHaveProperty('orderBy', 'id');
    expect(source.calls.at(-1)?.orderBy).toBeUndefined();
  });

  it('deletes several selected rows, one request each', async () => {
    const source = fakeSource();
    const onDelete = vi.fn(async (_row: Row) => undefined);
    const { container } = renderList(source, onDelete);
    await screen.findByText('Cà phê 1');
    const box = (id: number) =>
      container.querySelector<HTMLInputElement>(`tr[data-row-key="${id}"] input[type="checkbox"]`)!;
    // the checkboxes are named in the app's language (Ant Design says "Select row 1" in any)
    expect(box(1).getAttribute('aria-label')).toBe('Select this row');
    expect(screen.getByRole('checkbox', { name: 'Select all on this page' })).toBeTruthy();
    await act(async () => fireEvent.click(box(1)));
    await act(async () => fireEvent.click(box(2)));
    expect(screen.getByText('2 selected')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /Delete selected/ })));
    const confirm = await waitFor(() => {
      const button = document.querySelector<HTMLButtonElement>(
        '.ant-modal-confirm-btns .ant-btn-dangerous',
      );
      if (!button) throw new Error('no confirm yet');
      return button;
    });
    await act(async () => fireEvent.click(confirm));
    await waitFor(() => expect(onDelete).toHaveBeenCalledTimes(2));
    expect(onDelete.mock.calls.map(([row]) => row.id)).toEqual([1, 2]);
  });

  it("asks in a row's own words before deleting it when the screen says them", async () => {
    const onDelete = vi.fn(async (_row: Row) => undefined);
    renderList(fakeSource(), onDelete, '/rows', {
      deleteConfirm: (row) =>
        row.id === 2 ? { title: `Delete ${row.title} and its 3 replies?` } : {},
    });
    await screen.findByText('Cà phê 2');
    const deleteButtons = await screen.findAllByRole('button', { name: 'Delete' });
    await act(async () => fireEvent.click(deleteButtons[1]!));
    await screen.findByText('Delete Cà phê 2 and its 3 replies?');
    await act(async () => fireEvent.click(deleteButtons[0]!));
    await waitFor(() => expect(document.body.textContent).toContain('Delete this item?'));
  });

  it('runs a declared bulk action with a choice, behind a confirm, once per selected row', async () => {
    const source = fakeSource();
    const setStatus = vi.fn(async (_row: Row, _status?: string | number) => undefined);
    const { container } = renderList(source, undefined, '/rows', {
      bulkActions: [
        {
          key: 'status',
          label: 'Set status',
          choices: [
            { value: 'published', label: 'Published' },
            { value: 'draft', label: 'Draft' },
          ],
          run: setStatus,
        },
      ],
    });
    await screen.findByText('Cà phê 1');
    const box = (id: number) =>
      container.querySelector<HTMLInputElement>(`tr[data-row-key="${id}"] input[type="checkbox"]`)!;
    await act(async () => fireEvent.click(box(3)));
    await act(async () => fireEvent.click(box(4)));
    // Without onDelete there is no bulk delete, only the declared action.
    expect(screen.queryByRole('button', { name: /Delete selected/ })).toBeNull();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /Set status/ })));
    await act(async () => fireEvent.click(await screen.findByText('Published')));
    await waitFor(() =>
      expect(
        screen.getAllByText('Set status “Published”: 2 selected items?').length,
      ).toBeGreaterThan(0),
    );
    expect(setStatus).not.toHaveBeenCalled();
    const ok = document.querySelector<HTMLButtonElement>(
      '.ant-modal-confirm-btns .ant-btn-primary',
    )!;
    await act(async () => fireEvent.click(ok));
    await waitFor(() => expect(setStatus).toHaveBeenCalledTimes(2));
    expect(setStatus.mock.calls.map(([row, status]) => [row.id, status])).toEqual([
      [3, 'published'],
      [4, 'published'],
    ]);
    await waitFor(() => expect(screen.getByText('Updated successfully.')).toBeTruthy());
  });

  it('deletes the selected rows in one request and says how many were deleted and how many left', async () => {
    const source = fakeSource();
    const removeAll = vi.fn(async (chosen: Row[]) => ({
      data: { done: chosen.length - 1, skipped: [{ id: chosen[0]!.id, code: 'forbidden' }] },
    }));
    const { container } = renderList(source, undefined, '/rows', { bulkDelete: removeAll });
    await screen.findByText('Cà phê 1');
    const box = (id: number) =>
      container.querySelector<HTMLInputElement>(`tr[data-row-key="${id}"] input[type="checkbox"]`)!;
    for (const id of [2, 5, 6]) await act(async () => fireEvent.click(box(id)));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /Delete selected/ })));
    const ok = await waitFor(() =>
      document.querySelector<HTMLButtonElement>('.ant-modal-confirm-btns .ant-btn-primary')!,
    );
    await act(async () => fireEvent.click(ok));
    await waitFor(() => expect(removeAll).toHaveBeenCalledTimes(1));
    expect(removeAll.mock.calls[0]![0].map((row) => row.id)).toEqual([2, 5, 6]);
    await waitFor(() => expect(screen.getByText('Deleted successfully (2).')).toBeTruthy());
    expect(
      screen.getByText(
        '1 of the chosen items were left as they were (gone meanwhile, not yours to change, or refused by a rule).',
      ),
    ).toBeTruthy();
  });

  it('sends a date range as two parameters, a select fed by a query, and a text filter', async () => {
    const source = fakeSource();
    const loadCategories = vi.fn(async () => [
      { value: 1, label: 'Cà phê' },
      { value: 2, label: 'Trà' },
    ]);
    renderList(source, undefined, '/rows?from=2025-01-01&to=2025-01-31&category_id=2&code=DH01', {
      filters: [
        { kind: 'date-range', name: 'created', label: 'Created', params: ['from', 'to'] },
        {
          name: 'category_id',
          label: 'Category',
          options: { key: ['categories'], load: loadCategories },
        },
        { kind: 'text', name: 'code', label: 'Code' },
      ],
    });
    await screen.findByText('Cà phê 1');
    expect(source.calls[0]).toMatchObject({
      from: '2025-01-01',
      to: '2025-01-31',
      category_id: '2',
      code: 'DH01',
    });
    // The chosen category shows by its name once the options have loaded.
    await waitFor(() => expect(screen.getByTitle('Trà')).toBeTruthy());
    expect(loadCategories).toHaveBeenCalledWith('', expect.anything());
    const code = screen.getByRole('searchbox', { name: 'Code' });
    await act(async () => fireEvent.change(code, { target: { value: 'DH02' } }));
    await act(async () => fireEvent.keyDown(code, { key: 'Enter', code: 'Enter', keyCode: 13 }));
    await waitFor(() => expect(source.calls.at(-1)).toMatchObject({ code: 'DH02' }));
  });
});
