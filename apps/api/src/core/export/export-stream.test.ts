import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { columnWidths, exportStream } from './export-stream';

const workbookOf = async (headers: string[], batches: Array<Array<Array<string | number>>>) => {
  const chunks: Buffer[] = [];
  for await (const chunk of exportStream(
    'xlsx',
    headers,
    (async function* () {
      yield* batches;
    })(),
  ))
    chunks.push(chunk as Buffer);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.concat(chunks) as never);
  return workbook.worksheets[0]!;
};

describe('an xlsx export', () => {
  it('opens with each column as wide as its header or its widest first cells', async () => {
    const name = 'Cà phê hạt Arabica Cầu Đất – mẫu 266 × 2';
    const sheet = await workbookOf(
      ['Mã', 'Phương thức thanh toán', 'Sản phẩm'],
      [[['DH2612070001', 'Chuyển khoản', name]], [['DH2612070002', 'Thẻ', 'x'.repeat(500)]]],
    );
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
      'Mã',
      'Phương thức thanh toán',
      'Sản phẩm',
    ]);
    expect(sheet.getColumn(1).width).toBe('DH2612070001'.length + 2);
    expect(sheet.getColumn(2).width).toBe('Phương thức thanh toán'.length + 2);
    expect(sheet.getColumn(3).width).toBe(name.length + 2);
    // every row is there, the later batch too
    expect(sheet.rowCount).toBe(3);
  });

  it('counts a wide character twice, keeps a narrow column readable and a long one in bounds', () => {
    expect(columnWidths(['名前', 'ID', 'Nội dung'], [['山田太郎', 7, 'y'.repeat(200)]])).toEqual([
      10, 8, 60,
    ]);
  });

  it('writes the headers of an empty list', async () => {
    const sheet = await workbookOf(['Mã', 'Tên'], []);
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(['Mã', 'Tên']);
    expect(sheet.rowCount).toBe(1);
  });
});
