import { translate } from '@backoffice/shared/messages/catalog';
import { valueWord, type ValueWordsKey } from '@backoffice/shared/value-words';
import { listQuerySchema } from '@backoffice/shared/list-query.schema';
import { z } from 'zod';
import type { Permission } from '@backoffice/shared/permissions';
import type { RoutePermission } from '../auth/guard';
import { serviceContext, type ServiceContext } from '../context';
import { shopDay, shopTime } from '../shop-days';
import type { Cell } from './cells';
import { CONTENT_TYPES, EXPORT_FORMATS, exportStream } from './export-stream';
import type { TypedApp } from '../typed-app';

/** One column of an export: its header (a message key, in the reader's language) and its cell. */
export type ExportColumn<T> = {
  header: string;
  value: (record: T) => Cell;
  /** A field whose stored values are a fixed list: its cells are their words, in the reader's language. */
  words?: ValueWordsKey;
  /** Whether this reader gets the column (purchase costs go only to some); every reader without it. */
  shown?: (ctx: ServiceContext) => boolean;
};

/** What an export reads: the list's own parameters (search, order, filters), never a page. */
export const exportQuerySchema = listQuerySchema
  .omit({ page: true, limit: true, include: true })
  .extend({
    format: z.enum(EXPORT_FORMATS, { error: 'export.format' }).optional(),
  });

/** An export's validated parameters: `format` and the list's own. */
export type ExportQuery = Record<string, unknown>;

export type ExportDeclaration<T> = {
  /** The list's path under /api/v1 (`posts`, `warehouses/products`): the export is `<path>/export`. */
  path: string;
  permission: RoutePermission;
  /** Keys of `permission` that let in for part of the list only (`narrowReaders`, resource-routes.ts). */
  narrowed?: readonly Permission[];
  /** `exportQuerySchema` with the list's filters: validated like the list's parameters. */
  querystring: z.ZodType<ExportQuery>;
  columns: ReadonlyArray<ExportColumn<T>>;
  /** The whole filtered list in its order, a batch at a time. */
  rows: (ctx: ServiceContext, query: ExportQuery) => AsyncIterable<T[]>;
  /** How many rows the list has (sent as `X-Total-Count` for the admin's progress bar). */
  total: (ctx: ServiceContext, query: ExportQuery) => Promise<number>;
};

/**
 * `GET /api/v1/<path>/export?format=csv|xlsx` plus the list's own parameters: the whole list the
 * screen shows with its filters, search and order, streamed, with the columns' headers in the
 * reader's language. The query is checked and the first batch read before anything is sent,
 * so a bad parameter is a 422 like the list's.
 */
export const registerExport = <T>(app: TypedApp, declaration: ExportDeclaration<T>) => {
  const name = declaration.path.replace(/\//g, '-');
  app.get(`/api/v1/${declaration.path}/export`, {
    config: { permission: declaration.permission, narrowed: declaration.narrowed },
    schema: {
      tags: [declaration.path],
      operationId: `export${name.replace(/(^|-)(\w)/g, (_, __, c: string) => c.toUpperCase())}`,
      summary: `Export the ${declaration.path.replace(/[/-]/g, ' ')} list (its filters, search and order) as CSV or xlsx`,
      querystring: declaration.querystring,
    },
    handler: async (request, reply) => {
      const ctx = serviceContext(request);
      const query = request.query;
      const { locale } = ctx;
      const columns = declaration.columns.filter((column) => column.shown?.(ctx) ?? true);
      const cellOf = columns.map(({ value, words }) =>
        words ? (record: T) => valueWord(locale, words, value(record)) : value,
      );
      const format = query.format === 'xlsx' ? 'xlsx' : 'csv';
      const total = await declaration.total(ctx, query);
      const batches = declaration.rows(ctx, query)[Symbol.asyncIterator]();
      const first = await batches.next();
      const cells = async function* () {
        if (first.done) return;
        yield first.value.map((record) => cellOf.map((cell) => cell(record)));
        for (let next = await batches.next(); !next.done; next = await batches.next())
          yield next.value.map((record) => cellOf.map((cell) => cell(record)));
      };
      const headers = columns.map((column) => translate(locale, column.header));
      const filename = `${name}-${shopDay(ctx.clock.now())}.${format}`;
      return reply
        .type(CONTENT_TYPES[format])
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('x-total-count', String(total))
        .header('cache-control', 'no-store')
        .send(exportStream(format, headers, cells()));
    },
  });
};

/**
 * An export's columns from `{key: cell}`, in that order; each header is the message
 * `export.column.<key>` in the reader's language. A column named `…_at` holds a time, which
 * a spreadsheet gets on the shop's clock (`shopTime`); a column named in `words` holds one of a
 * fixed list of values, which it gets in words ("Đã giao", not `delivered`).
 */
export const exportColumns = <T>(
  cells: Record<string, (record: T) => Cell>,
  words: Readonly<Record<string, ValueWordsKey>> = {},
): Array<ExportColumn<T>> =>
  Object.entries(cells).map(([key, value]) => ({
    header: `export.column.${key}`,
    value: key.endsWith('_at') ? (record: T) => shopTime(value(record)) : value,
    words: words[key],
  }));
