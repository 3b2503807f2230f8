import { SETTING_DEFAULTS } from '@backoffice/shared/setting.schema';
import type { Db } from '../../db/connection';

const defaultOf = (key: string) =>
  (SETTING_DEFAULTS as Record<string, string | undefined>)[key] ?? null;

/**
 * Settings by key, as the shop saved them, or their defaults when never saved (a value saved
 * empty stays empty): the one way any part of the API reads a setting.
 */
export const readSettings = async <K extends string>(
  db: Db,
  keys: readonly K[],
): Promise<Record<K, string | null>> => {
  const rows = await db
    .selectFrom('settings')
    .select(['key', 'value'])
    .where('key', 'in', [...keys])
    .execute();
  const stored = new Map(rows.map((row) => [row.key, row.value]));
  const values = {} as Record<K, string | null>;
  for (const key of keys)
    values[key] = stored.has(key) ? (stored.get(key) ?? null) : defaultOf(key);
  return values;
};

/** One setting, as `readSettings` reads it. */
export const readSetting = async (db: Db, key: string) => (await readSettings(db, [key]))[key];
