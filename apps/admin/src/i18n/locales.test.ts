import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './index';

type Tree = { [key: string]: string | Tree };

const files = import.meta.glob<Tree>('./locales/*/*.json', { eager: true, import: 'default' });

const flatten = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : flatten(value, `${prefix}${key}.`),
  );

const byLanguage = new Map<string, Map<string, Tree>>();
for (const [path, tree] of Object.entries(files)) {
  const [, language, namespace] = /\.\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path) ?? [];
  if (!language || !namespace) continue;
  if (!byLanguage.has(language)) byLanguage.set(language, new Map());
  byLanguage.get(language)!.set(namespace, tree);
}

describe('UI texts', () => {
  it('exist for every language, and only for those', () => {
    expect([...byLanguage.keys()].sort()).toEqual([...LANGUAGES].sort());
  });

  const namespaces = [
    ...new Set([...byLanguage.values()].flatMap((map) => [...map.keys()])),
  ].sort();

  it.each(namespaces)('namespace %s has the same keys in vi, en and ja', (namespace) => {
    const keys = Object.fromEntries(
      LANGUAGES.map((language) => {
        const tree = byLanguage.get(language)?.get(namespace);
        return [language, tree ? flatten(tree).sort() : null];
      }),
    );
    for (const language of LANGUAGES) {
      expect(keys[language], `${language}/${namespace}.json is missing`).not.toBeNull();
    }
    for (const language of LANGUAGES) {
      const missing = keys.en!.filter((key) => !keys[language]!.includes(key));
      const extra = keys[language]!.filter((key) => !keys.en!.includes(key));
      expect({ language, missing, extra }).toEqual({ language, missing: [], extra: [] });
    }
  });

  it('has no empty text and keeps every {{placeholder}} in each language', () => {
    for (const namespace of namespaces) {
      const en = byLanguage.get('en')!.get(namespace)!;
      for (const language of LANGUAGES) {
        const tree = byLanguage.get(language)!.get(namespace)!;
        for (const key of flatten(tree)) {
          const text = key
            .split('.')
            .reduce<Tree | string>((node, part) => (node as Tree)[part]!, tree) as string;
          const source = key
            .split('.')
            .reduce<Tree | string>((node, part) => (node as Tree)[part]!, en) as string;
          expect(text.trim(), `${language}/${namespace}:${key}`).not.toBe('');
          const wanted = (source.match(/{{\s*\w+\s*}}/g) ?? []).sort();
          const found = (text.match(/{{\s*\w+\s*}}/g) ?? []).sort();
          expect(found, `${language}/${namespace}:${key}`).toEqual(wanted);
        }
      }
    }
  });
});
