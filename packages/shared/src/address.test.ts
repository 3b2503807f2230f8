/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest';
import { ADDRESS_META, isSafeAddress } from './address';
import { isZodSchema, kindsOf, metaOf, schemaPlaces } from './schema-walk';
import { NAMED_SETTING_KEYS, namedSettingValue } from './setting.schema';
import { WIDGET_FIELD_STYLES, widgetValueSchema } from './widget.schema';

const SCHEMA_MODULES = import.meta.glob<Record<string, unknown>>('./*.schema.ts', { eager: true });

/** Names of fields that hold where a link or a picture points. */
const ADDRESS_NAME =
  /^(url|urls|link|links|href|src|image|images|avatar|icon|logo|favicon|thumbnail|path|video|banner|[a-z_]+_(url|link|image|logo|icon|avatar|path))$/;

const ATTACKS = [
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'data:image/svg+xml,<svg onload=alert(1)>',
  'vbscript:msgbox(1)',
  '//evil.example/x.png',
  '/\\evil.example/x.png',
  'https:\\\\evil.example',
  'file:///etc/passwd',
];
const GOOD = ['/uploads/2026/anh.webp', 'https://cdn.example.com/a.png'];

/**
 * Addresses of other machines, never of the site: a webhook's receiver is an absolute http(s)
 * address (a site path means nothing to the server that posts to it), and the server checks
 * where it resolves before each delivery. They still refuse everything that runs.
 */
const OUTSIDE_ADDRESS = /^webhook\.schema\.ts webhook(Create|Update)Schema\.url$/;

const addressPlaces = () =>
  Object.entries(SCHEMA_MODULES).flatMap(([file, module]) =>
    Object.entries(module)
      .filter((entry): entry is [string, Parameters<typeof schemaPlaces>[0]] =>
        isZodSchema(entry[1]),
      )
      .flatMap(([name, schema]) =>
        schemaPlaces(schema)
          .filter((place) => {
            const field =
              place.path
                .split('.')
                .filter((part) => part !== '*')
                .pop() ?? '';
            return place.input && ADDRESS_NAME.test(field) && kindsOf(place).has('string');
          })
          .map((place) => ({ where: `${file.slice(2)} ${name}.${place.path}`, place })),
      ),
  );

const expectAddressRule = (
  where: string,
  schema: { safeParse: (v: unknown) => { success: boolean } },
) => {
  for (const attack of ATTACKS)
    expect(schema.safeParse(attack).success, `${where} ← ${attack}`).toBe(false);
  for (const good of GOOD) expect(schema.safeParse(good).success, `${where} ← ${good}`).toBe(true);
};

describe('the address rule', () => {
  it('takes site paths, http(s) addresses and anchors, and nothing that runs', () => {
    for (const attack of ATTACKS) expect(isSafeAddress(attack), attack).toBe(false);
    for (const good of [...GOOD, '/', '#lien-he', 'HTTPS://EXAMPLE.COM/x?y=1#z'])
      expect(isSafeAddress(good), good).toBe(true);
  });

  it('is what every field of every shared schema that holds a link or a picture uses', () => {
    const places = addressPlaces();
    // Lesson links and SEO pictures among them; a field added later is walked as well.
    const wheres = places.map((p) => p.where);
    expect(wheres).toContainEqual(expect.stringMatching(/lessons\.\*\.link$/));
    expect(wheres).toContainEqual(
      expect.stringMatching(/^seo\.schema\.ts seoCreateSchema\.image$/),
    );
    const problems = places.flatMap(({ where, place }) => {
      const outside = OUTSIDE_ADDRESS.test(where);
      const good = outside ? GOOD.filter((address) => address.startsWith('https:')) : GOOD;
      return [
        ...(outside || metaOf(place).format === ADDRESS_META.format
          ? []
          : [`${where}: no address mark`]),
        ...ATTACKS.filter((attack) => place.schema.safeParse(attack).success).map(
          (attack) => `${where} takes ${attack}`,
        ),
        ...good
          .filter((address) => !place.schema.safeParse(address).success)
          .map((address) => `${where} refuses ${address}`),
      ];
    });
    expect(problems).toEqual([]);
  });

  it('holds for the named settings that point somewhere and for widget values', () => {
    const linked = NAMED_SETTING_KEYS.filter((key) => /logo|favicon|social_|image|url/.test(key));
    expect(linked.length).toBeGreaterThan(5);
    for (const key of linked) expectAddressRule(`setting ${key}`, namedSettingValue(key));
    for (const style of ['image', 'video', 'document'] as const) {
      const schema = widgetValueSchema({
        fields: [{ key: 'x', title: 'X', style, required: true, has_option: false, data: [] }],
      } as never);
      for (const attack of ATTACKS)
        expect(schema.safeParse({ x: attack }).success, `${style} ← ${attack}`).toBe(false);
    }
    expect(WIDGET_FIELD_STYLES).toContain('media');
  });
});
