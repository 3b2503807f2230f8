import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App, Button, ConfigProvider } from 'antd';
import { Suspense, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { type TreeMove, TreeList } from './tree-list';
import { type ChildrenChoice, useDeleteNodeConfirm } from './use-delete-node-confirm';

type Category = { id: number; parent_id: number | null; title: string };

const categories: Category[] = [
  { id: 1, parent_id: null, title: 'Cà phê' },
  { id: 2, parent_id: 1, title: 'Espresso' },
  { id: 3, parent_id: null, title: 'Trà' },
  { id: 4, parent_id: null, title: 'Nước ép' },
];

/** A screen keeping the tree in its state, as a menu editor does until it saves. */
const Screen = ({
  onMove,
  direction,
}: {
  onMove: (move: TreeMove<Category>) => void;
  direction?: 'rtl';
}) => {
  const [items, setItems] = useState(categories);
  return (
    <ConfigProvider direction={direction}>
      <App>
        <TreeList<Category>
          ariaLabel="Categories"
          items={items}
          label={(item) => item.title}
          onMove={(move) => {
            setItems(move.items);
            onMove(move);
          }}
        />
        <ol data-testid="order">
          {items.map((item) => (
            <li key={item.id}>{`${item.parent_id ?? '-'}:${item.title}`}</li>
          ))}
        </ol>
      </App>
    </ConfigProvider>
  );
};

const order = () =>
  [...screen.getByTestId('order').querySelectorAll('li')].map((item) => item.textContent);

const selectNode = async (title: string) =>
  act(async () => fireEvent.click(screen.getByText(title, { selector: '.ant-tree-title span' })));

describe('TreeList', { timeout: 30_000 }, () => {
  it('shows the flat list as a tree and moves the selected node with the buttons', async () => {
    const onMove = vi.fn();
    render(
      <Suspense fallback="loading">
        <Screen onMove={onMove} />
      </Suspense>,
    );
    await screen.findByText('Trà', { selector: '.ant-tree-title span' });
    expect(screen.getByTestId('tree-up')).toHaveProperty('disabled', true);
    await selectNode('Nước ép');
    expect(screen.getByText('Selected: Nước ép')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByTestId('tree-up')));
    expect(onMove).toHaveBeenLastCalledWith(
      expect.objectContaining({ position: { id: 4, parent_id: null, order: 1 } }),
    );
    expect(order()).toEqual(['-:Cà phê', '1:Espresso', '-:Nước ép', '-:Trà']);
    // Into the item above (Cà phê), as its last child; then back out after it.
    await act(async () => fireEvent.click(screen.getByTestId('tree-indent')));
    expect(onMove.mock.calls.at(-1)?.[0].position).toEqual({ id: 4, parent_id: 1, order: 1 });
    expect(order()).toEqual(['-:Cà phê', '1:Espresso', '1:Nước ép', '-:Trà']);
    expect(screen.getByText('Nước ép moved under Cà phê, position 2.')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByTestId('tree-outdent')));
    expect(onMove.mock.calls.at(-1)?.[0].position).toEqual({ id: 4, parent_id: null, order: 1 });
  });

  it('moves with Alt + arrow keys; in rtl the arrow pointing back to the start indents', async () => {
    const onMove = vi.fn();
    const { container } = render(
      <Suspense fallback="loading">
        <Screen onMove={onMove} direction="rtl" />
      </Suspense>,
    );
    await screen.findByText('Trà', { selector: '.ant-tree-title span' });
    await selectNode('Trà');
    const tree = container.querySelector('[role="tree"]') ?? container.querySelector('.ant-tree')!;
    await act(async () => fireEvent.keyDown(tree, { key: 'ArrowLeft', altKey: true }));
    expect(onMove.mock.calls.at(-1)?.[0].position).toEqual({ id: 3, parent_id: 1, order: 1 });
    await act(async () => fireEvent.keyDown(tree, { key: 'ArrowUp', altKey: true }));
    expect(onMove.mock.calls.at(-1)?.[0].position).toEqual({ id: 3, parent_id: 1, order: 0 });
    expect(order()).toEqual(['-:Cà phê', '1:Trà', '1:Espresso', '-:Nước ép']);
  });

  it('is read-only without onMove, and says so when empty', async () => {
    const { rerender } = render(
      <Suspense fallback="loading">
        <App>
          <TreeList<Category>
            ariaLabel="Categories"
            items={categories}
            label={(item) => item.title}
          />
        </App>
      </Suspense>,
    );
    await screen.findByText('Trà', { selector: '.ant-tree-title span' });
    expect(screen.queryByTestId('tree-up')).toBeNull();
    rerender(
      <Suspense fallback="loading">
        <App>
          <TreeList<Category> ariaLabel="Categories" items={[]} label={(item) => item.title} />
        </App>
      </Suspense>,
    );
    expect(screen.getByText('No data yet')).toBeTruthy();
  });
});

const DeleteButton = ({
  onConfirm,
  childCount,
}: {
  onConfirm: (choice: ChildrenChoice) => Promise<unknown>;
  childCount: number;
}) => {
  const confirmDelete = useDeleteNodeConfirm();
  return (
    <Button onClick={() => confirmDelete({ title: 'Cà phê', childCount, onConfirm })}>
      Delete it
    </Button>
  );
};

describe('the delete confirm of a tree node', { timeout: 30_000 }, () => {
  const open = async (
    childCount: number,
    onConfirm: (choice: ChildrenChoice) => Promise<unknown>,
  ) => {
    render(
      <Suspense fallback="loading">
        <App>
          <DeleteButton onConfirm={onConfirm} childCount={childCount} />
        </App>
      </Suspense>,
    );
    await act(async () =>
      fireEvent.click(await screen.findByRole('button', { name: 'Delete it' })),
    );
    await waitFor(() => expect(screen.getAllByText('Delete “Cà phê”?').length).toBeGreaterThan(0));
  };
  const confirm = () =>
    act(async () =>
      fireEvent.click(document.querySelector('.ant-modal-confirm-btns .ant-btn-dangerous')!),
    );

  it('asks what happens to the children: moved up by default, or deleted too', async () => {
    const onConfirm = vi.fn(async () => undefined);
    await open(3, onConfirm);
    expect(screen.getByText('It has 3 sub-items. What should happen to them?')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByLabelText('Delete them too (3)')));
    await confirm();
    await waitFor(() => expect(onConfirm).toHaveBeenCalledWith('delete'));
  });

  it('keeps the children by default', async () => {
    const onConfirm = vi.fn(async () => undefined);
    await open(2, onConfirm);
    await confirm();
    await waitFor(() => expect(onConfirm).toHaveBeenCalledWith('lift'));
  });

  it('is a plain delete confirm for a leaf', async () => {
    const onConfirm = vi.fn(async () => undefined);
    await open(0, onConfirm);
    expect(screen.getByText('This cannot be undone.')).toBeTruthy();
    expect(screen.queryByText(/sub-items/)).toBeNull();
  });
});
