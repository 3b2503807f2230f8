import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let staff: string;
beforeAll(async () => {
  t = await createTestApp();
  // Any signed-in staff member reads the address data; no permission is needed.
  staff = (await t.createUser([])).token;
});
afterAll(() => t.close());

const get = (url: string, locale = 'en', token: string | null = staff) =>
  t.request('GET', `/api/v1/locations/${url}`, { token: token ?? undefined, locale });

type Unit = { code: string; name: string; province_code?: string };
type Conversion = {
  old_province: string;
  old_district: string;
  old_ward: string;
  province_code: string;
  province_name: string;
  ward_code: string;
  ward_name: string;
};

const convert = async (query: Record<string, string>) => {
  const response = await get(`convert?${new URLSearchParams(query)}`);
  expect(response.statusCode).toBe(200);
  return response.json().data as Conversion[];
};

describe('provinces and wards since 1 July 2025', () => {
  it('lists the 34 provinces by their own name, in the list shape', async () => {
    const response = await get('provinces');
    expect(response.statusCode).toBe(200);
    const { data, meta } = response.json();
    expect(data).toHaveLength(34);
    expect(meta.pagination).toEqual({
      count: 34,
      total: 34,
      per_page: 34,
      current_page: 1,
      total_pages: 1,
    });
    expect(data).toContainEqual({ code: '79', name: 'Thành phố Hồ Chí Minh' });
    expect(data).toContainEqual({ code: '01', name: 'Thành phố Hà Nội' });
    // By name without the kind, in Vietnamese order: Cần Thơ among the C's, Đ after D.
    const names = data.map((p: Unit) => p.name);
    expect(names.slice(0, 5)).toEqual([
      'An Giang',
      'Bắc Ninh',
      'Cà Mau',
      'Cao Bằng',
      'Thành phố Cần Thơ',
    ]);
    expect(names.at(-1)).toBe('Vĩnh Long');
  });

  it('gives every one of the 3,321 wards to exactly its province', async () => {
    const provinces: Unit[] = (await get('provinces')).json().data;
    const codes = new Set<string>();
    for (const province of provinces) {
      const response = await get(`wards?province_code=${province.code}`);
      expect(response.statusCode).toBe(200);
      const wards: Unit[] = response.json().data;
      expect(wards.length).toBeGreaterThan(0);
      for (const ward of wards) {
        expect(ward.province_code).toBe(province.code);
        expect(ward.code).toMatch(/^\d{5}$/);
        codes.add(ward.code);
      }
    }
    expect(codes.size).toBe(3321);
    const hcm: Unit[] = (await get('wards?province_code=79')).json().data;
    expect(hcm).toHaveLength(168);
    expect(hcm).toContainEqual({ code: '26743', name: 'Phường Bến Thành', province_code: '79' });
  });

  it('finds wards by folded words: "ben thanh" finds Bến Thành, in any letter case and Unicode form', async () => {
    const names = async (search: string) =>
      (await get(`wards?province_code=79&search=${encodeURIComponent(search)}`))
        .json()
        .data.map((w: Unit) => w.name);
    expect(await names('ben thanh')).toEqual(['Phường Bến Thành']);
    expect(await names('BẾN THÀNH')).toEqual(['Phường Bến Thành']);
    expect(await names('Bến Thành'.normalize('NFD'))).toEqual(['Phường Bến Thành']);
    expect(await names('thanh ben')).toEqual(['Phường Bến Thành']);
    expect(await names('tan dinh')).toEqual(['Phường Tân Định']);
    expect(await names('khong co phuong nay')).toEqual([]);
    // Another province's wards are not searched.
    expect(await names('ba dinh')).toEqual([]);
  });

  it('refuses a missing, malformed or unknown province with its text, naming the field', async () => {
    const missing = await get('wards');
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ province_code: ['Please choose the province!'] });
    expect((await get('wards', 'vi')).json().errors.province_code).toEqual([
      'Vui lòng chọn tỉnh/thành phố!',
    ]);
    expect((await get('wards', 'ja')).json().errors.province_code).toEqual([
      '省・中央直轄市を選択してください！',
    ]);
    for (const code of ['99', '7', 'ab', '790']) {
      const unknown = await get(`wards?province_code=${code}`);
      expect(unknown.statusCode).toBe(422);
      expect(unknown.json().errors).toEqual({ province_code: ['This province does not exist.'] });
    }
    const typo = await get('wards?province_code=79&serch=x');
    expect(typo.statusCode).toBe(422);
    expect(Object.keys(typo.json().errors)).toEqual(['serch']);
  });

  it('needs a signed-in user', async () => {
    expect((await get('provinces', 'en', null)).statusCode).toBe(401);
    expect((await get('wards?province_code=79', 'en', null)).statusCode).toBe(401);
    expect((await get('convert?province=HCM&ward=1', 'en', null)).statusCode).toBe(401);
    expect((await get('provinces', 'en', 'forged.token.value')).statusCode).toBe(401);
  });
});

