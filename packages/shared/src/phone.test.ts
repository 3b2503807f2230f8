import { describe, expect, it } from 'vitest';
import { orderCreateSchema } from './order.schema';
import {
  businessPhone,
  isBusinessPhone,
  isMobilePhone,
  mobilePhone,
  normalizePhone,
} from './phone';
import { namedSettingValue } from './setting.schema';
import { warehouseCreateSchema } from './warehouse.schema';
import { userUpdateSchema } from './user.schema';

const issues = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.success ? [] : result.error!.issues.map((issue) => issue.message);

describe('normalizePhone', () => {
  it.each([
    ['0912345678', '0912345678'],
    ['0912 345 678', '0912345678'],
    ['0912.345.678', '0912345678'],
    ['0912-345-678', '0912345678'],
    ['+84 912 345 678', '0912345678'],
    ['+84912345678', '0912345678'],
    ['0084 912 345 678', '0912345678'],
    ['+84 (0) 912 345 678', '0912345678'],
    ['(028) 3822 1234', '02838221234'],
    ['1900 6868', '19006868'],
    ['1800.1234', '18001234'],
    ['  0912 345 678  ', '0912345678'],
  ])('reads %j as %j', (typed, digits) => {
    expect(normalizePhone(typed)).toBe(digits);
  });
});

describe('which numbers are phones', () => {
  it('a mobile has 10 digits from 0', () => {
    expect(isMobilePhone('0912345678')).toBe(true);
    expect(isMobilePhone('091234567')).toBe(false);
    expect(isMobilePhone('02838221234')).toBe(false);
    expect(isMobilePhone('19006868')).toBe(false);
  });

  it('a business also answers on an 11-digit landline and 1800/1900 numbers of 8 or 10 digits', () => {
    for (const ok of [
      '0912345678',
      '02838221234',
      '02438221234',
      '19006868',
      '18001234',
      '1900545454',
    ])
      expect(isBusinessPhone(ok), ok).toBe(true);
    for (const bad of ['03838221234', '190068', '1900686868x', '19006868686', '17006868', '123'])
      expect(isBusinessPhone(bad), bad).toBe(false);
  });
});

describe('phone fields', () => {
  it("an order's phone is a mobile, stored as its digits whatever the spacing", () => {
    const order = (phone: unknown) =>
      orderCreateSchema.safeParse({
        name: 'Lan',
        phone,
        address: '1 Lê Lợi',
        products: [{ post_id: 1, quantity: 1 }],
      });
    const typed = order('+84 912 345 678');
    expect(typed.success && typed.data.phone).toBe('0912345678');
    expect(issues(order('1900 6868'))).toEqual(['order.phone_invalid']);
    expect(issues(order('02838221234'))).toEqual(['order.phone_invalid']);
    expect(issues(order(''))).toEqual(['order.phone_required']);
    expect(issues(order('   '))).toEqual(['order.phone_required']);
    expect(issues(order(undefined))).toEqual(['order.phone_required']);
  });

  it("a member's phone is a mobile or none", () => {
    expect(userUpdateSchema.parse({ phone: '0912.345.678' }).phone).toBe('0912345678');
    expect(userUpdateSchema.parse({ phone: '' }).phone).toBeNull();
    expect(userUpdateSchema.parse({ phone: null }).phone).toBeNull();
    expect(issues(userUpdateSchema.safeParse({ phone: '1900 6868' }))).toEqual(['phone.invalid']);
    expect(mobilePhone().parse(undefined)).toBeUndefined();
  });

  it("a warehouse's, a supplier's and the hotline's phone take landlines and hotlines", () => {
    const contact = warehouseCreateSchema.pick({ phone: true });
    expect(contact.parse({ phone: '1900 6868' }).phone).toBe('19006868');
    expect(contact.parse({ phone: '(028) 3822 1234' }).phone).toBe('02838221234');
    expect(contact.parse({ phone: '+84 912 345 678' }).phone).toBe('0912345678');
    expect(contact.parse({ phone: '' }).phone).toBeNull();
    expect(issues(contact.safeParse({ phone: '1900 68' }))).toEqual(['phone.business_invalid']);
    expect(namedSettingValue('site_hotline').parse('1900 6868')).toBe('19006868');
    expect(businessPhone().safeParse('0'.repeat(40)).success).toBe(false);
  });
});
