import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../core/errors';
import { createTestApp, type TestApp } from '../test/test-app';
import { translateDbError } from './db-errors';
import { inTransaction } from './transaction';
import { now } from './types';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const fieldsOf = (error: unknown) => {
  const translated = translateDbError(error, { source: 'redirect.source_exists' });
  expect(translated).toBeInstanceOf(AppError);
  const appError = translated as AppError;
  expect(appError.status).toBe(422);
  return Object.fromEntries(Object.entries(appError.fieldErrors ?? {}).map(([field, messages]) => [field, messages.map((m) => m.key)]));
};

const failure = async (work: () => Promise<unknown>) => {
  try {
    await work();
  } catch (error) {
    return error;
  }
  throw new Error('expected the database to refuse');
};

describe('database layer', () => {
  it('turns each engine’s constraint errors into the same 422s', async () => {
    const stamp = now();
    const redirect = { source: '/dup', destination: '/x', code: 301, search_text: '', created_at: stamp, updated_at: stamp };
    await t.db.insertInto('redirects').values(redirect).execute();
    expect(fieldsOf(await failure(() => t.db.insertInto('redirects').values(redirect).execute()))).toEqual({
      source: ['redirect.source_exists'],
    });
    expect(fieldsOf(await failure(() => t.db.insertInto('redirects').values({ ...redirect, source: '/c', code: 307 }).execute()))).toEqual({
      code: ['validation.invalid'],
    });
    expect(
      Object.values(fieldsOf(await failure(() => t.db.insertInto('user_roles').values({ user_id: 999_999, role_id: 1 }).execute()))).flat(),
    ).toEqual(['validation.foreign_key']);
    expect(
      Object.values(
        fieldsOf(
          await failure(() =>
            t.db.insertInto('languages').values({ key: 'xx', name: null as unknown as string, sort: 1, is_default: false, created_at: stamp, updated_at: stamp }).execute(),
          ),
        ),
      ).flat(),
    ).toEqual(['validation.required']);
  });

  it('keeps concurrent read-modify-write transactions correct (write lock first / retried serialization failures)', async () => {
    const stamp = now();
    await t.db.insertInto('settings').values({ key: 'counter', title: null, value: '0', created_at: stamp, updated_at: stamp }).execute();
    const increment = () =>
      inTransaction(t.db, t.engine, async (tx) => {
        const row = await tx.selectFrom('settings').select('value').where('key', '=', 'counter').executeTakeFirstOrThrow();
        await new Promise((resolve) => setTimeout(resolve, 5));
        await tx.updateTable('settings').set({ value: String(Number(row.value) + 1) }).where('key', '=', 'counter').execute();
      });
    await Promise.all(Array.from({ length: 8 }, increment));
    const row = await t.db.selectFrom('settings').select('value').where('key', '=', 'counter').executeTakeFirstOrThrow();
    expect(row.value).toBe('8');
  });

  it('rolls a failed transaction back whole', async () => {
    const stamp = now();
    await expect(
      inTransaction(t.db, t.engine, async (tx) => {
        await tx.insertInto('settings').values({ key: 'half', title: null, value: '1', created_at: stamp, updated_at: stamp }).execute();
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await t.db.selectFrom('settings').select('key').where('key', '=', 'half').executeTakeFirst()).toBeUndefined();
  });
});
