import {
  menuCreateSchema,
  menuRecordSchema,
  menuUpdateSchema,
  type Menu,
  type MenuItemCreate,
  type MenuItemType,
} from '@backoffice/shared/menu.schema';
import { onRowsDeleted } from '../../core/deletions';
import { invalid } from '../../core/errors';
import { orderedChildren } from '../../core/relations';
import { createResourceService, crudPermissions } from '../../core/resource';
import { registerResource } from '../../core/resource-routes';
import { searchText } from '../../core/search';
import { fromJson, toJson } from '../../db/types';
import { dropItemsOfDeleted, isAvailableType, menuUpdated, referenceOf } from './menu-references';
import './menus.table';
import type { TypedApp } from '../../core/typed-app';

type Values = Record<string, unknown>;

/** The first item (depth first) whose type has no source yet, with its path. */
const unavailableType = (
  items: readonly MenuItemCreate[],
  path: string,
): { path: string; type: MenuItemType } | undefined => {
  for (const [index, item] of items.entries()) {
    const type = item.type ?? 'custom';
    if (!isAvailableType(type)) return { path: `${path}.${index}.type`, type };
    const below = unavailableType(item.children ?? [], `${path}.${index}.children`);
    if (below) return below;
  }
  return undefined;
};

/** Menus: a key the website asks for, a title, and the items as a tree. */
export const menusService = createResourceService({
  path: 'menus',
  table: 'menus',
  entity: 'menu',
  permissions: crudPermissions('menus'),
  schemas: { create: menuCreateSchema, update: menuUpdateSchema, record: menuRecordSchema },
  list: {
    columns: ['key', 'title', 'created_at', 'updated_at'],
    search: 'index',
    searchFields: { key: { column: 'key', match: 'exact' } },
    sortable: ['updated_at', 'created_at', 'title', 'key'],
    // A new menu comes first, and one just saved moves first.
    defaultOrder: ['updated_at', 'desc'],
    counted: true,
  },
  toRecord: (row): Menu => ({
    id: row.id,
    key: row.key,
    title: row.title,
    created_at: row.created_at,
    updated_at: row.updated_at,
  }),
  searchText: (row) => searchText(row.key, row.title),
  relations: [
    orderedChildren({
      field: 'items',
      table: 'menu_items',
      ownerColumn: 'menu_id',
      orderColumn: 'sort',
      nested: { field: 'children', parentColumn: 'parent_id' },
      toRow: (item) => ({
        type: (item.type as string | undefined) ?? 'custom',
        ref_id: (item.ref_id as number | null | undefined) ?? null,
        url: (item.url as string | null | undefined) ?? null,
        title: item.title as string,
        target: (item.target as string | undefined) ?? '_self',
        description: (item.description as string | null | undefined) ?? null,
        class_name: (item.class_name as string | null | undefined) ?? null,
        viewer: (item.viewer as string | undefined) ?? 'all',
        data: item.data == null ? null : toJson(item.data),
      }),
      toItem: (row: Values) => ({
        type: row.type,
        ref_id: row.ref_id == null ? null : Number(row.ref_id),
        url: row.url ?? null,
        title: row.title,
        target: row.target,
        description: row.description ?? null,
        class_name: row.class_name ?? null,
        viewer: row.viewer,
        data: row.data == null ? null : fromJson<Values>(row.data),
      }),
      references: { ref_id: referenceOf },
    }),
  ],
  constraintHints: { key: 'menu.key_exists' },
  // the website reads a menu by its key
  events: (_tx, { after, before }) => [menuUpdated((after ?? before)!)],
  hooks: {
    prepare: (_ctx, { input }) => {
      const items = (input as { items?: MenuItemCreate[] }).items;
      const unavailable = items && unavailableType(items, 'items');
      if (unavailable)
        throw invalid({
          [unavailable.path]: { key: 'menu.type_unavailable', params: { type: unavailable.type } },
        });
      const { items: _items, ...values } = input as Values;
      return { values };
    },
  },
});

export const menusRoutes = async (app: TypedApp) => {
  // A deleted post type, category, group, trademark or post leaves no item pointing at it.
  onRowsDeleted(dropItemsOfDeleted);
  registerResource(app, menusService);
};
