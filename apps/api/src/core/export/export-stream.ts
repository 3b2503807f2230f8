import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { csvLine, neutralize, UTF8_BOM, type Cell } from './cells';

export type ExportFormat = 'csv' | 'xlsx';

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;

export const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** A header line, then rows in batches, as a CSV byte stream (UTF-8 with a BOM). */
const csvStream = (headers: readonly string[], batches: AsyncIterable<Cell[][]>) =>
  Readable.from(
    (async function* () {
      yield UTF8_BOM + csvLine(headers);
      for await (const rows of batches) yield rows.map(csvLine).join('');
    })(),
  );

// A wide character (CJK, full-width forms) takes about two of a spreadsheet's narrow columns.
const WIDE =
  /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/gu;

/** How many narrow characters a cell's text takes. */
const textWidth = (cell: Cell) => {
  const text = cell === null || cell === undefined ? '' : String(cell);
  return text.length + (text.match(WIDE)?.length ?? 0);
};

/**
 * Each column as wide as its header or the widest cell of the first rows (within 8 and 60
 * characters): a workbook opens with "Phương thức thanh toán" and a product's name readable,
 * not cut at Excel's default of eight.
 */
export const columnWidths = (headers: readonly string[], rows: readonly Cell[][]) =>
  headers.map((header, column) =>
    Math.min(
      60,
      Math.max(
        8,
        ...[header, ...rows.map((row) => row[column])].map((cell) => textWidth(cell) + 2),
      ),
    ),
  );

/**
 * An xlsx workbook written as the rows come (ExcelJS's streaming writer: no shared strings, no
 * styles, each row committed and let go), waiting whenever the reader is behind, so a million
 * rows hold no more memory than a few batches.
 */
const xlsxStream = (headers: readonly string[], batches: AsyncIterable<Cell[][]>) => {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: false,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet('Data');
  const drained = () =>
    new Promise<void>((resolve) => {
      if (out.writableLength <= out.writableHighWaterMark || out.destroyed) resolve();
      else out.once('drain', () => resolve());
    });
  void (async () => {
    try {
      const iterator = batches[Symbol.asyncIterator]();
      const first = await iterator.next();
      // the widths go before any row: the first batch's rows set them
      sheet.columns = columnWidths(headers, first.done ? [] : first.value.slice(0, 200)).map(
        (width) => ({ width }),
      );
      sheet.addRow([...headers]).commit();
      const write = async (rows: Cell[][]) => {
        for (const row of rows) sheet.addRow(row.map(neutralize)).commit();
        await drained();
      };
      if (!first.done) {
        await write(first.value);
        for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
          if (out.destroyed) return;
          await write(next.value);
        }
      }
      sheet.commit();
      await workbook.commit();
    } catch (error) {
      out.destroy(error as Error);
    }
  })();
  return out;
};

/** The export's bytes in the chosen format. */
export const exportStream = (
  format: ExportFormat,
  headers: readonly string[],
  batches: AsyncIterable<Cell[][]>,
): Readable => (format === 'csv' ? csvStream : xlsxStream)(headers, batches);
