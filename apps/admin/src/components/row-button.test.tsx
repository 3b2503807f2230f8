import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { RowButton } from './row-button';

const confirm = {
  title: 'Delete this post?',
  description: 'It cannot be undone.',
  okText: 'Delete',
  cancelText: 'Cancel',
};

describe('RowButton', () => {
  it('is a button named by its label, with no tooltip or confirm mounted until wanted', () => {
    const onClick = vi.fn();
    render(<RowButton label="Edit" icon={<EditOutlined />} onClick={onClick} />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(document.querySelector('.ant-tooltip, .ant-popover')).toBeNull();
  });

  it('shows its tooltip on the first hover, and keeps the focus it had', async () => {
    render(<RowButton label="Reset password" tip="Reset the password" icon={<EditOutlined />} />);
    const button = screen.getByRole('button', { name: 'Reset password' });
    button.focus();
    fireEvent.pointerEnter(button, { pointerType: 'mouse' });
    expect(await screen.findByText('Reset the password')).toBeTruthy();
    // the tooltip wraps a new button element; the focus moved with it
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Reset password' }));
  });

  it('never swaps the button between a press and its release, and names no button for a touch', async () => {
    const onClick = vi.fn();
    render(<RowButton label="Edit" icon={<EditOutlined />} onClick={onClick} />);
    const button = screen.getByRole('button', { name: 'Edit' });
    // a mouse enters and presses at once: the tooltip on its way is called off
    fireEvent.pointerEnter(button, { pointerType: 'mouse' });
    fireEvent.pointerDown(button, { pointerType: 'mouse' });
    await act(() => new Promise((resolve) => setTimeout(resolve, 250)));
    expect(button.isConnected).toBe(true);
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
    // a finger has no hover
    fireEvent.pointerLeave(button, { pointerType: 'mouse' });
    fireEvent.pointerEnter(button, { pointerType: 'touch' });
    await act(() => new Promise((resolve) => setTimeout(resolve, 250)));
    expect(button.isConnected).toBe(true);
    expect(document.querySelector('.ant-tooltip')).toBeNull();
  });

  it('asks first: OK runs the action once, Cancel does not', async () => {
    const onClick = vi.fn();
    render(
      <RowButton
        label="Delete"
        danger
        icon={<DeleteOutlined />}
        confirm={confirm}
        onClick={onClick}
      />,
    );
    // a click focuses the button; the confirm mounted around it hands the focus on
    screen.getByRole('button', { name: 'Delete' }).focus();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Delete this post?')).toBeTruthy();
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Delete');
    expect(screen.getByText('It cannot be undone.')).toBeTruthy();
    expect(onClick).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClick).not.toHaveBeenCalled();

    // opened again by its own trigger once mounted
    await act(async () => {
      fireEvent.click(screen.getAllByRole('button', { name: 'Delete' })[0]!);
    });
    await waitFor(() =>
      expect(document.querySelector('.ant-popover:not(.ant-popover-hidden)')).not.toBeNull(),
    );
    const ok = [...document.querySelectorAll<HTMLButtonElement>('.ant-popover button')].find(
      (element) => element.textContent === 'Delete',
    );
    fireEvent.click(ok!);
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});
