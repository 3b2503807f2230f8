import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { TestApp } from './test-app';

/**
 * Refusals as a table: who asks, what they ask, and the status they must get, one named test
 * per row. The route-table proof (`core/route-proof.test.ts`) already sends every route every
 * single permission, so a row here earns its place by depending on the record or the body:
 * outranking (a manager and a stronger account), one's own records, an agency's scope, a field
 * only some keys may set. Each refused row must also leave the database as it was.
 */

/** Who asks: the keys of a user made for the row, or a token from the file's fixture. */
export type Asker = readonly string[] | (() => string);

export type Refusal = {
  /** What the row proves; the test's name. */
  name: string;
  as: Asker;
  method: NonNullable<InjectOptions['method']>;
  /** A function when the URL names a record made in the file's setup. */
  url: string | (() => string);
  /** A function when the body names records made in the file's setup. */
  body?: unknown | (() => unknown);
  /** A multipart body (see `multipart` in test-kit) instead of JSON. */
  form?: () => { payload: Buffer; headers: Record<string, string> };
  /** 403 unless said otherwise. */
  status?: number;
  /** The English message the refusal must carry. */
  message?: string;
  /** What must be the same before and after the refused request (rows of a table, a record). */
  unchanged?: () => Promise<unknown>;
};

/**
 * `refusals('who may change an account', () => t, [{ name, as, method, url, … }])` declares
 * a describe block with one test per row. Users for permission-set rows are made when the row
 * runs, so a row never borrows another row's session.
 */
export const refusals = (title: string, app: () => TestApp, rows: readonly Refusal[]) =>
  describe(title, () => {
    for (const row of rows)
      it(row.name, async () => {
        const t = app();
        const token =
          typeof row.as === 'function' ? row.as() : (await t.createUser([...row.as])).token;
        const url = typeof row.url === 'function' ? row.url() : row.url;
        const before = await row.unchanged?.();
        const form = row.form?.();
        const body = typeof row.body === 'function' ? (row.body() as unknown) : row.body;
        const response = await t.request(row.method, url, {
          token,
          locale: 'en',
          ...(form ? form : body !== undefined ? { body } : {}),
        });
        expect(response.statusCode, response.body).toBe(row.status ?? 403);
        const answer = response.json() as { code?: string; message?: string };
        if ((row.status ?? 403) === 403) expect(answer.code).toBe('forbidden');
        if (row.message !== undefined) expect(answer.message).toBe(row.message);
        if (row.unchanged) expect(await row.unchanged()).toEqual(before);
      });
  });
