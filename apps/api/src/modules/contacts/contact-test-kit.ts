import { describe, expect, it } from 'vitest';
import { countRows, type TestApp } from '../../test/test-app';

/**
 * The behaviour every resource of contacts with a place shares (warehouses, suppliers),
 * run by each resource's own test file against its own path and table.
 */
export type ContactSuite = {
  path: 'warehouses' | 'suppliers';
  /** The app and a token allowed to list, create, change and delete. */
  setup: () => { t: TestApp; editor: string };
};

/** Hồ Chí Minh City (79): Bến Thành 26743, Tân Định 26737; Hà Nội (01): Ba Đình 00004. */
export const place = {
  hcm: '79',
  benThanh: '26743',
  tanDinh: '26737',
  hanoi: '01',
  baDinh: '00004',
};

export const contactBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Kho Tổng Sài Gòn',
  phone: '0901234567',
  email: 'Kho.Tong@Example.com',
  province_code: place.hcm,
  ward_code: place.benThanh,
  district: 'Quận 1',
  address: '12 Lê Lợi',
  ...overrides,
});

export const describeContactResource = ({ path, setup }: ContactSuite) => {
  const url = `/api/v1/${path}`;
  const create = (body: unknown, locale = 'en') => {
    const { t, editor } = setup();
    return t.request('POST', url, { token: editor, body, locale });
  };
  const patch = (id: number, body: unknown, locale = 'en') => {
    const { t, editor } = setup();
    return t.request('PATCH', `${url}/${id}`, { token: editor, body, locale });
  };
  const get = (suffix: string) => {
    const { t, editor } = setup();
    return t.request('GET', `${url}${suffix}`, { token: editor });
  };
  const rows = () => countRows(setup().t, path);

  describe(`${path}: contacts with a 2025 address`, () => {
    it('creates, shows, changes and deletes a record, answering the names of its province and ward', async () => {
      const created = await create(contactBody());
      expect(created.statusCode).toBe(201);
      const record = created.json().data;
      expect(record).toMatchObject({
        name: 'Kho Tổng Sài Gòn',
        phone: '0901234567',
        email: 'kho.tong@example.com',
        province_code: '79',
        province_name: 'Thành phố Hồ Chí Minh',
        ward_code: '26743',
        ward_name: 'Phường Bến Thành',
        district: 'Quận 1',
        address: '12 Lê Lợi',
      });
      expect((await get(`/${record.id}`)).json().data).toEqual(record);

      const moved = await patch(record.id, { ward_code: place.tanDinh, district: null, phone: '' });
      expect(moved.statusCode).toBe(200);
      expect(moved.json().data).toMatchObject({
        ward_code: '26737',
        ward_name: 'Phường Tân Định',
        district: null,
        phone: null,
        name: 'Kho Tổng Sài Gòn',
      });
      const { t, editor } = setup();
      expect((await t.request('DELETE', `${url}/${record.id}`, { token: editor })).statusCode).toBe(
        204,
      );
      expect((await get(`/${record.id}`)).statusCode).toBe(404);
    });

    it('needs name, province, ward and address (the district is optional), with the texts of the request language', async () => {
      const before = await rows();
      const empty = await create({});
      expect(empty.statusCode).toBe(422);
      expect(empty.json().errors).toEqual({
        name: ['Please enter the name!'],
        province_code: ['Please choose the province!'],
        ward_code: ['Please choose the ward!'],
        address: ['Please enter the address!'],
      });
      expect((await create({}, 'vi')).json().errors).toMatchObject({
        name: ['Vui lòng nhập tên!'],
        province_code: ['Vui lòng chọn tỉnh/thành phố!'],
        ward_code: ['Vui lòng chọn phường/xã!'],
        address: ['Vui lòng nhập địa chỉ!'],
      });
      expect((await create({}, 'ja')).json().errors.ward_code).toEqual([
        '坊・社を選択してください！',
      ]);
      const blank = await create(
        contactBody({ name: '   ', address: ' ', province_code: '', ward_code: '' }),
      );
      expect(Object.keys(blank.json().errors).sort()).toEqual([
        'address',
        'name',
        'province_code',
        'ward_code',
      ]);
      expect((await create(contactBody({ name: 'K' }))).json().errors.name).toEqual([
        'The name must be between 2 and 200 characters.',
      ]);
      expect(await rows()).toBe(before);
      const minimal = await create(
        contactBody({ phone: undefined, email: undefined, district: undefined }),
      );
      expect(minimal.statusCode).toBe(201);
      expect(minimal.json().data).toMatchObject({ phone: null, email: null, district: null });
    });

    it("refuses a bad phone or email with the spec's texts", async () => {
      const before = await rows();
      // +84 and spaces are read (phones.test.ts); these are no number a business answers on.
      for (const phone of ['12345', '090123456', '09012345678', '1900 68', 'abcdefghij']) {
        const response = await create(contactBody({ phone }));
        expect(response.statusCode).toBe(422);
        expect(response.json().errors).toEqual({
          phone: [expect.stringMatching(/^Invalid phone number!/)],
        });
      }
      for (const email of ['kho', 'kho@', '@example.com', 'kho tong@example.com']) {
        const response = await create(contactBody({ email }));
        expect(response.statusCode).toBe(422);
        expect(response.json().errors).toEqual({ email: ['Invalid email format!'] });
      }
      expect((await create(contactBody({ phone: '1', email: 'x' }), 'vi')).json().errors).toEqual({
        phone: [expect.stringMatching(/^Số điện thoại không hợp lệ!/)],
        email: ['Định dạng email không hợp lệ!'],
      });
      expect((await create(contactBody({ email: 'x' }), 'ja')).json().errors.email).toEqual([
        'メールアドレスの形式が正しくありません！',
      ]);
      expect(await rows()).toBe(before);
    });

    it('checks that the province and ward exist and that the ward lies in the province, naming the field', async () => {
      const before = await rows();
      const unknownProvince = await create(contactBody({ province_code: '99' }));
      expect(unknownProvince.statusCode).toBe(422);
      expect(unknownProvince.json().errors).toEqual({
        province_code: ['This province does not exist.'],
      });
      const unknownWard = await create(contactBody({ ward_code: '99999' }));
      expect(unknownWard.json().errors).toEqual({ ward_code: ['This ward does not exist.'] });
      const elsewhere = await create(contactBody({ ward_code: place.baDinh }));
      expect(elsewhere.statusCode).toBe(422);
      expect(elsewhere.json().errors).toEqual({
        ward_code: ['This ward is not in the chosen province.'],
      });
      expect(
        (await create(contactBody({ ward_code: place.baDinh }), 'vi')).json().errors.ward_code,
      ).toEqual(['Phường/xã này không thuộc tỉnh/thành phố đã chọn.']);
      const malformed = await create(contactBody({ province_code: '7', ward_code: '2674' }));
      expect(malformed.json().errors).toEqual({
        province_code: ['This province does not exist.'],
        ward_code: ['This ward does not exist.'],
      });
      expect(await rows()).toBe(before);

      // A change of one half is checked against the stored other half.
      const id = (await create(contactBody())).json().data.id;
      const provinceOnly = await patch(id, { province_code: place.hanoi });
      expect(provinceOnly.statusCode).toBe(422);
      expect(provinceOnly.json().errors).toEqual({
        ward_code: ['This ward is not in the chosen province.'],
      });
      expect((await patch(id, { ward_code: place.baDinh })).json().errors).toEqual({
        ward_code: ['This ward is not in the chosen province.'],
      });
      expect((await get(`/${id}`)).json().data).toMatchObject({
        province_code: '79',
        ward_code: '26743',
      });
      const both = await patch(id, { province_code: place.hanoi, ward_code: place.baDinh });
      expect(both.statusCode).toBe(200);
      expect(both.json().data).toMatchObject({
        province_name: 'Thành phố Hà Nội',
        ward_name: 'Phường Ba Đình',
      });
    });

    it('refuses unknown fields and wrong types, naming the field, and writes nothing', async () => {
      const before = await rows();
      const unknown = await create(contactBody({ stock: 5, district_code: '760' }));
      expect(unknown.statusCode).toBe(422);
      expect(Object.keys(unknown.json().errors).sort()).toEqual(['district_code', 'stock']);
      const wrongType = await create(contactBody({ province_code: 79, phone: 901234567 }));
      expect(wrongType.statusCode).toBe(422);
      expect(Object.keys(wrongType.json().errors).sort()).toEqual(['phone', 'province_code']);
      const control = await create(contactBody({ address: '12 Lê Lợi\u0000' }));
      expect(control.json().errors).toEqual({ address: ['Control characters are not allowed.'] });
      expect(await rows()).toBe(before);
      const id = (await create(contactBody())).json().data.id;
      expect((await patch(id, { name: null })).json().errors).toEqual({
        name: ['Please enter the name!'],
      });
      expect((await patch(id, { code: 'X' })).json().errors).toEqual({
        code: ['This field is not accepted.'],
      });
    });

    it('keeps text in one Unicode form and finds records by folded words of their name, place and contact', async () => {
      const created = await create(
        contactBody({
          name: 'Kho Bến Nghé'.normalize('NFD'),
          address: '5 Đồng Khởi',
          phone: '0281234567',
        }),
      );
      expect(created.json().data.name).toBe('Kho Bến Nghé'.normalize('NFC'));
      await create(
        contactBody({ name: 'Kho Ba Đình', province_code: place.hanoi, ward_code: place.baDinh }),
      );
      const names = async (search: string) =>
        (await get(`?limit=100&search=${encodeURIComponent(search)}`))
          .json()
          .data.map((r: { name: string }) => r.name);
      expect(await names('kho ben nghe')).toEqual(['Kho Bến Nghé']);
      expect(await names('Bến Nghé'.normalize('NFD'))).toEqual(['Kho Bến Nghé']);
      expect(await names('dong khoi')).toEqual(['Kho Bến Nghé']);
      // The ward's and the province's names are searched too.
      expect(await names('ba dinh')).toContain('Kho Ba Đình');
      expect(await names('ba dinh')).not.toContain('Kho Bến Nghé');
      expect(await names('ha noi')).toContain('Kho Ba Đình');
      expect(await names('ben thanh')).toContain('Kho Bến Nghé');
      expect(await names('ben thanh')).not.toContain('Kho Ba Đình');
      expect(await names('0281234567')).toEqual(['Kho Bến Nghé']);
      expect(await names('phone:02812')).toEqual(['Kho Bến Nghé']);
      expect(await names('kho_ben%')).toEqual([]);
    });

    it('lists newest first, filters by province with its total, sorts by name', async () => {
      const all = await get('?limit=1');
      const total = all.json().meta.pagination.total;
      const newest = (await create(contactBody({ name: 'Kho Mới Nhất' }))).json().data;
      const first = await get('?limit=1');
      expect(first.json().data[0].id).toBe(newest.id);
      expect(first.json().meta.pagination.total).toBe(total + 1);

      const inHanoi = await get(`?province_code=${place.hanoi}&limit=1`);
      expect(inHanoi.statusCode).toBe(200);
      const hanoiTotal = inHanoi.json().meta.pagination.total;
      expect(hanoiTotal).toBeGreaterThan(0);
      const everyHanoi = await get(`?province_code=${place.hanoi}&limit=100`);
      expect(
        everyHanoi.json().data.every((r: { province_code: string }) => r.province_code === '01'),
      ).toBe(true);
      expect(everyHanoi.json().data).toHaveLength(hanoiTotal);
      expect((await get('?province_code=7')).statusCode).toBe(422);
      const byName = (await get('?orderBy=name&sortedBy=asc&limit=100'))
        .json()
        .data.map((r: { name: string }) => r.name);
      expect(byName).toEqual([...byName].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
      expect((await get('?orderBy=stock')).statusCode).toBe(422);
    });

    it('keeps the province and ward consistent when two changes arrive at once', async () => {
      for (let round = 0; round < 10; round++) {
        const id = (await create(contactBody({ name: `Kho đua ${round}` }))).json().data.id;
        const [moveCity, moveWard] = await Promise.all([
          patch(id, { province_code: place.hanoi, ward_code: place.baDinh }),
          patch(id, { ward_code: place.tanDinh }),
        ]);
        expect([moveCity.statusCode, moveWard.statusCode]).toContain(200);
        const stored = (await get(`/${id}`)).json().data;
        const ward = (
          await setup().t.request(
            'GET',
            `/api/v1/locations/wards?province_code=${stored.province_code}`,
            { token: setup().editor },
          )
        ).json().data;
        expect(ward.map((w: { code: string }) => w.code)).toContain(stored.ward_code);
      }
    });
  });
};
