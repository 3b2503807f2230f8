import { describe, expect, it } from 'vitest';
import { changedFields } from './changed-fields';

describe('changedFields', () => {
  it('names the fields a change touched, and none for a password changed (its details are not fields)', () => {
    expect(changedFields({ before: { title: 'a' }, after: { title: 'b', slug: 'b' } })).toBe(
      'title, slug',
    );
    const passwordChanged = { before: null, after: null, details: { mode: 'default', by: 1 } };
    expect(changedFields(passwordChanged)).toBe('—');
  });
});
