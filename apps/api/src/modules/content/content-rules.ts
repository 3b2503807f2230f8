import { invalid } from '../../core/errors';
import type { Db } from '../../db/connection';
import './content.table';

/** The post type a category or group belongs to; a 422 on `type_id` when there is none. */
export const typeOf = async (tx: Db, typeId: number) => {
  const type = await tx
    .selectFrom('post_types')
    .select(['id', 'slug', 'style', 'title'])
    .where('id', '=', typeId)
    .executeTakeFirst();
  if (!type) throw invalid({ type_id: 'validation.foreign_key' });
  return type;
};
