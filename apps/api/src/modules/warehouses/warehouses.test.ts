import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusals } from '../../test/refusals';
import { countRows, createTestApp, type TestApp } from '../../test/test-app';
import { contactBody, describeContactResource } from '../contacts/contact-test-kit';

let t: TestApp;
let editor: string;
beforeAll(async () => {
  t = await createTestApp();
  editor = (await t.createUser(['manage-warehouses', 'edit-warehouses'])).token;
});
afterAll(() => t.close());

describeContactResource({ path: 'warehouses', setup: () => ({ t, editor }) });

// Each key alone refused elsewhere is proven for every route by core/route-proof.test.ts; the
// refusal's words in English are not.
refusals('warehouse refusals', () => t, [
  {
    name: 'a manage-warehouses holder cannot create one, and is told so in words',
    as: ['manage-warehouses'],
    method: 'POST',
    url: '/api/v1/warehouses',
    body: contactBody(),
    message: 'You do not have permission to do this.',
    unchanged: () => countRows(t, 'warehouses'),
  },
]);

describe('warehouse permissions', () => {
  it('manage-warehouses sees warehouses; edit-warehouses alone changes them', async () => {
    const id = (
      await t.request('POST', '/api/v1/warehouses', { token: editor, body: contactBody() })
    ).json().data.id;
    const viewer = (await t.createUser(['manage-warehouses'])).token;
    expect((await t.request('GET', '/api/v1/warehouses', { token: viewer })).statusCode).toBe(200);
    expect((await t.request('GET', `/api/v1/warehouses/${id}`, { token: viewer })).statusCode).toBe(
      200,
    );
    const editorOnly = (await t.createUser(['edit-warehouses'])).token;
    expect(
      (
        await t.request('PATCH', `/api/v1/warehouses/${id}`, {
          token: editorOnly,
          body: { name: 'Kho B' },
        })
      ).statusCode,
    ).toBe(200);
    expect((await t.request('GET', '/api/v1/warehouses')).statusCode).toBe(401);
    expect(
      (await t.request('GET', `/api/v1/warehouses/${id}`, { token: editor })).json().data.name,
    ).toBe('Kho B');
  });
});
