import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS } from '@backoffice/shared/permissions';
import { prepareDatabase } from './bootstrap';
import { createTestApp, type TestApp } from './test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const createRole = (name: string, permissions: string[]) =>
  t.request('POST', '/api/v1/roles', {
    token: t.adminToken,
    locale: 'en',
    body: { name, description: 'upgrade', permissions },
  });

describe('permission keys as data', () => {
  it('gives a database made before a key existed that key at the next start', async () => {
    // A database from an older release: the keys added since are not in its table.
    const added = ['settings.scripts', 'ratings.create'];
    await t.db.deleteFrom('permissions').where('key', 'in', added).execute();
    const refused = await createRole('before-upgrade', added);
    expect(refused.statusCode).toBe(422);

    await prepareDatabase(t.database);

    const given = await createRole('after-upgrade', added);
    expect(given.statusCode).toBe(201);
    expect(given.json().data.permissions).toEqual([...added].sort());
    const stored = await t.db.selectFrom('permissions').select('key').execute();
    expect(stored.map((row) => row.key).sort()).toEqual([...PERMISSIONS].sort());
  });

  it('starts again on an up-to-date database without changing anything', async () => {
    const before = await t.db
      .selectFrom('permissions')
      .select(['key', 'created_at'])
      .orderBy('key')
      .execute();
    await prepareDatabase(t.database);
    await prepareDatabase(t.database);
    expect(
      await t.db.selectFrom('permissions').select(['key', 'created_at']).orderBy('key').execute(),
    ).toEqual(before);
  });
});
