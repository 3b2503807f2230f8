import { isSlug, slugify } from '@backoffice/shared/slug';
import { sql } from 'kysely';
import type { Db } from '../db/connection';
import { now } from '../db/types';
import { invalid } from './errors';
import { searchText } from './search';
import type { TableName } from './table';

/**
 * Slugs of records the website shows:
 * - a slug left empty is made from the title (`Cà Phê Sữa Đá` → `ca-phe-sua-da`), and
 *   one already taken in its scope gets `-2`, `-3`, …;
 * - a slug sent explicitly must follow the lowercase-digits-hyphens rule and be free in
 *   its scope (else a 422 on `slug`);
 * - when a slug changes, the old public path answers with a 301 to the new one.
 * Call `settleSlug` from a resource's `beforeWrite` hook (inside the transaction, so two
 * writes cannot take the same slug) and `redirectOldPath` from its `afterWrite` hook.
 */
export type SlugScope = {
  table: TableName;
  column?: string;
  scope?: Record<string, unknown>;
  exceptId?: number;
};

const taken = async (tx: Db, where: SlugScope, slug: string) => {
  const column = where.column ?? 'slug';
  const scope = Object.entries(where.scope ?? {});
  const { rows } = await sql<{
    value: string;
  }>`select ${sql.ref(column)} as value from ${sql.table(where.table)}
    where (${sql.ref(column)} = ${slug} or ${sql.ref(column)} like ${`${slug.replace(/[\\%_]/g, (c) => '\\' + c)}-%`} escape '\\')
    ${
      scope.length > 0
        ? sql`and ${sql.join(
            scope.map(([name, value]) => sql`${sql.ref(name)} = ${value}`),
            sql` and `,
          )}`
        : sql``
    }
    ${where.exceptId !== undefined ? sql`and id <> ${where.exceptId}` : sql``}`.execute(tx);
  return new Set(rows.map((row) => row.value));
};

/**
 * The slug to store: `given` when it is free (422 `slug.taken` otherwise), else one made
 * from `title` and made unique with a number. Returns undefined when neither changes it.
 */
export const settleSlug = async (
  tx: Db,
  where: SlugScope,
  given: string | null | undefined,
  title: string | undefined,
  options: { field?: string } = {},
): Promise<string | undefined> => {
  const field = options.field ?? 'slug';
  if (given) {
    if (!isSlug(given)) throw invalid({ [field]: 'validation.slug' });
    if ((await taken(tx, where, given)).has(given)) throw invalid({ [field]: 'slug.taken' });
    return given;
  }
  if (given === undefined && where.exceptId !== undefined) return undefined;
  const base = slugify(title ?? '') || 'item';
  const existing = await taken(tx, where, base);
  if (!existing.has(base)) return base;
  for (let n = 2; ; n++) if (!existing.has(`${base}-${n}`)) return `${base}-${n}`;
};

/**
 * After a public path changed: `from` answers 301 to `to`. Redirects that led to `from`
 * now lead straight to `to` (no chains), and a redirect away from `to` is removed (no
 * loop back to the old page).
 */
export const redirectOldPath = async (tx: Db, from: string, to: string) => {
  if (from === to) return;
  const stamp = now();
  await tx.deleteFrom('redirects').where('source', '=', to).execute();
  await tx
    .updateTable('redirects')
    .set({ destination: to, updated_at: stamp })
    .where('destination', '=', from)
    .execute();
  const existing = await tx
    .selectFrom('redirects')
    .select('id')
    .where('source', '=', from)
    .executeTakeFirst();
  if (existing)
    await tx
      .updateTable('redirects')
      .set({ destination: to, code: 301, updated_at: stamp })
      .where('id', '=', existing.id)
      .execute();
  else
    await tx
      .insertInto('redirects')
      .values({
        source: from,
        destination: to,
        code: 301,
        search_text: searchText(from, to),
        created_at: stamp,
        updated_at: stamp,
      })
      .execute();
};
