import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { now } from '../db/types';
import { createTestApp, type TestApp } from '../test/test-app';
import { translateDbError } from './db-errors';
import { toAppError } from './error-handler';
import { AppError } from './errors';

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
  return Object.fromEntries(
    Object.entries(appError.fieldErrors ?? {}).map(([field, messages]) => [
      field,
      messages.map((m) => m.key),
    ]),
  );
};

const failure = async (work: () => Promise<unknown>) => {
  try {
    await work();
  } catch (error) {
    return error;
  }
  throw new Error('expected the database to refuse');
};

describe('constraint errors', () => {
  it('turns each engine’s constraint errors into the same 422s', async () => {
    const stamp = now();
    const redirect = {
      source: '/dup',
      destination: '/x',
      code: 301,
      search_text: '',
      created_at: stamp,
      updated_at: stamp,
    };
    await t.db.insertInto('redirects').values(redirect).execute();
    expect(
      fieldsOf(await failure(() => t.db.insertInto('redirects').values(redirect).execute())),
    ).toEqual({
      source: ['redirect.source_exists'],
    });
    expect(
      fieldsOf(
        await failure(() =>
          t.db
            .insertInto('redirects')
            .values({ ...redirect, source: '/c', code: 307 })
            .execute(),
        ),
      ),
    ).toEqual({
      code: ['validation.invalid'],
    });
    expect(
      Object.values(
        fieldsOf(
          await failure(() =>
            t.db.insertInto('user_roles').values({ user_id: 999_999, role_id: 1 }).execute(),
          ),
        ),
      ).flat(),
    ).toEqual(['validation.foreign_key']);
    expect(
      Object.values(
        fieldsOf(
          await failure(() =>
            t.db
              .insertInto('languages')
              .values({
                key: 'xx',
                name: null as unknown as string,
                sort: 1,
                is_default: false,
                created_at: stamp,
                updated_at: stamp,
              })
              .execute(),
          ),
        ),
      ).flat(),
    ).toEqual(['validation.required']);
  });
});

describe('conflicts that outlast their retries', () => {
  it('answer 503 with Retry-After, not 500: the same request may be sent again', () => {
    for (const code of ['40001', '40P01']) {
      const error = Object.assign(new Error('could not serialize access'), { code });
      const answered = toAppError(error);
      expect([answered.status, answered.code]).toEqual([503, 'unavailable']);
      expect(answered.headers).toMatchObject({ 'retry-after': expect.any(String) });
    }
    // any other database refusal is not "try again"
    expect(toAppError(Object.assign(new Error('syntax error'), { code: '42601' })).status).toBe(
      500,
    );
  });
});
