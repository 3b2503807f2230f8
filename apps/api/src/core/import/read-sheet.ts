import { foldCase } from '@backoffice/shared/search-fold';
import { LOCALES, messages } from '@backoffice/shared/messages/catalog';
import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { invalid } from '../errors';

/** A data row of a spreadsheet: its number as the reader sees it (the header is row 1) and its cells. */
export type SheetRow = { row: number; cells: Record<string, string> };

/** A spreadsheet's data rows, and the header each column key was read from (as the file writes it). */
export type Sheet = { rows: SheetRow[]; headers: Map<string, string> };

const EXPORT_COLUMN = 'export.column.';
/**
 * The headers an export writes, in every language, back to their column keys: a list exported
 * in Vietnamese ("Mã", "Tiêu đề", "Giá") and edited in a spreadsheet comes back as it is. A name
 * two columns share in some language ("Sản phẩm") is left as written. Made at the first import,
 * not at start-up.
 */
let exportedHeaders: Map<string, string | null> | undefined;
const exportedHeaderKeys = () => {
  if (exportedHeaders) return exportedHeaders;
  const keys = new Map<string, string | null>();
  for (const locale of LOCALES)
    for (const [message, text] of Object.entries(messages[locale])) {
      if (!message.startsWith(EXPORT_COLUMN)) continue;
      const name = foldCase(text);
      const key = message.slice(EXPORT_COLUMN.length);
      keys.set(name, keys.has(name) && keys.get(name) !== key ? null : key);
    }
  exportedHeaders = keys;
  return keys;
};

/** The column key of a header: an export's header in any language, else the header itself (lower case). */
const columnKey = (header: string) => {
  const name = foldCase(header);
  return exportedHeaderKeys().get(name) ?? name;
};

const cellText = (value: ExcelJS.CellValue): string => {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('text' in value && typeof value.text === 'string') return value.text;
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    return '';
  }
  return String(value);
};

const fromXlsx = async (bytes: Buffer): Promise<string[][]> => {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as never);
  } catch {
    throw invalid({ file: 'import.file_unreadable' });
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const lines: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, number) => {
    const values = Array.isArray(row.values) ? row.values.slice(1) : [];
    lines[number - 1] = values.map((value) => cellText(value as ExcelJS.CellValue));
  });
  return Array.from(lines, (line) => line ?? []);
};

const fromCsv = (bytes: Buffer): string[][] => {
  try {
    return parse(bytes, { bom: true, relax_column_count: true, skip_empty_lines: false });
  } catch {
    throw invalid({ file: 'import.file_unreadable' });
  }
};

/** Longest file an import reads: a shop's catalogue, not a database dump. */
export const IMPORT_MAX_ROWS = 20_000;

/**
 * The rows of an uploaded CSV (UTF-8, with or without a BOM) or xlsx file (its first sheet),
 * by the keys of the header row's columns (`columnKey`); empty lines are skipped.
 */
export const readSheet = async (file: { filename: string; buffer: Buffer }): Promise<Sheet> => {
  const isXlsx = file.buffer.subarray(0, 2).toString('latin1') === 'PK';
  const lines = isXlsx ? await fromXlsx(file.buffer) : fromCsv(file.buffer);
  const [header = [], ...data] = lines;
  const names = header.map((name) => columnKey(String(name ?? '')));
  if (names.every((name) => name === '')) throw invalid({ file: 'import.file_empty' });
  if (data.length > IMPORT_MAX_ROWS) throw invalid({ file: 'import.too_many_rows' });
  const headers = new Map<string, string>();
  names.forEach((name, column) => {
    if (name) headers.set(name, String(header[column]).normalize('NFC').trim());
  });
  const rows: SheetRow[] = [];
  data.forEach((line, index) => {
    if (line.every((cell) => String(cell ?? '').trim() === '')) return;
    const cells: Record<string, string> = Object.create(null);
    names.forEach((name, column) => {
      if (name)
        cells[name] = String(line[column] ?? '')
          .normalize('NFC')
          .trim();
    });
    rows.push({ row: index + 2, cells });
  });
  return { rows, headers };
};
