import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { z } from 'zod';
import type { RouteEntry } from '../core/route-table';

/**
 * Request bodies made from a route's own schema, each broken in at least one way the schema
 * refuses for certain (an unknown field, a wrong type, a text over its length, a control
 * character, nesting far past any shape, a missing field, a body that is no object, a body over
 * the size limit, a prototype key), and decorated with the payloads a hostile client sends
 * everywhere else: SQL, HTML, SVG, right-to-left overrides, lone surrogates, template syntax.
 * A route must answer every one with a 4xx in the error shape and change nothing.
 */

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
  format?: string;
  pattern?: string;
};

export const HOSTILE_TEXTS = [
  "'; DROP TABLE users; --",
  "1' OR '1'='1",
  '" OR 1=1 --',
  '1; SELECT pg_sleep(5); --',
  "') UNION SELECT password_hash, email FROM users --",
  'x%_\\',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<a href="javascript:alert(1)">x</a>',
  '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>',
  '<?xml version="1.0"?><!DOCTYPE s [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg>&x;</svg>',
  'data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+',
  'javascript:alert(1)',
  'invoice\u202Efdp.exe',
  '\u202B\u202Dmixed\u200F\u2066',
  '\uFEFFbom',
  '\uD800',
  'x\uDC00y',
  'tail\uD83D',
  '😀 Đường e\u0301',
  '{{7*7}} ${7*7} <%= 7*7 %>',
  '../../../../etc/passwd',
  '%00%2e%2e%2f',
  'line\r\nSet-Cookie: x=1',
  '__proto__',
  'constructor',
  '',
  ' ',
  '0',
  '-1',
  '1e309',
  'null',
  'true',
];

/** Text a schema refuses wherever it takes text: C0 controls (NUL above all) and DEL. */
const CONTROL_TEXTS = ['\u0000', 'a\u0000b', '\u0001', '\u001B[31m', '\u0008', '\u007F', '\u000B'];

/** Names a client might send hoping to set what only the server sets. */
export const MASS_ASSIGNMENT_FIELDS = [
  'id',
  'created_at',
  'updated_at',
  'deleted_at',
  'user_id',
  'author_id',
  'created_by',
  'role',
  'roles',
  'role_id',
  'is_super_admin',
  'is_admin',
  'permissions',
  'password_hash',
  'status',
  'email_verified_at',
  'must_change_password',
  'two_factor_secret',
  'session_id',
  'approved_at',
  'total',
  'amount',
  'stock',
  'balance',
  'search_text',
  'slug',
];

const hostileText = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_TEXTS) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 12 }) },
);

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileText,
  fc.constantFrom(0, -1, 1.5, 2 ** 53, -(2 ** 63), 1e308, true, false, null, [], {}),
);

/** Nested far past any shape a route takes (JSON.parse takes it; a recursive walk might not). */
const deep = (levels: number, kind: 'array' | 'object') => {
  let value: unknown = 'bottom';
  for (let i = 0; i < levels; i += 1) value = kind === 'array' ? [value] : { d: value };
  return value;
};

/** An object with an own, enumerable key of any name, `__proto__` included. */
const withKey = (body: unknown, key: string, value: unknown) => {
  const target: Record<string, unknown> =
    body && typeof body === 'object' && !Array.isArray(body)
      ? { ...(body as Record<string, unknown>) }
      : {};
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
  return target;
};

type Kind = 'string' | 'number' | 'integer' | 'boolean' | 'null' | 'array' | 'object';

class SchemaWalk {
  constructor(private readonly root: JsonSchema) {}

  resolve(schema: JsonSchema): JsonSchema {
    let current = schema;
    for (let hops = 0; current.$ref && hops < 10; hops += 1) {
      const name = current.$ref.replace('#/$defs/', '');
      current = this.root.$defs?.[name] ?? {};
    }
    return current;
  }

  members(schema: JsonSchema): JsonSchema[] {
    const resolved = this.resolve(schema);
    const union = resolved.anyOf ?? resolved.oneOf;
    if (union) return union.flatMap((member) => this.members(member));
    if (resolved.allOf?.length) return this.members(resolved.allOf[0]!);
    return [resolved];
  }

