/// <reference types="vite/client" />
import { HTML_FIELD_STYLES } from '@backoffice/shared/data-field.schema';
import { RICH_TEXT_META } from '@backoffice/shared/rich-text';
import { isZodSchema, metaOf, schemaPlaces } from '@backoffice/shared/schema-walk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import './rich-text';

const SCHEMA_MODULES = import.meta.glob<Record<string, unknown>>(
  '../../../../packages/shared/src/*.schema.ts',
  { eager: true },
);

const EVIL =
  '<p onclick="steal()">Chữ <em>nghiêng</em></p><script>alert(1)</script>' +
  '<a href="javascript:alert(1)">bấm</a><img src="/x.webp" onerror="alert(1)">';
const isClean = (html: unknown) =>
  typeof html === 'string' && !/script|onclick|onerror|javascript:/i.test(html);

/** Every place of every shared schema that holds rich text, by the mark `richText()` leaves. */
const richTextPlaces = () =>
  Object.entries(SCHEMA_MODULES).flatMap(([file, module]) =>
    Object.entries(module)
      .filter((entry): entry is [string, Parameters<typeof schemaPlaces>[0]] =>
        isZodSchema(entry[1]),
      )
      .flatMap(([name, schema]) =>
        schemaPlaces(schema)
          .filter((place) => metaOf(place).contentMediaType === RICH_TEXT_META.contentMediaType)
          .map((place) => ({ where: `${file.split('/').pop()} ${name}.${place.path}`, place })),
      ),
  );

describe('rich text in the shared schemas', () => {
  it('is sanitized as it is parsed, at every place a schema holds it', () => {
    const places = richTextPlaces();
    // The content sections of a post at least; any place added later is walked as well.
    expect(places.map((p) => p.where)).toContainEqual(
      expect.stringMatching(/post\.schema\.ts postCreateSchema\.contents\.\*\.content$/),
    );
    for (const { where, place } of places) {
      const parsed = place.schema.safeParse(EVIL);
      expect(parsed.success, where).toBe(true);
      expect(isClean(parsed.data), `${where}: ${String(parsed.data)}`).toBe(true);
      expect(parsed.data, where).toContain('<em>nghiêng</em>');
    }
  });
});

describe('rich text a data field holds', () => {
  let t: TestApp;
  let typeId = 0;
  let groupId = 0;
  const api = async (method: string, url: string, body?: unknown) => {
    const answer = await t.request(method, `/api/v1${url}`, { token: t.adminToken, body });
    expect(answer.statusCode, answer.body).toBeLessThan(300);
    return answer.json().data;
  };
  const field = (key: string, style: string, value: string | null = null) =>
    api('POST', '/fields', { group_id: groupId, key, title: key, style, value });

  beforeAll(async () => {
    t = await createTestApp();
    typeId = (await api('POST', '/types', { style: 'article', title: 'Bài viết' })).id;
    groupId = (await api('POST', '/groups', { type_id: typeId, style: 'field', title: 'Thêm' })).id;
  });
  afterAll(() => t.close());

  it('is sanitized whatever shape it arrives in, for every style that renders HTML', async () => {
    expect(HTML_FIELD_STYLES.length).toBeGreaterThan(0);
    for (const style of HTML_FIELD_STYLES) {
      const key = `rich_${style}`;
      const defined = await field(key, style, EVIL);
      expect(isClean(defined.value), defined.value).toBe(true);
      for (const value of [EVIL, [EVIL, EVIL], [EVIL, 3]]) {
        const saved = await api('POST', '/posts', {
          type_id: typeId,
          title: `Giá trị ${style}`,
          fields: { [key]: value },
        });
        const stored = (await api('GET', `/posts/${saved.id}`)).fields[key];
        const texts = (Array.isArray(stored) ? stored : [stored]).filter(
          (item: unknown) => typeof item === 'string',
        );
        expect(texts.length, JSON.stringify(stored)).toBeGreaterThan(0);
        for (const text of texts) expect(isClean(text), text).toBe(true);
      }
    }
  });

  it('sanitizes what is stored when a field’s style changes to one that renders HTML', async () => {
    const plain = await field('note', 'textarea', '<b>mặc định</b><script>x</script>');
    const saved = await api('POST', '/posts', {
      type_id: typeId,
      title: 'Ghi chú',
      fields: { note: EVIL },
    });
    // Plain text is kept as sent: the admin shows it escaped.
    expect((await api('GET', `/posts/${saved.id}`)).fields.note).toBe(EVIL);
    for (const style of HTML_FIELD_STYLES) {
      const changed = await api('PATCH', `/fields/${plain.id}`, { style });
      expect(changed.value).toBe('<b>mặc định</b>');
      const stored = (await api('GET', `/posts/${saved.id}`)).fields.note;
      expect(isClean(stored), stored).toBe(true);
      expect(stored).toContain('<em>nghiêng</em>');
    }
  });
});
