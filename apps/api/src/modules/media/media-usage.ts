import type { MediaUsage, MediaUsageKind } from '@backoffice/shared/media.schema';
import type { Permission } from '@backoffice/shared/permissions';
import { sql } from 'kysely';
import { holds, type Actor } from '../../core/auth/guard';
import { likeContains } from '../../core/search';
import type { TableName } from '../../core/table';
import type { Db } from '../../db/connection';

/**
 * The records that may hold a media file's address: a picture field, a rich text, a list of
 * slides or a setting's value. Each is searched for the file's storage key, which every address
 * of the file contains (relative, behind `PUBLIC_URL`, or a bucket's).
 */
const PLACES: ReadonlyArray<{
  kind: MediaUsageKind;
  table: TableName;
  columns: readonly string[];
  title: string;
  /** Whose holder may read the records' titles; anyone else sees how many there are. */
  readers: Permission;
}> = [
  {
    kind: 'post',
    table: 'posts',
    columns: ['avatar', 'images', 'description', 'contents', 'seo', 'fields'],
    title: 'title',
    readers: 'posts.list',
  },
  {
    kind: 'chapter',
    table: 'course_chapters',
    columns: ['image', 'description'],
    title: 'title',
    readers: 'posts.list',
  },
  {
    kind: 'post_type',
    table: 'post_types',
    columns: ['image', 'description', 'custom_fields'],
    title: 'title',
    readers: 'types.list',
  },
  {
    kind: 'group',
    table: 'post_groups',
    columns: ['image', 'description'],
    title: 'title',
    readers: 'groups.list',
  },
  {
    kind: 'category',
    table: 'categories',
    columns: ['image', 'description'],
    title: 'title',
    readers: 'categories.list',
  },
  {
    kind: 'data_field',
    table: 'data_fields',
    columns: ['value', 'data'],
    title: 'title',
    readers: 'fields.list',
  },
  {
    kind: 'setting',
    table: 'settings',
    columns: ['value'],
    title: 'key',
    readers: 'settings.list',
  },
  { kind: 'slider', table: 'sliders', columns: ['items'], title: 'title', readers: 'sliders.list' },
  {
    kind: 'widget',
    table: 'widgets',
    columns: ['settings', 'sections', 'value'],
    title: 'title',
    readers: 'widgets.list',
  },
  { kind: 'seo', table: 'seos', columns: ['image'], title: 'title', readers: 'seos.list' },
  { kind: 'user', table: 'users', columns: ['avatar'], title: 'name', readers: 'users.list' },
  {
    kind: 'menu_item',
    table: 'menu_items',
    columns: ['url', 'description'],
    title: 'title',
    readers: 'menus.list',
  },
];

/** How many records are named per kind: enough to recognise them in a confirm. */
const NAMED = 5;

/**
 * How many rows one query reads: the scan goes a range of ids at a time and lets other requests
 * in between, since SQLite's queries hold the server's one thread (100,000 posts in one query
 * held it for 400 ms).
 */
const CHUNK = 5000;

const yieldToOthers = () => new Promise((resolve) => setImmediate(resolve));

/**
 * Where the file stored under `key` is shown: for each kind of record holding its address, how
 * many do and the first few (titles only for those the actor may list). A read over whole
 * tables, asked once before a delete, not on a list.
 */
export const findMediaUsage = async (
  db: Db,
  actor: Actor,
  key: string,
  chunk = CHUNK,
): Promise<MediaUsage> => {
  const found: MediaUsage = [];
  for (const place of PLACES) {
    const holdsKey = sql.join(
      place.columns.map((column) => likeContains(sql`cast(${sql.ref(column)} as text)`, key)),
      sql` or `,
    );
    const { rows: bounds } = await sql<{ last: number | string | null }>`
      select max(id) as last from ${sql.table(place.table)}`.execute(db);
    const last = Number(bounds[0]?.last ?? 0);
    let count = 0;
    const named: Array<{ id: number; title: string }> = [];
    for (let from = 0; from < last; from += chunk) {
      const { rows } = await sql<{ id: number | string; title: string | null }>`
        select id, ${sql.ref(place.title)} as title from ${sql.table(place.table)}
        where id > ${from} and id <= ${from + chunk} and (${holdsKey}) order by id`.execute(db);
      count += rows.length;
      for (const row of rows.slice(0, NAMED - named.length))
        named.push({ id: Number(row.id), title: row.title ?? '' });
      await yieldToOthers();
    }
    if (count === 0) continue;
    const readable = actor.isSuperAdmin || holds(actor, place.readers);
    found.push({ kind: place.kind, count, records: readable ? named : [] });
  }
  return found;
};