describe('converting an address written before 1 July 2025', () => {
  it('converts the old wards of Quận 1, TP. Hồ Chí Minh', async () => {
    const to = async (ward: string) =>
      (await convert({ province: 'Thành phố Hồ Chí Minh', district: 'Quận 1', ward })).map((c) => [
        c.ward_code,
        c.ward_name,
        c.province_code,
      ]);
    expect(await to('Phường Bến Nghé')).toEqual([['26740', 'Phường Sài Gòn', '79']]);
    expect(await to('Phường Phạm Ngũ Lão')).toEqual([['26743', 'Phường Bến Thành', '79']]);
    expect(await to('Phường Đa Kao')).toEqual([['26737', 'Phường Tân Định', '79']]);
    expect(await to('Phường Cầu Kho')).toEqual([['26758', 'Phường Cầu Ông Lãnh', '79']]);
    const [one] = await convert({
      province: 'Thành phố Hồ Chí Minh',
      district: 'Quận 1',
      ward: 'Phường Bến Nghé',
    });
    expect(one).toEqual({
      old_province: 'Thành phố Hồ Chí Minh',
      old_district: 'Quận 1',
      old_ward: 'Phường Bến Nghé',
      province_code: '79',
      province_name: 'Thành phố Hồ Chí Minh',
      ward_code: '26740',
      ward_name: 'Phường Sài Gòn',
    });
  });

  it('reads names as people write them: abbreviations, no marks, leading zeros, other Unicode forms', async () => {
    for (const query of [
      { province: 'TP.HCM', district: 'Q.1', ward: 'P. Pham Ngu Lao' },
      { province: 'Hồ Chí Minh', district: 'Quận 01', ward: 'Phạm Ngũ Lão' },
      { province: 'tp hồ chí minh', district: '1', ward: 'phuong pham ngu lao' },
      {
        province: 'Sài Gòn',
        district: 'Quận 1'.normalize('NFD'),
        ward: 'Phạm Ngũ Lão'.normalize('NFD'),
      },
    ])
      expect((await convert(query)).map((c) => c.ward_code)).toEqual(['26743']);
  });

  it('follows a province that was merged: Bình Dương is now part of Hồ Chí Minh City', async () => {
    const found = await convert({
      province: 'Tỉnh Bình Dương',
      district: 'Thành phố Thủ Dầu Một',
      ward: 'Phường Phú Cường',
    });
    expect(found.map((c) => [c.province_code, c.province_name, c.ward_code, c.ward_name])).toEqual([
      ['79', 'Thành phố Hồ Chí Minh', '25747', 'Phường Thủ Dầu Một'],
    ]);
    // Huế was Thừa Thiên Huế until 2025; both names are understood.
    const hue = await convert({
      province: 'Thừa Thiên Huế',
      district: 'Hương Trà',
      ward: 'Hương Văn',
    });
    expect(hue.map((c) => [c.old_ward, c.ward_name, c.province_code])).toEqual([
      ['Phường Hương Văn', 'Phường Hương Trà', '46'],
    ]);
  });

  it('answers every new ward of an old ward that was split', async () => {
    const found = await convert({ province: 'Hà Nội', district: 'Cầu Giấy', ward: 'Dịch Vọng' });
    expect(found.map((c) => [c.ward_code, c.ward_name])).toEqual([
      ['00166', 'Phường Cầu Giấy'],
      ['00160', 'Phường Nghĩa Đô'],
    ]);
  });

  it('takes the new ward by its name where the package gives a wrong code', async () => {
    // The package maps Phường 24 of Bình Thạnh to code 31473, a ward of Cần Thơ; its name says Phường Bình Thạnh.
    const found = await convert({
      province: 'Thành phố Hồ Chí Minh',
      district: 'Quận Bình Thạnh',
      ward: 'Phường 24',
    });
    expect(found.map((c) => [c.ward_code, c.ward_name, c.province_code])).toEqual([
      ['26929', 'Phường Bình Thạnh', '79'],
    ]);
    const ward = (await get('wards?province_code=79&search=binh thanh')).json().data;
    expect(ward).toContainEqual({ code: '26929', name: 'Phường Bình Thạnh', province_code: '79' });
  });

  it('keeps marks apart when they are typed, and offers both when they are not', async () => {
    const wards = async (ward: string) =>
      (await convert({ province: 'Huế', district: 'Thị xã Hương Trà', ward })).map(
        (c) => c.old_ward,
      );
    expect(await wards('Phường Hương Văn')).toEqual(['Phường Hương Văn']);
    expect(await wards('Phường Hương Vân')).toEqual(['Phường Hương Vân']);
    expect(await wards('Huong Van')).toEqual(['Phường Hương Văn', 'Phường Hương Vân']);
  });

  it('without a district, answers the ward of that name in every old district, each named', async () => {
    const found = await convert({ province: 'Hồ Chí Minh', ward: 'Phường 1' });
    expect(found.length).toBeGreaterThan(5);
    expect(new Set(found.map((c) => c.old_district)).size).toBe(found.length);
    expect(found).toContainEqual(
      expect.objectContaining({
        old_district: 'Quận 3',
        old_ward: 'Phường 1',
        ward_name: 'Phường Bàn Cờ',
      }),
    );
    expect(found.every((c) => c.province_code === '79')).toBe(true);
  });

  it('answers an empty list for an address it does not know, and 422 for a missing part', async () => {
    expect(
      await convert({ province: 'Hồ Chí Minh', district: 'Quận 1', ward: 'Phường Không Có' }),
    ).toEqual([]);
    expect(await convert({ province: 'Atlantis', ward: 'Phường 1' })).toEqual([]);
    const missing = await get('convert?province=&district=Q1');
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({
      province: ['Please enter the province of the old address!'],
      ward: ['Please enter the ward of the old address!'],
    });
    expect((await get('convert?province=HCM', 'vi')).json().errors.ward).toEqual([
      'Vui lòng nhập phường/xã của địa chỉ cũ!',
    ]);
    const control = await get(`convert?province=HCM&ward=${encodeURIComponent('Phường\u00001')}`);
    expect(control.statusCode).toBe(422);
    expect(Object.keys(control.json().errors)).toEqual(['ward']);
    const long = await get(`convert?province=HCM&ward=${'x'.repeat(101)}`);
    expect(long.statusCode).toBe(422);
  });
});
