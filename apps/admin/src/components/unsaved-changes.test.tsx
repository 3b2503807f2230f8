import { act, fireEvent, render, screen } from '@testing-library/react';
import { App } from 'antd';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { useSaveShortcut, useUnsavedChanges } from './unsaved-changes';

const Editor = ({ onSave }: { onSave: () => void }) => {
  const unsaved = useUnsavedChanges();
  useSaveShortcut(() => {
    onSave();
    unsaved.markSaved();
  });
  return (
    <>
      <input aria-label="Title" onChange={() => unsaved.markDirty()} />
      <Link to="/list">List</Link>
      {unsaved.dialog}
    </>
  );
};

const renderAt = (onSave: () => void) => {
  const router = createMemoryRouter(
    [
      { path: '/edit', element: <Editor onSave={onSave} /> },
      { path: '/list', element: <p>The list</p> },
    ],
    { initialEntries: ['/edit'] },
  );
  render(
    <App>
      <RouterProvider router={router} />
    </App>,
  );
  return router;
};

describe('unsaved changes and the save shortcut', () => {
  it('asks before leaving typed work, stays when asked to, and leaves once saved with Ctrl+S', async () => {
    const onSave = vi.fn();
    const router = renderAt(onSave);
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Hồ Tây' } });
    await act(async () => fireEvent.click(screen.getByText('List')));
    expect(await screen.findByText('Leave without saving?')).toBeTruthy();
    await act(async () =>
      fireEvent.click(screen.getByRole('button', { name: 'Stay on this page' })),
    );
    expect(router.state.location.pathname).toBe('/edit');

    const press = new KeyboardEvent('keydown', {
      key: 's',
      ctrlKey: true,
      bubbles: true,
      cancelable: true,
    });
    act(() => {
      screen.getByLabelText('Title').dispatchEvent(press);
    });
    expect(onSave).toHaveBeenCalledTimes(1);
    // the browser's "Save page as…" is not opened
    expect(press.defaultPrevented).toBe(true);
    await act(async () => fireEvent.click(screen.getByText('List')));
    expect(await screen.findByText('The list')).toBeTruthy();
  });

  it('saves on ⌘S and lets an untouched screen go without asking', async () => {
    const onSave = vi.fn();
    const router = renderAt(onSave);
    act(() => {
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'S', metaKey: true }));
    });
    expect(onSave).toHaveBeenCalledTimes(1);
    await act(async () => fireEvent.click(screen.getByText('List')));
    expect(router.state.location.pathname).toBe('/list');
    expect(screen.queryByText('Leave without saving?')).toBeNull();
  });
});
