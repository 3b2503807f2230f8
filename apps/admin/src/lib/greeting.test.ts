import { describe, expect, it } from 'vitest';
import { greetingFor } from './greeting';

describe('greetingFor', () => {
  it('follows the spec: morning 5-11, afternoon 12-17, evening otherwise', () => {
    expect([4, 5, 11, 12, 17, 18, 23, 0].map(greetingFor)).toEqual([
      'evening',
      'morning',
      'morning',
      'afternoon',
      'afternoon',
      'evening',
      'evening',
      'evening',
    ]);
  });
});
