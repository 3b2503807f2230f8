import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS } from '@backoffice/shared/permissions';
import { prepareDatabase } from './bootstrap';
import { openDatabase } from './db/connection';
import * as platformMigration from './db/migrations/2026_11_21_0001_platform';
import { createPostgresDatabase, createTestApp, ENGINE, type TestApp } from './test/test-app';

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

/**
 * The keys the first release declared: what its migration `2026_11_21_0001_platform`
 * seeded into the permissions table (the list of packages/shared/src/permissions.ts then).
 */
const FIRST_RELEASE_KEYS = [
  ...[
    'media',
    'posts',
    'categories',
    'groups',
    'fields',
    'discounts',
    'types',
    'users',
    'seos',
    'settings',
    'sliders',
    'menus',
    'suppliers',
    'widgets',
    'agencies',
    'orders',
    'comments',
    'feedback',
  ].flatMap((resource) => ['list', 'create', 'update', 'delete'].map((a) => `${resource}.${a}`)),
  'ratings.list',
  'ratings.create',
  'ratings.delete',
  'posts.approve',
  'audit.list',
  'manage-roles',
  'manage-admins-access',
  'manage-permissions',
  'manage-redirects',
  'manage-warehouses',
  'edit-warehouses',
  'manage-languages',
];

describe("a database of the first release, started with today's code", () => {
  let old: TestApp;
  let dropOld = async () => undefined as void;
  let oldRoleId: number;
  const newer = PERMISSIONS.filter((key) => !FIRST_RELEASE_KEYS.includes(key));

  beforeAll(async () => {
    // The first release's database: migrated up to its one migration, holding its keys only.
    let url: string;
    if (ENGINE === 'postgres') {
      const made = await createPostgresDatabase();
      url = made.url;
      dropOld = made.drop;
    } else {
      const dir = mkdtempSync(join(tmpdir(), 'bo-first-release-'));
      url = `sqlite:${join(dir, 'old.db')}`;
      dropOld = async () => rmSync(dir, { recursive: true, force: true });
    }
    const handle = openDatabase(url);
    const migrated = await new Migrator({
      db: handle.db,
      provider: { getMigrations: async () => ({ '2026_11_21_0001_platform': platformMigration }) },
      migrationTableName: 'schema_migrations',
      migrationLockTableName: 'schema_migrations_lock',
    }).migrateToLatest();
    expect(migrated.error).toBeUndefined();
    await handle.db.deleteFrom('permissions').where('key', 'not in', FIRST_RELEASE_KEYS).execute();
    expect(
      (await handle.db.selectFrom('permissions').select('key').execute()).map((r) => r.key).sort(),
    ).toEqual([...FIRST_RELEASE_KEYS].sort());
    // A role of that time, holding some of its keys.
    const stamp = new Date().toISOString();
    const role = await handle.db
      .insertInto('roles')
      .values({ name: 'settings-editor', description: 'old', created_at: stamp, updated_at: stamp })
      .returning('id')
      .executeTakeFirstOrThrow();
    oldRoleId = role.id;
    await handle.db
      .insertInto('role_permissions')
      .values(
        ['settings.list', 'settings.update'].map((key) => ({
          role_id: role.id,
          permission_key: key,
        })),
      )
      .execute();
    await handle.close();

    // Today's code starts on it: the remaining migrations, then the keys.
    old = await createTestApp({ DATABASE_URL: url });
  });
  afterAll(async () => {
    await old?.close();
    await dropOld();
  });

  it('gains every key declared since', async () => {
    expect(newer.length).toBeGreaterThan(0);
    const stored = await old.db.selectFrom('permissions').select('key').execute();
    expect(stored.map((row) => row.key).sort()).toEqual([...PERMISSIONS].sort());
  });

  it('lets the super-admin hold and grant the newer keys, and gives them to no other role', async () => {
    const profile = (await old.request('GET', '/api/v1/profile', { token: old.adminToken })).json()
      .data;
    expect(profile.permissions).toEqual(expect.arrayContaining(newer));
    const granted = await old.request('POST', '/api/v1/roles', {
      token: old.adminToken,
      body: { name: 'script-editor', description: 'new', permissions: newer },
    });
    expect(granted.statusCode).toBe(201);
    expect(granted.json().data.permissions).toEqual([...newer].sort());

    // The role made before the upgrade holds what it held, and its members nothing newer.
    const role = (
      await old.request('GET', `/api/v1/roles/${oldRoleId}`, { token: old.adminToken })
    ).json().data;
    expect(role.permissions).toEqual(['settings.list', 'settings.update']);
    const member = await old.createUser([]);
    await old.db
      .insertInto('user_roles')
      .values({ user_id: member.id, role_id: oldRoleId })
      .execute();
    const held = (await old.request('GET', '/api/v1/profile', { token: member.token })).json().data
      .permissions;
    expect(held).toEqual(['settings.list', 'settings.update']);
  });
});
