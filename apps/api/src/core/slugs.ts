import { isSlug, slugify } from '@backoffice/shared/slug';
import { sql } from 'kysely';
import type { Db } from '../db/connection';
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
 * writes cannot take the same slug) and `redirectOldPath` from its `afterWrite` hook, at the
 * write's moment on the app's clock (`ctx.clock.now()`).
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
export const redirectOldPath = async (tx: Db, from: string, to: string, at: Date) => {
  if (from === to) return;
  const stamp = at.toISOString();
  await tx.deleteFrom('redirects').where('source', '=', to).execute();
  const leading = await tx
    .selectFrom('redirects')
    .select(['id', 'source'])
    .where((eb) => eb.or([eb('destination', '=', from), eb('source', '=', from)]))
    .execute();
  for (const row of leading)
    await tx
      .updateTable('redirects')
      .set({
        destination: to,
        search_text: searchText(row.source, to),
        updated_at: stamp,
        ...(row.source === from ? { code: 301 } : {}),
      })
      .where('id', '=', row.id)
      .execute();
  if (!leading.some((row) => row.source === from))
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

const sectionOf = (path: string) => `${path}/*`;

/**
 * A new record takes `path` and everything under it (a post type's section): redirects
 * from there would hide its pages, so they go.
 */
export const claimSection = async (tx: Db, path: string) => {
  await tx
    .deleteFrom('redirects')
    .where('source', 'in', [path, sectionOf(path)])
    .execute();
};

/**
 * After a section moved (a post type's slug changed, and with it the address of each of its
 * categories, groups and posts): `from` answers 301 to `to`, and one section rule
 * `from/*` → `to/*` answers every address under it, however many records it holds. The
 * redirects already there follow the move, so no chain grows: those leading into the old
 * section now lead into the new one, and those starting in it start at the same place in the
 * new one (where the section rule brings an old address). The work is bounded by the
 * redirects that name the old section, never by the records in it.
 */
export const redirectOldSection = async (tx: Db, from: string, to: string, at: Date) => {
  if (from === to) return;
  await redirectOldPath(tx, from, to, at);
  const fromBase = `${from}/`;
  const toBase = `${to}/`;
  const under = (column: 'source' | 'destination') =>
    sql<boolean>`substr(${sql.ref(column)}, 1, ${fromBase.length}) = ${fromBase}`;
  const moved = await tx
    .selectFrom('redirects')
    .select(['id', 'source', 'destination'])
    .where((eb) => eb.or([under('source'), under('destination')]))
    .execute();
  const move = (path: string) =>
    path.startsWith(fromBase) ? toBase + path.slice(fromBase.length) : path;
  // A redirect already at a moved source's new place gives way to the moved one.
  const newSources = moved
    .filter((row) => row.source.startsWith(fromBase))
    .map((r) => move(r.source));
  for (let start = 0; start < newSources.length; start += 500)
    await tx
      .deleteFrom('redirects')
      .where('source', 'in', newSources.slice(start, start + 500))
      .execute();
  const stamp = at.toISOString();
  for (const row of moved) {
    const source = move(row.source);
    const destination = move(row.destination);
    if (source === destination) {
      await tx.deleteFrom('redirects').where('id', '=', row.id).execute();
      continue;
    }
    await tx
      .updateTable('redirects')
      .set({ source, destination, search_text: searchText(source, destination), updated_at: stamp })
      .where('id', '=', row.id)
      .execute();
  }
  await redirectOldPath(tx, sectionOf(from), sectionOf(to), at);
};
