import { describe, expect, it } from 'vitest';
import { checkCodeSyntax, codeScope, renderCode, shopDay } from './code-syntax';

// 23 Nov 2026, 18:30 UTC is already 24 Nov in Vietnam.
const lateEvening = new Date('2026-11-23T18:30:00Z');
const morning = new Date('2026-11-23T02:00:00Z');

describe('code syntax', () => {
  it('renders the contract examples', () => {
    expect(renderCode('DH{YY}{MM}{DD}{N:4}', { date: morning, sequence: 7 })).toBe('DH2611230007');
    expect(renderCode('SP{N:6}', { date: morning, sequence: 42 })).toBe('SP000042');
    expect(renderCode('{YYYY}/{N}', { date: morning, sequence: 1234 })).toBe('2026/1234');
  });

  it('uses the calendar date in Vietnam unless told otherwise', () => {
    expect(renderCode('{YYYY}{MM}{DD}-{N}', { date: lateEvening, sequence: 1 })).toBe('20261124-1');
    expect(
      renderCode('{YYYY}{MM}{DD}-{N}', { date: lateEvening, sequence: 1, timeZone: 'UTC' }),
    ).toBe('20261123-1');
  });

  it('turns the day at midnight in the shop, whatever was asked just before (the day is kept per minute and time zone)', () => {
    const beforeMidnight = new Date('2026-11-23T16:59:59.999Z');
    const atMidnight = new Date('2026-11-23T17:00:00Z');
    expect(shopDay(beforeMidnight)).toBe('2026-11-23');
    expect(shopDay(atMidnight)).toBe('2026-11-24');
    expect(shopDay(beforeMidnight)).toBe('2026-11-23');
    expect(shopDay(atMidnight, 'UTC')).toBe('2026-11-23');
    expect(shopDay(atMidnight)).toBe('2026-11-24');
    expect(renderCode('{YYYY}{MM}{DD}-{N}', { date: atMidnight, sequence: 1 })).toBe('20261124-1');
    expect(
      renderCode('{YYYY}{MM}{DD}-{N}', { date: atMidnight, sequence: 1, timeZone: 'UTC' }),
    ).toBe('20261123-1');
  });

  it('never cuts a sequence longer than its padding', () => {
    expect(renderCode('A{N:2}', { date: morning, sequence: 1234 })).toBe('A1234');
  });

  it('counts per rendered prefix: a daily syntax starts again each day, a plain one never', () => {
    expect(codeScope('DH{YY}{MM}{DD}{N:4}', { date: morning })).toBe('DH261123{N}');
    expect(codeScope('DH{YY}{MM}{DD}{N:4}', { date: lateEvening })).toBe('DH261124{N}');
    expect(codeScope('SP{N:6}', { date: morning })).toBe(
      codeScope('SP{N:6}', { date: lateEvening }),
    );
  });

  it('refuses a syntax that cannot make unique codes, or hides a typo', () => {
    expect(checkCodeSyntax('DH{YY}{MM}{DD}{N:4}')).toBeNull();
    expect(checkCodeSyntax('SP{N}')).toBeNull();
    expect(checkCodeSyntax('   ')).toBe('code_syntax.blank');
    expect(checkCodeSyntax('DH{YY}{MM}{DD}')).toBe('code_syntax.needs_sequence');
    expect(checkCodeSyntax('{N}{N:3}')).toBe('code_syntax.one_sequence');
    expect(checkCodeSyntax('SP{NN}')).toBe('code_syntax.unknown_placeholder');
    expect(checkCodeSyntax('SP{N')).toBe('code_syntax.unknown_placeholder');
    expect(checkCodeSyntax('SP}{N}')).toBe('code_syntax.unknown_placeholder');
    expect(checkCodeSyntax('SP{N:0}')).toBe('code_syntax.padding');
    expect(checkCodeSyntax('SP{N:13}')).toBe('code_syntax.padding');
  });
});
