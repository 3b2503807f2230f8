import { ADDRESS_FIELD_STYLES } from '@backoffice/shared/data-field.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, createTestApp, type TestApp } from '../../test/test-app';

/** The address rule at the API: every link or picture a client sends is checked where it is written. */
let t: TestApp;
const send = (method: string, url: string, body: unknown) =>
  t.request(method, `/api/v1${url}`, { token: t.adminToken, body, locale: 'en' });
const made = async (method: string, url: string, body: unknown) => {
  const answer = await send(method, url, body);
  expect(answer.statusCode, answer.body).toBeLessThan(300);
  return answer.json().data as { id: number };
};

const ATTACKS = [
  'javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  '//evil.example',
];

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('links and pictures', () => {
  it('refuses a course lesson link and an SEO record picture that would run', async () => {
    const course = await made('POST', '/types', { style: 'course', title: 'Khoá học' });
    for (const link of ATTACKS) {
      const refused = await send('POST', '/posts', {
        type_id: course.id,
        title: 'Khoá học độc',
        course: {
          chapters: [{ title: 'Chương 1', lessons: [{ title: 'Bài 1', link }] }],
        },
      });
      expect(refused.statusCode, link).toBe(422);
      expect(refused.json().errors['course.chapters.0.lessons.0.link']).toEqual([
        'The address must be a path starting with / or an http(s) address.',
      ]);
    }
    const seos = await countRows(t, 'seos');
    for (const image of ATTACKS) {
      const refused = await send('POST', '/seos', {
        url: '/gioi-thieu',
        type: 'website',
        title: 'Giới thiệu',
        image,
      });
      expect(refused.statusCode, image).toBe(422);
      expect(Object.keys(refused.json().errors)).toEqual(['image']);
    }
    expect(await countRows(t, 'seos')).toBe(seos);
    const kept = await made('POST', '/seos', {
      url: '/gioi-thieu',
      type: 'website',
      title: 'Giới thiệu',
      image: '/uploads/anh.webp',
    });
    expect(kept.id).toBeGreaterThan(0);
  });

  it('refuses such an address in a post’s picture and file fields, alone or in a list', async () => {
    const type = await made('POST', '/types', { style: 'article', title: 'Bài' });
    const group = await made('POST', '/groups', { type_id: type.id, style: 'field', title: 'Tệp' });
    for (const style of ADDRESS_FIELD_STYLES) {
      const key = `file_${style}`;
      await made('POST', '/fields', { group_id: group.id, key, title: key, style });
      for (const value of [ATTACKS[0], ['/ok.webp', ATTACKS[1]]]) {
        const refused = await send('POST', '/posts', {
          type_id: type.id,
          title: 'Tệp độc',
          fields: { [key]: value },
        });
        expect(refused.statusCode, `${style} ${JSON.stringify(value)}`).toBe(422);
        expect(Object.keys(refused.json().errors)).toEqual([`fields.${key}`]);
      }
      await made('POST', '/posts', {
        type_id: type.id,
        title: `Tệp ${style}`,
        fields: { [key]: style === 'media' ? ['/a.webp', 'https://cdn.example/b.mp4'] : '/a.pdf' },
      });
    }
  });
});
