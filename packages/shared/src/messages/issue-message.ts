import type { $ZodIssue } from 'zod/v4/core';
import { isMessageKey, type MessageParams } from './catalog';

/** A catalogue key with the parameters its text needs. */
export type IssueMessage = { key: string; params?: MessageParams };

const originKey = (issue: $ZodIssue, kind: 'small' | 'big') => {
  const origin = 'origin' in issue ? issue.origin : undefined;
  if (origin === 'string') return kind === 'small' ? 'validation.too_short' : 'validation.too_long';
  if (origin === 'array' || origin === 'set')
    return kind === 'small' ? 'validation.array_too_small' : 'validation.array_too_big';
  return kind === 'small' ? 'validation.too_small' : 'validation.too_big';
};

/**
 * One zod issue → a catalogue key with its parameters: the bounds and choices zod reports,
 * and the `params` a schema's refinement gives (`{ error: 'list.limit', params: { maximum } }`).
 */
export const issueMessage = (issue: $ZodIssue): IssueMessage => {
  const params: MessageParams = {};
  if ('minimum' in issue) params.minimum = Number(issue.minimum);
  if ('maximum' in issue) params.maximum = Number(issue.maximum);
  if ('expected' in issue && typeof issue.expected === 'string') params.expected = issue.expected;
  if ('values' in issue && Array.isArray(issue.values))
    params.values = issue.values.map(String).join(', ');
  if (issue.code === 'custom' && issue.params) Object.assign(params, issue.params);
  if (isMessageKey(issue.message)) return { key: issue.message, params };
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined
        ? { key: 'validation.required' }
        : { key: 'validation.invalid_type', params };
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
