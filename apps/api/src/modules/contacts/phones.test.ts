import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { contactBody } from './contact-test-kit';

/** Phone numbers as Vietnamese shops write them, through every resource that keeps one. */
let t: TestApp;
let productId = 0;

const post = (path: string, body: unknown, locale = 'vi') =>
  t.request('POST', `/api/v1/${path}`, { token: t.adminToken, body, locale });

beforeAll(async () => {
  t = await createTestApp();
  const type = await post('types', { style: 'product', title: 'Cà phê' });
  const product = await post('posts', {
    type_id: type.json().data.id,
    title: 'Cà phê sữa',
    product: { price: 30_000 },
  });
  productId = product.json().data.id;
});
afterAll(() => t.close());

describe('phone numbers', () => {
  it('a warehouse and a supplier take a hotline, an 11-digit landline and +84, kept as digits', async () => {
    const hotline = await post('warehouses', contactBody({ phone: '1900 6868' }));
    expect(hotline.statusCode).toBe(201);
    expect(hotline.json().data.phone).toBe('19006868');

    const landline = await post('suppliers', contactBody({ phone: '(028) 3822 1234' }));
    expect(landline.statusCode).toBe(201);
    expect(landline.json().data.phone).toBe('02838221234');

    const international = await post('suppliers', contactBody({ phone: '+84 912 345 678' }));
    expect(international.json().data.phone).toBe('0912345678');

    const wrong = await post('warehouses', contactBody({ phone: '1900 68' }));
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.phone[0]).toMatch(/^Số điện thoại không hợp lệ!.*1800\/1900/);
  });

  it("the shop's hotline setting takes 1900 numbers", async () => {
    const saved = await t.request('PATCH', '/api/v1/settings', {
      token: t.adminToken,
      body: { settings: [{ key: 'site_hotline', value: '1900.6868' }] },
    });
    expect(saved.statusCode).toBe(200);
    const all = await t.request('GET', '/api/v1/settings/all?limit=0', { token: t.adminToken });
    const hotline = all
      .json()
      .data.find((setting: { key: string }) => setting.key === 'site_hotline');
    expect(hotline.value).toBe('19006868');
  });

  it("an order's customer is reached on a mobile typed with spaces or +84, not on a hotline", async () => {
    const order = (phone: string) =>
      post(
        'orders',
        {
          name: 'Nguyễn Thị Lan',
          phone,
          address: '1 Lê Lợi',
          products: [{ post_id: productId, quantity: 1 }],
        },
        'en',
      );
    const typed = await order('+84 912 345 678');
    expect(typed.statusCode).toBe(201);
    expect(typed.json().data.phone).toBe('0912345678');
    // The order is found by its number typed another way.
    const found = await t.request('GET', '/api/v1/orders?search=phone:0912%20345%20678', {
      token: t.adminToken,
    });
    expect(found.json().data.map((o: { id: number }) => o.id)).toEqual([typed.json().data.id]);

    const hotline = await order('1900 6868');
    expect(hotline.statusCode).toBe(422);
    expect(hotline.json().errors).toEqual({ phone: ['Invalid phone number!'] });
  });

  it("a member's phone is a mobile typed with dots", async () => {
    const member = await t.createUser([]);
    const saved = await t.request('PATCH', '/api/v1/profile', {
      token: member.token,
      body: { phone: '0912.345.678' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.phone).toBe('0912345678');
    const landline = await t.request('PATCH', '/api/v1/profile', {
      token: member.token,
      locale: 'en',
      body: { phone: '024 3822 1234' },
    });
    expect(landline.statusCode).toBe(422);
    expect(landline.json().errors).toEqual({ phone: ['Invalid phone number!'] });
  });
});
