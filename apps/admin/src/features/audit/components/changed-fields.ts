import type { AuditLog } from '../api/audit-logs-api';

/** One field an entry touched: its path (`title`, `product.price`) and its values before and after. */
export type ChangeRow = { field: string; before: unknown; after: unknown };

type Entry = Pick<AuditLog, 'entity' | 'action' | 'before' | 'after'>;

/** Bookkeeping every record carries: not something a person changed. */
const BOOKKEEPING = new Set(['version', 'created_at', 'updated_at']);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The fields an entry touched, each with its value before and after. On a change, a group of
 * fields (a product's code and price) is opened and only what moved inside it is listed (the
 * price, not the code beside it). A setting logged as `{key, value}` (a personal option, or a
 * settings screen's save of an older log) reads as the setting itself: its key names the row.
 */
export const changeRows = (entry: Entry): ChangeRow[] => {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  if (entry.entity === 'setting') {
    const key = after.key ?? before.key;
    if (typeof key === 'string')
      return [
        { field: key, before: entry.before?.value ?? null, after: entry.after?.value ?? null },
      ];
  }
  const rows: ChangeRow[] = [];
  const fields = new Set([...Object.keys(before), ...Object.keys(after)]);
  for (const field of fields) {
    if (BOOKKEEPING.has(field)) continue;
    const was = before[field] ?? null;
    const is = after[field] ?? null;
    // a new or removed record's group reads as a whole; a change shows what moved inside it
    if (entry.action === 'update' && (isRecord(was) || isRecord(is))) {
      const inner = new Set([
        ...Object.keys(isRecord(was) ? was : {}),
        ...Object.keys(isRecord(is) ? is : {}),
      ]);
      for (const part of inner) {
        const partWas = isRecord(was) ? (was[part] ?? null) : null;
        const partIs = isRecord(is) ? (is[part] ?? null) : null;
        if (same(partWas, partIs)) continue;
        rows.push({ field: `${field}.${part}`, before: partWas, after: partIs });
      }
    } else rows.push({ field, before: was, after: is });
  }
  // A place's code (`ward_code: "00292"`) beside its name in the same entry (`ward_name`) is
  // the same fact in a form only a developer reads: the name stands for both.
  const listed = new Set(rows.map((row) => row.field));
  return rows.filter(
    (row) => !(row.field.endsWith('_code') && listed.has(row.field.replace(/_code$/, '_name'))),
  );
};

/**
 * The fields a change touched, at most four, named by `label`. A sign-in's or a password's
 * details (who, how) are not fields: they read in the entry's details. A new record's number
 * is in the list's own column.
 */
export const changedFields = (entry: Entry, label: (field: string) => string) =>
  changeRows(entry)
    .filter((row) => !(entry.action === 'create' && row.field === 'id'))
    .slice(0, 4)
    .map((row) => label(row.field))
    .join(', ') || '—';
