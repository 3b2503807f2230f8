import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { Suspense } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n';
import { RedirectsPage } from './redirects-page';

vi.mock('../../../lib/profile', () => ({ usePermissions: () => ({ can: () => true }) }));

const rows = [3, 2, 1].map((id) => ({
  id,
  source: `/old-${id}`,
  destination: '/new',
  code: 301,
  created_at: '2026-12-01T08:00:00+07:00',
  updated_at: '2026-12-01T08:00:00+07:00',
}));
const sent: Array<{ path: string; method: string; body?: unknown }> = [];

vi.mock('../../../lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  apiRequest: async (path: string, options: { method?: string; body?: unknown } = {}) => {
    const method = options.method ?? 'GET';
    sent.push({ path, method, body: options.body });
    // One of the three was deleted meanwhile: the server skips it and says so.
    if (method === 'POST') return { data: { done: 2, skipped: [{ id: 3, code: 'not_found' }] } };
    return {
      data: rows,
      meta: {
        pagination: { count: 3, total: 3, per_page: 20, current_page: 1, total_pages: 1 },
      },
    };
  },
}));

beforeAll(() => i18n.loadNamespaces(['redirects']));

describe('RedirectsPage', () => {
  it('deletes the selected redirects in one request and says how many were deleted and left', async () => {
    const router = createMemoryRouter([{ path: '/redirects', element: <RedirectsPage /> }], {
      initialEntries: ['/redirects'],
    });
    const { container } = render(
      <QueryClientProvider client={new QueryClient()}>
        <App>
          <Suspense fallback="loading">
            <RouterProvider router={router} />
          </Suspense>
        </App>
      </QueryClientProvider>,
    );
    await screen.findByText('/old-1');
    for (const id of [1, 2, 3])
      await act(async () =>
        fireEvent.click(
          container.querySelector(`tr[data-row-key="${id}"] input[type="checkbox"]`)!,
        ),
      );
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /Delete selected/ })));
    const ok = await waitFor(() =>
      document.querySelector<HTMLButtonElement>('.ant-modal-confirm-btns .ant-btn-primary')!,
    );
    await act(async () => fireEvent.click(ok));

    await waitFor(() => expect(screen.getByText('Deleted successfully (2).')).toBeTruthy());
    expect(
      screen.getByText(
        '1 of the chosen items were left as they were (gone meanwhile, not yours to change, or refused by a rule).',
      ),
    ).toBeTruthy();
    const writes = sent.filter((request) => request.method !== 'GET');
    expect(writes).toEqual([
      { path: '/redirects/bulk', method: 'POST', body: { ids: [3, 2, 1], action: 'delete' } },
    ]);
  });
});
