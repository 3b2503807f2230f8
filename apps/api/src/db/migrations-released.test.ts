import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS } from './migrations';
import released from './released-migrations.json';

const folder = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * A migration's code without its comments and layout: a database that ran it once never runs it
 * again, so what it does must never change, while a comment may be reworded and a file
 * reformatted without changing a database anywhere.
 */
const codeFingerprint = (source: string) => {
  const scanner = ts.createScanner(
    ts.ScriptTarget.Latest,
    true,
    ts.LanguageVariant.Standard,
    source,
  );
  const open: ('brace' | 'template')[] = [];
  const tokens: string[] = [];
  for (let kind = scanner.scan(); kind !== ts.SyntaxKind.EndOfFileToken; kind = scanner.scan()) {
    if (kind === ts.SyntaxKind.OpenBraceToken) open.push('brace');
    if (kind === ts.SyntaxKind.TemplateHead) open.push('template');
    if (kind === ts.SyntaxKind.CloseBraceToken && open.pop() === 'template') {
      kind = scanner.reScanTemplateToken(false);
      if (kind === ts.SyntaxKind.TemplateMiddle) open.push('template');
    }
    tokens.push(scanner.getTokenText());
  }
  return createHash('sha256').update(tokens.join('\u0000')).digest('hex').slice(0, 16);
};

const fingerprintOf = (name: string) =>
  codeFingerprint(readFileSync(join(folder, `${name}.ts`), 'utf8'));

describe('a released migration', () => {
  it('runs the code it ran when it was released (its comments may change, its code may not)', () => {
    const changed = Object.entries(released as Record<string, string>)
      .filter(([name, fingerprint]) => fingerprintOf(name) !== fingerprint)
      .map(([name]) => name);
    expect(changed, 'these released migrations were edited: write a new migration instead').toEqual(
      [],
    );
  });

  it('is on the list of released migrations once it is in the migration list', () => {
    const unlisted = Object.keys(MIGRATIONS)
      .filter((name) => !(name in released))
      .map((name) => `"${name}": "${fingerprintOf(name)}"`);
    expect(unlisted, 'add these lines to released-migrations.json').toEqual([]);
  });

  it('is told apart from an edited one by its code, not by its comments or layout', () => {
    const source =
      "export const up = async (db) => {\n  await db.schema.createTable('a').execute();\n};\n";
    const reworded = `/** Makes the table a. */\n${source.replace('  await', '  // why it is so\n    await')}`;
    const edited = source.replace("'a'", "'b'");
    const template = 'const t = `x ${a} // not a comment ${b} y`;';
    expect(codeFingerprint(reworded)).toBe(codeFingerprint(source));
    expect(codeFingerprint(edited)).not.toBe(codeFingerprint(source));
    expect(codeFingerprint(template.replace('// not', '// now'))).not.toBe(
      codeFingerprint(template),
    );
  });
});
