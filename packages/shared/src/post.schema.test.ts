import { describe, expect, it } from 'vitest';
import { postBulkSchema, postCreateSchema, postUpdateSchema } from './post.schema';

const issues = (result: {
  success: boolean;
  error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
}) =>
  Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
  );

describe('post schema', () => {
  it('needs only a type and a title', () => {
    expect(postCreateSchema.safeParse({ type_id: 1, title: 'Cà phê' }).success).toBe(true);
    expect(issues(postCreateSchema.safeParse({ type_id: 1 }))).toEqual({
      title: 'post.title_required',
    });
    expect(issues(postCreateSchema.safeParse({ type_id: 1, title: '   ' }))).toEqual({
      title: 'post.title_required',
    });
  });

  it('refuses unknown fields, bad statuses and slugs', () => {
    expect(postCreateSchema.safeParse({ type_id: 1, title: 'a', colour: 'red' }).success).toBe(
      false,
    );
    expect(issues(postCreateSchema.safeParse({ type_id: 1, title: 'a', status: 'live' }))).toEqual({
      status: 'post.status_invalid',
    });
    expect(issues(postCreateSchema.safeParse({ type_id: 1, title: 'a', slug: 'Cà Phê' }))).toEqual({
      slug: 'validation.slug',
    });
  });

  it('keeps product codes to 30 characters and prices whole and not negative', () => {
    const product = (value: object) =>
      postCreateSchema.safeParse({ type_id: 1, title: 'a', product: value });
    expect(product({ code: 'x'.repeat(30), price: 0 }).success).toBe(true);
    expect(issues(product({ code: 'x'.repeat(31) }))).toEqual({
      'product.code': 'post.code_too_long',
    });
    expect(issues(product({ price: -1 }))).toEqual({ 'product.price': 'post.price_invalid' });
    expect(issues(product({ price: 10.5 }))).toEqual({ 'product.price': 'post.price_invalid' });
    // A price with zeros too many says what is too much, not that it must be 0 or more.
    expect(issues(product({ price: 10_000_000_000_000 }))).toEqual({
      'product.price': 'validation.too_big',
    });
    expect(
      issues(
        product({
          agency_prices: [
            { agency_id: 1, price: 5 },
            { agency_id: 1, price: 6 },
          ],
        }),
      ),
    ).toEqual({
      'product.agency_prices.1.agency_id': 'post.agency_price_duplicate',
    });
  });

  it('refuses the same lesson twice in a chapter, whatever its case and spaces', () => {
    const result = postCreateSchema.safeParse({
      type_id: 1,
      title: 'Khóa học',
      course: {
        price: 0,
        chapters: [
          { title: 'Chương 1', lessons: [{ title: 'Bài mở đầu' }, { title: '  BÀI MỞ ĐẦU ' }] },
          { title: 'Chương 2', lessons: [{ title: 'Bài mở đầu' }] },
        ],
      },
    });
    expect(issues(result)).toEqual({ 'course.chapters.0.lessons.1.title': 'post.lesson_exists' });
    expect(
      issues(postCreateSchema.safeParse({ type_id: 1, title: 'a', course: { price: -5 } })),
    ).toEqual({
      'course.price': 'post.price_invalid',
    });
  });

  it('takes text in NFC so decomposed Vietnamese is the same title', () => {
    const parsed = postCreateSchema.parse({ type_id: 1, title: 'Đường'.normalize('NFD') });
    expect(parsed.title).toBe('Đường'.normalize('NFC'));
  });

  it('lets an update carry the version it was made from, and a bulk action its ids', () => {
    expect(postUpdateSchema.parse({ title: 'b', version: 3 }).version).toBe(3);
    expect(postUpdateSchema.safeParse({ type_id: 2 }).success).toBe(false);
    expect(issues(postBulkSchema.safeParse({ ids: [], action: 'delete' }))).toEqual({
      ids: 'post.bulk_ids_required',
    });
  });
});
