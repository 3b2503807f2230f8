import type { MenuItemType } from '@backoffice/shared/menu.schema';
import { sql } from 'kysely';
import type { Target } from '../../core/relations';
import type { TableName } from '../../core/table';
import '../content/content.table';
import '../posts/posts.table';

type Source = Omit<Target, 'message'>;
type RefType = Exclude<MenuItemType, 'custom'>;

/**
 * What a menu item's `ref_id` names, per item type: one line per source. A type without a
 * line cannot be saved (422 on the item's `type`), so the website never receives a link to a
 * kind of record this installation does not have. A post item names any post but a product;
 * a product item, a post of product style (and the admin's matching line is in
 * `features/menus/sources.ts`).
 */
const SOURCES: Partial<Record<RefType, Source>> = {
  type: { table: 'post_types', column: 'id' },
  category: { table: 'categories', column: 'id' },
  group: { table: 'post_groups', column: 'id', where: { style: 'article' } },
  trademark: { table: 'post_groups', column: 'id', where: { style: 'trademark' } },
  post: { table: 'posts', column: 'id', condition: sql`style <> 'product'` },
  product: { table: 'posts', column: 'id', where: { style: 'product' } },
};

const sources = new Map<RefType, Source>(Object.entries(SOURCES) as Array<[RefType, Source]>);

/** The types an item may have now: custom links, and every type with a source. */
export const availableTypes = (): MenuItemType[] => ['custom', ...sources.keys()];

export const isAvailableType = (type: MenuItemType) => type === 'custom' || sources.has(type);

/** The table an item's `ref_id` must name a row of (none for a custom link). */
export const referenceOf = (item: Record<string, unknown>): Target | undefined => {
  const source = sources.get(item.type as RefType);
  return source && { ...source, message: 'menu.ref_missing' };
};

/**
 * Plugs a source in from outside this file (tests use it; a module may too), or takes one out
 * with `null`. Returns the way to put back what was there.
 */
export const registerMenuReference = (
  type: RefType,
  source: (Source & { table: TableName }) | null,
) => {
  const before = sources.get(type);
  if (source) sources.set(type, source);
  else sources.delete(type);
  return () => {
    if (before) sources.set(type, before);
    else sources.delete(type);
  };
};
