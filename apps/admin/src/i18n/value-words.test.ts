import { describe, expect, it } from 'vitest';
import { i18n } from './index';

/** The screens' words for stored values come from the one list the API's spreadsheets use too. */
describe('the words of stored values on the screens', () => {
  it.each([
    ['vi', 'commerce:orders.statuses.delivered', 'Đã giao'],
    ['en', 'payments:methods.bank_transfer', 'Bank transfer'],
    ['ja', 'users:gender.female', '女性'],
    ['vi', 'warehouse:slips.styles.import', 'Nhập'],
    ['en', 'posts:status.pending', 'Pending review'],
  ])('in %s, %s reads %s', async (language, key, words) => {
    const [namespace] = key.split(':');
    await i18n.loadLanguages(language);
    await i18n.loadNamespaces(namespace!);
    expect(i18n.getFixedT(language)(key)).toBe(words);
  });

  it('keeps the namespace’s own texts beside them', async () => {
    await i18n.loadNamespaces('commerce');
    const t = i18n.getFixedT('vi', 'commerce');
    expect(t('orders.statuses.new')).toBe('Mới');
    expect(t('orders.statuses', { returnObjects: true })).toHaveProperty('canceled', 'Đã hủy');
    expect(t('discounts.phases.applying')).toBe('Đang áp dụng');
    expect(Object.keys(t('orders', { returnObjects: true }) as object).length).toBeGreaterThan(1);
  });
});
