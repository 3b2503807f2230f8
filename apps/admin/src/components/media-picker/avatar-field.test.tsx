import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { useState } from 'react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Media } from './media-data';
import { AvatarField, type AvatarValue } from './avatar-field';

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
  thumbnail_url: `/api/v1/media/files/2026/11/${id}-thumb.webp`,
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
  const [value, setValue] = useState<AvatarValue>(null);
  return (
    <AvatarField
      value={value}
      onChange={(next) => {
        setValue(next);
        onValue(next);
      }}
    />
  );
};

describe('AvatarField', { timeout: 20_000 }, () => {
  it('chooses an image of the library in the picker modal: its thumbnail URL, then removes it', async () => {
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
    await act(async () =>
      fireEvent.click(screen.getByRole('button', { name: /Choose from media library/ })),
    );
    const items = await screen.findAllByTestId('media-item');
    expect(calls.at(-1)).toContain('type=image');
    await act(async () => fireEvent.click(items[1]!));
    await act(async () => fireEvent.click(screen.getByTestId('picker-choose')));
    await waitFor(() => expect(onValue).toHaveBeenCalled());
    // Same-origin URLs go as the API wrote them; the server stores the thumbnail.
    expect(onValue.mock.calls.at(-1)![0]).toBe('/api/v1/media/files/2026/11/1-thumb.webp');
    expect(screen.getByTestId('avatar-preview').querySelector('img')?.getAttribute('src')).toBe(
      '/api/v1/media/files/2026/11/1-thumb.webp',
    );
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /Remove/ })));
    expect(onValue.mock.calls.at(-1)![0]).toBeNull();
  });
});
