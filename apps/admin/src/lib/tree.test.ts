import { describe, expect, it } from 'vitest';
import {
  buildTree,
  canMoveUnder,
  dropTarget,
  keyboardTarget,
  liftChildren,
  moveNode,
} from './tree';

type Node = { id: number; parent_id: number | null; title: string };

// Coffee (1) > Espresso (2) > Ristretto (3); Coffee > Latte (4); Tea (5); Juice (6)
const items: Node[] = [
  { id: 1, parent_id: null, title: 'Coffee' },
  { id: 2, parent_id: 1, title: 'Espresso' },
  { id: 3, parent_id: 2, title: 'Ristretto' },
  { id: 4, parent_id: 1, title: 'Latte' },
  { id: 5, parent_id: null, title: 'Tea' },
  { id: 6, parent_id: null, title: 'Juice' },
];

const outline = (list: Node[]) =>
  buildTree(list).flatMap(function draw(branch): string[] {
    return [
      `${'-'.repeat(branch.level - 1)}${branch.item.title}`,
      ...branch.children.flatMap(draw),
    ];
  });

describe('tree helpers', () => {
  it('builds the tree in the list order, with levels; a missing parent puts the node at the top', () => {
    expect(outline(items)).toEqual([
      'Coffee',
      '-Espresso',
      '--Ristretto',
      '-Latte',
      'Tea',
      'Juice',
    ]);
    expect(outline([...items, { id: 7, parent_id: 99, title: 'Lost' }]).at(-1)).toBe('Lost');
  });

  it('never loses nodes caught in a parent loop', () => {
    const loop: Node[] = [
      { id: 1, parent_id: 2, title: 'A' },
      { id: 2, parent_id: 1, title: 'B' },
    ];
    expect(outline(loop).sort()).toEqual(['A', 'B']);
  });

  it('refuses a node under itself or its descendants', () => {
    expect(canMoveUnder(items, 1, 3)).toBe(false);
    expect(canMoveUnder(items, 1, 1)).toBe(false);
    expect(canMoveUnder(items, 3, 1)).toBe(true);
    expect(canMoveUnder(items, 2, null)).toBe(true);
    expect(moveNode(items, 1, 2, 0)).toBeNull();
  });

  it('moves a node with its subtree and reports every changed place', () => {
    const result = moveNode(items, 2, 5, 0)!;
    expect(outline(result.items)).toEqual([
      'Coffee',
      '-Latte',
      'Tea',
      '-Espresso',
      '--Ristretto',
      'Juice',
    ]);
    expect(result.position).toEqual({ id: 2, parent_id: 5, order: 0 });
    expect(result.changed).toEqual([
      { id: 4, parent_id: 1, order: 0 },
      { id: 2, parent_id: 5, order: 0 },
    ]);
  });

  it('reorders siblings', () => {
    const result = moveNode(items, 6, null, 0)!;
    expect(outline(result.items).filter((line) => !line.startsWith('-'))).toEqual([
      'Juice',
      'Coffee',
      'Tea',
    ]);
    expect(result.changed.map((one) => [one.id, one.order])).toEqual([
      [6, 0],
      [1, 1],
      [5, 2],
    ]);
  });

  it('gives the keyboard moves: up, down, indent under the previous sibling, outdent after the parent', () => {
    expect(keyboardTarget(items, 5, 'up')).toEqual({ parentId: null, index: 0 });
    expect(keyboardTarget(items, 1, 'up')).toBeNull();
    expect(keyboardTarget(items, 5, 'down')).toEqual({ parentId: null, index: 2 });
    expect(keyboardTarget(items, 6, 'down')).toBeNull();
    expect(keyboardTarget(items, 4, 'indent')).toEqual({ parentId: 2, index: 1 });
    expect(keyboardTarget(items, 2, 'indent')).toBeNull();
    expect(keyboardTarget(items, 3, 'outdent')).toEqual({ parentId: 1, index: 1 });
    expect(keyboardTarget(items, 5, 'outdent')).toBeNull();
    const target = keyboardTarget(items, 5, 'indent')!;
    const indented = moveNode(items, 5, target.parentId, target.index)!;
    expect(outline(indented.items)).toEqual([
      'Coffee',
      '-Espresso',
      '--Ristretto',
      '-Latte',
      '-Tea',
      'Juice',
    ]);
  });

  it('reads a drop before, after or into a node', () => {
    expect(dropTarget(items, 6, 1, -1)).toEqual({ parentId: null, index: 0 });
    expect(dropTarget(items, 6, 4, 1)).toEqual({ parentId: 1, index: 2 });
    expect(dropTarget(items, 6, 4, 0)).toEqual({ parentId: 4, index: 0 });
    expect(dropTarget(items, 6, 1, 1, true)).toEqual({ parentId: 1, index: 0 });
    // Counted without the dragged node: Tea dropped after Juice is the last of two others.
    expect(dropTarget(items, 5, 6, 1)).toEqual({ parentId: null, index: 2 });
  });

  it('lifts the children of a deleted node into its place', () => {
    expect(liftChildren(items, 1)).toEqual([
      { id: 2, parent_id: null, order: 0 },
      { id: 4, parent_id: null, order: 1 },
      { id: 5, parent_id: null, order: 2 },
      { id: 6, parent_id: null, order: 3 },
    ]);
    expect(liftChildren(items, 2)).toEqual([
      { id: 3, parent_id: 1, order: 0 },
      { id: 4, parent_id: 1, order: 1 },
    ]);
  });
});
