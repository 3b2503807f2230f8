import { COSTS_PERMISSION } from '@backoffice/shared/warehouse-change.schema';
import type { Key } from 'react';
import { usePermissions } from '../../../lib/profile';

/**
 * Whether the signed-in user sees purchase costs and profit on slips and stock (the server
 * leaves them out of its answers otherwise): a sales role sees units and sales, not margins.
 */
export const useSeesCosts = () => usePermissions().can(COSTS_PERMISSION);

/** The columns without those of costs and profit (by key) for a reader who does not see them. */
export const costColumns = <C extends { key?: Key }>(
  seesCosts: boolean,
  costKeys: readonly string[],
  columns: C[],
) => (seesCosts ? columns : columns.filter((column) => !costKeys.includes(String(column.key))));
