import type { Db } from '../../db/connection';
import './agencies.table';

export const usersCounts = async (db: Db, agencyIds: number[]) => {
  if (agencyIds.length === 0) return new Map<number, number>();
  const rows = await db
    .selectFrom('agency_users')
    .select(['agency_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('agency_id', 'in', agencyIds)
    .groupBy('agency_id')
    .execute();
  return new Map(rows.map((row) => [row.agency_id, Number(row.n)]));
};

export const attachUsers = async (tx: Db, agencyId: number, userIds: number[]) => {
  const already = new Set(
    (
      await tx
        .selectFrom('agency_users')
        .select('user_id')
        .where('agency_id', '=', agencyId)
        .where('user_id', 'in', userIds)
        .execute()
    ).map((row) => row.user_id),
  );
  const fresh = userIds.filter((id) => !already.has(id));
  if (fresh.length > 0)
    await tx
      .insertInto('agency_users')
      .values(fresh.map((user_id) => ({ agency_id: agencyId, user_id })))
      .execute();
  return fresh;
};

export const detachUsers = async (tx: Db, agencyId: number, userIds: number[]) => {
  const result = await tx
    .deleteFrom('agency_users')
    .where('agency_id', '=', agencyId)
    .where('user_id', 'in', userIds)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
};
