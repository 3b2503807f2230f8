import type { Category, CategoryCreate, CategoryUpdate } from '@backoffice/shared/category.schema';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { createResourceApi } from '../../../lib/resource-api';

/** GET, POST /categories; GET, PATCH, DELETE /categories/{id}; POST /categories/reorder. */
export const categoriesApi = createResourceApi<Category, CategoryCreate, CategoryUpdate>(
  '/categories',
);

/**
 * Every category of a type, in reading order (a parent, then its children): the tree needs
 * the whole list, read 100 at a time.
 */
export const fetchAllCategories = async (typeId: number, signal?: AbortSignal) => {
  const all: Category[] = [];
  for (let page = 1; ; page++) {
    const answer = await categoriesApi.list({ type_id: typeId, limit: 100, page }, signal);
    all.push(...answer.data);
    if (page >= (answer.meta?.pagination?.total_pages ?? 1)) return all;
  }
};

export const typeCategoriesQueryOptions = (typeId: number) =>
  queryOptions({
    queryKey: [...categoriesApi.keys.lists(), { type_id: typeId, all: true }],
    queryFn: ({ signal }) => fetchAllCategories(typeId, signal),
  });

/** A drag and drop: new parents and sibling orders, saved together. */
export const reorderCategories = (
  items: Array<{ id: number; parent_id: number | null; order: number }>,
) => apiRequest<null>('/categories/reorder', { method: 'POST', body: { items } });

/** Deleting a category that has children says what happens to them. */
export const removeCategory = (id: number, children?: 'lift' | 'cascade') =>
  apiRequest<null>(`/categories/${id}`, { method: 'DELETE', query: { children } });
