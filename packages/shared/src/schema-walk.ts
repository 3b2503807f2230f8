import { globalRegistry, type z } from 'zod';

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  element?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  valueType?: z.ZodType;
  items?: z.ZodType[];
  rest?: z.ZodType | null;
  getter?: () => z.ZodType;
};

/** One place of a schema: its path (`contents.*.content`), the field's schema, what it wraps. */
export type SchemaPlace = {
  path: string;
  /** The schema at that place as a parent holds it (optional, piped, refined…). */
  schema: z.ZodType;
  /** It and every schema it wraps before the next place (the inner text of `.nullish()`). */
  layers: z.ZodType[];
  /**
   * Whether the nearest object around it is strict (`z.strictObject`): a request's body or
   * query. The records the API answers are plain objects.
   */
  input: boolean;
};

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The kinds of value a place may hold (`string`, `number`, `object`…), through its layers. */
export const kindsOf = (place: SchemaPlace) =>
  new Set(place.layers.map((layer) => defOf(layer).type));

/** A schema's metadata at any of its layers, merged (`.meta()` sits on one layer). */
export const metaOf = (place: SchemaPlace): Record<string, unknown> =>
  Object.assign({}, ...place.layers.map((layer) => globalRegistry.get(layer) ?? {}));

export const isZodSchema = (value: unknown): value is z.ZodType =>
  typeof value === 'object' && value !== null && '_zod' in value;

/**
 * Every place of a schema, for tests that prove a rule holds wherever a kind of value sits:
 * object fields by name, list items as `*`, record values as `*`; the wrappers of a place
 * (optional, nullable, default, pipe, union) are its layers. A recursive schema (menu items)
 * is followed once.
 */
export const schemaPlaces = (root: z.ZodType): SchemaPlace[] => {
  const places: SchemaPlace[] = [];
  const following = new Set<z.ZodType>();
  const visit = (schema: z.ZodType, path: string, input: boolean) => {
    if (following.has(schema)) return;
    following.add(schema);
    const place: SchemaPlace = { path, schema, layers: [], input };
    places.push(place);
    const layer = (current: z.ZodType) => {
      if (place.layers.includes(current)) return;
      place.layers.push(current);
      const def = defOf(current);
      const child = (name: string, inner: z.ZodType, strict = input) =>
        visit(inner, path ? `${path}.${name}` : name, strict);
      switch (def.type) {
        case 'object': {
          const strict = !!def.catchall && defOf(def.catchall).type === 'never';
          for (const [key, inner] of Object.entries(def.shape ?? {})) child(key, inner, strict);
          break;
        }
        case 'array':
          child('*', def.element!);
          break;
        case 'record':
          child('*', def.valueType!);
          break;
        case 'tuple':
          def.items?.forEach((inner) => child('*', inner));
          if (def.rest) child('*', def.rest);
          break;
        case 'pipe':
          layer(def.in!);
          layer(def.out!);
          break;
        case 'union':
          for (const option of def.options ?? []) layer(option);
          break;
        case 'intersection':
          layer(def.left!);
          layer(def.right!);
          break;
        case 'lazy':
          layer(def.getter!());
          break;
        default:
          if (def.innerType) layer(def.innerType);
      }
    };
    layer(schema);
    following.delete(schema);
  };
  visit(root, '', false);
  return places;
};
