import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { contactBody, describeContactResource } from '../contacts/contact-test-kit';

let t: TestApp;
let editor: string;
beforeAll(async () => {
  t = await createTestApp();
  editor = (
    await t.createUser([
      'suppliers.list',
      'suppliers.create',
      'suppliers.update',
      'suppliers.delete',
    ])
  ).token;
});
afterAll(() => t.close());

describeContactResource({ path: 'suppliers', setup: () => ({ t, editor }) });

describe('supplier permissions', () => {
  // Each key alone refused elsewhere is proven for every route by core/route-proof.test.ts.
  it('each action goes through with its own suppliers key', async () => {
    const id = (
      await t.request('POST', '/api/v1/suppliers', { token: editor, body: contactBody() })
    ).json().data.id;
    const reader = (await t.createUser(['suppliers.list'])).token;
    expect((await t.request('GET', '/api/v1/suppliers', { token: reader })).statusCode).toBe(200);
    expect((await t.request('GET', `/api/v1/suppliers/${id}`, { token: reader })).statusCode).toBe(
      200,
    );
    const updater = (await t.createUser(['suppliers.update'])).token;
    expect(
      (
        await t.request('PATCH', `/api/v1/suppliers/${id}`, {
          token: updater,
          body: { name: 'NCC B' },
        })
      ).statusCode,
    ).toBe(200);
    const deleter = (await t.createUser(['suppliers.delete'])).token;
    expect(
      (await t.request('DELETE', `/api/v1/suppliers/${id}`, { token: deleter })).statusCode,
    ).toBe(204);
  });
});
