import { render, screen, within } from '@testing-library/react';
import { App } from 'antd';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { RecordDetails } from './record-details';

type Feedback = {
  id: number;
  name: string;
  content: string;
  done: boolean;
  tags: string[];
  data: { page: string } | null;
  phone: string | null;
  called_on: string;
};

const feedback: Feedback = {
  id: 9,
  name: 'Nguyễn Văn A',
  content: 'Giao hàng nhanh',
  done: true,
  tags: ['ship', 'fast'],
  data: { page: '/san-pham' },
  phone: null,
  called_on: '2026-12-07',
};

const show = (items?: Parameters<typeof RecordDetails<Feedback>>[0]['items']) =>
  render(
    <Suspense fallback="loading">
      <App>
        <RecordDetails<Feedback>
          record={feedback}
          title="Feedback"
          items={items}
          onClose={() => undefined}
          testId="details"
        />
      </App>
    </Suspense>,
  );

describe('RecordDetails', () => {
  it('shows every field of the record when none are declared, each as a person reads it', async () => {
    show();
    const details = await screen.findByTestId('details');
    const rows = [...details.querySelectorAll('tr')].map((row) => row.textContent);
    expect(rows).toEqual([
      'id9',
      'nameNguyễn Văn A',
      'contentGiao hàng nhanh',
      'doneYes',
      'tagsshipfast',
      // a group of fields as named lines, not JSON
      'datapage: /san-pham',
      'phone—',
      // a calendar day as a date, that day whatever the browser's zone
      'called_on7 Dec 2026',
    ]);
  });

  it('shows the declared items in their order with their labels and renderers', async () => {
    show([
      { key: 'content', label: 'Message' },
      { key: 'name', label: 'From', render: (record) => <b>{record.name.toUpperCase()}</b> },
    ]);
    const details = await screen.findByTestId('details');
    expect([...details.querySelectorAll('tr')].map((row) => row.textContent)).toEqual([
      'MessageGiao hàng nhanh',
      'FromNGUYỄN VĂN A',
    ]);
    expect(within(details).queryByText('9')).toBeNull();
  });

  it('reads a render that drew nothing as "—", as an empty stored value reads', async () => {
    show([
      { key: 'phone', label: 'Phone', render: (record) => record.phone ?? '' },
      { key: 'tags', label: 'Roles', render: () => [] },
      { key: 'name', label: 'Name', render: (record) => record.name },
    ]);
    const details = await screen.findByTestId('details');
    expect([...details.querySelectorAll('tr')].map((row) => row.textContent)).toEqual([
      'Phone—',
      'Roles—',
      'NameNguyễn Văn A',
    ]);
  });
});
