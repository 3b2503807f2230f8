import { discountApplies, type DiscountStatus } from '@backoffice/shared/discount.schema';
import type { DiscountTier } from '@backoffice/shared/order-money';
import type { Db } from '../../db/connection';
import { fromJson } from '../../db/types';
import './discounts.table';

/** The tiers of each discount that applies at `now` (enabled, between its start and end). */
export const applyingTiers = async (
  db: Db,
  discountIds: readonly number[],
  now: Date,
): Promise<Map<number, DiscountTier[]>> => {
  const tiers = new Map<number, DiscountTier[]>();
  if (discountIds.length === 0) return tiers;
  const rows = await db
    .selectFrom('discounts')
    .select(['id', 'status', 'start_at', 'end_at', 'config'])
    .where('id', 'in', [...new Set(discountIds)])
    .execute();
  for (const row of rows)
    if (discountApplies({ ...row, status: row.status as DiscountStatus }, now))
      tiers.set(row.id, fromJson<DiscountTier[]>(row.config));
  return tiers;
};
