import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n';
import { PreferencesProvider } from '../../../lib/preferences';
import { RevenueChart, StatusChart } from './dashboard-charts';

// The chart itself draws on a canvas happy-dom does not have: what it was given is enough here.
// The site's settings (its money unit) as the server would answer them.
vi.mock('../../../lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  apiRequest: async () => ({ data: { money_unit: 'đ' } }),
}));

const Screen = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={new QueryClient()}>
    <PreferencesProvider>{children}</PreferencesProvider>
  </QueryClientProvider>
);

vi.mock('./echart', () => ({
  default: ({ label }: { label: string }) => <figure aria-label={label} />,
}));

beforeAll(async () => {
  await i18n.loadNamespaces(['dashboard', 'commerce']);
  await i18n.changeLanguage('vi');
});

const day = (date: string, revenue: number, orders: number) => ({ date, revenue, orders });

describe('the dashboard charts of a shop without orders in the range', () => {
  it('say so instead of drawing an empty axis or a ring of equal slices', () => {
    render(
      <Screen>
        <RevenueChart days={[day('2026-12-01', 0, 0), day('2026-12-02', 0, 0)]} />
        <StatusChart byStatus={{ new: 0, delivered: 0 }} />
      </Screen>,
    );
    expect(screen.getAllByText('Chưa có đơn hàng nào trong khoảng thời gian này')).toHaveLength(2);
    expect(screen.queryByTestId('revenue-chart')).toBeNull();
    expect(screen.queryByTestId('status-chart')).toBeNull();
  });

  it('draw the charts once one order is in the range, even a canceled one', async () => {
    render(
      <Screen>
        <RevenueChart days={[day('2026-12-01', 0, 1), day('2026-12-02', 0, 0)]} />
        <StatusChart byStatus={{ canceled: 1 }} />
      </Screen>,
    );
    expect(await screen.findByTestId('revenue-chart')).toBeTruthy();
    expect(await screen.findByTestId('status-chart')).toBeTruthy();
    expect(screen.queryByText('Chưa có đơn hàng nào trong khoảng thời gian này')).toBeNull();
  });
});
