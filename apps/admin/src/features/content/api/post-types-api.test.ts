import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { listPageQueryOptions } from '../../../lib/api/list-queries';
import { allPostTypesQueryOptions, postTypesApi } from './post-types-api';

describe('the post types in the cache', () => {
  afterEach(() => vi.restoreAllMocks());

  it('the type-bound screens read the types as an array after the post types screen listed them', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
      Response.json({ data: [{ id: 7, title: 'Tin tức' }], meta: {} }),
    );
    const queryClient = new QueryClient();
    // the post types screen: every row (`limit=0`), kept as the list answers it
    await queryClient.fetchQuery(listPageQueryOptions(postTypesApi, { limit: 0 }));
    // then the categories, groups and data groups screens look their type up in the array:
    // a screen is first given what the cache holds under its key (refetched afterwards)
    const types = await queryClient.ensureQueryData(allPostTypesQueryOptions());
    expect(types.find((type) => type.id === 7)?.title).toBe('Tin tức');
  });
});
