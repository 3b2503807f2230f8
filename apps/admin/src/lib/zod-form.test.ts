import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  describeField,
  issuesToFieldErrors,
  listItemShape,
  objectShape,
  serverErrorsToFields,
  toNamePath,
} from './zod-form';

const schema = z.object({
  source: z.string().min(1, 'validation.required'),
  email: z.email('validation.email').optional(),
  code: z
    .union([z.literal(301), z.literal(302)])
    .nullable()
    .optional(),
  kind: z.enum(['a', 'b']),
  sort: z.number().int().default(0),
  active: z.boolean(),
});

describe('zod form helpers', () => {
  it('describes fields from the schema', () => {
    const shape = objectShape(schema);
    expect(describeField(shape.source)).toEqual({ kind: 'text', required: true });
    expect(describeField(shape.email)).toEqual({ kind: 'email', required: false });
    expect(describeField(shape.code)).toEqual({
      kind: 'select',
      required: false,
      options: [301, 302],
    });
    expect(describeField(shape.kind)).toEqual({
      kind: 'select',
      required: true,
      options: ['a', 'b'],
    });
    expect(describeField(shape.sort)).toEqual({ kind: 'number', required: false });
    expect(describeField(shape.active).kind).toBe('switch');
  });

  it('finds the shape behind refinements', () => {
    expect(Object.keys(objectShape(schema.refine(() => true)))).toContain('source');
  });

  it('translates issues by field', () => {
    const result = schema.safeParse({ source: '', kind: 'c', active: true });
    expect(result.success).toBe(false);
    const errors = issuesToFieldErrors(result.error!.issues, (key) => `T(${key})`);
    expect(errors).toContainEqual({ name: ['source'], errors: ['T(validation.required)'] });
    expect(errors.map((error) => error.name[0])).toContain('kind');
  });

  it('maps the server errors to nested names', () => {
    expect(toNamePath('products.0.number')).toEqual(['products', 0, 'number']);
    const { fields, other } = serverErrorsToFields(
      { source: ['taken'], 'products.1.number': ['too many'], captcha: ['wrong'] },
      new Set(['source', 'products', 'products.1.number']),
    );
    expect(fields).toEqual([
      { name: ['source'], errors: ['taken'] },
      { name: ['products', 1, 'number'], errors: ['too many'] },
    ]);
    expect(other).toEqual(['wrong']);
  });

  it('puts an error without a field of its own on the nearest field above it', () => {
    const { fields, other } = serverErrorsToFields(
      {
        'course.chapters.0.lessons.1.title': ['A lesson with this title already exists.'],
        'config.1': ['Quantities must differ.'],
        'products.0.number': ['Not enough stock.'],
      },
      new Set(['course.chapters.0.lessons.1.title', 'config', 'products']),
    );
    expect(fields).toEqual([
      {
        name: ['course', 'chapters', 0, 'lessons', 1, 'title'],
        errors: ['A lesson with this title already exists.'],
      },
      { name: ['config'], errors: ['Quantities must differ.'] },
      { name: ['products'], errors: ['Not enough stock.'] },
    ]);
    expect(other).toEqual([]);
  });

  it('describes dates, lists of objects and lists of words', () => {
    const shape = objectShape(
      z.object({
        day: z.iso.date(),
        at: z.iso.datetime({ offset: true }).optional(),
        tiers: z.array(z.object({ quantity: z.number() })).min(1),
        keywords: z.array(z.string()).optional(),
      }),
    );
    expect(describeField(shape.day)).toEqual({ kind: 'date', required: true });
    expect(describeField(shape.at)).toEqual({ kind: 'datetime', required: false });
    expect(describeField(shape.tiers)).toEqual({ kind: 'list', required: true });
    expect(describeField(shape.keywords)).toEqual({ kind: 'tags', required: false });
    expect(Object.keys(listItemShape(shape.tiers))).toEqual(['quantity']);
  });
});
