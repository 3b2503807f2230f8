import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The typed-edge rule of eslint.config.js, run on a handler placed (virtually) in a module.
const root = fileURLToPath(new URL('../../../../', import.meta.url));
let eslint: ESLint;

const castErrors = async (handlerBody: string) => {
  const code = [
    "import type { FastifyRequest } from 'fastify';",
    `export const handler = (request: FastifyRequest) => {\n  ${handlerBody}\n};`,
  ].join('\n');
  const [result] = await eslint.lintText(code, {
    filePath: `${root}apps/api/src/modules/seos/cast-fixture.ts`,
  });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'no-restricted-syntax');
};

beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

describe('the typed request rule', { timeout: 60_000 }, () => {
  it.each([
    ['a body cast', 'return request.body as { title: string };'],
    ['a params cast', 'return (request.params as { id: number }).id;'],
    ['a query cast through unknown', 'return request.query as unknown as { page: number };'],
    ['an angle-bracket cast', 'return <{ page: number }>request.query;'],
  ])('refuses %s in a handler', async (_name, body) => {
    const errors = await castErrors(body);
    expect(errors.map((error) => error.message)).toEqual([
      expect.stringContaining("Declare the request part in the route's schema"),
    ]);
  });

  it('lets a handler read its request parts as its schemas type them', async () => {
    expect(await castErrors('return [request.body, request.params, request.query];')).toEqual([]);
  });
});
