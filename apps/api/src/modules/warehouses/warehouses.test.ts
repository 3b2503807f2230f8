import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { contactBody, describeContactResource } from '../contacts/contact-test-kit';

let t: TestApp;
let editor: string;
beforeAll(async () => {
  t = await createTestApp();
  editor = (await t.createUser(['manage-warehouses', 'edit-warehouses'])).token;
});
afterAll(() => t.close());

describeContactResource({ path: 'warehouses', setup: () => ({ t, editor }) });

describe('warehouse permissions', () => {
  it('manage-warehouses sees warehouses; only edit-warehouses creates, changes and deletes them', async () => {
    const id = (
      await t.request('POST', '/api/v1/warehouses', { token: editor, body: contactBody() })
    ).json().data.id;
    const viewer = (await t.createUser(['manage-warehouses'])).token;
    expect((await t.request('GET', '/api/v1/warehouses', { token: viewer })).statusCode).toBe(200);
    expect((await t.request('GET', `/api/v1/warehouses/${id}`, { token: viewer })).statusCode).toBe(
      200,
    );
    const refused = await t.request('POST', '/api/v1/warehouses', {
      token: viewer,
      body: contactBody(),
      locale: 'en',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'forbidden',
      message: 'You do not have permission to do this.',
    });
    expect(
      (
        await t.request('PATCH', `/api/v1/warehouses/${id}`, {
          token: viewer,
          body: { name: 'Kho B' },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await t.request('DELETE', `/api/v1/warehouses/${id}`, { token: viewer })).statusCode,
    ).toBe(403);

    // edit-warehouses alone changes but does not list (seeing needs manage-warehouses).
    const editorOnly = (await t.createUser(['edit-warehouses'])).token;
    expect((await t.request('GET', '/api/v1/warehouses', { token: editorOnly })).statusCode).toBe(
      403,
    );
    expect(
      (
        await t.request('PATCH', `/api/v1/warehouses/${id}`, {
          token: editorOnly,
          body: { name: 'Kho B' },
        })
      ).statusCode,
    ).toBe(200);

    // Supplier keys give nothing here.
    const supplierStaff = (await t.createUser(['suppliers.list', 'suppliers.create'])).token;
    expect(
      (await t.request('GET', '/api/v1/warehouses', { token: supplierStaff })).statusCode,
    ).toBe(403);
    expect(
      (await t.request('POST', '/api/v1/warehouses', { token: supplierStaff, body: contactBody() }))
        .statusCode,
    ).toBe(403);
    expect((await t.request('GET', '/api/v1/warehouses')).statusCode).toBe(401);
    expect(
      (await t.request('GET', `/api/v1/warehouses/${id}`, { token: editor })).json().data.name,
    ).toBe('Kho B');
  });
});
