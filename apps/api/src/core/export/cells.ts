/** A spreadsheet cell as exported: text, a number, or nothing. */
export type Cell = string | number | null | undefined;

// A cell a spreadsheet would read as a formula (or as the start of one, after a tab or CR).
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Text that would start a formula in Excel or LibreOffice (`=`, `+`, `-`, `@`, tab, CR) is
 * prefixed with `'`, so an exported cell is shown as the text it is and never runs: a customer
 * named `=HYPERLINK(…)` stays a name. Numbers stay numbers.
 */
export const neutralize = (cell: Cell): string | number | null => {
  if (cell === null || cell === undefined) return null;
  if (typeof cell === 'number') return cell;
  return FORMULA_START.test(cell) ? `'${cell}` : cell;
};

const NEEDS_QUOTES = /[",\r\n]/;

/** One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break. */
const csvField = (cell: Cell) => {
  const value = neutralize(cell);
  if (value === null) return '';
  const text = String(value);
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** One CSV line, ended by CRLF. */
export const csvLine = (cells: readonly Cell[]) => `${cells.map(csvField).join(',')}\r\n`;

/** The byte-order mark that makes Excel read a CSV file as UTF-8 (Vietnamese stays readable). */
export const UTF8_BOM = '\uFEFF';
