import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { Suspense } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, i18nReady } from '../i18n';
import type { ListParams, ListResponse } from '../lib/api-client';
import { ResourceList, type ListSource } from './resource-list';

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
          <RouterProvider router={router} />
        </Suspense>
      </App>
    </QueryClientProvider>,
  );
};

beforeAll(async () => {
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
  await i18nReady;
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces(['common']);
});

afterEach(cleanup);

describe('ResourceList', { timeout: 20_000 }, () => {
  it('shows the rows, the total and the pager of spec §9, and asks for the chosen page', async () => {
    const source = fakeSource();
    renderList(source);
    await screen.findByText('Cà phê 1');
    expect(screen.getByTestId('list-total').textContent).toBe('Total: 45');
    expect(screen.getByRole('button', { name: 'Page 3' })).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Page 3' })));
    await screen.findByText('Cà phê 41');
    expect(source.calls.at(-1)).toMatchObject({ page: 3, limit: 20 });
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

  it('deletes several selected rows, one request each', async () => {
    const source = fakeSource();
    const onDelete = vi.fn(async (_row: Row) => undefined);
    const { container } = renderList(source, onDelete);
    await screen.findByText('Cà phê 1');
    const box = (id: number) =>
      container.querySelector<HTMLInputElement>(`tr[data-row-key="${id}"] input[type="checkbox"]`)!;
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
});
