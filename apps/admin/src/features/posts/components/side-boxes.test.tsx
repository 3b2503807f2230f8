import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App, Form } from 'antd';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ListParams } from '../../../lib/api-client';
import { postsApi } from '../api/posts-api';
import { RelatedBox } from './side-boxes';

afterEach(() => vi.restoreAllMocks());

describe('RelatedBox', { timeout: 30_000 }, () => {
  it('searches once typing pauses, not once per key', async () => {
    const posts = [
      { id: 1, title: 'Trà đào cam sả' },
      { id: 2, title: 'Cà phê sữa đá' },
    ];
    const list = vi.spyOn(postsApi, 'list').mockImplementation(async (params: ListParams = {}) => {
      const found = posts.filter(
        (post) => !params.search || post.title.toLowerCase().includes(String(params.search)),
      );
      return {
        data: found as never,
        meta: {
          pagination: {
            count: found.length,
            total: found.length,
            per_page: 20,
            current_page: 1,
            total_pages: 1,
          },
        },
      };
    });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <App>
          <Suspense fallback="loading">
            <Form>
              <RelatedBox title="Related posts" typeId={3} />
            </Form>
          </Suspense>
        </App>
      </QueryClientProvider>,
    );
    const input = await screen.findByRole('combobox', { name: 'Related posts' });
    await waitFor(() => expect(list).toHaveBeenCalledTimes(1));
    await act(async () => fireEvent.mouseDown(input));
    // Three keys in a row: no pause between them for a search to start.
    act(() => {
      fireEvent.change(input, { target: { value: 't' } });
      fireEvent.change(input, { target: { value: 'tr' } });
      fireEvent.change(input, { target: { value: 'trà' } });
    });
    await waitFor(() =>
      expect(list).toHaveBeenLastCalledWith(
        expect.objectContaining({ search: 'trà' }),
        expect.anything(),
      ),
    );
    await waitFor(() =>
      expect(
        [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent),
      ).toEqual(['Trà đào cam sả']),
    );
    expect(list.mock.calls.map(([params]) => params?.search)).toEqual([undefined, 'trà']);
  });
});
