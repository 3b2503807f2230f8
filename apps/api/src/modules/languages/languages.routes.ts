import {
  languageCreateSchema,
  languageKey,
  languageRecordSchema,
  type Language,
} from '@backoffice/shared/language.schema';
import { itemResponse } from '@backoffice/shared/list-query.schema';
import { z } from 'zod';
import { writeAudit } from '../../core/audit';
import { serviceContext } from '../../core/context';
import { invalid, notFound } from '../../core/errors';
import { createResourceService, samePermission } from '../../core/resource';
import { registerResource } from '../../core/resource-routes';
import { toBool } from '../../db/types';
import type { TypedApp } from '../../core/typed-app';

export const languagesService = createResourceService({
  path: 'languages',
  table: 'languages',
  entity: 'language',
  permissions: samePermission('manage-languages'),
  key: { param: 'code', column: 'key', schema: languageKey() },
  schemas: { create: languageCreateSchema, update: z.object({}), record: languageRecordSchema },
  routes: ['list', 'show', 'create', 'delete'],
  list: {
    search: ['key', 'name'],
    searchFields: {
      key: { column: 'key', match: 'exact' },
      name: { column: 'name', match: 'contains' },
    },
    sortable: ['sort', 'key', 'name'],
    defaultOrder: ['sort', 'asc'],
    allowAll: true,
  },
  toRecord: (row): Language => ({
    id: row.id,
    key: row.key,
    name: row.name,
    sort: row.sort,
    is_default: toBool(row.is_default),
    created_at: row.created_at,
    updated_at: row.updated_at,
  }),
  constraintHints: { key: 'language.exists' },
  hooks: {
    // A new language goes last unless a place is given; it is never the default.
    beforeWrite: async (tx, _ctx, { values }) => {
      if (values.sort !== undefined) return { is_default: false };
      const last = await tx
        .selectFrom('languages')
        .select((eb) => eb.fn.max('sort').as('sort'))
        .executeTakeFirst();
      return { sort: Number(last?.sort ?? 0) + 1, is_default: false };
    },
    beforeDelete: (_tx, _ctx, current) => {
      if (toBool(current.is_default)) throw invalid({ key: 'language.default_delete' });
    },
  },
});

export const languagesRoutes = async (app: TypedApp) => {
  registerResource(app, languagesService);

  // Exactly one default afterwards: the flag moves in one transaction.
  app.patch('/api/v1/languages/:code/default', {
    config: { permission: 'manage-languages' },
    schema: {
      summary: 'Make a language the default',
      tags: ['languages'],
      params: z.object({ code: languageKey() }),
      response: { 200: itemResponse(languageRecordSchema) },
    },
    handler: async (request) => {
      const ctx = serviceContext(request);
      const { code } = request.params;
      const row = await ctx.transaction(async (tx) => {
        const current = await languagesService.findRow(tx, code);
        if (!current) throw notFound();
        const previous = await tx
          .selectFrom('languages')
          .select('key')
          .where('is_default', '=', true)
          .executeTakeFirst();
        const stamp = ctx.clock.now().toISOString();
        await tx
          .updateTable('languages')
          .set({ is_default: false, updated_at: stamp })
          .where('is_default', '=', true)
          .where('key', '!=', code)
          .execute();
        const updated = await tx
          .updateTable('languages')
          .set({ is_default: true, updated_at: stamp })
          .where('key', '=', code)
          .returningAll()
          .executeTakeFirstOrThrow();
        await writeAudit(tx, ctx.audit, {
          action: 'update',
          entity: 'language',
          entityId: updated.id,
          before: { is_default: previous?.key ?? null },
          after: { is_default: code },
        });
        return updated;
      });
      return { data: languagesService.def.toRecord(row, ctx.clock.now()) };
    },
  });
};
