import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { useState } from 'react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Media } from './media-data';
import { MediaField } from './media-field';

const media = (id: number, name: string): Media => ({
  id,
  name,
  original_name: name,
  file_name: `${id}.png`,
  path: `2026/11/${id}.png`,
  type: 'image/png',
  kind: 'image',
  size: 1000,
  width: 10,
  height: 10,
  area: 'posts',
  url: `/api/v1/media/files/2026/11/${id}.png`,
  thumbnail_url: null,
  created_at: '2026-11-21T00:00:00.000Z',
  updated_at: '2026-11-21T00:00:00.000Z',
});

const calls: string[] = [];

beforeAll(async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(String(url));
      const data = [media(2, 'two.png'), media(1, 'one.png')];
      return new Response(
        JSON.stringify({
          data,
          meta: {
            pagination: { count: 2, total: 2, per_page: 40, current_page: 1, total_pages: 1 },
          },
        }),
        { status: 200, headers: { 'content-type': 'application/json' } },
      );
    }),
  );
});

afterAll(() => vi.unstubAllGlobals());

const Harness = ({ onValue }: { onValue: (value: unknown) => void }) => {
  const [value, setValue] = useState<string | string[] | null>([]);
  return (
    <MediaField
      multiple
      area="posts"
      value={value}
      onChange={(next) => {
        setValue(next);
        onValue(next);
      }}
    />
  );
};

describe('MediaField and the picker modal', { timeout: 20_000 }, () => {
  it('lists the images of the whole library, not only its area, and returns the chosen absolute URLs in order', async () => {
    const onValue = vi.fn();
    render(
      <QueryClientProvider
        client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
      >
        <App>
          <Harness onValue={onValue} />
        </App>
      </QueryClientProvider>,
    );
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /Choose/ })));
    const items = await screen.findAllByTestId('media-item');
    expect(items).toHaveLength(2);
    expect(calls[0]).toContain('/api/v1/media?');
    expect(calls[0]).toContain('type=image');
    // Opened from a post, it still offers what was uploaded anywhere (the library, the SEO form…).
    expect(calls[0]).not.toContain('area=');
    expect(screen.getByRole('combobox', { name: 'Area' })).toBeTruthy();
    expect(screen.queryByText(/posts/)).toBeNull();
    await act(async () => fireEvent.click(items[1]!));
    await act(async () => fireEvent.click(items[0]!));
    await act(async () => fireEvent.click(screen.getByTestId('picker-choose')));
    await waitFor(() => expect(onValue).toHaveBeenCalled());
    const origin = window.location.origin;
    expect(onValue.mock.calls.at(-1)![0]).toEqual([
      `${origin}/api/v1/media/files/2026/11/1.png`,
      `${origin}/api/v1/media/files/2026/11/2.png`,
    ]);
  });
});