  /** The JSON kinds a schema takes; undefined when it takes anything. */
  kinds(schema: JsonSchema): Set<Kind> | undefined {
    const kinds = new Set<Kind>();
    for (const member of this.members(schema)) {
      const values = member.enum ?? ('const' in member ? [member.const] : undefined);
      if (values) {
        for (const value of values)
          kinds.add(
            value === null ? 'null' : Array.isArray(value) ? 'array' : (typeof value as Kind),
          );
        continue;
      }
      const types = [member.type ?? []].flat() as Kind[];
      if (types.length === 0) {
        if (member.properties) kinds.add('object');
        else if (member.items) kinds.add('array');
        else return undefined;
      }
      for (const type of types) kinds.add(type);
      if (kinds.has('integer') && kinds.has('number')) kinds.delete('integer');
    }
    return kinds;
  }

  /** A value the schema could take (decorated with hostile text where it takes text). */
  value(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
    const members = this.members(schema);
    if (members.length > 1) return fc.oneof(...members.map((m) => this.value(m, depth)));
    const s = members[0]!;
    if (s.enum) return fc.constantFrom(...s.enum);
    if ('const' in s) return fc.constant(s.const);
    const type =
      [s.type ?? []].flat()[0] ?? (s.properties ? 'object' : s.items ? 'array' : undefined);
    switch (type) {
      case 'string':
        return fc.oneof(hostileText, fc.constantFrom(...this.plausible(s)));
      case 'integer':
        return fc.integer({
          min: Math.max(s.minimum ?? -1_000_000, -1_000_000),
          max: Math.min(s.maximum ?? 1_000_000, 1_000_000),
        });
      case 'number':
        return fc.double({
          min: Math.max(s.minimum ?? -1e6, -1e6),
          max: Math.min(s.maximum ?? 1e6, 1e6),
          noNaN: true,
          noDefaultInfinity: true,
        });
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      case 'array': {
        if (depth > 3 || !s.items) return fc.constant([]);
        const minLength = Math.min(s.minItems ?? 0, 2);
        return fc.array(this.value(s.items, depth + 1), {
          minLength,
          maxLength: Math.max(minLength, Math.min(s.maxItems ?? 2, 2)),
        });
      }
      case 'object': {
        if (s.properties && depth <= 4) {
          const model = Object.fromEntries(
            Object.entries(s.properties).map(([key, prop]) => [key, this.value(prop, depth + 1)]),
          );
          return fc.record(model, { requiredKeys: s.required ?? [] });
        }
        if (typeof s.additionalProperties === 'object')
          return fc.dictionary(
            fc.string({ maxLength: 8 }),
            this.value(s.additionalProperties, depth + 1),
            {
              maxKeys: 3,
            },
          );
        return fc.constant({});
      }
      default:
        return hostileValue;
    }
  }

  plausible(s: JsonSchema): string[] {
    if (s.format === 'date-time') return ['2026-12-05T10:00:00.000Z'];
    if (s.format === 'date') return ['2026-12-05'];
    if (s.format === 'email') return ['someone@example.com'];
    const candidates = [
      'a',
      'ab',
      'abc-1',
      'Proof text',
      '/proof',
      'https://example.com/a.png',
      '01',
      '00001',
      'vi',
      'someone@example.com',
      '0912345678',
    ];
    const fits = candidates.filter(
      (c) =>
        c.length >= (s.minLength ?? 0) &&
        c.length <= (s.maxLength ?? Infinity) &&
        (!s.pattern || new RegExp(s.pattern, 'u').test(c)),
    );
    return fits.length > 0 ? fits : ['x'];
  }

  /** Every place in a body where a fault can go: a property, an item, down to a few levels. */
  places(schema: JsonSchema, depth = 0): Place[] {
    if (depth > 3) return [];
    const places: Place[] = [];
    const members = this.members(schema);
    members.forEach((member, index) => {
      const step = members.length > 1 ? [{ member: index }] : [];
      if (member.properties)
        for (const [key, prop] of Object.entries(member.properties)) {
          places.push({ path: [...step, { key }], schema: prop });
          for (const inner of this.places(prop, depth + 1))
            places.push({ path: [...step, { key }, ...inner.path], schema: inner.schema });
        }
      if (member.items) {
        places.push({ path: [...step, 'item'], schema: member.items });
        for (const inner of this.places(member.items, depth + 1))
          places.push({ path: [...step, 'item', ...inner.path], schema: inner.schema });
      }
    });
    return places;
  }

