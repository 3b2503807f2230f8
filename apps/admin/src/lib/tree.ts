/** A record of a flat tree list (categories, menu items): its id and its parent's (null at the top). */
export type TreeKey = string | number;
export type FlatNode = { id: TreeKey; parent_id?: TreeKey | null };
export type TreeBranch<T> = { item: T; level: number; children: Array<TreeBranch<T>> };
/** Where a node sits: `order` counts from 0 among its siblings. */
export type TreePosition = { id: TreeKey; parent_id: TreeKey | null; order: number };
export type TreeMoveDirection = 'up' | 'down' | 'indent' | 'outdent';

const same = (a: TreeKey | null | undefined, b: TreeKey | null | undefined) =>
  a !== null && a !== undefined && b !== null && b !== undefined && String(a) === String(b);

/** The parent as the tree sees it: null at the top, and for a parent missing from the list. */
const parentIn = <T extends FlatNode>(items: readonly T[], item: T): TreeKey | null => {
  const parent = item.parent_id;
  if (parent === null || parent === undefined || same(parent, item.id)) return null;
  return items.some((other) => same(other.id, parent)) ? parent : null;
};

/** Children keep the list's order (the API sends trees sorted by their order). */
export const buildTree = <T extends FlatNode>(items: readonly T[]): Array<TreeBranch<T>> => {
  const byParent = new Map<string, T[]>();
  for (const item of items) {
    const key = String(parentIn(items, item));
    byParent.set(key, [...(byParent.get(key) ?? []), item]);
  }
  const seen = new Set<string>();
  const grow = (parent: TreeKey | null, level: number): Array<TreeBranch<T>> =>
    (byParent.get(String(parent)) ?? [])
      .filter((item) => !seen.has(String(item.id)))
      .map((item) => {
        seen.add(String(item.id));
        return { item, level, children: grow(item.id, level + 1) };
      });
  const roots = grow(null, 1);
  // A parent loop in the data (a → b → a) has no root: show those nodes at the top, never lose them.
  const stranded = items.filter((item) => !seen.has(String(item.id)));
  return [...roots, ...stranded.map((item) => ({ item, level: 1, children: [] }))];
};

/** The tree walked depth first: parents before their children, siblings in order. */
export const flattenTree = <T>(branches: ReadonlyArray<TreeBranch<T>>): T[] =>
  branches.flatMap((branch) => [branch.item, ...flattenTree(branch.children)]);

/** The ids below a node (children, grandchildren…). */
export const descendantIds = <T extends FlatNode>(
  items: readonly T[],
  id: TreeKey,
): Set<string> => {
  const found = new Set<string>();
  let frontier = [String(id)];
  while (frontier.length > 0) {
    const next = items
      .filter((item) => {
        const parent = parentIn(items, item);
        return parent !== null && frontier.includes(String(parent)) && !found.has(String(item.id));
      })
      .map((item) => String(item.id));
    for (const one of next) found.add(one);
    frontier = next;
  }
  found.delete(String(id));
  return found;
};

/** A node may go under any parent but itself and its own descendants. */
export const canMoveUnder = <T extends FlatNode>(
  items: readonly T[],
  id: TreeKey,
  parentId: TreeKey | null,
): boolean =>
  parentId === null || (!same(parentId, id) && !descendantIds(items, id).has(String(parentId)));

const siblingsOf = <T extends FlatNode>(items: readonly T[], parent: TreeKey | null) =>
  items.filter((item) => String(parentIn(items, item)) === String(parent));

const positionsOf = <T extends FlatNode>(items: readonly T[]): Map<string, TreePosition> => {
  const positions = new Map<string, TreePosition>();
  const walk = (branches: ReadonlyArray<TreeBranch<T>>, parent: TreeKey | null) =>
    branches.forEach((branch, order) => {
      positions.set(String(branch.item.id), { id: branch.item.id, parent_id: parent, order });
      walk(branch.children, branch.item.id);
    });
  walk(buildTree(items), null);
  return positions;
};

export type TreeMoveResult<T> = {
  /** The whole list after the move, depth first, the moved node's `parent_id` changed. */
  items: T[];
  /** The moved node's new place. */
  position: TreePosition;
  /** Every node whose parent or order changed (the moved one and its shifted siblings). */
  changed: TreePosition[];
};

