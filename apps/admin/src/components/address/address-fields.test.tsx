import { warehouseCreateSchema } from '@backoffice/shared/warehouse.schema';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ResourceForm } from '../resource-form';
import { useAddressFields } from './use-address-fields';

// The API's answers for two provinces (a slice of the real data).
const provinces = [
  { code: '01', name: 'Thành phố Hà Nội' },
  { code: '79', name: 'Thành phố Hồ Chí Minh' },
];
const wards: Record<string, Array<{ code: string; name: string; province_code: string }>> = {
  '01': [
    { code: '00004', name: 'Phường Ba Đình', province_code: '01' },
    { code: '00070', name: 'Phường Hoàn Kiếm', province_code: '01' },
  ],
  '79': [
    { code: '26743', name: 'Phường Bến Thành', province_code: '79' },
    { code: '26929', name: 'Phường Bình Thạnh', province_code: '79' },
    { code: '26737', name: 'Phường Tân Định', province_code: '79' },
  ],
};

const listOf = <T,>(data: T[]) =>
  new Response(
    JSON.stringify({
      data,
      meta: {
        pagination: {
          count: data.length,
          total: data.length,
          per_page: data.length,
          current_page: 1,
          total_pages: 1,
        },
      },
    }),
    {
      headers: { 'content-type': 'application/json' },
    },
  );

const requested: string[] = [];
beforeEach(() => {
  requested.length = 0;
  vi.stubGlobal('fetch', async (input: string) => {
    const url = new URL(input, 'http://admin.test');
    requested.push(`${url.pathname}${url.search}`);
    if (url.pathname === '/api/v1/locations/provinces') return listOf(provinces);
    if (url.pathname === '/api/v1/locations/wards')
      return listOf(wards[url.searchParams.get('province_code') ?? ''] ?? []);
    return new Response(JSON.stringify({ message: 'not found' }), { status: 404 });
  });
});
afterEach(() => vi.unstubAllGlobals());

const Form = ({ onSubmit }: { onSubmit: (values: unknown) => Promise<void> }) => {
  const fields = useAddressFields();
  return (
    <ResourceForm
      id="place"
      schema={warehouseCreateSchema.pick({
        province_code: true,
        ward_code: true,
        district: true,
        address: true,
      })}
      fields={fields}
      onSubmit={onSubmit}
    />
  );
};

const mount = (onSubmit = vi.fn(async () => undefined)) => {
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <App>
        <Suspense fallback="loading">
          <Form onSubmit={onSubmit} />
        </Suspense>
      </App>
    </QueryClientProvider>,
  );
  return onSubmit;
};

/** The options of one select's own dropdown (found through its listbox, `<id>_list`). */
const shownOptions = (fieldId: string) => {
  const dropdown = document.getElementById(`${fieldId}_list`)?.closest('.ant-select-dropdown');
  return [...(dropdown?.querySelectorAll('.ant-select-item-option') ?? [])].map(
    (option) => option.textContent,
  );
};

const choose = async (fieldId: string, typed: string, expected: string[]) => {
  const input = document.getElementById(fieldId)!;
  await act(async () => fireEvent.mouseDown(input));
  await act(async () => fireEvent.change(input, { target: { value: typed } }));
  await waitFor(() => expect(shownOptions(fieldId)).toEqual(expected));
  const dropdown = document.getElementById(`${fieldId}_list`)!.closest('.ant-select-dropdown')!;
  await act(async () => fireEvent.click(dropdown.querySelector(`[title="${expected[0]}"]`)!));
};

describe('the address fields', { timeout: 30_000 }, () => {
  it('pick a province and then one of its wards, searched folded; a new province empties the ward and district', async () => {
    const onSubmit = mount();
    await screen.findByText('Province / city');
    expect(screen.getByText('Choose a province first')).toBeTruthy();
    // No ward is asked for before a province is chosen.
    expect(requested.some((url) => url.startsWith('/api/v1/locations/wards'))).toBe(false);

    await choose('place_province_code', 'ho chi', ['Thành phố Hồ Chí Minh']);
    await choose('place_ward_code', 'ben thanh', ['Phường Bến Thành']);
    expect(document.getElementById('place_ward_code')!.closest('.ant-select')!.textContent).toBe(
      'Phường Bến Thành',
    );
    expect(requested).toContain('/api/v1/locations/wards?province_code=79');
    await act(async () =>
      fireEvent.change(document.getElementById('place_district')!, { target: { value: 'Quận 1' } }),
    );
    await act(async () =>
      fireEvent.change(document.getElementById('place_address')!, {
        target: { value: '12 Lê Lợi' },
      }),
    );

    await choose('place_province_code', 'ha noi', ['Thành phố Hà Nội']);
    const wardShown = () =>
      document.getElementById('place_ward_code')!.closest('.ant-select')!.textContent;
    await waitFor(() => expect(wardShown()).toBe('Choose a ward or commune'));
    expect((document.getElementById('place_district') as HTMLInputElement).value).toBe('');
    await choose('place_ward_code', 'hoan', ['Phường Hoàn Kiếm']);

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({
        province_code: '01',
        ward_code: '00070',
        district: null,
        address: '12 Lê Lợi',
      }),
    );
  });
});
