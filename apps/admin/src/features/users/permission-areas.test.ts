import { PERMISSIONS } from '@backoffice/shared/permissions';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { groupPermissions, permissionLabel } from './permission-areas';

describe('permissions as a shop owner reads them', () => {
  it('puts every key of the app in a named area, none under Other', () => {
    const areas = groupPermissions(PERMISSIONS);
    expect(areas.map((area) => area.key)).toEqual([
      'content',
      'customers',
      'sales',
      'warehouse',
      'website',
      'settings',
      'people',
    ]);
    expect(areas.flatMap((area) => area.keys).sort()).toEqual([...PERMISSIONS].sort());
    // inside an area, the table's order: orders first, each in list, create, update, delete
    expect(areas.find((area) => area.key === 'sales')!.keys.slice(0, 5)).toEqual([
      'orders.list',
      'orders.create',
      'orders.update',
      'orders.delete',
      'discounts.list',
    ]);
    // A key a newer release adds before its words are here still shows, by its key.
    expect(groupPermissions(['posts.list', 'gifts.list']).at(-1)).toEqual({
      key: 'other',
      keys: ['gifts.list'],
    });
  });

  it('names every key in Vietnamese, English and Japanese, never by the key itself', async () => {
    await i18n.loadLanguages(['vi', 'en', 'ja']);
    await i18n.loadNamespaces('users');
    for (const language of ['vi', 'en', 'ja']) {
      const t = i18n.getFixedT(language, 'users');
      for (const key of PERMISSIONS) expect(permissionLabel(t, key), key).not.toBe(key);
    }
    const vi = i18n.getFixedT('vi', 'users');
    expect(permissionLabel(vi, 'orders.list')).toBe('Xem đơn hàng');
    expect(permissionLabel(vi, 'posts.approve')).toBe('Duyệt và đăng bài');
    expect(permissionLabel(vi, 'manage-warehouses')).toBe('Xem kho, tồn kho và phiếu nhập xuất');
    expect(permissionLabel(i18n.getFixedT('ja', 'users'), 'orders.delete')).toBe('注文の削除');
    expect(permissionLabel(vi, 'gifts.list')).toBe('gifts.list');
  });
});