/**
 * Puts node `id` under `parentId` at `index` among its new siblings (counted without the node
 * itself). Null when the move is refused: the node into itself or one of its descendants.
 */
export const moveNode = <T extends FlatNode>(
  items: readonly T[],
  id: TreeKey,
  parentId: TreeKey | null,
  index: number,
): TreeMoveResult<T> | null => {
  const moving = items.find((item) => same(item.id, id));
  if (!moving || !canMoveUnder(items, id, parentId)) return null;
  const before = positionsOf(items);
  const others = items.filter((item) => !same(item.id, id));
  const siblings = siblingsOf(others, parentId);
  const at = Math.max(0, Math.min(index, siblings.length));
  const moved = { ...moving, parent_id: parentId } as T;
  // Insert the node just before the sibling it lands in front of (or after the last one).
  const anchor = siblings[at];
  let reordered: T[];
  if (anchor) {
    const anchorAt = others.indexOf(anchor);
    reordered = [...others.slice(0, anchorAt), moved, ...others.slice(anchorAt)];
  } else {
    reordered = [...others, moved];
  }
  const result = flattenTree(buildTree(reordered));
  const after = positionsOf(result);
  const changed = [...after.values()].filter((position) => {
    const old = before.get(String(position.id));
    return (
      !old || String(old.parent_id) !== String(position.parent_id) || old.order !== position.order
    );
  });
  return { items: result, position: after.get(String(id))!, changed };
};

/** The place a keyboard move takes a node to, or null when it cannot go that way. */
export const keyboardTarget = <T extends FlatNode>(
  items: readonly T[],
  id: TreeKey,
  direction: TreeMoveDirection,
): { parentId: TreeKey | null; index: number } | null => {
  const node = items.find((item) => same(item.id, id));
  if (!node) return null;
  const parent = parentIn(items, node);
  const siblings = siblingsOf(items, parent);
  const at = siblings.indexOf(node);
  switch (direction) {
    case 'up':
      return at > 0 ? { parentId: parent, index: at - 1 } : null;
    case 'down':
      return at < siblings.length - 1 ? { parentId: parent, index: at + 1 } : null;
    case 'indent': {
      const previous = siblings[at - 1];
      if (!previous) return null;
      return { parentId: previous.id, index: siblingsOf(items, previous.id).length };
    }
    case 'outdent': {
      if (parent === null) return null;
      const parentNode = items.find((item) => same(item.id, parent))!;
      const grandParent = parentIn(items, parentNode);
      return {
        parentId: grandParent,
        index: siblingsOf(items, grandParent).indexOf(parentNode) + 1,
      };
    }
  }
};

/**
 * A drop of antd's Tree as a move: `dropPosition` -1 before the target, 1 after it, 0 into it
 * (first child); dropping just below an open node with children also makes it the first child.
 */
export const dropTarget = <T extends FlatNode>(
  items: readonly T[],
  dragId: TreeKey,
  dropId: TreeKey,
  dropPosition: -1 | 0 | 1,
  targetOpenWithChildren = false,
): { parentId: TreeKey | null; index: number } | null => {
  const target = items.find((item) => same(item.id, dropId));
  if (!target || same(dragId, dropId)) return null;
  if (dropPosition === 0 || (dropPosition === 1 && targetOpenWithChildren)) {
    return { parentId: target.id, index: 0 };
  }
  const parent = parentIn(items, target);
  const siblings = siblingsOf(
    items.filter((item) => !same(item.id, dragId)),
    parent,
  );
  const at = siblings.indexOf(target);
  return { parentId: parent, index: dropPosition === -1 ? at : at + 1 };
};

/**
 * Deleting a node but keeping its children: they take its place under its parent, in their
 * order, and the siblings after it shift. The places that change, for the screen to save.
 */
export const liftChildren = <T extends FlatNode>(
  items: readonly T[],
  id: TreeKey,
): TreePosition[] => {
  const node = items.find((item) => same(item.id, id));
  if (!node) return [];
  const parent = parentIn(items, node);
  const siblings = siblingsOf(items, parent);
  const at = siblings.indexOf(node);
  const children = siblingsOf(items, id);
  const after = [...siblings.slice(0, at), ...children, ...siblings.slice(at + 1)];
  return after
    .map((item, order) => ({ id: item.id, parent_id: parent, order }))
    .filter((position, order) => order >= at);
};
