import { renderHook } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n';
import { useRoleName } from './role-name';

describe('useRoleName', () => {
  beforeAll(async () => {
    await i18n.loadNamespaces(['users']);
  });

  it('names the administrators’ role in the reader’s language and keeps a shop’s own role name', async () => {
    const { result, rerender } = renderHook(() => useRoleName());
    expect(result.current({ name: 'super-admin' })).toBe('Super administrator');
    expect(result.current({ name: 'giao-hang' })).toBe('giao-hang');
    await i18n.changeLanguage('vi');
    rerender();
    expect(result.current({ name: 'super-admin' })).toBe('Quản trị cao nhất');
    await i18n.changeLanguage('en');
  });
});
