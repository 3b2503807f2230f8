import { isMessageKey } from '@backoffice/shared/messages/catalog';
import type { FastifySchemaCompiler } from 'fastify';
import { safeParse, type $ZodIssue, type $ZodType } from 'zod/v4/core';
import type { FieldErrors, FieldMessage } from './errors';

/** A request part (body, query, params) that failed its zod schema. */
export class RequestValidationError extends Error {
  readonly statusCode = 422;
  constructor(
    readonly fieldErrors: FieldErrors,
    readonly part: string,
  ) {
    super('validation failed');
  }
}

const originKey = (issue: $ZodIssue, kind: 'small' | 'big') => {
  const origin = 'origin' in issue ? issue.origin : undefined;
  if (origin === 'string') return kind === 'small' ? 'validation.too_short' : 'validation.too_long';
  if (origin === 'array' || origin === 'set') return kind === 'small' ? 'validation.array_too_small' : 'validation.array_too_big';
  return kind === 'small' ? 'validation.too_small' : 'validation.too_big';
};

/** One zod issue → a catalogue key with its parameters. */
export const issueMessage = (issue: $ZodIssue): FieldMessage => {
  const params: Record<string, string | number> = {};
  if ('minimum' in issue) params.minimum = Number(issue.minimum);
  if ('maximum' in issue) params.maximum = Number(issue.maximum);
  if ('expected' in issue && typeof issue.expected === 'string') params.expected = issue.expected;
  if ('values' in issue && Array.isArray(issue.values)) params.values = issue.values.map(String).join(', ');
  if (isMessageKey(issue.message)) return { key: issue.message, params };
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? { key: 'validation.required' } : { key: 'validation.invalid_type', params };
    case 'too_small':
      return { key: originKey(issue, 'small'), params };
    case 'too_big':
      return { key: originKey(issue, 'big'), params };
    case 'invalid_value':
      return { key: 'validation.invalid_value', params };
    case 'invalid_format':
      return { key: 'validation.invalid_format' };
    case 'not_multiple_of':
      return { key: 'validation.integer' };
    case 'unrecognized_keys':
      return { key: 'validation.unknown_field' };
    default:
      return { key: 'validation.invalid' };
  }
};

export const issuesToFieldErrors = (issues: readonly $ZodIssue[], fallbackField: string): FieldErrors => {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const path = issue.path.map(String).join('.');
    const keys =
      issue.code === 'unrecognized_keys' ? issue.keys.map((key) => (path ? `${path}.${key}` : key)) : [path || fallbackField];
    for (const field of keys) {
      const list = (errors[field] ??= []);
      const message = issueMessage(issue);
      if (!list.some((existing) => existing.key === message.key)) list.push(message);
    }
  }
  return errors;
};

/**
 * Route schemas are zod schemas from packages/shared. Nothing is coerced:
 * a number where text is expected is a 422. Unknown body fields are dropped
 * by the object schemas before a handler sees them.
 */
export const zodValidatorCompiler: FastifySchemaCompiler<$ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const result = safeParse(schema, data, { reportInput: true });
    if (result.success) return { value: result.data };
    return { error: new RequestValidationError(issuesToFieldErrors(result.error.issues, httpPart ?? 'body'), httpPart ?? 'body') };
  };
