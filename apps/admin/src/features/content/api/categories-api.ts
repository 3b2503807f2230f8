import { apiRequest } from '../../../lib/api-client';
import { categoriesApi } from '../../../lib/api/categories';

/** GET, POST /categories; GET, PATCH, DELETE /categories/{id}; POST /categories/reorder. */
export { categoriesApi };

/**
 * Every category of a type, in reading order (a parent, then its children): the tree needs
 * the whole list, read 100 at a time.
 */
export const typeCategoriesQueryOptions = (typeId: number) =>
  categoriesApi.allPagesQueryOptions({ type_id: typeId });

/** A drag and drop: new parents and sibling orders, saved together. */
export const reorderCategories = (
  items: Array<{ id: number; parent_id: number | null; order: number }>,
) => apiRequest<null>('/categories/reorder', { method: 'POST', body: { items } });

/** Deleting a category that has children says what happens to them. */
export const removeCategory = (id: number, children?: 'lift' | 'cascade') =>
  apiRequest<null>(`/categories/${id}`, { method: 'DELETE', query: { children } });
