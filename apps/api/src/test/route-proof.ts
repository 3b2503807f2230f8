import { createHash } from 'node:crypto';
import { PERMISSIONS } from '@backoffice/shared/permissions';
import { sql } from 'kysely';
import { hashPassword } from '../core/auth/passwords';
import type { RouteEntry } from '../core/route-table';
import { searchText } from '../core/search';
import { now } from '../db/types';
import { startSession } from '../modules/auth/sessions';
import type { TestApp } from './test-app';

/**
 * The pieces of the proofs that walk the route table (`core/route-proof.test.ts`): who calls,
 * which URL a declared path becomes, what a route is declared to answer each caller, and a
 * digest of every table to prove that a refused request changed nothing.
 */

export const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** An id no record has: a route that took a refused body as valid would answer 404, not 422. */
export const ABSENT_ID = '999999';

/** A route's path with its parameters filled: ids of nothing, keys of nothing. */
export const urlOf = (route: RouteEntry) =>
  route.url
    .replace(/:id\b/g, ABSENT_ID)
    .replace(/:(\w+)/g, 'zz-absent')
    .replace(/\*$/, 'zz-absent.txt');

export const routeName = (route: RouteEntry) => `${route.method} ${route.url}`;

export type Caller = {
  name: string;
  /** null: anonymous. */
  permission: string | null;
  kind: 'anonymous' | 'member' | 'single' | 'super-admin';
  userId?: number;
  /** A fresh access token of a session of its own (a sign-out spends one). */
  token: () => Promise<string | undefined>;
};

/**
 * Anonymous, a signed-in member with no role, one user per permission key holding only that
 * key, and a super-admin. Users go straight into the database with one password hash, and their
 * sessions are started directly: signing in ninety times would cost seconds of hashing.
 */
export const createCallers = async (t: TestApp): Promise<Caller[]> => {
  const { db } = t;
  const stamp = now();
  const passwordHash = await hashPassword('Proof-password-1');
  const sessionFor = (userId: number) => async () =>
    (await startSession(db, t.app.tokens, userId, { ip: null, userAgent: 'route-proof' }))
      .access_token;
  const addUser = async (label: string, permission: string | null) => {
    const email = `proof-${label.replace(/[^a-z0-9]+/gi, '-')}@example.com`;
    const user = await db
      .insertInto('users')
      .values({
        name: `Proof ${label}`,
        email,
        password_hash: passwordHash,
        status: 'enable',
        must_change_password: false,
        password_changed_at: stamp,
        search_text: searchText(`Proof ${label}`, email),
        created_at: stamp,
        updated_at: stamp,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (permission) {
      const role = await db
        .insertInto('roles')
        .values({
          name: `proof-${user.id}`,
          description: 'route proof',
          created_at: stamp,
          updated_at: stamp,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('role_permissions')
        .values({ role_id: role.id, permission_key: permission })
        .execute();
      await db.insertInto('user_roles').values({ user_id: user.id, role_id: role.id }).execute();
    }
    return user.id;
  };
  const superAdmin = await db
    .selectFrom('users')
    .innerJoin('user_roles', 'user_roles.user_id', 'users.id')
    .innerJoin('roles', 'roles.id', 'user_roles.role_id')
    .select('users.id')
    .where('roles.name', '=', 'super-admin')
    .executeTakeFirstOrThrow();
  const callers: Caller[] = [
    { name: 'anonymous', permission: null, kind: 'anonymous', token: async () => undefined },
  ];
  const memberId = await addUser('member', null);
  callers.push({
    name: 'member',
    permission: null,
    kind: 'member',
    userId: memberId,
    token: sessionFor(memberId),
  });
  for (const permission of PERMISSIONS) {
    const id = await addUser(permission, permission);
    callers.push({
      name: permission,
      permission,
      kind: 'single',
      userId: id,
      token: sessionFor(id),
    });
  }
  callers.push({
    name: 'super-admin',
    permission: null,
    kind: 'super-admin',
    userId: superAdmin.id,
    token: sessionFor(superAdmin.id),
  });
  return callers;
};

/**
 * What the route's declaration says this caller gets from the permission guard: 401 (not signed
 * in), 403 (signed in without the key) or through to the route.
 */
export const declaredAnswer = (
  route: RouteEntry,
  caller: Caller,
): 401 | 403 | 'through' | 'narrowed' => {
  const permission = route.permission;
  if (permission === 'public') return 'through';
  if (caller.kind === 'anonymous') return 401;
  if (permission === 'authenticated' || caller.kind === 'super-admin') return 'through';
  const keys = typeof permission === 'string' ? [permission] : (permission ?? []);
  if (caller.permission && route.narrowed?.includes(caller.permission as never)) return 'narrowed';
  return caller.permission && keys.includes(caller.permission as never) ? 'through' : 403;
};

/** The error body every error has, and nothing else. */
export const isErrorShape = (body: unknown) => {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return false;
  const { message, code, errors, ...rest } = body as Record<string, unknown>;
  if (typeof message !== 'string' || typeof code !== 'string' || Object.keys(rest).length > 0)
    return false;
  if (errors === undefined) return true;
  if (!errors || typeof errors !== 'object' || Array.isArray(errors)) return false;
  return Object.values(errors).every(
    (texts) => Array.isArray(texts) && texts.every((text) => typeof text === 'string'),
  );
};

/**
 * A digest of every row of every table, one per table, so that a difference names the table.
 * Rows are hashed in an order of their own (their JSON text), so no table needs a key.
 */
export const databaseDigest = async (t: TestApp): Promise<Map<string, string>> => {
  const tables =
    t.engine === 'postgres'
      ? (
          await sql<{ name: string }>`select table_name as name from information_schema.tables
            where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(t.db)
        ).rows
      : (
          await sql<{ name: string }>`select name from sqlite_master
            where type = 'table' and name not like 'sqlite_%'`.execute(t.db)
        ).rows;
  const digests = new Map<string, string>();
  for (const { name } of tables.sort((a, b) => a.name.localeCompare(b.name))) {
    const rows = (await sql`select * from ${sql.table(name)}`.execute(t.db)).rows;
    const texts = rows.map((row) =>
      JSON.stringify(row, (_key, value: unknown) =>
        typeof value === 'bigint' ? value.toString() : value,
      ),
    );
    texts.sort();
    digests.set(name, createHash('sha256').update(texts.join('\n')).digest('hex'));
  }
  return digests;
};

/** The tables whose digests differ. */
export const changedTables = (before: Map<string, string>, after: Map<string, string>) =>
  [...new Set([...before.keys(), ...after.keys()])].filter(
    (table) => before.get(table) !== after.get(table),
  );
