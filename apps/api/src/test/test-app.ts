import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { inject } from 'vitest';
import { buildApp, type AppOptions } from '../app';
import { createFirstAdmin, prepareDatabase } from '../bootstrap';
import { loadConfig, type Config } from '../config';
import { hashPassword } from '../core/auth/passwords';
import { searchText } from '../core/search';
import { openDatabase, type DatabaseHandle, type Engine } from '../db/connection';
import { now } from '../db/types';
import { onServer, postgresBaseUrl, uniqueDatabaseName, withDatabase } from './migrated-template';

/**
 * A real app on a real, fresh database for one test file: SQLite in a temp
 * folder, or a PostgreSQL database of its own (created here, dropped on close)
 * when TEST_DB_ENGINE=postgres. Requests go through HTTP with `app.inject`.
 */
export const ENGINE: Engine = process.env.TEST_DB_ENGINE === 'postgres' ? 'postgres' : 'sqlite';
export const ADMIN_EMAIL = 'admin@example.com';
export const ADMIN_PASSWORD = 'Admin-password-1';

/**
 * A PostgreSQL database of its own, dropped by `drop`: empty, or a copy of `template` (the
 * run's migrated one when the API project's global setup made it).
 */
export const createPostgresDatabase = async (template?: string) => {
  const name = uniqueDatabaseName('bo_test');
  await onServer(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  return {
    url: withDatabase(postgresBaseUrl(), name),
    drop: () => onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
};

export type Tokens = {
  access_token: string;
  refresh_token: string;
  token_type: string;
  expires_in: number;
};

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

export const createTestApp = async (
  env: Record<string, string> = {},
  options: Pick<
    AppOptions,
    'adminDist' | 'productCatalog' | 'clock' | 'resolveHost' | 'webhookTimeoutMs'
  > = {},
) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'bo-test-'));
  // A database of its own, a copy of the run's migrated one, unless the test brings its own.
  const template = env.DATABASE_URL === undefined ? inject('migratedTemplate') : undefined;
  const pgDatabase =
    ENGINE === 'postgres' && env.DATABASE_URL === undefined
      ? await createPostgresDatabase(template?.postgresDatabase)
      : undefined;
  if (ENGINE === 'sqlite' && template?.sqliteFile)
    copyFileSync(template.sqliteFile, join(dataDir, 'test.db'));
  const config: Config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: pgDatabase?.url ?? `sqlite:${join(dataDir, 'test.db')}`,
    APP_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    LOG_LEVEL: 'silent',
    ...env,
  });
  const database: DatabaseHandle = openDatabase(config.databaseUrl);
  await prepareDatabase(database);
  await createFirstAdmin(database, { adminEmail: ADMIN_EMAIL, adminPassword: ADMIN_PASSWORD });
  const app: FastifyInstance = await buildApp({
    config,
    database,
    ...options,
    adminDist: options.adminDist ?? join(dataDir, 'no-admin'),
  });
  await app.ready();

  type RequestOptions = {
    token?: string;
    body?: unknown;
    locale?: string;
    headers?: Record<string, string>;
    payload?: InjectOptions['payload'];
  };
  const request = async (
    method: InjectOptions['method'],
    url: string,
    options: RequestOptions = {},
  ) => {
    const response = await app.inject({
      method,
      url,
      headers: {
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.locale ? { locale: options.locale } : {}),
        ...options.headers,
      },
      ...(options.body !== undefined ? { payload: options.body as InjectOptions['payload'] } : {}),
      ...(options.payload !== undefined ? { payload: options.payload } : {}),
    });
    // Every API test also checks that no error message lost a parameter ("from 1 to {{maximum}}").
    if (response.statusCode >= 400 && /\{\{\w+\}\}/.test(response.body))
      throw new Error(`${method} ${url}: a message lacks a parameter: ${response.body}`);
    return response;
  };

  const login = async (email: string, password: string): Promise<Tokens> => {
    const response = await request('POST', '/api/v1/clients/web/login', {
      body: { email, password },
    });
    if (response.statusCode !== 200)
      throw new Error(`login ${email} failed: ${response.statusCode} ${response.body}`);
    return response.json();
  };

  /**
   * A signed-in user holding exactly `permissions` (through a role of their own).
   * Fixture data goes straight to the database; the behaviour under test goes through HTTP.
   */
  let userCounter = 0;
  const createUser = async (
    permissions: string[],
    overrides: { email?: string; password?: string; name?: string } = {},
  ) => {
    userCounter += 1;
    const email =
      overrides.email ?? `user${userCounter}-${randomBytes(3).toString('hex')}@example.com`;
    const password = overrides.password ?? 'User-password-1';
    const name = overrides.name ?? `Test User ${userCounter}`;
    const stamp = now();
    const { db } = database;
    const user = await db
      .insertInto('users')
      .values({
        name,
        email,
        password_hash: await hashPassword(password),
        status: 'enable',
        must_change_password: false,
        password_changed_at: stamp,
        search_text: searchText(name, email),
        created_at: stamp,
        updated_at: stamp,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (permissions.length > 0) {
      const role = await db
        .insertInto('roles')
        .values({
          name: `role-${user.id}`,
          description: 'test role',
          created_at: stamp,
          updated_at: stamp,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('role_permissions')
        .values(permissions.map((key) => ({ role_id: role.id, permission_key: key })))
        .execute();
      await db.insertInto('user_roles').values({ user_id: user.id, role_id: role.id }).execute();
    }
    const tokens = await login(email, password);
    return { id: user.id, email, password, name, token: tokens.access_token, tokens };
  };

  const admin = await login(ADMIN_EMAIL, ADMIN_PASSWORD);

  return {
    app,
    config,
    database,
    db: database.db,
    engine: ENGINE,
    dataDir,
    request,
    login,
    createUser,
    adminToken: admin.access_token,
    close: async () => {
      await app.close();
      await database.close();
      await pgDatabase?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
};

/** Counts rows of a table, to prove that a refused request changed nothing. */
export const countRows = async (testApp: TestApp, table: string) => {
  /* eslint-disable @typescript-eslint/no-explicit-any -- any table of the schema */
  const row = await (testApp.db as any)
    .selectFrom(table)
    .select((eb: any) => eb.fn.countAll().as('n'))
    /* eslint-enable @typescript-eslint/no-explicit-any */
    .executeTakeFirst();
  return Number(row?.n ?? 0);
};
