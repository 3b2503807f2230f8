import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { Suspense } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { ListParams, ListResponse } from '../lib/api-client';
import type { CreateEffect } from '../lib/list-effects';
import { CrudPage, type CrudPageProps } from './crud-page';

vi.mock('../lib/profile', () => ({ usePermissions: () => ({ can: () => true }) }));

type Row = { id: number; title: string };
const schema = z.object({ title: z.string().min(1) });

/** A server of six rows (newest first, three a page) whose list answers wait while `hold` is set. */
const fakeApi = () => {
  let rows: Row[] = Array.from({ length: 6 }, (_, index) => ({
    id: 6 - index,
    title: `Row ${6 - index}`,
  }));
  let release: (() => void) | null = null;
  const state = { hold: false };
  const list = async (params: ListParams): Promise<ListResponse<Row>> => {
    if (state.hold) await new Promise<void>((resolve) => (release = resolve));
    const page = Number(params.page ?? 1);
    const data = rows.slice((page - 1) * 3, page * 3);
    return {
      data,
      meta: {
        pagination: {
          count: data.length,
          total: rows.length,
          per_page: 3,
          current_page: page,
          total_pages: Math.ceil(rows.length / 3),
        },
      },
    };
  };
  return {
    state,
    release: () => release?.(),
    api: {
      keys: {
        all: ['/rows'],
        lists: () => ['/rows', 'list'],
        list: (params: ListParams) => ['/rows', 'list', params],
      },
      list,
      create: async (body: { title: string }) => {
        const created = { id: 7, title: body.title };
        rows = [created, ...rows];
        return created;
      },
      update: async (id: string | number, body: { title: string }) => {
        const updated = { id: Number(id), title: body.title };
        rows = [updated, ...rows.filter((row) => row.id !== Number(id))];
        return updated;
      },
    },
  };
};

const renderPage = (
  effect: CreateEffect,
  server: ReturnType<typeof fakeApi>,
  form: Partial<CrudPageProps<Row, typeof schema, typeof schema>['form']> = {},
  address = '/rows',
) => {
  const router = createMemoryRouter(
    [
      {
        path: '/rows',
        element: (
          <CrudPage<Row, typeof schema>
            title="Rows"
            api={server.api}
            rowKey="id"
            pageSize={3}
            createEffect={effect}
            permissions={{ create: 'x', update: 'x' }}
            columns={[{ key: 'title', title: 'Title' }]}
            form={{
              createSchema: schema,
              fields: [{ name: 'title', label: 'Title' }],
              toFormValues: (row) => ({ title: row.title }),
              createTitle: 'New row',
              editTitle: 'Edit row',
              ...form,
            }}
          />
        ),
      },
    ],
    { initialEntries: [address] },
  );
  const shown = render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <App>
        <Suspense fallback="loading">
          <RouterProvider router={router} />
        </Suspense>
      </App>
    </QueryClientProvider>,
  );
  return { ...shown, router };
};

const titles = (container: HTMLElement) =>
  [...container.querySelectorAll('tbody tr[data-row-key]')].map(
    (row) => row.querySelector('td')?.textContent,
  );

const fillAndSave = async (formId: string, title: string) => {
  const input = await waitFor(() => {
    const found = document.querySelector<HTMLInputElement>(`#${formId}_title`);
    if (!found) throw new Error('no form yet');
    return found;
  });
  await act(async () => fireEvent.change(input, { target: { value: title } }));
  const drawer = input.closest('.ant-drawer') as HTMLElement;
  await act(async () =>
    fireEvent.click(within(drawer).getByRole('button', { name: /Create|Save/ })),
  );
};

describe('CrudPage list effects', { timeout: 30_000 }, () => {
  it('prepend: the created row shows first at once, the last drops off, the total grows', async () => {
    const server = fakeApi();
    const { container } = renderPage('prepend', server);
    await screen.findByText('Row 6');
    expect(titles(container)).toEqual(['Row 6', 'Row 5', 'Row 4']);
    server.state.hold = true;
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /Add new/ })));
    await fillAndSave('create-form', 'Cà phê mới');
    // The refetch is still waiting: what shows comes from the cache update alone.
    await waitFor(() => expect(titles(container)).toEqual(['Cà phê mới', 'Row 6', 'Row 5']));
    expect(screen.getByTestId('list-total').textContent).toBe('Total: 7');
    expect(screen.getByRole('button', { name: 'Page 3' })).toBeTruthy();
    server.state.hold = false;
    await act(async () => server.release());
  });

  it('prepend-and-move-updated: an edited row moves first', async () => {
    const server = fakeApi();
    const { container } = renderPage('prepend-and-move-updated', server);
    await screen.findByText('Row 4');
    server.state.hold = true;
    const row = container.querySelector('tr[data-row-key="4"]') as HTMLElement;
    await act(async () => fireEvent.click(within(row).getByRole('button', { name: 'Edit' })));
    await fillAndSave('edit-form', 'Row 4 renamed');
    await waitFor(() => expect(titles(container)).toEqual(['Row 4 renamed', 'Row 6', 'Row 5']));
    expect(screen.getByTestId('list-total').textContent).toBe('Total: 6');
    server.state.hold = false;
    await act(async () => server.release());
  });

  it('gives each record its own edit fields and extra, from functions of the record', async () => {
    const server = fakeApi();
    const { container } = renderPage('prepend', server, {
      editFields: (row) => (row.id % 2 === 0 ? [{ name: 'title', label: 'Title' }] : []),
      extra: (row) => <p data-testid="extra">{row ? `Editing ${row.title}` : 'Creating'}</p>,
    });
    await screen.findByText('Row 6');
    const edit = async (id: number) => {
      const row = container.querySelector(`tr[data-row-key="${id}"]`) as HTMLElement;
      await act(async () => fireEvent.click(within(row).getByRole('button', { name: 'Edit' })));
    };
    await edit(6);
    await waitFor(() => expect(screen.getByTestId('extra').textContent).toBe('Editing Row 6'));
    expect(document.querySelector('#edit-form_title')).not.toBeNull();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Cancel' })));
    await edit(5);
    await waitFor(() => expect(screen.getByTestId('extra').textContent).toBe('Editing Row 5'));
    expect(document.querySelector('#edit-form_title')).toBeNull();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Cancel' })));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /Add new/ })));
    await waitFor(() => expect(screen.getByTestId('extra').textContent).toBe('Creating'));
  });

  it('opens the create form from a link (`?new=…`, preset as the page reads it), once', async () => {
    const server = fakeApi();
    const { router } = renderPage(
      'prepend',
      server,
      { linkDefaults: (value) => ({ title: `From ${value}` }) },
      '/rows?new=dashboard&page=2',
    );
    const input = await waitFor(() => {
      const found = document.querySelector<HTMLInputElement>('#create-form_title');
      if (!found) throw new Error('no form yet');
      return found;
    });
    expect(input.value).toBe('From dashboard');
    // the ask leaves the address (a reload opens the list), the list's own state stays
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Cancel' })));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /Add new/ })));
    await waitFor(() =>
      expect(document.querySelector<HTMLInputElement>('#create-form_title')?.value).toBe(''),
    );
  });
});
