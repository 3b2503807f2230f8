import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let clerk: string;
let settingsEditor: string;
beforeAll(async () => {
  t = await createTestApp();
  // prints orders, and may not read the settings
  clerk = (await t.createUser(['orders.list'])).token;
  settingsEditor = (await t.createUser(['settings.list', 'settings.update'])).token;
});
afterAll(() => t.close());

const letterhead = (token = clerk) => t.request('GET', '/api/v1/orders/letterhead', { token });

describe('the letterhead of a printed order', () => {
  it("gives a clerk who cannot read the settings the shop's details from them", async () => {
    expect((await t.request('GET', '/api/v1/settings?limit=0', { token: clerk })).statusCode).toBe(
      403,
    );
    const saved = await t.request('PATCH', '/api/v1/settings', {
      token: settingsEditor,
      body: {
        settings: [
          { key: 'site_name', value: 'Cà phê Núi' },
          { key: 'site_hotline', value: '0901234567' },
          { key: 'company_name', value: 'Công ty TNHH Cà phê Núi' },
          { key: 'company_address', value: '12 Phan Đình Phùng, Đà Lạt' },
          { key: 'company_phone', value: '0263382123' },
          { key: 'company_email', value: 'ban-hang@caphenui.vn' },
          { key: 'company_tax_code', value: '5801234567' },
        ],
      },
    });
    expect(saved.statusCode).toBe(200);
    const response = await letterhead();
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      name: 'Công ty TNHH Cà phê Núi',
      logo: null,
      address: '12 Phan Đình Phùng, Đà Lạt',
      phone: '0263382123',
      hotline: '0901234567',
      email: 'ban-hang@caphenui.vn',
      tax_code: '5801234567',
      bank_bin: null,
      bank_account: null,
      bank_account_name: null,
    });
  });

  it("prints the site's name when no company name is set", async () => {
    await t.request('PATCH', '/api/v1/settings', {
      token: settingsEditor,
      body: { settings: [{ key: 'company_name', value: '' }] },
    });
    expect((await letterhead()).json().data.name).toBe('Cà phê Núi');
  });

  it('is refused without a sign-in or without the orders permission', async () => {
    expect((await t.request('GET', '/api/v1/orders/letterhead')).statusCode).toBe(401);
    const response = await letterhead(settingsEditor);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'forbidden', message: expect.any(String) });
  });
});
