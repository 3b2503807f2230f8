import { act, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { type ReactNode, Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as TipTap from '@tiptap/react';
import { RichTextEditor } from './rich-text-editor';

// The editor library is real; a switch makes it fail to start, as it would on a browser it
// does not support or after a broken update.
const editorStart = vi.hoisted(() => ({ fails: false }));
vi.mock('@tiptap/react', async (importOriginal) => {
  const actual = await importOriginal<typeof TipTap>();
  return {
    ...actual,
    useEditor: (...args: Parameters<typeof actual.useEditor>) => {
      if (editorStart.fails) throw new Error('The editor view could not be created');
      return actual.useEditor(...args);
    },
  };
});

const mount = (node: ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <App>
        <Suspense fallback="loading">{node}</Suspense>
      </App>
    </QueryClientProvider>,
  );

afterEach(() => {
  editorStart.fails = false;
  vi.restoreAllMocks();
});

describe('RichTextEditor', { timeout: 30_000 }, () => {
  it('edits rich text with its toolbar when the editor starts', async () => {
    mount(<RichTextEditor label="Section 1: Content" value="<p>Xin chào</p>" />);
    const area = await screen.findByRole('textbox', { name: 'Section 1: Content' });
    expect(area.innerHTML).toContain('Xin chào');
    expect(screen.getByRole('toolbar', { name: 'Formatting' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says so in its own message when the editor fails to start, and keeps the text editable', async () => {
    editorStart.fails = true;
    // React reports the caught failure on the console; the screen is what the user sees.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const onChange = vi.fn();
    mount(
      <RichTextEditor
        label="Section 1: Content"
        value="<p>Xin <strong>chào</strong></p>"
        onChange={onChange}
      />,
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'The editor could not start. You can still type the content as HTML below; please reload the page to try again.',
    );
    const fallback = screen.getByRole('textbox', { name: 'Section 1: Content' });
    expect((fallback as HTMLTextAreaElement).value).toBe('<p>Xin <strong>chào</strong></p>');
    await act(async () => fireEvent.change(fallback, { target: { value: '<p>Xin chào bạn</p>' } }));
    expect(onChange).toHaveBeenCalledWith('<p>Xin chào bạn</p>');
    expect(screen.queryByRole('toolbar')).toBeNull();
  });
});