  /** A body shaped by the schema with `fault` put at `path` (the containers on the way kept). */
  withFault(schema: JsonSchema, path: Step[], fault: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
    if (path.length === 0) return fault;
    const [step, ...rest] = path;
    const members = this.members(schema);
    if (typeof step === 'object' && 'member' in step)
      return this.withFault(members[step.member]!, rest, fault);
    const s = members[0]!;
    if (step === 'item') {
      const item = this.withFault(s.items ?? {}, rest, fault);
      return fc
        .tuple(item, fc.array(this.value(s.items ?? {}, 2), { maxLength: 1 }))
        .map(([first, others]) => [first, ...others]);
    }
    const key = (step as { key: string }).key;
    const model = Object.fromEntries(
      Object.entries(s.properties ?? {}).map(([name, prop]) => [
        name,
        name === key ? this.withFault(prop, rest, fault) : this.value(prop, 2),
      ]),
    );
    return fc.record(model, { requiredKeys: [...new Set([...(s.required ?? []), key])] });
  }
}

type Step = { key: string } | { member: number } | 'item';
type Place = { path: Step[]; schema: JsonSchema };

/** A value of a JSON kind the place does not take. */
const wrongKind = (kinds: Set<Kind>): fc.Arbitrary<unknown> | undefined => {
  const candidates: fc.Arbitrary<unknown>[] = [];
  if (!kinds.has('string')) candidates.push(hostileText.filter((text) => !/^-?\d/.test(text)));
  if (!kinds.has('number') && !kinds.has('integer'))
    candidates.push(fc.constantFrom(0, -1, 2 ** 53 + 2, 1e308, -0.5));
  else if (!kinds.has('number')) candidates.push(fc.constantFrom(0.5, 1e308, -1.25));
  if (!kinds.has('boolean')) candidates.push(fc.boolean());
  if (!kinds.has('null')) candidates.push(fc.constant(null));
  if (!kinds.has('array')) candidates.push(fc.array(hostileValue, { maxLength: 3 }));
  if (!kinds.has('object'))
    candidates.push(fc.dictionary(hostileText, hostileValue, { maxKeys: 3 }));
  return candidates.length > 0 ? fc.oneof(...candidates) : undefined;
};

const toJsonSchema = (schema: z.ZodType) =>
  z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;

/** One kilobyte over the JSON body limit. */
let oversizeBody: string | undefined;
export const overLimit = (limit: number) =>
  (oversizeBody ??= JSON.stringify({ padding: 'x'.repeat(limit + 1024) }));

export type HostileBody =
  | { kind: 'json'; fault: string; payload: string }
  | { kind: 'multipart'; fault: string; payload: Buffer; boundary: string };

const json =
  (fault: string) =>
  (body: unknown): HostileBody => ({
    kind: 'json',
    fault,
    payload: JSON.stringify(body) ?? 'null',
  });

