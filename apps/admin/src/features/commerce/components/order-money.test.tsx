import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App, Form, Input } from 'antd';
import { NumberInput } from '../../../components/form-fields/number-input';
import { type ReactNode, Suspense } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '../api/orders-api';
import { OrderDetails } from './order-details';
import { OrderFormTotals } from './order-form-totals';
import { TierTags } from './tier-tags';
import { PreferencesProvider } from '../../../lib/preferences';

vi.mock('../../../lib/profile', () => ({ usePermissions: () => ({ can: () => true }) }));

beforeAll(async () => {
  const { i18n } = await import('../../../i18n');
  await i18n.loadNamespaces(['commerce', 'address']);
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The server: the site's money unit, and quotes priced by a rule of its own (recorded). */
const server = {
  moneyUnit: 'VNĐ' as string,
  quotes: [] as Array<Record<string, unknown>>,
  refuse: null as Record<string, string[]> | null,
};
beforeEach(() => {
  server.moneyUnit = 'VNĐ';
  server.quotes = [];
  server.refuse = null;
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const path = new URL(url, 'http://admin.test').pathname;
    if (path === '/api/v1/site') return json({ data: { money_unit: server.moneyUnit } });
    if (path === '/api/v1/orders/quote') {
      const body = JSON.parse(String(init?.body)) as {
        email?: string | null;
        fee?: number;
        products: Array<{ post_id: number; quantity: number }>;
      };
      server.quotes.push(body);
      if (server.refuse) return json({ message: 'Invalid', errors: server.refuse }, 422);
      // The agency's 100 000 per unit, 5 000 off each from 3 units.
      const products = body.products.map((line) => {
        const discount = line.quantity >= 3 ? 5_000 : 0;
        return { ...line, price: 100_000, discount, total: (100_000 - discount) * line.quantity };
      });
      const subtotal = products.reduce((sum, line) => sum + line.total, 0);
      const fee = body.fee ?? 0;
      return json({
        data: {
          products,
          subtotal,
          fee,
          total: subtotal + fee,
          agency: body.email === 'dai.ly@example.com' ? { id: 4, name: 'Đại lý cấp 1' } : null,
        },
      });
    }
    return json({ message: 'Not found' }, 404);
  });
});
afterEach(() => vi.unstubAllGlobals());

const mount = (node: ReactNode) =>
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <PreferencesProvider>
        <App>
          <Suspense fallback="loading">{node}</Suspense>
        </App>
      </PreferencesProvider>
    </QueryClientProvider>,
  );

type Values = {
  email?: string | null;
  fee?: number;
  products: Array<{ post_id?: number; quantity?: number }>;
};

/** The order form's money fields around the live totals. */
const TotalsForm = ({ values, orderId }: { values: Values; orderId?: number }) => (
  <Form name="order" initialValues={values}>
    <Form.Item name="email" label="Email">
      <Input />
    </Form.Item>
    <Form.Item name="fee" label="Fee">
      <NumberInput />
    </Form.Item>
    <Form.List name="products">
      {(items) =>
        items.map((item) => (
          <div key={item.key}>
            <Form.Item name={[item.name, 'post_id']} label={`Product ${item.name}`}>
              <NumberInput />
            </Form.Item>
            <Form.Item name={[item.name, 'quantity']} label={`Quantity ${item.name}`}>
              <NumberInput />
            </Form.Item>
          </div>
        ))
      }
    </Form.List>
    <OrderFormTotals orderId={orderId} />
  </Form>
);

const totals = () => screen.getByTestId('order-totals').textContent ?? '';

