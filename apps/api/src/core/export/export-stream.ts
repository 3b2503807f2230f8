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
      sheet.addRow([...headers]).commit();
      for await (const rows of batches) {
        if (out.destroyed) return;
        for (const row of rows) sheet.addRow(row.map(neutralize)).commit();
        await drained();
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
