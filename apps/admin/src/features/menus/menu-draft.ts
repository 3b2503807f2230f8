import type { MenuItem, MenuItemCreate } from '@backoffice/shared/menu.schema';
import { buildTree, descendantIds, type TreeBranch } from '../../lib/tree';

/**
 * The menu being edited: its items as a flat list (`id`, `parent_id`, siblings in order) the
 * tree list can move, with ids of the screen's own (the API answers items without ids).
 */
export type DraftItem = Omit<MenuItem, 'children'> & { id: string; parent_id: string | null };

/** What an added item starts with: everything but its title, url and reference. */
export const NEW_ITEM: Omit<DraftItem, 'id' | 'parent_id' | 'title' | 'url' | 'type' | 'ref_id'> = {
  target: '_self',
  description: null,
  class_name: null,
  viewer: 'all',
  data: null,
};

let sequence = 0;
export const newDraftId = () => `item-${(sequence += 1)}`;

/** The API's tree as the flat list, depth first. */
export const toDraft = (items: readonly MenuItem[]): DraftItem[] => {
  const out: DraftItem[] = [];
  const walk = (level: readonly MenuItem[], parent: string | null) => {
    for (const { children, ...item } of level) {
      const id = newDraftId();
      out.push({ ...item, id, parent_id: parent });
      walk(children ?? [], id);
    }
  };
  walk(items, null);
  return out;
};

const fromBranches = (branches: ReadonlyArray<TreeBranch<DraftItem>>): MenuItemCreate[] =>
  branches.map(({ item: { id: _id, parent_id: _parent, ...item }, children }) => ({
    ...item,
    children: fromBranches(children),
  }));

/** The flat list as the tree the API takes. */
export const toPayload = (items: readonly DraftItem[]): MenuItemCreate[] =>
  fromBranches(buildTree(items));

/** The text two drafts compare by: equal when saving one would send the same as the other. */
export const draftSignature = (menu: { key: string; title: string; items: readonly DraftItem[] }) =>
  JSON.stringify({ key: menu.key, title: menu.title, items: toPayload(menu.items) });

/** Removes an item: its sub-items move up into its place (`lift`) or go with it. */
export const removeItem = (
  items: readonly DraftItem[],
  id: string,
  children: 'lift' | 'delete',
): DraftItem[] => {
  const node = items.find((item) => item.id === id);
  if (!node) return [...items];
  if (children === 'delete') {
    const gone = descendantIds(items, id);
    return items.filter((item) => item.id !== id && !gone.has(item.id));
  }
  return items
    .filter((item) => item.id !== id)
    .map((item) => (item.parent_id === id ? { ...item, parent_id: node.parent_id } : item));
};

/**
 * The item a server error names (`items.1.children.0.url` → the second top item's first
 * sub-item) and the field, or null when the path names no item.
 */
export const itemAtPath = (
  items: readonly DraftItem[],
  path: string,
): { id: string; field: string } | null => {
  const parts = path.split('.');
  if (parts[0] !== 'items') return null;
  let level: ReadonlyArray<TreeBranch<DraftItem>> = buildTree(items);
  let found: DraftItem | null = null;
  let at = 1;
  while (at < parts.length && /^\d+$/.test(parts[at]!)) {
    const branch: TreeBranch<DraftItem> | undefined = level[Number(parts[at])];
    if (!branch) return null;
    found = branch.item;
    level = branch.children;
    if (parts[at + 1] === 'children' && /^\d+$/.test(parts[at + 2] ?? '')) at += 2;
    else {
      at += 1;
      break;
    }
  }
  return found ? { id: found.id, field: parts.slice(at).join('.') } : null;
};