describe('the live totals of an order form', { timeout: 30_000 }, () => {
  it("show the server's price of the lines, with the customer's agency, the discount, the fee and the money unit of the settings", async () => {
    mount(
      <TotalsForm
        values={{
          email: 'Dai.Ly@Example.com',
          fee: 30_000,
          products: [{ post_id: 1, quantity: 3 }],
        }}
      />,
    );
    await waitFor(() => expect(totals()).toContain('315.000 VNĐ'));
    expect(screen.getByTestId('order-live-total').textContent).toBe('315.000 VNĐ');
    // Top-down arithmetic: 300 000 at unit prices − 15 000 = 285 000; + 30 000 fee.
    const rows = [...screen.getByTestId('order-totals').querySelectorAll('tr')].map(
      (row) => row.textContent,
    );
    expect(rows).toEqual([
      'Before discounts300.000 VNĐ',
      'Discounts−15.000 VNĐ',
      'Subtotal285.000 VNĐ',
      'Fee30.000 VNĐ',
      'Total315.000 VNĐ',
    ]);
    expect(totals()).toContain('Agency prices: Đại lý cấp 1');
    // Checked by the shared schema before it goes: the email as the server will read it.
    expect(server.quotes).toEqual([
      { email: 'dai.ly@example.com', fee: 30_000, products: [{ post_id: 1, quantity: 3 }] },
    ]);

    const quantity = screen.getByLabelText('Quantity 0');
    await act(async () => fireEvent.change(quantity, { target: { value: '5' } }));
    await waitFor(() =>
      expect(screen.getByTestId('order-live-total').textContent).toBe('505.000 VNĐ'),
    );
    expect(server.quotes.at(-1)).toMatchObject({ products: [{ post_id: 1, quantity: 5 }] });

    const email = screen.getByLabelText('Email');
    await act(async () => fireEvent.change(email, { target: { value: 'khach@example.com' } }));
    await waitFor(() => expect(totals()).toContain('Retail prices'));
  });

  it('print the plain number when the money unit is empty, and send the edited order', async () => {
    server.moneyUnit = '';
    mount(<TotalsForm orderId={12} values={{ products: [{ post_id: 2, quantity: 1 }] }} />);
    await waitFor(() => expect(screen.getByTestId('order-live-total').textContent).toBe('100.000'));
    expect(server.quotes).toEqual([
      { order_id: 12, email: null, products: [{ post_id: 2, quantity: 1 }] },
    ]);
  });

  it('say what is missing instead of showing a number that would be wrong', async () => {
    mount(<TotalsForm values={{ email: 'dai.ly@', products: [{ post_id: 1, quantity: 2 }] }} />);
    await screen.findByText(
      "The totals show once the email is valid: it decides the customer's agency prices.",
    );
    const email = screen.getByLabelText('Email');
    await act(async () => fireEvent.change(email, { target: { value: '' } }));
    await waitFor(() =>
      expect(screen.getByTestId('order-live-total').textContent).toBe('200.000 VNĐ'),
    );
    await act(async () =>
      fireEvent.change(screen.getByLabelText('Product 0'), { target: { value: '' } }),
    );
    await screen.findByText(
      'The totals show once every product line has a product and a quantity.',
    );
    expect(screen.queryByTestId('order-live-total')).toBeNull();
    expect(server.quotes).toHaveLength(1);
  });

  it('say why the server refused to price the order', async () => {
    server.refuse = { 'products.0.post_id': ['This product does not exist.'] };
    mount(<TotalsForm values={{ products: [{ post_id: 404, quantity: 1 }] }} />);
    await screen.findByText('The totals could not be computed: This product does not exist.');
  });
});

const order: Order = {
  id: 7,
  code: 'DH2611230001',
  name: 'Nguyễn Văn An',
  phone: '0912345678',
  email: null,
  address: '12 Lê Lợi',
  province_code: '79',
  ward_code: '26740',
  province_name: 'Thành phố Hồ Chí Minh',
  ward_name: 'Phường Sài Gòn',
  note: null,
  fee: 30_000,
  subtotal: 436_000,
  total: 466_000,
  status: 'new',
  payment_method: 'cod',
  payment_status: 'unpaid',
  paid_at: null,
  products: [
    {
      post_id: 1,
      code: 'SP000001',
      image: null,
      title: 'Cà phê rang xay',
      price: 120_000,
      discount: 5_000,
      quantity: 3,
      total: 345_000,
    },
  ],
  export_slip: null,
  created_at: '2026-11-23T01:00:00.000Z',
  updated_at: '2026-11-23T01:00:00.000Z',
};

const inRouter = (node: ReactNode) =>
  mount(<RouterProvider router={createMemoryRouter([{ path: '*', element: node }])} />);

describe('money and places of a saved order', { timeout: 30_000 }, () => {
  it('the details print amounts with the money unit of the settings and the address with its ward and province', async () => {
    inRouter(<OrderDetails order={order} onClose={() => undefined} onChanged={() => undefined} />);
    await screen.findByText('466.000 VNĐ');
    // Four digits are grouped as longer amounts are (it-IT alone would print 5000).
    expect(screen.getByText('−5.000 VNĐ')).toBeTruthy();
    expect(screen.getByText('12 Lê Lợi, Phường Sài Gòn, Thành phố Hồ Chí Minh')).toBeTruthy();
    expect(document.body.textContent).not.toContain('₫');
  });

  it('discount tiers print money off with the unit of the settings, or none', async () => {
    server.moneyUnit = '';
    mount(
      <TierTags
        tiers={[
          { quantity: 10, discount: 20_000, type: 'money' },
          { quantity: 3, discount: 7.5, type: 'percent' },
        ]}
      />,
    );
    await screen.findByText('from 10: −20.000');
    expect(screen.getByText('from 3: −7,5%')).toBeTruthy();
  });
});
