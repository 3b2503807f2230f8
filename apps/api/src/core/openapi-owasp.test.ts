import {
  Document,
  Spectral,
  type RuleDefinition,
  type RulesetDefinition,
} from '@stoplight/spectral-core';
import { Json } from '@stoplight/spectral-parsers';
import owasp from '@stoplight/spectral-owasp-ruleset';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

/**
 * The API description against Spectral's OWASP API Security ruleset (2023), every rule on.
 * Where a rule asks for something this API deliberately does not do, it is narrowed to where
 * it does apply rather than turned off, and each narrowing says why; nothing else is changed.
 */
const narrowed = (
  name: keyof typeof owasp.rules,
  given: string | string[],
  why: string,
): RuleDefinition => ({
  ...owasp.rules[name],
  given,
  description: `${owasp.rules[name].description}\n\nIn this API: ${why}`,
});

/** Schemas in what a client sends, request bodies and parameters (references followed), matching `filter`. */
const sentWhere = (filter: string) => [
  `$.paths[*][*].requestBody.content[*]..${filter}`,
  `$.paths[*][*].parameters[*]..${filter}`,
];

const PROJECT_RULESET = {
  extends: [owasp as RulesetDefinition],
  rules: {
    // "There is no general request rate limit by default" (sign-in and the contact form are the
    // limited routes): a route that limits declares its 429 and says where its caller stands
    // on every answer; the others have no limit whose headers they could send.
    'owasp:api4:2023-rate-limit': narrowed(
      'owasp:api4:2023-rate-limit',
      '$.paths[*][?(@ && @.responses && @.responses["429"])].responses[?(@property.match(/^(2|4)/))]',
      'only the routes that refuse by rate (those that declare a 429) send RateLimit headers.',
    ),
    'owasp:api4:2023-rate-limit-responses-429': narrowed(
      'owasp:api4:2023-rate-limit-responses-429',
      '$.paths[*][?(@ && @.responses && @.responses["429"])].responses',
      'a 429 is declared by the routes that refuse by rate, and by no other route.',
    ),
    // The staff API is same-origin (the admin is served by the same process) and sends no CORS
    // headers at all; the website's routes answer the origins PUBLIC_ORIGINS names.
    'owasp:api8:2023-define-cors-origin': narrowed(
      'owasp:api8:2023-define-cors-origin',
      '$.paths[?(@property.match(/^\\/api\\/v1\\/public\\//))]..responses[*].headers',
      "only the website's routes (/api/v1/public) answer other origins.",
    ),
    // A route that takes no token (its `security` is `[{}]`, anonymous) cannot answer 401;
    // the others take the document's bearer token.
    'owasp:api8:2023-define-error-responses-401': narrowed(
      'owasp:api8:2023-define-error-responses-401',
      '$.paths[*][?(@ && !@.security)].responses',
      'routes that take no token never answer 401.',
    ),
    // Limits protect what the server reads; an answer is written by the server, so its strings,
    // lists and maps are bounded by the records they come from.
    'owasp:api4:2023-string-limit': narrowed(
      'owasp:api4:2023-string-limit',
      sentWhere('[?(@ && @.type=="string")]'),
      'checked on what a client sends; answers are written by the server.',
    ),
    'owasp:api4:2023-array-limit': narrowed(
      'owasp:api4:2023-array-limit',
      sentWhere('[?(@ && @.type=="array")]'),
      'checked on what a client sends; answers are written by the server.',
    ),
    'owasp:api3:2023-constrained-additionalProperties': narrowed(
      'owasp:api3:2023-constrained-additionalProperties',
      sentWhere(
        '[?(@ && @.type=="object" && @.additionalProperties && @.additionalProperties!=true && @.additionalProperties!=false)]',
      ),
      'checked on what a client sends; answers are written by the server.',
    ),
    // Maps keyed by what staff name (a post's data fields, a widget's values, a menu item's
    // data) cannot list their keys; each declares maxProperties instead, which the rule above
    // holds every map to. A schema that takes any property at all (`true`) is still refused.
    'owasp:api3:2023-no-additionalProperties': narrowed(
      'owasp:api3:2023-no-additionalProperties',
      sentWhere('[?(@ && @.type=="object" && @.additionalProperties===true)]'),
      'a map declares maxProperties (see constrained-additionalProperties); `true` is refused.',
    ),
    // Titles, names, addresses and rich text are free text: no format or pattern describes
    // them. Every such string a client sends is bounded (string-limit), refused when it holds
    // control characters and checked by the shared schema; enums, ids and dates keep theirs.
    'owasp:api4:2023-string-restricted': 'off',
    // Records are numbered (the API's ids are integers). What guessing a number would
    // reach is guarded on the server: every route checks its permission and, where a role
    // sees only some rows, the row (the route proof's 403 matrix covers each route).
    'owasp:api1:2023-no-numeric-ids': 'off',
  },
} satisfies RulesetDefinition;

let t: TestApp;
let text: string;
beforeAll(async () => {
  t = await createTestApp();
  text = (await t.request('GET', '/api/v1/docs/json')).body;
});
afterAll(() => t.close());

const lint = async (ruleset: RulesetDefinition, source: string) => {
  const spectral = new Spectral();
  spectral.setRuleset(ruleset);
  const results = await spectral.run(new Document(source, Json, 'openapi.json'));
  return results.map((result) => `${result.code} at ${result.path.join('/')}: ${result.message}`);
};

describe("the API description against OWASP's API Security rules", () => {
  it('passes every rule, as narrowed above, with no error, warning or hint', async () => {
    expect(await lint(PROJECT_RULESET, text)).toEqual([]);
  }, 120_000);

  it('still fails the narrowed rules where they apply', async () => {
    // A limited route that stopped sending its headers, a public route without its CORS
    // header, a guarded route without its 401, an unbounded string in a body and an
    // open map: each narrowed rule still sees its own ground.
    const document = JSON.parse(text);
    const login = document.paths['/api/v1/clients/web/login'].post;
    delete login.responses['200'].headers;
    const types = document.paths['/api/v1/public/types'].get;
    delete types.responses['200'].headers['Access-Control-Allow-Origin'];
    delete document.paths['/api/v1/redirects'].get.responses['401'];
    const redirect =
      document.paths['/api/v1/redirects'].post.requestBody.content['application/json'].schema;
    redirect.properties.from = { type: 'string' };
    redirect.properties.tags = { type: 'object', additionalProperties: true };
    const codes = new Set(
      (await lint(PROJECT_RULESET, JSON.stringify(document))).map((line) => line.split(' ')[0]),
    );
    expect([...codes].sort()).toEqual([
      'owasp:api3:2023-no-additionalProperties',
      'owasp:api4:2023-rate-limit',
      'owasp:api4:2023-string-limit',
      'owasp:api8:2023-define-cors-origin',
      'owasp:api8:2023-define-error-responses-401',
    ]);
  }, 120_000);
});
