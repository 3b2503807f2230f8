import type { z } from 'zod';

export type FieldKind =
  | 'text'
  | 'textarea'
  | 'number'
  | 'switch'
  | 'select'
  | 'tree-select'
  | 'password'
  | 'email'
  | 'slug'
  | 'money'
  | 'date'
  | 'datetime'
  | 'tags'
  | 'json'
  | 'media'
  | 'list';

export type FieldShape = {
  kind: FieldKind;
  required: boolean;
  options?: Array<string | number>;
};

type AnyDef = {
  type?: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  [key: string]: unknown;
};

const defOf = (schema: z.ZodType | undefined): AnyDef =>
  ((schema as unknown as { _zod?: { def?: AnyDef } } | undefined)?._zod?.def ?? {}) as AnyDef;

/** Reads a zod 4 field: its widget kind, whether it is required and its choices. */
export const describeField = (schema: z.ZodType | undefined): FieldShape => {
  let current = schema;
  let required = true;
  for (let depth = 0; depth < 10 && current; depth += 1) {
    const def = defOf(current);
    switch (def.type) {
      case 'optional':
      case 'nullable':
      case 'default':
      case 'prefault':
      case 'catch':
        required = false;
        current = def.innerType;
        continue;
      case 'readonly':
      case 'nonoptional':
        current = def.innerType;
        continue;
      case 'pipe':
        current = defOf(def.in).type === 'transform' ? def.out : def.in;
        continue;
      case 'number':
      case 'int':
      case 'bigint':
        return { kind: 'number', required };
      case 'boolean':
        return { kind: 'switch', required: false };
      case 'enum':
        return {
          kind: 'select',
          required,
          options: Object.values((def.entries ?? {}) as Record<string, string | number>),
        };
      case 'literal':
        return { kind: 'select', required, options: (def.values ?? []) as Array<string | number> };
      case 'union': {
        const options = ((def.options ?? []) as z.ZodType[]).flatMap((option) => {
          const inner = defOf(option);
          if (inner.type === 'literal') return (inner.values ?? []) as Array<string | number>;
          if (inner.type === 'null' || inner.type === 'undefined') {
            required = false;
            return [];
          }
          return [];
        });
        if (options.length > 0) return { kind: 'select', required, options };
        return { kind: 'text', required };
      }
      case 'string': {
        const checks = (def.checks ?? []) as Array<{ _zod?: { def?: { format?: string } } }>;
        const formats = [def.format, ...checks.map((check) => check._zod?.def?.format)];
        if (formats.includes('email')) return { kind: 'email', required };
        if (formats.includes('date')) return { kind: 'date', required };
        if (formats.includes('datetime')) return { kind: 'datetime', required };
        return { kind: 'text', required };
      }
      case 'array': {
        const element = defOf(def.element as z.ZodType | undefined).type;
        if (element === 'object') return { kind: 'list', required };
        if (element === 'string') return { kind: 'tags', required };
        return { kind: 'text', required };
      }
      default:
        return { kind: 'text', required };
    }
  }
  return { kind: 'text', required };
};

/** The fields of an object schema (looking through pipes and refinements). */
export const objectShape = (schema: z.ZodType): Record<string, z.ZodType> => {
  let current: z.ZodType | undefined = schema;
  for (let depth = 0; depth < 10 && current; depth += 1) {
    const def = defOf(current);
    if (def.type === 'object') return (def.shape ?? {}) as Record<string, z.ZodType>;
    if (def.type === 'pipe') current = def.in;
    else current = def.innerType;
  }
  return {};
};

/** The object shape of a list's items (`z.array(z.object(…))`, looking through optional and pipes). */
export const listItemShape = (schema: z.ZodType | undefined): Record<string, z.ZodType> => {
  let current = schema;
  for (let depth = 0; depth < 10 && current; depth += 1) {
    const def = defOf(current);
    if (def.type === 'array') return objectShape(def.element as z.ZodType);
    current = def.type === 'pipe' ? def.in : def.innerType;
  }
  return {};
};

export type FormFieldError = { name: Array<string | number>; errors: string[] };

/** `products.0.number` → `['products', 0, 'number']`, as antd names nested fields. */
export const toNamePath = (path: string | ReadonlyArray<PropertyKey>): Array<string | number> =>
  (typeof path === 'string' ? path.split('.') : path.map(String)).map((segment) =>
    /^\d+$/.test(segment) ? Number(segment) : segment,
  );

export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** A zod issue's message is a catalogue key (`validation.required`); its params fill `{{…}}`. */
export const issueText = (issue: z.core.$ZodIssue, translate: Translate): string => {
  const { message, path: _path, ...rest } = issue as z.core.$ZodIssue & Record<string, unknown>;
  const params = (rest.params ?? {}) as Record<string, unknown>;
  return translate(message, { ...rest, ...params });
};

/** Groups zod issues by field, translated. */
export const issuesToFieldErrors = (
  issues: readonly z.core.$ZodIssue[],
  translate: Translate,
): FormFieldError[] => {
  const byPath = new Map<string, FormFieldError>();
  for (const issue of issues) {
    const name = toNamePath(issue.path as PropertyKey[]);
    const key = name.join('.');
    const entry = byPath.get(key) ?? { name, errors: [] };
    entry.errors.push(issueText(issue, translate));
    byPath.set(key, entry);
  }
  return [...byPath.values()];
};

/**
 * Errors placed on the fields the form shows (`knownFields`: their dot paths). An error lands on
 * its own field, else on the nearest field above it (`config.1` on the `config` list, a
 * `products.0.number` on a custom `products` input); one with no field is returned in `other`.
 */
export const placeFieldErrors = (
  errors: readonly FormFieldError[],
  knownFields: ReadonlySet<string>,
): { fields: FormFieldError[]; other: string[] } => {
  const byName = new Map<string, FormFieldError>();
  const other: string[] = [];
  for (const error of errors) {
    let name = error.name;
    while (name.length > 0 && !knownFields.has(name.join('.'))) name = name.slice(0, -1);
    if (name.length === 0) {
      other.push(...error.errors);
      continue;
    }
    const key = name.join('.');
    const entry = byName.get(key) ?? { name, errors: [] };
    entry.errors.push(...error.errors.filter((text) => !entry.errors.includes(text)));
    byName.set(key, entry);
  }
  return { fields: [...byName.values()], other };
};

/** The server's 422 `errors` (dot paths) placed on the form's fields, and the rest. */
export const serverErrorsToFields = (
  errors: Record<string, string[]>,
  knownFields: ReadonlySet<string>,
): { fields: FormFieldError[]; other: string[] } =>
  placeFieldErrors(
    Object.entries(errors).map(([path, messages]) => ({
      name: toNamePath(path),
      errors: messages,
    })),
    knownFields,
  );
