import type { MenuItemType } from '@backoffice/shared/menu.schema';
import { sql } from 'kysely';
import { emit } from '../../core/events';
import type { Target } from '../../core/relations';
import type { ResourceEvent } from '../../core/resource';
import type { TableName } from '../../core/table';
import type { Db } from '../../db/connection';
import '../content/content.table';
import '../posts/posts.table';
import './menus.table';

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

/** What the website hears when a menu changes: the menu it reads by its key. */
export const menuUpdated = (menu: { id: number; key: string }): ResourceEvent => ({
  event: 'menu.updated',
  data: { id: Number(menu.id), key: menu.key },
});

type ItemPlace = { id: number; menu_id: number; parent_id: number | null; sort: number };

/**
 * Records deleted from `table`: the menu items that pointed at them go, in the delete's
 * transaction, as a link to a page that is gone would; each one's sub-items take its place
 * (same parent, same position), so the menu keeps what still exists and its next save passes.
 * Each menu that lost an item tells `menu.updated`, as an edit of it would: a website that
 * keeps its menus until told would otherwise go on linking to the deleted page.
 */
export const dropItemsOfDeleted = async (
  tx: Db,
  table: TableName,
  ids: readonly number[],
  at: Date,
) => {
  const types = [...sources].filter(([, source]) => source.table === table).map(([type]) => type);
  if (types.length === 0) return;
  const doomed = new Set<number>();
  const menuIds = new Set<number>();
  for (let start = 0; start < ids.length; start += 500)
    for (const row of await tx
      .selectFrom('menu_items')
      .select(['id', 'menu_id'])
      .where('type', 'in', types)
      .where('ref_id', 'in', ids.slice(start, start + 500))
      .execute()) {
      doomed.add(Number(row.id));
      menuIds.add(Number(row.menu_id));
    }
  if (doomed.size === 0) return;
  const items = (
    await tx
      .selectFrom('menu_items')
      .select(['id', 'menu_id', 'parent_id', 'sort'])
      .where('menu_id', 'in', [...menuIds])
      .orderBy('sort')
      .orderBy('id')
      .execute()
  ).map((row): ItemPlace => ({
    id: Number(row.id),
    menu_id: Number(row.menu_id),
    parent_id: row.parent_id == null ? null : Number(row.parent_id),
    sort: Number(row.sort),
  }));
  const childrenOf = new Map<string, ItemPlace[]>();
  const keyOf = (menuId: number, parentId: number | null) => `${menuId}:${parentId ?? ''}`;
  for (const item of items) {
    const key = keyOf(item.menu_id, item.parent_id);
    childrenOf.set(key, [...(childrenOf.get(key) ?? []), item]);
  }
  // The items that stay under one parent, in order: a dropped item's own are spliced in.
  const kept = (menuId: number, parentId: number | null): ItemPlace[] =>
    (childrenOf.get(keyOf(menuId, parentId)) ?? []).flatMap((item) =>
      doomed.has(item.id) ? kept(menuId, item.id) : [item],
    );
  const settle = async (menuId: number, parentId: number | null) => {
    for (const [sort, item] of kept(menuId, parentId).entries()) {
      if (item.parent_id !== parentId || item.sort !== sort)
        await tx
          .updateTable('menu_items')
          .set({ parent_id: parentId, sort })
          .where('id', '=', item.id)
          .execute();
      await settle(menuId, item.id);
    }
  };
  for (const menuId of menuIds) await settle(menuId, null);
  await tx
    .deleteFrom('menu_items')
    .where('id', 'in', [...doomed])
    .execute();
  const menus = await tx
    .selectFrom('menus')
    .select(['id', 'key'])
    .where('id', 'in', [...menuIds])
    .orderBy('id')
    .execute();
  for (const { event, data } of menus.map(menuUpdated)) await emit(event, data, tx, at);
};
