import type { MenuItem } from '@backoffice/shared/menu.schema';
import { describe, expect, it } from 'vitest';
import { itemAtPath, removeItem, toDraft, toPayload } from './menu-draft';

const item = (title: string, children: MenuItem[] = []): MenuItem => ({
  type: 'custom',
  ref_id: null,
  url: `/${title}`,
  title,
  target: '_self',
  description: null,
  class_name: null,
  viewer: 'all',
  data: null,
  children,
});

const menu = [item('a'), item('b', [item('c', [item('d')]), item('e')]), item('f')];

describe('the menu draft', () => {
  it('turns the tree into a flat list and back without losing order or depth', () => {
    const draft = toDraft(menu);
    expect(draft.map((node) => node.title)).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    expect(draft.find((node) => node.title === 'd')!.parent_id).toBe(
      draft.find((node) => node.title === 'c')!.id,
    );
    expect(toPayload(draft)).toEqual(menu);
  });

  it('removes an item lifting its sub-items into its place, or with them', () => {
    const draft = toDraft(menu);
    const b = draft.find((node) => node.title === 'b')!.id;
    const lifted = toPayload(removeItem(draft, b, 'lift'));
    expect(lifted.map((node) => node.title)).toEqual(['a', 'c', 'e', 'f']);
    expect(lifted[1]!.children!.map((node) => node.title)).toEqual(['d']);
    expect(toPayload(removeItem(draft, b, 'delete')).map((node) => node.title)).toEqual(['a', 'f']);
  });

  it('finds the item a server error names', () => {
    const draft = toDraft(menu);
    const id = (title: string) => draft.find((node) => node.title === title)!.id;
    expect(itemAtPath(draft, 'items.1.children.0.children.0.url')).toEqual({
      id: id('d'),
      field: 'url',
    });
    expect(itemAtPath(draft, 'items.2.title')).toEqual({ id: id('f'), field: 'title' });
    expect(itemAtPath(draft, 'items.1.children.1.data.icon')).toEqual({
      id: id('e'),
      field: 'data.icon',
    });
    expect(itemAtPath(draft, 'items.9.title')).toBeNull();
    expect(itemAtPath(draft, 'title')).toBeNull();
  });
});
