import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let staff: string;
let viewer: string;
beforeAll(async () => {
  t = await createTestApp();
  staff = (
    await t.createUser(['feedback.list', 'feedback.create', 'feedback.update', 'feedback.delete'])
  ).token;
  viewer = (await t.createUser(['feedback.list'])).token;
});
afterAll(() => t.close());

const feedback = {
  type: 'Tư vấn sản phẩm',
  name: 'Nguyễn Văn Đức',
  phone: '0901234567',
  email: 'Duc@Example.vn',
  address: '12 Lê Lợi, Quận 1',
  content: 'Tôi muốn hỏi giá cà phê hạt.',
};

const create = (body: unknown, locale = 'en', token = staff) =>
  t.request('POST', '/api/v1/feedback', { token, body, locale });

describe('feedback', () => {
  it('is recorded by staff as not yet contacted, shown with every field, then marked contacted', async () => {
    const created = await create(feedback);
    expect(created.statusCode).toBe(201);
    const record = created.json().data;
    expect(record).toMatchObject({ ...feedback, email: 'duc@example.vn', status: 'none' });

    const shown = await t.request('GET', `/api/v1/feedback/${record.id}`, { token: viewer });
    expect(shown.json().data).toMatchObject({
      address: feedback.address,
      content: feedback.content,
    });

    const contacted = await t.request('PATCH', `/api/v1/feedback/${record.id}`, {
      token: staff,
      body: { status: 'done' },
    });
    expect(contacted.json().data).toMatchObject({ status: 'done', name: feedback.name });
  });

  it('lists newest first with every field, filters by status and finds folded words', async () => {
    await create({ ...feedback, name: 'Trần Thị Hoa', type: 'Khiếu nại' });
    const list = await t.request('GET', '/api/v1/feedback', { token: viewer });
    const rows = list.json().data;
    expect(rows[0]).toMatchObject({
      name: 'Trần Thị Hoa',
      status: 'none',
      address: feedback.address,
    });
    expect(list.json().meta.pagination.total).toBe(2);

    const waiting = await t.request('GET', '/api/v1/feedback?status=none', { token: viewer });
    expect(waiting.json().data.map((f: { name: string }) => f.name)).toEqual(['Trần Thị Hoa']);
    const found = await t.request('GET', '/api/v1/feedback?search=khieu nai', { token: viewer });
    expect(found.json().data.map((f: { name: string }) => f.name)).toEqual(['Trần Thị Hoa']);
    expect(
      (await t.request('GET', '/api/v1/feedback?status=later', { token: viewer })).statusCode,
    ).toBe(422);
  });

  it('requires the name, bounds the type at 50 and checks phone and email, in each language', async () => {
    const before = await countRows(t, 'feedback');
    expect((await create({})).json().errors).toEqual({ name: ['Please enter the name!'] });
    expect((await create({}, 'vi')).json().errors).toEqual({ name: ['Vui lòng nhập tên!'] });
    const wrong = await create({
      ...feedback,
      type: 'x'.repeat(51),
      phone: '12345',
      email: 'không-phải-email',
      status: 'called',
    });
    expect(Object.keys(wrong.json().errors).sort()).toEqual(['email', 'phone', 'status', 'type']);
    expect(wrong.json().errors.type).toEqual(['The type must be at most 50 characters long.']);
    expect((await create({ ...feedback, type: 'x'.repeat(50) })).statusCode).toBe(201);
    expect((await create({ ...feedback, sender: 'x' })).json().errors).toEqual({
      sender: ['This field is not accepted.'],
    });
    expect(await countRows(t, 'feedback')).toBe(before + 1);
  });

  it('stores a name typed decomposed (NFD) as composed (NFC), so search finds it', async () => {
    const created = await create({ ...feedback, name: 'Phạm Thùy Dương'.normalize('NFD') });
    expect(created.json().data.name).toBe('Phạm Thùy Dương'.normalize('NFC'));
  });

  it('marks several contacted and deletes several in one request, counting what it did', async () => {
    const ids: number[] = [];
    for (const name of ['Một', 'Hai', 'Ba'])
      ids.push((await create({ ...feedback, name: `Khách ${name}` })).json().data.id);
    const bulk = (body: unknown, token = staff) =>
      t.request('POST', '/api/v1/feedback/bulk', { token, body, locale: 'en' });
    const statusOf = async (id: number) =>
      (await t.request('GET', `/api/v1/feedback/${id}`, { token: viewer })).json().data?.status;

    expect((await bulk({ ids, action: 'status', status: 'done' }, viewer)).statusCode).toBe(403);
    expect((await bulk({ ids, action: 'status' })).json().errors).toEqual({
      status: ['This field is required.'],
    });
    expect(await Promise.all(ids.map(statusOf))).toEqual(['none', 'none', 'none']);
    const marked = await bulk({ ids: ids.slice(0, 2), action: 'status', status: 'done' });
    expect(marked.json().data).toEqual({ done: 2, skipped: [] });
    expect(await Promise.all(ids.map(statusOf))).toEqual(['done', 'done', 'none']);
    const removed = await bulk({ ids: [ids[1], ids[2], 999_999], action: 'delete' });
    expect(removed.json().data).toEqual({ done: 2, skipped: [{ id: 999_999, code: 'not_found' }] });
    expect(await Promise.all(ids.map(statusOf))).toEqual(['done', undefined, undefined]);
  });
});