/** The faults a JSON body can carry against this schema, each certain to be refused. */
const jsonFaults = (schema: JsonSchema | undefined, jsonLimit: number) => {
  const faults: fc.Arbitrary<HostileBody>[] = [];
  // No object at all (null only where a body is declared: no body is what a bodiless route takes).
  faults.push(
    fc
      .oneof(
        fc.array(hostileValue, { maxLength: 3 }),
        hostileText,
        fc.integer(),
        fc.boolean(),
        ...(schema ? [fc.constant(null)] : []),
      )
      .map(json('not an object')),
  );
  // Written as text: deeper than JSON.stringify itself can go.
  faults.push(
    fc.constantFrom('[', '{"d":').map((open): HostileBody => {
      const close = open === '[' ? ']' : '}';
      return {
        kind: 'json',
        fault: 'deep nesting',
        payload: `{"deep":${open.repeat(20_000)}1${close.repeat(20_000)}}`,
      };
    }),
  );
  faults.push(
    fc.constant({ kind: 'json', fault: 'over the size limit', payload: overLimit(jsonLimit) }),
  );
  // Prototype keys, at the top and inside: refused before anything reads them.
  faults.push(
    fc
      .tuple(fc.constantFrom('__proto__', 'constructor'), hostileValue)
      .map(([key, value]) =>
        json('prototype key')(
          key === '__proto__'
            ? withKey({}, '__proto__', { is_super_admin: true, value })
            : { constructor: { prototype: { is_super_admin: true, value } } },
        ),
      ),
  );
  if (!schema) {
    // A route that takes no body: any field at all is one it does not know.
    faults.push(
      fc
        .tuple(
          fc.oneof(
            fc.constantFrom(...MASS_ASSIGNMENT_FIELDS),
            hostileText.filter((k) => k !== '__proto__'),
          ),
          hostileValue,
        )
        .map(([key, value]) => json('a field where none is taken')(withKey({}, key, value))),
    );
    return faults;
  }
  const walk = new SchemaWalk(schema);
  const root = walk.members(schema)[0]!;
  const known = new Set(Object.keys(root.properties ?? {}));
  if (root.additionalProperties === false) {
    const unknownKey = fc
      .oneof(fc.constantFrom(...MASS_ASSIGNMENT_FIELDS), hostileText, fc.string({ maxLength: 10 }))
      .filter((key) => !known.has(key) && key !== '__proto__' && key !== 'constructor');
    faults.push(
      fc
        .tuple(
          walk.value(schema),
          fc.array(fc.tuple(unknownKey, hostileValue), { minLength: 1, maxLength: 3 }),
        )
        .map(([body, extra]) =>
          json('unknown field')(
            extra.reduce((acc, [key, value]) => withKey(acc, key, value), body),
          ),
        ),
    );
  }
  for (const required of root.required ?? [])
    faults.push(
      walk.value(schema).map((body) => {
        const copy = { ...(body as Record<string, unknown>) };
        delete copy[required];
        return json(`missing ${required}`)(copy);
      }),
    );
  for (const place of walk.places(schema)) {
    const kinds = walk.kinds(place.schema);
    if (!kinds) continue;
    const at = (fault: string, value: fc.Arbitrary<unknown>) =>
      walk
        .withFault(schema, place.path, value)
        .map(json(`${fault} at ${JSON.stringify(place.path)}`));
    const wrong = wrongKind(kinds);
    if (wrong) faults.push(at('wrong type', wrong));
    if (!kinds.has('array') && !kinds.has('object'))
      faults.push(at('deep nesting', fc.constantFrom(deep(300, 'array'), deep(300, 'object'))));
    const members = walk.members(place.schema);
    const text = members.find((m) => m.type === 'string');
    if (text && members.every((m) => m.type !== 'object' && m.type !== 'array')) {
      faults.push(
        at(
          'control character',
          fc
            .tuple(hostileText, fc.constantFrom(...CONTROL_TEXTS))
            .map(([prefix, control]) => `${prefix}${control}`),
        ),
      );
      const longest = Math.max(
        ...members.map((m) => (m.type === 'string' ? (m.maxLength ?? -1) : -1)),
      );
      if (
        longest >= 0 &&
        members.filter((m) => m.type === 'string').every((m) => m.maxLength !== undefined)
      )
        faults.push(
          at(
            'over its length',
            fc
              .tuple(fc.integer({ min: 1, max: 64 }), fc.constantFrom('a', 'Đ', '😀', '<'))
              .map(([extra, unit]) => unit.repeat(longest + extra)),
          ),
        );
    }
    const list = members.find((m) => m.type === 'array' && m.maxItems !== undefined);
    if (list && list.maxItems! <= 1000 && members.every((m) => m.type !== 'object'))
      faults.push(
        at(
          'too many items',
          fc
            .constant(Array.from({ length: list.maxItems! + 1 }, () => 1))
            .map((items) =>
              list.items && walk.kinds(list.items)?.has('integer') ? items : items.map(() => 'x'),
            ),
        ),
      );
    // An object inside the body (not the body itself) with a field it does not know.
    const object = members.find((m) => m.properties && m.additionalProperties === false);
    if (object && members.length === 1)
      faults.push(
        at(
          'unknown nested field',
          fc
            .tuple(
              walk.value(object, 2),
              fc.constantFrom(...MASS_ASSIGNMENT_FIELDS, '<svg onload=1>', '\u0000'),
            )
            .filter(([, key]) => !(key in (object.properties ?? {})))
            .map(([value, key]) => withKey(value, key, true)),
        ),
      );
  }
  return faults;
};

const boundary = () => `----proof${randomBytes(6).toString('hex')}`;

