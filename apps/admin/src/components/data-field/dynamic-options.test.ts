import { describe, expect, it, vi } from 'vitest';
import {
  DynamicSourceError,
  loadDynamicOptions,
  readDotted,
  toDynamicOptions,
} from './dynamic-options';

describe('the dynamic select of a data field', () => {
  it('reads the list and each option at the configured dotted keys', () => {
    const answer = {
      data: {
        items: [
          { id: 1, attributes: { name: 'Hà Nội' } },
          { id: 2, attributes: { name: 'Huế' } },
        ],
      },
    };
    expect(
      toDynamicOptions(answer, {
        path: '/x',
        list_key: 'data.items',
        value_key: 'id',
        title_key: 'attributes.name',
      }),
    ).toEqual([
      { value: '1', label: 'Hà Nội' },
      { value: '2', label: 'Huế' },
    ]);
    expect(readDotted({ a: { b: 3 } }, 'a.b')).toBe(3);
    expect(readDotted({ a: 1 }, 'a.b')).toBeUndefined();
  });

  it('takes value and title by default, skips items without a plain value, and refuses an answer that is no list', () => {
    expect(
      toDynamicOptions([{ value: 'a', title: 'A' }, { value: { nested: 1 } }, { value: 'b' }], {
        path: '/x',
      }),
    ).toEqual([
      { value: 'a', label: 'A' },
      { value: 'b', label: 'b' },
    ]);
    expect(() => toDynamicOptions({ data: {} }, { path: '/x', list_key: 'data' })).toThrow(
      DynamicSourceError,
    );
    // Inherited properties are not keys of the answer.
    expect(readDotted({}, 'constructor')).toBeUndefined();
  });

  it('reads sub-options under children when the choices are a tree', () => {
    const answer = [
      {
        id: 'bac',
        name: 'Miền Bắc',
        children: [{ id: 'hn', name: 'Hà Nội', children: [{ id: 'bd', name: 'Ba Đình' }] }],
      },
      { id: 'nam', name: 'Miền Nam', children: [] },
    ];
    const source = { path: '/x', value_key: 'id', title_key: 'name' };
    expect(toDynamicOptions(answer, source, { tree: true })).toEqual([
      {
        value: 'bac',
        label: 'Miền Bắc',
        children: [{ value: 'hn', label: 'Hà Nội', children: [{ value: 'bd', label: 'Ba Đình' }] }],
      },
      { value: 'nam', label: 'Miền Nam' },
    ]);
    // Without the tree, the top level only.
    expect(toDynamicOptions(answer, source).map((option) => option.value)).toEqual(['bac', 'nam']);
  });
});

describe('where a dynamic select fetches', () => {
  it('asks an absolute address without the token, and a path of this API through the client with it', async () => {
    const calls: Array<{ url: string; headers: Record<string, string> }> = [];
    const fake = vi.fn(async (url: string, init: { headers: Record<string, string> }) => {
      calls.push({ url, headers: init.headers });
      return new Response(JSON.stringify({ data: [{ code: '01', name: 'Hà Nội' }] }), {
        status: 200,
      });
    });
    vi.stubGlobal('fetch', fake);
    localStorage.setItem('access_token', 'Bearer secret-token');
    const source = { list_key: 'data', value_key: 'code', title_key: 'name' };
    expect(await loadDynamicOptions({ ...source, path: 'https://example.com/provinces' })).toEqual([
      { value: '01', label: 'Hà Nội' },
    ]);
    await loadDynamicOptions({ ...source, path: '/locations/provinces?x=1' });
    expect(calls[0]!.url).toBe('https://example.com/provinces');
    expect(Object.keys(calls[0]!.headers).map((key) => key.toLowerCase())).not.toContain(
      'authorization',
    );
    expect(calls[1]!.url).toBe('/api/v1/locations/provinces?x=1');
    expect(calls[1]!.headers.Authorization).toBe('Bearer secret-token');
    // A path saved before the API refused it never leaves the API.
    await expect(loadDynamicOptions({ ...source, path: '/types/%2e%2e/users' })).rejects.toThrow(
      DynamicSourceError,
    );
    expect(calls).toHaveLength(2);
    vi.unstubAllGlobals();
  });
});
