import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { type ReactNode, Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { ListParams } from '../lib/api-client';
import { type FieldOption, type OptionsSource, optionsFromAllPages } from '../lib/options';
import { OptionSelect, OptionTreeSelect } from './option-select';

const products: FieldOption[] = [
  { value: 1, label: 'Cà phê sữa đá' },
  { value: 2, label: 'Trà đào' },
  { value: 3, label: 'Đường phèn' },
];

const mount = (node: ReactNode) =>
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <App>
        <Suspense fallback="loading">{node}</Suspense>
      </App>
    </QueryClientProvider>,
  );

const optionTexts = () =>
  [...document.querySelectorAll('.ant-select-item-option, .ant-select-tree-title')].map(
    (option) => option.textContent,
  );

describe('OptionSelect', { timeout: 30_000 }, () => {
  it('loads a small list once and searches it here with Vietnamese folding', async () => {
    const load = vi.fn(async () => products);
    const onChange = vi.fn();
    mount(
      <OptionSelect
        source={{ key: ['products'], load }}
        onChange={onChange}
        aria-label="Product"
      />,
    );
    const input = screen.getByRole('combobox', { name: 'Product' });
    await act(async () => fireEvent.mouseDown(input));
    await act(async () => fireEvent.change(input, { target: { value: 'duong' } }));
    await waitFor(() => expect(optionTexts()).toEqual(['Đường phèn']));
    expect(load).toHaveBeenCalledTimes(1);
    await act(async () => fireEvent.click(screen.getByTitle('Đường phèn')));
    expect(onChange).toHaveBeenCalledWith(3);
  });

  it('asks the server for each search of a large list', async () => {
    const load = vi.fn(async (search: string) =>
      products.filter((product) => product.label.toLowerCase().includes(search.toLowerCase())),
    );
    const source: OptionsSource = { key: ['posts'], load, remoteSearch: true };
    mount(<OptionSelect source={source} aria-label="Post" />);
    const input = screen.getByRole('combobox', { name: 'Post' });
    await act(async () => fireEvent.mouseDown(input));
    await act(async () => fireEvent.change(input, { target: { value: 'trà' } }));
    await waitFor(() => expect(load).toHaveBeenCalledWith('trà', expect.anything()));
    await waitFor(() => expect(optionTexts()).toEqual(['Trà đào']));
  });

  it('shows the label of a saved value the server search does not return, from `known`', async () => {
    const load = vi.fn(async (search: string) =>
      products.filter((product) => product.label.toLowerCase().includes(search.toLowerCase())),
    );
    const source: OptionsSource = {
      key: ['posts', 'known'],
      load,
      remoteSearch: true,
      known: [{ value: 99, label: 'Bánh pía (đã bán)' }],
    };
    mount(<OptionSelect source={source} value={99} aria-label="Line product" />);
    const select = screen.getByRole('combobox', { name: 'Line product' }).closest('.ant-select')!;
    await waitFor(() => expect(select.textContent).toBe('Bánh pía (đã bán)'));
    const input = screen.getByRole('combobox', { name: 'Line product' });
    await act(async () => fireEvent.mouseDown(input));
    await waitFor(() =>
      expect(optionTexts()).toEqual(['Bánh pía (đã bán)', ...products.map((p) => p.label)]),
    );
    // A search offers it only when it matches (folded).
    await act(async () => fireEvent.change(input, { target: { value: 'tra' } }));
    await waitFor(() => expect(load).toHaveBeenCalledWith('tra', expect.anything()));
    await waitFor(() => expect(optionTexts()).toEqual([]));
    await act(async () => fireEvent.change(input, { target: { value: 'banh pia' } }));
    await waitFor(() => expect(optionTexts()).toEqual(['Bánh pía (đã bán)']));
  });

  it('shows a flat list with parents as a tree', async () => {
    const load = vi.fn(async () => [
      { value: 1, label: 'Đồ uống', parent: null },
      { value: 2, label: 'Cà phê', parent: 1 },
      { value: 3, label: 'Bánh', parent: null },
    ]);
    mount(<OptionTreeSelect source={{ key: ['categories'], load }} aria-label="Parent" />);
    await act(async () => fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Parent' })));
    await waitFor(() => expect(optionTexts()).toEqual(['Đồ uống', 'Cà phê', 'Bánh']));
    const child = [...document.querySelectorAll('.ant-select-tree-treenode')].find(
      (node) => node.textContent === 'Cà phê',
    )!;
    expect(child.querySelectorAll('.ant-select-tree-indent-unit').length).toBe(1);
  });

  it('shows the label of a saved choice that the server’s first answer does not hold', async () => {
    const load = vi.fn(async () => products);
    const chosen = vi.fn(async (values: ReadonlyArray<string | number>) =>
      values.map((value) => ({ value, label: `Giảm mùa hè (${value})` })),
    );
    mount(
      <OptionSelect
        source={{ key: ['discounts'], load, remoteSearch: true, chosen }}
        value={42}
        aria-label="Discount"
      />,
    );
    await waitFor(() =>
      expect(document.querySelector('.ant-select-content')?.textContent).toBe('Giảm mùa hè (42)'),
    );
    expect(chosen).toHaveBeenCalledWith([42], expect.anything());
  });

  it('reads every page of a list without limit=0, so a tree offers all of it', async () => {
    // 230 categories of one type: three pages of 100.
    const rows = Array.from({ length: 230 }, (_, index) => ({
      id: index + 1,
      title: index === 199 ? 'Đặc sản vùng cao' : `Danh mục ${index + 1}`,
      parent_id: null,
    }));
    const list = vi.fn(async (params: ListParams) => {
      const page = Number(params.page);
      return {
        data: rows.slice((page - 1) * 100, page * 100),
        meta: {
          pagination: {
            count: 0,
            total: rows.length,
            per_page: 100,
            current_page: page,
            total_pages: 3,
          },
        },
      };
    });
    const source = optionsFromAllPages(
      { keys: { list: (params) => ['/categories', 'list', params] }, list },
      (row) => ({ value: row.id, label: row.title, parent: row.parent_id }),
      { type_id: 7 },
    );
    mount(<OptionTreeSelect source={source} aria-label="Category" />);
    const input = screen.getByRole('combobox', { name: 'Category' });
    await act(async () => fireEvent.mouseDown(input));
    await act(async () => fireEvent.change(input, { target: { value: 'dac san' } }));
    await waitFor(() => expect(optionTexts()).toContain('Đặc sản vùng cao'));
    expect(list.mock.calls.map(([params]) => params)).toEqual([
      { type_id: 7, limit: 100, page: 1 },
      { type_id: 7, limit: 100, page: 2 },
      { type_id: 7, limit: 100, page: 3 },
    ]);
  });
});
