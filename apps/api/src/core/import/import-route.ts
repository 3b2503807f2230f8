import { translate } from '@backoffice/shared/messages/catalog';
import { storedValue, type ValueWordsKey } from '@backoffice/shared/value-words';
import type { TypedApp } from '../typed-app';
import { z } from 'zod';
import type { RoutePermission } from '../auth/guard';
import { serviceContext, type ServiceContext } from '../context';
import { AppError, invalid, type FieldErrors } from '../errors';
import { FORM_BODY, readForm } from '../form';
import { issuesToFieldErrors } from '../validation';
import { readSheet, type SheetRow } from './read-sheet';

export type ImportError = { row: number; field: string; message: string };
export type ImportResult = { created: number; updated: number; errors: ImportError[] };

/** What one row does once valid: `created` or `updated`. */
export type RowOutcome = 'created' | 'updated';

export type ImportDeclaration<TInput, Q, S = undefined> = {
  /** The list's path under /api/v1: the import is `POST <path>/import`. */
  path: string;
  permission: RoutePermission | readonly RoutePermission[];
  /** Parameters besides `dry_run` (the product type products are made in). */
  query?: z.ZodObject;
  /** A row's cells → the input the API takes, validated by the API's own schema. */
  parse: (cells: Record<string, string>) => z.ZodSafeParseResult<TInput>;
  /**
   * The file's column of an input field whose name differs (`product.code` is `code`); a refusal
   * names that column, or the field's own when the file wrote that one.
   */
  columns?: Record<string, string>;
  /**
   * Input fields whose values are a fixed list (`gender`: `user.gender`): a cell may write the
   * value as stored or in its words in any language (an export's "Nữ" is `female`).
   */
  listed?: Readonly<Record<string, ValueWordsKey>>;
  /**
   * Input fields that are calendar days (`birthday`): a cell may write one as `YYYY-MM-DD` or day
   * first, `DD/MM/YYYY`, as a spreadsheet set to Vietnamese saves it (month first when the
   * file's column can only be read so: `dayOrder`).
   */
  days?: readonly string[];
  /**
   * The field that names one record (a product's code, a member's email) and its value in a
   * row's input: a later row naming the same record is a mistake in the file, not an update of
   * the row above, and is refused with `message` (every such row, before anything is written).
   */
  unique?: { field: string; of: (input: TInput) => string; message: string };
  /** What an import gathers across its rows (the stock counts' lines per warehouse). */
  start?: () => S;
  /** Writes one valid row with the services (inside the import's one transaction). */
  write: (ctx: ServiceContext, input: TInput, query: Q, state: S) => Promise<RowOutcome>;
  /** Work after every row is written, still in the transaction (the stock counts' slips). */
  finish?: (ctx: ServiceContext, query: Q, state: S) => Promise<void>;
};

/** A cell meant as a whole number: the number when it is one, else the text (the schema says why not). */
export const wholeNumber = (cell: string | undefined) =>
  cell === undefined || cell === '' ? undefined : /^\d{1,15}$/.test(cell) ? Number(cell) : cell;

/** An optional text cell: absent when empty. */
export const optionalCell = (cell: string | undefined) => (cell ? cell : undefined);

const DAY_FIRST = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;

/**
 * How a file's column writes its days: month first when one of its days can only be read so
 * (`12/25/1990`, from a spreadsheet set to US English) and none only day first; else day first,
 * as a spreadsheet set to Vietnamese saves them. A column that mixes both has its month-first
 * days refused as impossible rather than read as another day.
 */
const dayOrder = (cells: readonly string[]): 'day' | 'month' => {
  let dayOnly = false;
  let monthOnly = false;
  for (const cell of cells) {
    const match = DAY_FIRST.exec(cell);
    if (!match) continue;
    const [first, second] = [Number(match[1]), Number(match[2])];
    if (first > 12 && second <= 12) dayOnly = true;
    if (second > 12 && first <= 12) monthOnly = true;
  }
  return monthOnly && !dayOnly ? 'month' : 'day';
};

