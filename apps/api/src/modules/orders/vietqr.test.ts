import jsQR from 'jsqr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { ProductCatalog } from './product-catalog';
import { crc16, transferNote, vietQrPayload } from './vietqr';

/** Reads EMVCo TLV text: two-digit id, two-digit length, value; the whole text must be used. */
const decodeTlv = (text: string) => {
  const fields: Array<[string, string]> = [];
  let at = 0;
  while (at < text.length) {
    const id = text.slice(at, at + 2);
    const length = Number(text.slice(at + 2, at + 4));
    expect(id).toMatch(/^\d{2}$/);
    expect(Number.isInteger(length)).toBe(true);
    const value = text.slice(at + 4, at + 4 + length);
    expect(value).toHaveLength(length);
    fields.push([id, value]);
    at += 4 + length;
  }
  return fields;
};

/** Checks a payload's CRC field and answers its fields by id. */
const readPayload = (payload: string) => {
  const fields = decodeTlv(payload);
  expect(fields.at(-1)![0]).toBe('63');
  expect(fields.at(-1)![1]).toBe(crc16(payload.slice(0, -4)));
  return Object.fromEntries(fields);
};

describe('the VietQR payload', () => {
  it('computes CRC-16/CCITT-FALSE (its published check value)', () => {
    expect(crc16('123456789')).toBe('29B1');
    expect(crc16('')).toBe('FFFF');
  });

  it('holds, field by field, the NAPAS 247 transfer of the amount to the account with the note', () => {
    const payload = vietQrPayload({
      bin: '970436',
      account: '0011001234567',
      amount: 375_000,
      note: 'DH2612050007',
    });
    const fields = readPayload(payload);
    // in the order EMVCo lists them
    expect(decodeTlv(payload).map(([id]) => id)).toEqual([
      '00',
      '01',
      '38',
      '53',
      '54',
      '58',
      '62',
      '63',
    ]);
    expect(fields['00']).toBe('01'); // payload format 01
    expect(fields['01']).toBe('12'); // a one-time code: it carries the amount
    const merchant = Object.fromEntries(decodeTlv(fields['38']!));
    expect(merchant).toEqual({
      '00': 'A000000727',
      '01': '00069704360113' + '0011001234567',
      '02': 'QRIBFTTA',
    });
    expect(Object.fromEntries(decodeTlv(merchant['01']!))).toEqual({
      '00': '970436',
      '01': '0011001234567',
    });
    expect(fields['53']).toBe('704');
    expect(fields['54']).toBe('375000');
    expect(fields['58']).toBe('VN');
    expect(Object.fromEntries(decodeTlv(fields['62']!))).toEqual({ '08': 'DH2612050007' });
    // a flipped digit breaks the CRC
    const tampered = payload.replace('375000', '975000');
    expect(crc16(tampered.slice(0, -4))).not.toBe(tampered.slice(-4));
  });

  it('leaves the amount to the payer when there is none', () => {
    const fields = readPayload(
      vietQrPayload({ bin: '970415', account: '123', amount: 0, note: 'X1' }),
    );
    expect(fields['01']).toBe('11');
    expect(fields['54']).toBeUndefined();
  });

  it('writes the note with the letters, digits and spaces banks keep, at most 25', () => {
    expect(transferNote('ĐH-2026/12_0007')).toBe('DH 2026 12 0007');
    expect(transferNote('Đơn hàng số 0007 của khách quen lâu năm')).toBe(
      'Don hang so 0007 cua khac',
    );
  });
});

const catalog: ProductCatalog = {
  find: async (_db, ids) =>
    new Map(
      ids
        .filter((id) => id === 1)
        .map((id) => [
          id,
          {
            id,
            code: 'SP000001',
            title: 'Trà ô long',
            image: null,
            price: 125_000,
            agencyPrices: {},
            discountId: null,
          },
        ]),
    ),
};

let t: TestApp;
let clerk: string;
beforeAll(async () => {
  t = await createTestApp({}, { productCatalog: catalog });
  clerk = (await t.createUser(['orders.list', 'orders.create'])).token;
});
afterAll(() => t.close());

