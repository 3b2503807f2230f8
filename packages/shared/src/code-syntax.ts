/**
 * Code syntax for product and order codes: text with the placeholders `{YYYY}`, `{YY}`,
 * `{MM}`, `{DD}` and one `{N}` or `{N:k}` (a sequence, zero-padded to k digits). The
 * sequence is counted per scope: the code rendered with its `{N}` left in place, so
 * `DH{YY}{MM}{DD}{N:4}` starts again at 1 every day and `SP{N:6}` never does.
 */

import { SHOP_TIME_ZONE } from './shop-time';

export const DEFAULT_PRODUCT_CODE_SYNTAX = 'SP{N:6}';
export const DEFAULT_ORDER_CODE_SYNTAX = 'DH{YY}{MM}{DD}';
export const DEFAULT_ORDER_CODE_SYNTAX_FOOTER = '{N:4}';

/** The longest zero padding a sequence may ask for. */
export const SEQUENCE_MAX_DIGITS = 12;

const TOKEN = /\{([^{}]*)\}/g;
const DATE_TOKENS = new Set(['YYYY', 'YY', 'MM', 'DD']);
const SEQUENCE = /^N(?::(\d{1,2}))?$/;

export type CodeSyntaxError =
  | 'code_syntax.blank'
  | 'code_syntax.unknown_placeholder'
  | 'code_syntax.needs_sequence'
  | 'code_syntax.one_sequence'
  | 'code_syntax.padding';

/** Why a syntax cannot make codes, or null when it can. */
export const checkCodeSyntax = (syntax: string): CodeSyntaxError | null => {
  if (syntax.trim() === '') return 'code_syntax.blank';
  // A brace outside a placeholder would print as itself and hide a typo like `{NN}` or `{N`.
  if (syntax.replace(TOKEN, '').match(/[{}]/)) return 'code_syntax.unknown_placeholder';
  let sequences = 0;
  for (const [, name] of syntax.matchAll(TOKEN)) {
    if (DATE_TOKENS.has(name!)) continue;
    const sequence = SEQUENCE.exec(name!);
    if (!sequence) return 'code_syntax.unknown_placeholder';
    const digits = sequence[1] === undefined ? 1 : Number(sequence[1]);
    if (digits < 1 || digits > SEQUENCE_MAX_DIGITS) return 'code_syntax.padding';
    sequences += 1;
  }
  if (sequences === 0) return 'code_syntax.needs_sequence';
  if (sequences > 1) return 'code_syntax.one_sequence';
  return null;
};

// Making a formatter costs about as much as the rest of a write; each time zone gets one, once.
const dayFormats = new Map<string, Intl.DateTimeFormat>();
const dayFormat = (timeZone: string) => {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormats.set(timeZone, format);
  }
  return format;
};

type Day = { year: string; month: string; day: string };

// Formatting a date costs tens of microseconds, and every slip or order code asks for its day
// two or three times: the last day worked out per time zone is kept for the minute it was
// asked in (no time zone changes its offset inside a minute).
const lastDays = new Map<string, { minute: number; day: Day }>();

/** The calendar date of `date` where the shop is (Vietnam by default). */
const calendar = (date: Date, timeZone: string): Day => {
  const minute = Math.floor(date.getTime() / 60_000);
  const last = lastDays.get(timeZone);
  if (last && last.minute === minute) return last.day;
  const parts = dayFormat(timeZone).formatToParts(date);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  const day = { year: part('year'), month: part('month'), day: part('day') };
  lastDays.set(timeZone, { minute, day });
  return day;
};

/** The calendar day of `date` where the shop is, `YYYY-MM-DD`. */
export const shopDay = (date: Date, timeZone = SHOP_TIME_ZONE) => {
  const { year, month, day } = calendar(date, timeZone);
  return `${year}-${month}-${day}`;
};

export type CodeOptions = { date: Date; timeZone?: string };

const renderWith = (syntax: string, options: CodeOptions, sequence: (name: string) => string) => {
  const { year, month, day } = calendar(options.date, options.timeZone ?? SHOP_TIME_ZONE);
  return syntax.replace(TOKEN, (whole, name: string) => {
    if (name === 'YYYY') return year;
    if (name === 'YY') return year.slice(-2);
    if (name === 'MM') return month;
    if (name === 'DD') return day;
    return SEQUENCE.test(name) ? sequence(name) : whole;
  });
};

/** What the sequence is counted per: the code with its dates filled in and `{N}` left as it is. */
export const codeScope = (syntax: string, options: CodeOptions) =>
  renderWith(syntax, options, () => '{N}');

/** The code for the `sequence`-th item of its scope. */
export const renderCode = (syntax: string, options: CodeOptions & { sequence: number }) =>
  renderWith(syntax, options, (name) => {
    const digits = Number(SEQUENCE.exec(name)![1] ?? 1);
    return String(options.sequence).padStart(digits, '0');
  });
