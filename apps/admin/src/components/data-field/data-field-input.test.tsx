import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DataFieldInput, itemsTree, type DataFieldDefinition } from './data-field-input';

const mount = (node: ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <App>{node}</App>
    </QueryClientProvider>,
  );

const field = (style: DataFieldDefinition['style']): DataFieldDefinition => ({
  key: 'intro',
  title: 'Giới thiệu',
  style,
  data: [],
  api: null,
});

// The rich editor itself needs a real browser (e2e/content.test.ts previews one).
describe('a data field of the editor style', { timeout: 30_000 }, () => {
  it('stays a plain text area for the textarea style, and shows the HTML as text when read-only', async () => {
    mount(<DataFieldInput field={field('textarea')} value="dòng một" />);
    expect((screen.getByRole('textbox', { name: 'Giới thiệu' }) as HTMLTextAreaElement).value).toBe(
      'dòng một',
    );
    mount(<DataFieldInput field={field('editor')} value="<p>x</p>" disabled />);
    const readOnly = screen.getAllByRole('textbox', {
      name: 'Giới thiệu',
    })[1] as HTMLTextAreaElement;
    expect(readOnly.value).toBe('<p>x</p>');
    expect(readOnly.disabled).toBe(true);
  });
});

const REGIONS = [
  { value: 'bac', title: 'Miền Bắc' },
  { value: 'hn', title: 'Hà Nội', parent: 'bac' },
  { value: 'bd', title: 'Ba Đình', parent: 'hn' },
  { value: 'nam', title: 'Miền Nam' },
];

const choice = (extra: Partial<DataFieldDefinition>): DataFieldDefinition => ({
  key: 'region',
  title: 'Khu vực',
  style: 'selectbox',
  data: REGIONS,
  api: null,
  ...extra,
});

const shown = () =>
  [...document.querySelectorAll('.ant-select-item-option, .ant-select-tree-title')].map(
    (option) => option.textContent,
  );

const open = async (name: string) => {
  const box = screen.getAllByRole('combobox', { name }).at(-1)!;
  await act(async () => fireEvent.mouseDown(box));
};

describe('a select box with several values or a tree of choices', { timeout: 30_000 }, () => {
  it('builds the tree from the parents the items name, a missing or circular parent at the top', () => {
    expect(itemsTree(REGIONS)).toEqual([
      {
        value: 'bac',
        title: 'Miền Bắc',
        children: [{ value: 'hn', title: 'Hà Nội', children: [{ value: 'bd', title: 'Ba Đình' }] }],
      },
      { value: 'nam', title: 'Miền Nam' },
    ]);
    expect(
      itemsTree([
        { value: 'a', title: 'A', parent: 'b' },
        { value: 'b', title: 'B', parent: 'a' },
        { value: 'c', title: 'C', parent: 'gone' },
      ]).map((node) => node.value),
    ).toEqual(['a', 'b', 'c']);
  });

  it('offers one choice with an empty option first, as before', async () => {
    const onChange = vi.fn();
    mount(<DataFieldInput field={choice({})} value="" onChange={onChange} />);
    await open('Khu vực');
    await waitFor(() =>
      expect(shown()).toEqual(['— None —', 'Miền Bắc', 'Hà Nội', 'Ba Đình', 'Miền Nam']),
    );
    await act(async () => fireEvent.click(screen.getByTitle('Hà Nội')));
    expect(onChange).toHaveBeenCalledWith('hn');
  });

  it('takes several values as a list with has_option', async () => {
    const onChange = vi.fn();
    mount(<DataFieldInput field={choice({ has_option: true })} value="bac" onChange={onChange} />);
    await open('Khu vực');
    await waitFor(() => expect(shown()).toEqual(['Miền Bắc', 'Hà Nội', 'Ba Đình', 'Miền Nam']));
    await act(async () => fireEvent.click(screen.getByTitle('Miền Nam')));
    // A value stored while the field took one becomes the first of the list.
    expect(onChange).toHaveBeenCalledWith(['bac', 'nam']);
  });

  it('shows the choices as a tree with has_children, one or several', async () => {
    const onChange = vi.fn();
    mount(<DataFieldInput field={choice({ has_children: true })} onChange={onChange} />);
    await open('Khu vực');
    await waitFor(() => expect(shown()).toEqual(['Miền Bắc', 'Hà Nội', 'Ba Đình', 'Miền Nam']));
    // Nested: Ba Đình sits two levels below Miền Bắc.
    const indents = (title: string) =>
      screen
        .getByTitle(title)
        .closest('.ant-select-tree-treenode')!
        .querySelectorAll('.ant-select-tree-indent-unit').length;
    expect([indents('Miền Bắc'), indents('Hà Nội'), indents('Ba Đình')]).toEqual([0, 1, 2]);
    await act(async () => fireEvent.click(screen.getByTitle('Ba Đình')));
    expect(onChange).toHaveBeenCalledWith('bd');

    const several = vi.fn();
    mount(
      <DataFieldInput
        field={choice({ has_children: true, has_option: true })}
        value={['hn']}
        onChange={several}
      />,
    );
    await open('Khu vực');
    const titles = await screen.findAllByTitle('Miền Nam');
    await act(async () => fireEvent.click(titles.at(-1)!));
    expect(several).toHaveBeenCalledWith(['hn', 'nam']);
  });
});
