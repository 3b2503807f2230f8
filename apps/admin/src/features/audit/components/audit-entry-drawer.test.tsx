import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { App } from 'antd';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { AuditLog } from '../api/audit-logs-api';
import { AuditEntryDrawer } from './audit-entry-drawer';

vi.mock('../../../lib/profile', () => ({ usePermissions: () => ({ can: () => false }) }));

const tiers = (percent: number) => [
  { quantity: 3, discount: percent, type: 'percent' },
  { quantity: 10, discount: 50000, type: 'money' },
];

const entry = {
  id: 1,
  created_at: '2026-12-06T03:00:00.000Z',
  user: { id: 1, name: 'Chủ cửa hàng', email: 'owner@example.com' },
  action: 'update',
  entity: 'discount',
  entity_id: 4,
  ip: '127.0.0.1',
  before: { config: tiers(10) },
  after: { config: tiers(15) },
  details: { reason: 'holiday', items: [{ quantity: 2, type: 'money' }], post_ids: [1200, 1201] },
} as unknown as AuditLog;

describe('AuditEntryDrawer', () => {
  it("reads a discount's tiers and an entry's facts as named lines in words, not JSON", async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Suspense fallback="loading">
          <App>
            <AuditEntryDrawer entry={entry} onClose={() => undefined} />
          </App>
        </Suspense>
      </QueryClientProvider>,
    );
    const changes = await screen.findByTestId('audit-changes');
    const row = within(changes).getByText('Tiers').closest('tr')!;
    const [before, after] = [...row.querySelectorAll('td')]
      .slice(1)
      .map((cell) => [...cell.querySelectorAll('li')]);
    expect(before!.map((tier) => tier.textContent)).toEqual([
      'Quantity: 3Discount: 10Kind: Percent',
      'Quantity: 10Discount: 50,000Kind: Money',
    ]);
    expect(after![0]!.textContent).toBe('Quantity: 3Discount: 15Kind: Percent');
    expect(document.body.textContent).not.toContain('"quantity"');
    // the facts: each by its name (as stored where no screen names it), nested groups as lines;
    // a value is in words only where its path has them (`items.type` is not a tier's kind)
    expect(document.body.textContent).toContain('reason: holiday');
    expect(document.body.textContent).toContain('Items: Quantity: 2Kind: money');
    // numbers that name records stay as they are, amounts are grouped
    expect(document.body.textContent).toContain('post_ids: 12001201');
  });
});
