import type { Agency } from '@backoffice/shared/agency.schema';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n';
import { AgencyUsersDrawer } from './agency-users-drawer';

vi.mock('../../../lib/profile', () => ({ usePermissions: () => ({ can: () => false }) }));

/** An agency with 101 users, answered a page at a time as the API does. */
const users = Array.from({ length: 101 }, (_, index) => ({
  id: index + 1,
  name: `User ${String(index + 1).padStart(3, '0')}`,
  email: `user${index + 1}@example.com`,
  status: 'active',
}));
const asked: Array<Record<string, unknown>> = [];

vi.mock('../../../lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  apiRequest: async (_path: string, options: { query: { page?: number; limit: number } }) => {
    const { page = 1, limit } = options.query;
    asked.push(options.query);
    const data = users.slice((page - 1) * limit, page * limit);
    return {
      data,
      meta: {
        pagination: {
          count: data.length,
          total: users.length,
          per_page: limit,
          current_page: page,
          total_pages: Math.ceil(users.length / limit),
        },
      },
    };
  },
}));

beforeAll(() => i18n.loadNamespaces(['agencies']));

describe('AgencyUsersDrawer', () => {
  it('pages through every user of an agency, the 101st included', async () => {
    const agency = { id: 7, name: 'North' } as Agency;
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <App>
            <AgencyUsersDrawer agency={agency} onClose={() => undefined} />
          </App>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const table = await screen.findByTestId('agency-users');
    await within(table).findByText('User 001');
    expect(within(table).queryByText('User 101')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Page 6' }));
    await within(table).findByText('User 101');
    expect(within(table).getByText('user101@example.com')).toBeTruthy();
    expect(within(table).queryByText('User 001')).toBeNull();
    await waitFor(() => expect(asked.at(-1)).toMatchObject({ page: 6, limit: 20 }));
  });
});
