import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, createTestApp, type TestApp } from '../../test/test-app';
import { multipart } from '../../test/test-kit';

let t: TestApp;
let typeId: number;

const upload = (
  path: string,
  content: string | Buffer,
  { dryRun = false, token = t.adminToken, locale = 'en', name = 'file.csv' } = {},
) => {
  const body = multipart(
    {},
    {
      field: 'file',
      filename: name,
      type: 'text/csv',
      bytes: typeof content === 'string' ? Buffer.from(content) : content,
    },
  );
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/${path}${path.includes('?') ? '&' : '?'}dry_run=${dryRun}`,
    payload: body.payload,
    headers: { ...body.headers, authorization: `Bearer ${token}`, locale },
  });
};

beforeAll(async () => {
  t = await createTestApp();
  typeId = (
    await t.request('POST', '/api/v1/types', {
      token: t.adminToken,
      body: { style: 'product', title: 'Cà phê' },
    })
  ).json().data.id;
});
afterAll(() => t.close());

describe('imports', () => {
  it('checks products in a dry run: every bad row with its number, field and message, nothing written', async () => {
    const before = await countRows(t, 'posts');
    const csv =
      '\uFEFFcode,title,price\r\nCF001,Cà phê sữa,29000\r\nCF002,Bạc xỉu,ba mươi\r\nCF003,,35000\r\n';
    const answer = await upload(`posts/import?type_id=${typeId}`, csv, {
      dryRun: true,
      locale: 'vi',
    });
    expect(answer.statusCode).toBe(200);
    const { errors, created } = answer.json().data;
    expect(created).toBe(0);
    expect(errors.map((e: { row: number; field: string }) => [e.row, e.field])).toEqual([
      [3, 'price'],
      [4, 'title'],
    ]);
    expect(errors[1].message).toMatch(/tiêu đề/i);
    expect(await countRows(t, 'posts')).toBe(before);
  });

  it('imports products by code, all or nothing: new ones created, known codes updated', async () => {
    const first = await upload(
      `posts/import?type_id=${typeId}`,
      'code,title,price\nCF001,Cà phê sữa,29000\nCF002,Bạc xỉu,35000\n',
      { dryRun: true },
    );
    expect(first.json().data).toEqual({ created: 2, updated: 0, errors: [] });
    expect(await countRows(t, 'posts')).toBe(0);
    const done = await upload(
      `posts/import?type_id=${typeId}`,
      'code,title,price\nCF001,Cà phê sữa,29000\nCF002,Bạc xỉu,35000\n',
    );
    expect(done.json().data).toEqual({ created: 2, updated: 0, errors: [] });
    const again = await upload(
      `posts/import?type_id=${typeId}`,
      'code,title,price\nCF002,Bạc xỉu lớn,39000\nCF009,Trà đào,45000\n',
    );
    expect(again.json().data).toEqual({ created: 1, updated: 1, errors: [] });
    const found = await t.request('GET', `/api/v1/posts?type_id=${typeId}&search=bac xiu`, {
      token: t.adminToken,
    });
    expect(found.json().data[0]).toMatchObject({
      title: 'Bạc xỉu lớn',
      product: { code: 'CF002', price: 39000 },
    });
    // a code taken by another row of the same file stops the whole file
    const clash = await upload(
      `posts/import?type_id=${typeId}`,
      'code,title,price\nCF100,Một,1000\nCF100,Hai,2000\n',
    );
    expect(clash.json().data).toMatchObject({ created: 0, updated: 0 });
    expect(clash.json().data.errors).toEqual([
      { row: 3, field: 'code', message: 'This code is already in an earlier row of the file.' },
    ]);
    expect(await countRows(t, 'posts')).toBe(3);
  });

  it('imports members from an xlsx file, refusing a staff email', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Thành viên');
    sheet.addRow(['name', 'email', 'phone', 'status']);
    sheet.addRow(['Nguyễn Thị Mai', 'mai@example.com', '0912345678', 'enable']);
    sheet.addRow(['Quản trị', 'ADMIN@example.com', '', '']);
    sheet.addRow(['Sai', 'không-phải-email', '', '']);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const refused = await upload('users/import', bytes, { name: 'members.xlsx' });
    expect(refused.json().data.errors).toEqual([
      { row: 4, field: 'email', message: 'Your email address is not valid!' },
    ]);
    sheet.spliceRows(4, 1);
    const staff = await upload('users/import', Buffer.from(await workbook.xlsx.writeBuffer()), {
      name: 'members.xlsx',
    });
    expect(staff.json().data.errors).toEqual([
      { row: 3, field: 'email', message: 'This email belongs to a staff account, not a member.' },
    ]);
    expect(await countRows(t, 'users')).toBe(1);
    sheet.spliceRows(3, 1);
    const done = await upload('users/import', Buffer.from(await workbook.xlsx.writeBuffer()), {
      name: 'members.xlsx',
    });
    expect(done.json().data).toEqual({ created: 1, updated: 0, errors: [] });
    const member = await t.request(
      'GET',
      '/api/v1/users?searchRole=no&search=email:mai@example.com',
      {
        token: t.adminToken,
      },
    );
    expect(member.json().data[0]).toMatchObject({ name: 'Nguyễn Thị Mai', phone: '0912345678' });

    // Two customers typed with one email (in other capitals): neither overwrites the other.
    const twice = await upload(
      'users/import',
      'name,email\nLê Văn An,an@example.vn\nTrần Thị Bình,hoa@example.vn\nLê Văn An 2,AN@Example.vn\n',
      { dryRun: true },
    );
    expect(twice.json().data).toEqual({
      created: 0,
      updated: 0,
      errors: [
        { row: 4, field: 'email', message: 'This email is already in an earlier row of the file.' },
      ],
    });
    expect(await countRows(t, 'users')).toBe(2);
  });

  it('imports stock counts as one import slip per warehouse', async () => {
    const warehouse = async (name: string) =>
      (
        await t.request('POST', '/api/v1/warehouses', {
          token: t.adminToken,
          body: { name, province_code: '79', ward_code: '26743', address: '1 Lê Lợi' },
        })
      ).json().data.id;
    const a = await warehouse('Kho A');
    const b = await warehouse('Kho B');
    // one expiry as the API writes days, one day first as a Vietnamese spreadsheet saves it
    const csv = `code,warehouse_id,number,price,expiry\nCF001,${a},10,12000,2031-01-01\nCF002,${a},5,15000,15/06/2031\nCF001,${b},7,12000,\n`;
    expect((await upload('warehouses/products/import', csv, { dryRun: true })).json().data).toEqual(
      {
        created: 3,
        updated: 0,
        errors: [],
      },
    );
    expect(await countRows(t, 'warehouse_changes')).toBe(0);
    const bad = await upload(
      'warehouses/products/import',
      `code,warehouse_id,number\nNOPE,${a},1\nCF001,999,1\nCF001,${a},0\n`,
    );
    expect(
      bad.json().data.errors.map((e: { row: number; field: string }) => [e.row, e.field]),
    ).toEqual([[4, 'number']]);
    expect((await upload('warehouses/products/import', csv)).json().data.created).toBe(3);
    const slips = await t.request('GET', '/api/v1/warehouses/changes', { token: t.adminToken });
    expect(slips.json().data).toHaveLength(2);
    // each slip says what it is, in the language of who imported the file
    expect(slips.json().data.map((slip: { note: string }) => slip.note)).toEqual([
      'Stock count (imported from a file)',
      'Stock count (imported from a file)',
    ]);
    const stock = await t.request('GET', `/api/v1/warehouses/products?warehouse_id=${a}`, {
      token: t.adminToken,
    });
    expect(
      stock
        .json()
        .data.map((row: { in_stock: number }) => row.in_stock)
        .sort(),
    ).toEqual([10, 5].sort());
    expect(
      stock
        .json()
        .data.map((row: { code: string; expiry: string | null }) => [row.code, row.expiry]),
    ).toContainEqual(['CF002', '2031-06-15']);

    // The warehouse by its name, as the stock export's "Kho" column writes it, in any case and
    // Unicode form; a name two warehouses share, or none, is refused on that column.
    const byName = await upload(
      'warehouses/products/import',
      `Mã,Kho,Số lượng\nCF002,${'kho b'.toUpperCase().normalize('NFD')},4\n`,
      { locale: 'vi' },
    );
    expect(byName.json().data).toEqual({ created: 1, updated: 0, errors: [] });
    const newest = await t.request('GET', `/api/v1/warehouses/changes?warehouse_id=${b}`, {
      token: t.adminToken,
    });
    expect(newest.json().data[0].note).toBe('Kiểm kho (nhập từ file)');
    // The stock export with a Số lượng column of the units counted is a count file.
    const stockFile = await t.app.inject({
      method: 'GET',
      url: `/api/v1/warehouses/products/export?format=csv&warehouse_id=${a}`,
      headers: { authorization: `Bearer ${t.adminToken}`, locale: 'vi' },
    });
    const [head, ...lines] = stockFile.rawPayload.toString('utf8').trim().split('\r\n');
    const counted = [`${head},Số lượng`, ...lines.map((line) => `${line},3`)].join('\r\n');
    expect(
      (await upload('warehouses/products/import', counted, { dryRun: true, locale: 'vi' })).json()
        .data,
    ).toEqual({ created: lines.length, updated: 0, errors: [] });
    const none = await upload('warehouses/products/import', `Mã,Kho,Số lượng\nCF002,Kho A,0\n`, {
      dryRun: true,
      locale: 'vi',
    });
    expect(none.json().data.errors).toEqual([
      { row: 2, field: 'Số lượng', message: expect.any(String) },
    ]);
    const inB = await t.request('GET', `/api/v1/warehouses/products?warehouse_id=${b}`, {
      token: t.adminToken,
    });
    // no price written: the units cost what CF002's last import cost (15,000 in Kho A), not 0
    expect(
      inB
        .json()
        .data.map((row: { code: string; in_stock: number; price: number }) => [
          row.code,
          row.in_stock,
          row.price,
        ]),
    ).toContainEqual(['CF002', 4, 15000]);
    await warehouse('Kho B');
    for (const [name, message] of [
      ['Kho B', 'Có nhiều kho cùng tên này: ghi mã số kho vào cột warehouse_id.'],
      ['Kho Z', 'Kho này không tồn tại.'],
    ])
      expect(
        (
          await upload('warehouses/products/import', `Mã,Kho,number\nCF002,${name},4\n`, {
            dryRun: true,
            locale: 'vi',
          })
        ).json().data.errors,
      ).toEqual([{ row: 2, field: 'Kho', message }]);
    const neither = await upload('warehouses/products/import', 'Mã,number\nCF002,4\n', {
      dryRun: true,
      locale: 'vi',
    });
    expect(neither.json().data.errors).toEqual([
      {
        row: 2,
        field: 'warehouse',
        message: 'Thiếu kho: ghi tên kho vào cột Kho (hoặc mã số kho vào cột warehouse_id).',
      },
    ]);
  });

  it("takes back the list's own export, its headers in any language, and names a bad cell's column as the file does", async () => {
    const roundType = (
      await t.request('POST', '/api/v1/types', {
        token: t.adminToken,
        body: { style: 'product', title: 'Trà' },
      })
    ).json().data.id;
    await t.request('POST', '/api/v1/posts', {
      token: t.adminToken,
      body: {
        type_id: roundType,
        title: 'Trà sen Tây Hồ',
        product: { code: 'TRA-SEN', price: 250000 },
      },
    });
    const exported = async (locale: string, format: 'csv' | 'xlsx') => {
      const answer = await t.app.inject({
        method: 'GET',
        url: `/api/v1/posts/export?format=${format}&type_id=${roundType}`,
        headers: { authorization: `Bearer ${t.adminToken}`, locale },
      });
      expect(answer.statusCode).toBe(200);
      return answer.rawPayload;
    };
    // The owner exports in Vietnamese ("Mã", "Tiêu đề", "Giá"…), changes a price, imports the
    // file: the import read none of its columns and said the title was missing.
    const vi = (await exported('vi', 'csv')).toString('utf8');
    expect(vi).toContain('Tiêu đề');
    // its status as the screen says it, not as the database stores it
    expect(vi).toContain(',Nháp,');
    expect(vi).not.toContain('draft');
    const edited = vi.replace(',250000,', ',270000,');
    const answer = await upload(`posts/import?type_id=${roundType}`, edited, { locale: 'vi' });
    expect(answer.json().data).toEqual({ created: 0, updated: 1, errors: [] });
    const tea = await t.request('GET', `/api/v1/posts?type_id=${roundType}`, {
      token: t.adminToken,
    });
    expect(tea.json().data[0]).toMatchObject({
      title: 'Trà sen Tây Hồ',
      product: { code: 'TRA-SEN', price: 270000 },
    });
    // The Japanese export as a workbook, its headers typed in decomposed Unicode: the same.
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await exported('ja', 'xlsx')) as never);
    const header = workbook.worksheets[0]!.getRow(1);
    header.eachCell((cell) => {
      cell.value = String(cell.value).normalize('NFD');
    });
    const ja = await upload(
      `posts/import?type_id=${roundType}`,
      Buffer.from(await workbook.xlsx.writeBuffer()),
      { dryRun: true, name: 'posts.xlsx' },
    );
    expect(ja.json().data).toEqual({ created: 0, updated: 1, errors: [] });
    // A bad cell is named by its column as the file writes it, not by the API's field.
    const bad = await upload(
      `posts/import?type_id=${roundType}`,
      edited.replace(',270000,', ',hai trăm,'),
      { dryRun: true, locale: 'vi' },
    );
    expect(bad.json().data.errors).toEqual([{ row: 2, field: 'Giá', message: expect.any(String) }]);

    // The members' export comes back the same way: every member known, none made twice.
    await upload('users/import', 'name,email,phone\nLê Thị Hoa,hoa-round@example.vn,0912345670\n');
    const members = await t.app.inject({
      method: 'GET',
      url: '/api/v1/users/export?format=csv&searchRole=no',
      headers: { authorization: `Bearer ${t.adminToken}`, locale: 'vi' },
    });
    const memberFile = members.rawPayload.toString('utf8');
    expect(memberFile).toContain('Số điện thoại');
    expect(memberFile).toContain(',Kích hoạt,');
    const known = memberFile.trim().split(/\r?\n/).length - 1;
    expect(known).toBeGreaterThan(0);
    const back = await upload('users/import', memberFile, { dryRun: true, locale: 'vi' });
    expect(back.json().data).toEqual({ created: 0, updated: known, errors: [] });
  });

  it("reads a listed field's words in any language, case and Unicode form, and names a word it does not know", async () => {
    const file = [
      'Tên,Email,Giới tính,Trạng thái',
      'Trần Thu,thu-words@example.vn,Nữ,Vô hiệu hóa',
      `Ngô Lan,lan-words@example.vn,${'nữ'.normalize('NFD')},DISABLE`,
      'Sato Aki,aki-words@example.vn,女性,enable',
      'Phạm Nam,nam-words@example.vn,Male,kích hoạt',
    ].join('\n');
    const answer = await upload('users/import', file, { locale: 'vi' });
    expect(answer.json().data).toEqual({ created: 4, updated: 0, errors: [] });
    const list = await t.request('GET', '/api/v1/users?search=words&orderBy=id&sortedBy=asc', {
      token: t.adminToken,
    });
    expect(
      list
        .json()
        .data.map((user: { gender: string; status: string }) => [user.gender, user.status]),
    ).toEqual([
      ['female', 'disable'],
      ['female', 'disable'],
      ['female', 'enable'],
      ['male', 'enable'],
    ]);
    const unknown = await upload(
      'users/import',
      'Tên,Email,Giới tính\nĐỗ Minh,minh-words@example.vn,Nữa\n',
      { dryRun: true, locale: 'vi' },
    );
    // the values it may take, in words
    expect(unknown.json().data.errors).toEqual([
      {
        row: 2,
        field: 'Giới tính',
        message: 'Giới tính phải là nam, nữ hoặc không xác định.',
      },
    ]);
  });

  it('reads a day written day first, as a spreadsheet set to Vietnamese saves it', async () => {
    const answer = await upload(
      'users/import',
      'Tên,Email,Ngày sinh\nVũ Mai,mai-days@example.vn,7/3/1995\nHà Linh,linh-days@example.vn,21.11.1990\n',
      { locale: 'vi' },
    );
    expect(answer.json().data).toEqual({ created: 2, updated: 0, errors: [] });
    const list = await t.request('GET', '/api/v1/users?search=days&orderBy=id&sortedBy=asc', {
      token: t.adminToken,
    });
    expect(list.json().data.map((user: { birthday: string }) => user.birthday)).toEqual([
      '1995-03-07',
      '1990-11-21',
    ]);
    // no such day: refused on its column, not moved to another
    const impossible = await upload(
      'users/import',
      'Tên,Email,Ngày sinh\nLý Hoa,hoa-days@example.vn,31/02/1995\n',
      { dryRun: true, locale: 'vi' },
    );
    expect(impossible.json().data.errors).toEqual([
      { row: 2, field: 'Ngày sinh', message: expect.any(String) },
    ]);
  });

  it('reads a file whose days can only be month first (a spreadsheet set to US English) so, whole', async () => {
    const answer = await upload(
      'users/import',
      'Name,Email,Birthday\nAmy Tran,amy-us@example.vn,3/7/1995\nBen Le,ben-us@example.vn,12/25/1990\n',
    );
    expect(answer.json().data).toEqual({ created: 2, updated: 0, errors: [] });
    const list = await t.request('GET', '/api/v1/users?search=-us&orderBy=id&sortedBy=asc', {
      token: t.adminToken,
    });
    // 12/25 has no 25th month: the column is month first, so 3/7 is 7 March, not 3 July
    expect(list.json().data.map((user: { birthday: string }) => user.birthday)).toEqual([
      '1995-03-07',
      '1990-12-25',
    ]);
    // a column that writes days both ways: its day-first reading stands and the other row is
    // refused, never read as some other day
    const mixed = await upload(
      'users/import',
      'Name,Email,Birthday\nCa Vu,ca-mixed@example.vn,25/12/1990\nDo Ha,do-mixed@example.vn,12/25/1990\n',
      { dryRun: true },
    );
    expect(mixed.json().data.errors).toEqual([
      { row: 3, field: 'Birthday', message: expect.any(String) },
    ]);
  });

  it('needs the permission to create, and a file', async () => {
    const reader = await t.createUser(['posts.list']);
    expect(
      (await upload(`posts/import?type_id=${typeId}`, 'code,title\n', { token: reader.token }))
        .statusCode,
    ).toBe(403);
    const empty = await upload('users/import', Buffer.alloc(0), { dryRun: true });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toHaveProperty('file');
  });
});
