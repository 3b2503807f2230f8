import type { Selectable, Updateable } from 'kysely';
import type { Database } from '../db/types';

/**
 * The core's view of the schema: every name a resource declares (its table, its
 * columns, the link tables of its relations) is checked against `Database`, the
 * table types the modules declare.
 */
export type TableName = keyof Database & string;
export type ColumnOf<TB extends TableName> = keyof Database[TB] & string;
export type RowOf<TB extends TableName> = Selectable<Database[TB]>;
export type UpdateOf<TB extends TableName> = Updateable<Database[TB]>;
