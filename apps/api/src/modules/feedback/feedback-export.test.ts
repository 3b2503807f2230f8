import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedbackService } from './feedback.routes';
import { createTestApp, type TestApp } from '../../test/test-app';
import { serviceContextFor } from '../../test/service-context';

let t: TestApp;
let reader: string;
const BOM = '\uFEFF';

const get = (url: string, token = reader, locale = 'en') =>
  t.request('GET', `/api/v1${url}`, { token, locale });

/** The rows of a CSV answer (no field here holds a line break). */
const csvRows = (body: string) =>
  body
    .replace(BOM, '')
    .split('\r\n')
    .filter(Boolean)
    .map((line) => line.split(','));

const feedback = (name: string, type: string | null, content = 'Liên hệ') =>
  t.request('POST', '/api/v1/feedback', {
    token: t.adminToken,
    body: { name, type, content },
  });

beforeAll(async () => {
  t = await createTestApp();
  reader = (await t.createUser(['feedback.list'])).token;
  for (const [name, type] of [
    ['Nguyễn Văn An', 'Bảo hành'],
    ['Trần Thị Bình', null],
    ['Lê Văn Cường', 'Bảo hành'],
    ['Phạm Thị Dung', 'Đặt hàng'],
    ['Hoàng Văn Em', null],
  ] as const)
    await feedback(name, type);
});
afterAll(() => t.close());

describe('exports', () => {
  it('answers the whole filtered list as CSV in UTF-8 with a BOM, headers in the reader’s language', async () => {
    const answer = await get('/feedback/export?format=csv&search=van&orderBy=id&sortedBy=asc');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toMatch(
      /^attachment; filename="feedback-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(answer.body.startsWith(BOM)).toBe(true);
    const [header, ...rows] = csvRows(answer.body);
    expect(header).toEqual([
      'ID',
      'Type',
      'Name',
      'Phone',
      'Email',
      'Address',
      'Content',
      'Status',
      'Created at',
    ]);
    // the folded search of the list: "van" finds Văn, in the list's order
    expect(rows.map((row) => row[2])).toEqual(['Nguyễn Văn An', 'Lê Văn Cường', 'Hoàng Văn Em']);
    expect(answer.headers['x-total-count']).toBe('3');
    const vi = await get('/feedback/export?status=none', reader, 'vi');
    expect(csvRows(vi.body)[0]!.slice(0, 3)).toEqual(['ID', 'Loại', 'Tên']);
    expect(csvRows(vi.body)).toHaveLength(6);
  });

  it('reads the list in batches in its order, NULLs where the engine sorts them, ties by id', async () => {
    const ctx = serviceContextFor(t);
    for (const order of [
      { orderBy: 'type', sortedBy: 'asc' },
      { orderBy: 'type', sortedBy: 'desc' },
      { orderBy: 'name', sortedBy: 'desc' },
      { orderBy: 'created_at', sortedBy: 'asc' },
    ]) {
      const page = await feedbackService.list(ctx, { ...order, limit: 100 });
      const streamed: number[] = [];
      for await (const batch of feedbackService.stream(ctx, order, 2))
        streamed.push(...batch.map((row) => row.id));
      expect(streamed).toEqual(page.data.map((row) => row.id));
    }
  });

  it('writes a time on the shop’s clock, as a spreadsheet reads a date and time', async () => {
    const made = await feedback('Đỗ Thị Giang', 'Giờ');
    // 20:05 UTC on 9 March is 03:05 on 10 March in the shop (Vietnam, UTC+7)
    await t.db
      .updateTable('feedback')
      .set({ created_at: '2026-03-09T20:05:00.000Z' })
      .where('id', '=', made.json().data.id)
      .execute();
    const answer = await get('/feedback/export?search=giang', reader, 'vi');
    await t.request('DELETE', `/api/v1/feedback/${made.json().data.id}`, { token: t.adminToken });
    const [header, row] = csvRows(answer.body);
    expect(row![header!.indexOf('Ngày tạo')]).toBe('2026-03-10 03:05:00');
  });

  it('never lets a cell become a formula', async () => {
    for (const name of ['=HYPERLINK("http://x.invalid","Bấm")', '+84 912', '-1+2', '@SUM(A1)'])
      expect((await feedback(name, 'Công thức')).statusCode).toBe(201);
    const answer = await get('/feedback/export?orderBy=id&sortedBy=desc', t.adminToken);
    expect(answer.body).toContain(`"'=HYPERLINK(""http://x.invalid"",""Bấm"")"`);
    expect(answer.body).toContain(`'+84 912`);
    expect(answer.body).toContain(`'-1+2`);
    expect(answer.body).toContain(`'@SUM(A1)`);

    const xlsx = await t.app.inject({
      method: 'GET',
      url: '/api/v1/feedback/export?format=xlsx&orderBy=id&sortedBy=desc',
      headers: { authorization: `Bearer ${t.adminToken}`, locale: 'ja' },
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as never);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).getCell(3).value).toBe('名前');
    const cells = [2, 3, 4, 5].map((row) => sheet.getRow(row).getCell(3).value);
    expect(cells).toEqual([
      "'@SUM(A1)",
      "'-1+2",
      "'+84 912",
      `'=HYPERLINK("http://x.invalid","Bấm")`,
    ]);
    expect(sheet.rowCount).toBe(10);
  });

  it('needs the list permission and refuses what the list refuses', async () => {
    const other = (await t.createUser(['comments.list'])).token;
    expect((await get('/feedback/export', other)).statusCode).toBe(403);
    expect((await t.request('GET', '/api/v1/feedback/export')).statusCode).toBe(401);
    const format = await get('/feedback/export?format=pdf');
    expect(format.statusCode).toBe(422);
    expect(format.json().errors).toEqual({ format: ['The format must be csv or xlsx.'] });
    const page = await get('/feedback/export?page=2');
    expect(page.statusCode).toBe(422);
    expect(page.json().errors).toHaveProperty('page');
    const order = await get('/feedback/export?orderBy=password');
    expect(order.statusCode).toBe(422);
    expect(order.json().errors).toHaveProperty('orderBy');
  });

  it('exports every list that offers it', async () => {
    for (const path of [
      '/posts',
      '/orders',
      '/users',
      '/discounts',
      '/warehouses/products',
      '/warehouses/changes',
      '/suppliers',
      '/feedback',
      '/comments',
    ]) {
      const answer = await get(`${path}/export`, t.adminToken);
      expect(answer.statusCode, path).toBe(200);
      expect(answer.body.startsWith(BOM), path).toBe(true);
    }
    const members = await get(
      '/users/export?searchRole=no&search=email:ADMIN@EXAMPLE.COM',
      t.adminToken,
    );
    expect(csvRows(members.body)).toHaveLength(1);
    const staff = await get(
      '/users/export?searchRole=has&search=email:ADMIN@EXAMPLE.COM',
      t.adminToken,
    );
    expect(csvRows(staff.body)[1]![2]).toBe('admin@example.com');
  });
});