/** A day written day (or month) first (`7/12/2026`, `07.12.2026`) as `YYYY-MM-DD`; anything else as it is. */
const calendarDay = (order: 'day' | 'month') => (cell: string) => {
  const match = DAY_FIRST.exec(cell);
  if (!match) return cell;
  const [, first, second, year] = match;
  const [day, month] = order === 'day' ? [first!, second!] : [second!, first!];
  return `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
};

/** An input without the fields a row left empty: they keep their defaults, as in a request without them. */
const withoutEmpty = <T>(input: T): T =>
  input && typeof input === 'object' && !Array.isArray(input)
    ? (Object.fromEntries(
        Object.entries(input)
          .filter(([, value]) => value !== undefined)
          .map(([key, value]) => [key, withoutEmpty(value)]),
      ) as T)
    : input;

/** Thrown to roll a dry run (or a file with errors) back after every row was tried. */
class RollBack extends Error {}

const dryRunParam = z
  .enum(['true', 'false'], { error: 'import.dry_run' })
  .optional()
  .meta({ description: 'true: check every row and write nothing' });

/**
 * `POST /api/v1/<path>/import?dry_run=true|false` with a multipart `file` (CSV or xlsx): every
 * row validated like the API's own requests, then written through the services in ONE
 * transaction; any bad row and nothing is written. The answer lists every bad row: its number
 * in the file, the field and the message in the reader's language.
 */
export const registerImport = <TInput, Q = Record<string, unknown>, S = undefined>(
  app: TypedApp,
  declaration: ImportDeclaration<TInput, Q, S>,
) => {
  const querystring = (declaration.query ?? z.strictObject({})).extend({ dry_run: dryRunParam });
  const column = (field: string) => declaration.columns?.[field] ?? field;
  type Reader = readonly [column: string, read: (cell: string) => string];
  // the cells read as their field takes them before the row is validated; a day column's order
  // is the file's own (`dayOrder`)
  const listedReaders: Reader[] = Object.entries(declaration.listed ?? {}).map(
    ([field, key]) => [column(field), (cell: string) => storedValue(key, cell)] as const,
  );
  const readersOf = (rows: readonly SheetRow[]): Reader[] => [
    ...listedReaders,
    ...(declaration.days ?? []).map((field) => {
      const cells = rows.flatMap((row) => row.cells[column(field)] ?? []);
      return [column(field), calendarDay(dayOrder(cells))] as const;
    }),
  ];
  app.post(`/api/v1/${declaration.path}/import`, {
    config: {
      permission: declaration.permission as RoutePermission,
      form: { schema: z.strictObject({}), files: ['file'] },
    },
    schema: {
      tags: [declaration.path],
      summary: `Import ${declaration.path} from a CSV or xlsx file (a dry run writes nothing), all or nothing`,
      consumes: FORM_BODY,
      querystring,
    },
    handler: async (request) => {
      const ctx = serviceContext(request);
      const { locale } = ctx;
      const { dry_run: dryRun, ...rest } = request.query;
      const query = rest as Q;
      const { files } = await readForm(request, z.strictObject({}), { files: ['file'] });
      const file = files[0];
      if (!file) throw invalid({ file: 'import.file_required' });
      const { rows, headers } = await readSheet(file);
      const errors: ImportError[] = [];
      const report = (row: SheetRow, fieldErrors: FieldErrors) => {
        for (const [field, messages] of Object.entries(fieldErrors)) {
          for (const message of messages)
            errors.push({
              row: row.row,
              // the column as the file names it ("Mã" in a Vietnamese export), else its key
              field: headers.get(column(field)) ?? headers.get(field) ?? column(field),
              message: translate(locale, message.key, message.params),
            });
        }
      };
      const inputs: Array<{ row: SheetRow; input: TInput }> = [];
      const readers = readersOf(rows);
      for (const row of rows) {
        for (const [column, read] of readers) {
          const cell = row.cells[column];
          if (cell) row.cells[column] = read(cell);
        }
        const parsed = declaration.parse(row.cells);
        if (parsed.success) parsed.data = withoutEmpty(parsed.data);
        if (parsed.success) inputs.push({ row, input: parsed.data });
        else report(row, issuesToFieldErrors(parsed.error.issues, 'row'));
      }
      if (declaration.unique) {
        const { field, of, message } = declaration.unique;
        const named = new Set<string>();
        for (const { row, input } of inputs) {
          const key = of(input);
          if (named.has(key)) report(row, { [field]: [{ key: message }] });
          named.add(key);
        }
      }
      const result: ImportResult = { created: 0, updated: 0, errors };
      if (errors.length > 0) return { data: result };
      try {
        await ctx.transaction(async (tx) => {
          const inner: ServiceContext = { ...ctx, db: tx, transaction: (work) => work(tx) };
          const state = declaration.start?.() as S;
          for (const { row, input } of inputs) {
            try {
              result[await declaration.write(inner, input, query, state)] += 1;
            } catch (error) {
              if (!(error instanceof AppError) || !error.fieldErrors) throw error;
              report(row, error.fieldErrors);
              // one refused write ends the attempt: the database may not take another statement
              break;
            }
          }
          if (errors.length === 0) await declaration.finish?.(inner, query, state);
          if (dryRun === 'true' || errors.length > 0) throw new RollBack();
        });
      } catch (error) {
        if (!(error instanceof RollBack)) throw error;
      }
      if (errors.length > 0) {
        result.created = 0;
        result.updated = 0;
      }
      return { data: result };
    },
  });
};
