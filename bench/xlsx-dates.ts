/**
 * `npx tsx bench/xlsx-dates.ts`: what writing an export's times as spreadsheet dates would cost.
 * The product's xlsx export (`exportStream`, times as text, the streaming writer without styles)
 * beside the same rows written with styles on and the two time columns as dates with a number
 * format (the only way a date cell shows as a date), in the same run, 200,000 rows × 5 columns.
 */
import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { exportStream } from '../apps/api/src/core/export/export-stream';

const ROWS = 200_000;
const BATCH = 1000;
const time = (i: number) => `2026-03-10 03:05:${String(i % 60).padStart(2, '0')}`;
const row = (i: number) => [time(i), time(i + 7), `Sản phẩm số ${i} cà phê`, i, i * 1000];

const drain = (stream: Readable) =>
  new Promise<number>((resolve, reject) => {
    let bytes = 0;
    stream.on('data', (chunk: Buffer) => (bytes += chunk.length));
    stream.on('end', () => resolve(bytes));
    stream.on('error', reject);
  });

const product = async () => {
  const batches = (async function* () {
    for (let start = 0; start < ROWS; start += BATCH)
      yield Array.from({ length: BATCH }, (_, k) => row(start + k));
  })();
  return drain(exportStream('xlsx', ['Tạo lúc', 'Sửa lúc', 'Tên', 'Số', 'Giá'], batches));
};

const asDates = async () => {
  const out = new PassThrough();
  const done = drain(out);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet('Data');
  const dateColumn = { width: 20, style: { numFmt: 'yyyy-mm-dd hh:mm:ss' } };
  sheet.columns = [dateColumn, dateColumn, { width: 30 }, { width: 10 }, { width: 10 }];
  sheet.addRow(['Tạo lúc', 'Sửa lúc', 'Tên', 'Số', 'Giá']).commit();
  const asDate = (text: string) => new Date(`${text.replace(' ', 'T')}Z`);
  for (let i = 0; i < ROWS; i += 1) {
    const [created, updated, ...rest] = row(i);
    sheet.addRow([asDate(created as string), asDate(updated as string), ...rest]).commit();
    if (i % BATCH === 0) await new Promise((resolve) => setImmediate(resolve));
  }
  sheet.commit();
  await workbook.commit();
  return done;
};

const timed = async (name: string, work: () => Promise<number>) => {
  const started = performance.now();
  const bytes = await work();
  const seconds = (performance.now() - started) / 1000;
  console.log(`${name}: ${seconds.toFixed(2)} s, ${(bytes / 2 ** 20).toFixed(1)} MiB`);
  return seconds;
};

for (let round = 1; round <= 2; round += 1) {
  const text = await timed(`round ${round} product (times as text)`, product);
  const dates = await timed(`round ${round} times as date cells, styles on`, asDates);
  console.log(`round ${round} ratio: ${(dates / text).toFixed(2)}×`);
}