const order = async () => {
  const response = await t.request('POST', '/api/v1/orders', {
    token: clerk,
    body: {
      name: 'Trần Thị Bình',
      phone: '0987654321',
      address: '5 Hùng Vương, Huế',
      fee: 25_000,
      payment_method: 'bank_transfer',
      products: [{ post_id: 1, quantity: 3 }],
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: number; code: string; total: number };
};

const saveBank = (settings: Array<{ key: string; value: string | null }>, locale = 'en') =>
  t.request('PATCH', '/api/v1/settings', { token: t.adminToken, body: { settings }, locale });

describe('GET /orders/{id}/vietqr', () => {
  it('asks for the bank settings first, in the reader’s language', async () => {
    const { id } = await order();
    const answer = await t.request('GET', `/api/v1/orders/${id}/vietqr`, {
      token: clerk,
      locale: 'vi',
    });
    expect(answer.statusCode).toBe(422);
    expect(answer.json()).toMatchObject({
      code: 'validation_failed',
      message:
        'Hãy nhập ngân hàng (mã BIN NAPAS) và số tài khoản của cửa hàng trong phần cài đặt trước.',
    });
  });

  it('refuses a bank BIN that is not 6 digits and an account that is not letters and digits', async () => {
    const answer = await saveBank(
      [
        { key: 'bank_bin', value: '97043' },
        { key: 'bank_account', value: '0011 0012' },
      ],
      'en',
    );
    expect(answer.statusCode).toBe(422);
    expect(answer.json().errors).toEqual({
      'settings.0.value': ["The bank's NAPAS BIN is 6 digits (970436 for Vietcombank)."],
      'settings.1.value': ['The account number is at most 19 letters and digits.'],
    });
  });

  it("answers the order's payload, and a QR picture that reads back as that payload", async () => {
    const saved = await saveBank([
      { key: 'bank_bin', value: '970436' },
      { key: 'bank_account', value: '0011001234567' },
      { key: 'bank_account_name', value: 'CONG TY TNHH CA PHE NUI' },
    ]);
    expect(saved.statusCode, saved.body).toBe(200);
    const { id, code, total } = await order();
    expect(total).toBe(400_000);
    const answer = await t.request('GET', `/api/v1/orders/${id}/vietqr`, { token: clerk });
    expect(answer.statusCode, answer.body).toBe(200);
    const { payload, svg } = answer.json().data as { payload: string; svg: string };
    const fields = readPayload(payload);
    expect(fields['54']).toBe('400000');
    expect(Object.fromEntries(decodeTlv(fields['62']!))).toEqual({ '08': code });
    expect(fields['38']).toContain('970436');

    expect(svg).toMatch(/^<svg[\s>]/);
    const { data, info } = await sharp(Buffer.from(svg), { density: 150 })
      .resize(400, 400, { kernel: 'nearest' })
      .flatten({ background: '#ffffff' })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const read = jsQR(new Uint8ClampedArray(data), info.width, info.height);
    expect(read?.data).toBe(payload);

    // the printed order shows the account beside the code
    const letterhead = await t.request('GET', '/api/v1/orders/letterhead', { token: clerk });
    expect(letterhead.json().data).toMatchObject({
      bank_bin: '970436',
      bank_account: '0011001234567',
      bank_account_name: 'CONG TY TNHH CA PHE NUI',
    });
  });

  it('is for readers of orders only, and for an order that exists', async () => {
    const { id } = await order();
    const outsider = (await t.createUser(['settings.list'])).token;
    expect(
      (await t.request('GET', `/api/v1/orders/${id}/vietqr`, { token: outsider })).statusCode,
    ).toBe(403);
    expect((await t.request('GET', `/api/v1/orders/${id}/vietqr`)).statusCode).toBe(401);
    expect(
      (await t.request('GET', '/api/v1/orders/999999/vietqr', { token: clerk })).statusCode,
    ).toBe(404);
  });
});
