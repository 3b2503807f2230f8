import { issueMessage } from '@backoffice/shared/messages/issue-message';
import type { FastifySchemaCompiler } from 'fastify';
import { safeParse, type $ZodIssue, type $ZodType } from 'zod/v4/core';
import type { FieldErrors } from './errors';

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

/**
 * zod issues → `errors` by field (dot paths). A field the schema does not know is named
 * itself; in a query string it is called a parameter.
 */
export const issuesToFieldErrors = (
  issues: readonly $ZodIssue[],
  fallbackField: string,
): FieldErrors => {
  // No prototype: a field may be called `__proto__` or `constructor` (multipart allows any name).
  const errors = Object.create(null) as FieldErrors;
  for (const issue of issues) {
    const path = issue.path.map(String).join('.');
    const unknown = issue.code === 'unrecognized_keys';
    const keys = unknown
      ? issue.keys.map((key) => (path ? `${path}.${key}` : key))
      : [path || fallbackField];
    for (const field of keys) {
      const list = (errors[field] ??= []);
      const message =
        unknown && fallbackField === 'querystring'
          ? { key: 'validation.unknown_parameter' }
          : issueMessage(issue);
      if (!list.some((existing) => existing.key === message.key)) list.push(message);
    }
  }
  return errors;
};

/**
 * Route schemas are zod schemas from packages/shared. Nothing is coerced:
 * a number where text is expected is a 422. The object schemas are strict: a
 * body field or query parameter they do not know is a 422 naming it.
 */
export const zodValidatorCompiler: FastifySchemaCompiler<$ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const result = safeParse(schema, data, { reportInput: true });
    if (result.success) return { value: result.data };
    return {
      error: new RequestValidationError(
        issuesToFieldErrors(result.error.issues, httpPart ?? 'body'),
        httpPart ?? 'body',
      ),
    };
  };
