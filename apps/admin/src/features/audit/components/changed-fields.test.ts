import { describe, expect, it } from 'vitest';
import { changedFields, changeRows } from './changed-fields';

const label = (field: string) => `«${field}»`;

describe('changedFields', () => {
  it('names the fields a change touched, and none for a password changed (its details are not fields)', () => {
    expect(
      changedFields(
        {
          entity: 'post',
          action: 'update',
          before: { title: 'a' },
          after: { title: 'b', slug: 'b' },
        },
        label,
      ),
    ).toBe('«title», «slug»');
    const passwordChanged = {
      entity: 'user',
      action: 'password' as const,
      before: null,
      after: null,
    };
    expect(changedFields(passwordChanged, label)).toBe('—');
  });

  it('leaves out the bookkeeping, and a new record’s own number', () => {
    expect(
      changedFields(
        {
          entity: 'redirect',
          action: 'create',
          before: null,
          after: { id: 4, source: '/cu', destination: '/moi', code: 301, created_at: 'x' },
        },
        label,
      ),
    ).toBe('«source», «destination», «code»');
    expect(
      changedFields(
        { entity: 'post', action: 'update', before: { version: 1 }, after: { version: 2 } },
        label,
      ),
    ).toBe('—');
  });
});

describe('changeRows', () => {
  it('opens a changed group to what moved in it: the price, not the code beside it', () => {
    expect(
      changeRows({
        entity: 'post',
        action: 'update',
        before: { version: 1, product: { code: 'CF-1', price: 185000, agency_prices: [] } },
        after: { version: 2, product: { code: 'CF-1', price: 195000, agency_prices: [] } },
      }),
    ).toEqual([{ field: 'product.price', before: 185000, after: 195000 }]);
  });

  it('lets a place’s name stand for its code, and keeps a code that has no name beside it', () => {
    expect(
      changeRows({
        entity: 'order',
        action: 'update',
        before: { ward_code: '00292', ward_name: 'Phường Bạch Mai', province_code: '01' },
        after: { ward_code: '26743', ward_name: 'Phường Bến Thành', province_code: '79' },
      }),
    ).toEqual([
      { field: 'ward_name', before: 'Phường Bạch Mai', after: 'Phường Bến Thành' },
      { field: 'province_code', before: '01', after: '79' },
    ]);
  });

  it('keeps a new record’s group whole', () => {
    const author = { id: 1, name: 'An' };
    expect(
      changeRows({ entity: 'comment', action: 'create', before: null, after: { author } }),
    ).toEqual([{ field: 'author', before: null, after: author }]);
  });

  it('reads a setting as itself: its key names the row, its value changed', () => {
    expect(
      changeRows({
        entity: 'setting',
        action: 'update',
        before: { key: 'site_name', value: 'Cũ' },
        after: { key: 'site_name', value: 'Cà phê Ban Mê' },
      }),
    ).toEqual([{ field: 'site_name', before: 'Cũ', after: 'Cà phê Ban Mê' }]);
  });
});
