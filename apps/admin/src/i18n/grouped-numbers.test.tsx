import { renderHook, waitFor } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { useIssueText } from '../components/use-issue-text';
import { i18n } from '.';

const wrapper = ({ children }: { children: ReactNode }) => (
  <Suspense fallback={null}>{children}</Suspense>
);

describe('numbers in the texts', () => {
  it('are grouped as the chosen language writes them, in the app’s texts and the API’s', async () => {
    await i18n.changeLanguage('vi');
    expect(i18n.t('list.total', { count: 2000 })).toBe('Tổng số: 2.000');
    const { result } = renderHook(() => useIssueText(), { wrapper });
    await waitFor(() =>
      expect(result.current('validation.too_big', { maximum: 1_000_000 })).toBe(
        'Giá trị này phải nhỏ hơn hoặc bằng 1.000.000.',
      ),
    );
    await i18n.changeLanguage('en');
    expect(i18n.t('list.total', { count: 2000 })).toBe('Total: 2,000');
    expect(result.current('validation.too_big', { maximum: 1_000_000 })).toBe(
      'This value must be at most 1,000,000.',
    );
  });

  it('leave a missing parameter visible and text as it is', async () => {
    await i18n.changeLanguage('en');
    expect(i18n.t('list.total')).toBe('Total: {{count}}');
    expect(i18n.t('list.total', { count: '1234' })).toBe('Total: 1234');
  });
});
