import { LIST_LIMIT_MAX } from '@backoffice/shared/list-query.schema';
import { useQuery } from '@tanstack/react-query';
import { warehousesApi } from '../../../lib/api/warehouses';

/**
 * The warehouses an export slip may leave from, newest first: one full page (the list does not
 * allow `limit=0`; a shop has far fewer).
 */
export const warehousesQueryOptions = () =>
  warehousesApi.listQueryOptions({ limit: LIST_LIMIT_MAX });

export const useWarehouses = (enabled: boolean) =>
  useQuery({ ...warehousesQueryOptions(), enabled, select: (response) => response.data });
