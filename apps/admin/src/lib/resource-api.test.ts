import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createResourceApi } from './resource-api';

type Type = { id: number; title: string };
const TYPES: Type[] = [
  { id: 1, title: 'Tin tức' },
  { id: 2, title: 'Cà phê' },
];

/** GET /types answers every type, whatever the query. */
const stubFetch = () =>
  vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
    Response.json({
      data: TYPES,
      meta: { pagination: { total: 2, count: 2, per_page: 100, current_page: 1, total_pages: 1 } },
    }),
  );

describe('a resource api: one key per shape of answer', () => {
  afterEach(() => vi.restoreAllMocks());

  it("a screen reading every row as an array never gets another screen's page of the same list", async () => {
    stubFetch();
    const typesApi = createResourceApi<Type>('/types');
    const queryClient = new QueryClient();
    // The post types screen (every row, `limit=0`) keeps the page as the list answers it...
    const page = await queryClient.fetchQuery(typesApi.listQueryOptions({ limit: 0 }));
    expect(page.data).toHaveLength(2);
    // ...and the categories screen, opened next, reads the same types as an array.
    // (a screen is first given what the cache holds under its key, refetched afterwards)
    const rows = await queryClient.ensureQueryData(typesApi.rowsQueryOptions({ limit: 0 }));
    expect(Array.isArray(rows)).toBe(true);
    expect(rows.find((type) => type.id === 2)?.title).toBe('Cà phê');
    // and the other way round, from a fresh cache
    const other = new QueryClient();
    await other.fetchQuery(typesApi.rowsQueryOptions({ limit: 0 }));
    expect(
      (await other.ensureQueryData(typesApi.listQueryOptions({ limit: 0 }))).data,
    ).toHaveLength(2);
  });

  it('every shape of the same params has a key of its own, all under the endpoint', () => {
    const { keys } = createResourceApi<Type>('/types');
    const params = { limit: 0 };
    const made = [
      keys.list(params),
      keys.rows(params),
      keys.allPages(params),
      keys.infinite(params),
      keys.options(params),
      keys.listView('nav'),
      keys.item(1),
      keys.itemView(1, 'detail'),
      keys.view('summary'),
      keys.all,
      keys.lists(),
    ].map((key) => JSON.stringify(key));
    expect(new Set(made).size).toBe(made.length);
    for (const key of made) expect(key.startsWith('["/types"')).toBe(true);
    // a view's name is a string where a list's params are an object: never the same key
    expect(JSON.stringify(keys.listView('x'))).not.toBe(JSON.stringify(keys.list({})));
  });

  it('reads a list without `limit=0` 100 rows at a time, until its last page', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const page = Number(new URL(String(input), 'http://x').searchParams.get('page'));
      return Response.json({
        data: [{ id: page, title: `p${page}` }],
        meta: {
          pagination: { total: 3, count: 1, per_page: 100, current_page: page, total_pages: 3 },
        },
      });
    });
    const groupsApi = createResourceApi<Type>('/groups');
    const rows = await new QueryClient().fetchQuery(groupsApi.allPagesQueryOptions({ type_id: 4 }));
    expect(rows.map((row) => row.id)).toEqual([1, 2, 3]);
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(String(fetch.mock.calls[0]![0])).toMatch(/type_id=4/);
    expect(String(fetch.mock.calls[0]![0])).toMatch(/limit=100/);
  });
});