const multipartBody = (
  fault: string,
  fields: Array<[string, string]>,
  files: Array<{ field: string; bytes: Buffer; type: string }> = [],
  options: { cut?: boolean } = {},
): HostileBody => {
  const mark = boundary();
  const parts: Buffer[] = [];
  for (const [name, value] of fields)
    parts.push(
      Buffer.from(
        `--${mark}\r\nContent-Disposition: form-data; name="${name.replace(/"/g, '%22')}"\r\n\r\n${value}\r\n`,
      ),
    );
  for (const file of files)
    parts.push(
      Buffer.from(
        `--${mark}\r\nContent-Disposition: form-data; name="${file.field}"; filename="proof.bin"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  if (!options.cut) parts.push(Buffer.from(`--${mark}--\r\n`));
  return { kind: 'multipart', fault, payload: Buffer.concat(parts), boundary: mark };
};

/** The faults of a multipart body to a route that reads forms. */
const multipartFaults = (route: RouteEntry): fc.Arbitrary<HostileBody>[] => {
  const form = route.form;
  const shape = form ? toJsonSchema(form.schema) : undefined;
  const known = new Set([...Object.keys(shape?.properties ?? {}), ...(form?.files ?? [])]);
  const unknownName = fc
    .oneof(
      fc.constantFrom(...MASS_ASSIGNMENT_FIELDS),
      fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 10 }),
    )
    .filter(
      (name) =>
        !known.has(name) &&
        !/^files?(\[\])?$/.test(name) &&
        ![
          '__proto__',
          'constructor',
          'prototype',
          'toString',
          'hasOwnProperty',
          'valueOf',
        ].includes(name),
    );
  const fields = Object.keys(shape?.properties ?? {});
  const someFields = fc.array(
    fc.tuple(
      fields.length > 0 ? fc.constantFrom(...fields) : fc.constant('zz'),
      hostileText.map((text) => text.replace(/[\u0000-\u001F\u007F]/g, '')),
    ),
    { maxLength: 3 },
  );
  const faults: fc.Arbitrary<HostileBody>[] = [
    // At least one part begun: a form with no bytes at all is an empty form, which an update takes.
    someFields.map((pairs) =>
      multipartBody('a form cut short', pairs.length > 0 ? pairs : [['zz', 'x']], [], {
        cut: true,
      }),
    ),
    fc
      .tuple(someFields, unknownName, hostileText)
      .map(([pairs, name, value]) => multipartBody('unknown field', [...pairs, [name, value]])),
    fc
      .tuple(someFields, fc.constantFrom('__proto__', 'constructor', 'prototype'))
      .map(([pairs, name]) => multipartBody('prototype field', [...pairs, [name, 'x']])),
    fc.tuple(someFields, unknownName).map(([pairs, name]) =>
      multipartBody('a file in a field that takes none', pairs, [
        {
          field: name,
          bytes: Buffer.from('<svg onload="alert(1)"></svg>'),
          type: 'image/svg+xml',
        },
      ]),
    ),
  ];
  // An empty form is refused only where a field is required (an update may change nothing).
  if ((shape?.required ?? []).length > 0)
    faults.push(
      fc.constant(multipartBody('an empty form', [])),
      fc.constant<HostileBody>({
        kind: 'multipart',
        fault: 'no parts at all',
        payload: Buffer.alloc(0),
        boundary: boundary(),
      }),
    );
  if (fields.length > 0)
    faults.push(
      fc
        .tuple(fc.constantFrom(...fields), hostileText, fc.constantFrom(...CONTROL_TEXTS))
        .map(([name, text, control]) =>
          multipartBody('control character', [[name, `${text}${control}`]]),
        ),
    );
  return faults;
};

/** Hostile bodies for one write route, each certain to be refused; JSON and, where taken, forms. */
export const hostileBodies = (route: RouteEntry, jsonLimit: number): fc.Arbitrary<HostileBody> => {
  const readsForm = route.consumes.includes('multipart/form-data');
  const schema = route.body ?? route.form?.schema;
  const faults = [
    ...jsonFaults(schema ? toJsonSchema(schema) : undefined, jsonLimit),
    ...(readsForm ? multipartFaults(route) : []),
  ];
  return fc.oneof(...faults);
};

/** The query a route requires, with values of the right kind (the import's product type: 1). */
export const requiredQuery = (route: RouteEntry) => {
  if (!route.query) return '';
  const schema = toJsonSchema(route.query);
  const walk = new SchemaWalk(schema);
  const root = walk.members(schema)[0]!;
  const params = new URLSearchParams();
  for (const name of root.required ?? []) {
    const prop = walk.members(root.properties?.[name] ?? {})[0]!;
    const kinds = walk.kinds(prop);
    const value = prop.enum?.[0] ?? ('const' in prop ? prop.const : undefined);
    params.set(
      name,
      value !== undefined
        ? String(value)
        : kinds?.has('integer') || kinds?.has('number')
          ? String(Math.max(prop.minimum ?? 1, 1))
          : kinds?.has('boolean')
            ? 'true'
            : walk.plausible(prop)[0]!,
    );
  }
  const query = params.toString();
  return query ? `?${query}` : '';
};
