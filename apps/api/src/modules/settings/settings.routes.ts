import { listQuerySchema, listResponse } from '@backoffice/shared/list-query.schema';
import {
  isNamedSetting,
  isScriptSetting,
  NAMED_SETTING_KEYS,
  SETTING_LIST_GROUPS,
  settingCreateSchema,
  settingKeysOf,
  settingRecordSchema,
  settingsBulkAnswerSchema,
  settingsBulkSchema,
  settingUpdateSchema,
  type Setting,
  type SettingCreate,
  type SettingsBulk,
} from '@backoffice/shared/setting.schema';
import { z } from 'zod';
import { writeAudit } from '../../core/audit';
import { serviceContext, type ServiceContext } from '../../core/context';
import { emit } from '../../core/events';
import { invalid, type FieldErrors } from '../../core/errors';
import { createListEngine, type ListDefinition, type ListFilter } from '../../core/list-engine';
import { createResourceService, crudPermissions } from '../../core/resource';
import { registerResource } from '../../core/resource-routes';
import type { RowOf } from '../../core/table';
import {
  assertMayWrite,
  checkSyntaxes,
  checkValue,
  isPersonalKey,
  valueOrThrow,
} from './settings.rules';
import type { TypedApp } from '../../core/typed-app';

const toRecord = (row: RowOf<'settings'>): Setting => ({
  id: row.id,
  key: row.key,
  title: row.title,
  value: row.value,
  created_at: row.created_at,
  updated_at: row.updated_at,
});

/**
 * What the website hears of changed settings: their keys (never their values: some are for
 * staff only), so it reads again what it shows of them.
 */
const settingsUpdated = (keys: string[]) => ({ event: 'settings.updated', data: { keys } });

/** `group=general|…|personal`: the settings of one screen, or the personal options. */
const groupFilter: ListFilter<'settings'> = {
  schema: z.enum(SETTING_LIST_GROUPS, { error: 'validation.invalid_value' }),
  where: (eb, group: (typeof SETTING_LIST_GROUPS)[number]) =>
    group === 'personal'
      ? eb('key', 'not in', NAMED_SETTING_KEYS)
      : eb('key', 'in', settingKeysOf(group)),
};

// A small table: searched literally in key and title, sorted by key (its unique index).
const list: ListDefinition<'settings'> = {
  search: ['key', 'title'],
  sortable: ['key'],
  defaultOrder: ['key', 'asc'],
  filters: { group: groupFilter },
};

/**
 * Site settings: `key`, `title`, `value`. Named settings (settings screens) are written in bulk
 * by key; personal options are created, edited and deleted one by one.
 */
export const settingsService = createResourceService({
  path: 'settings',
  table: 'settings',
  entity: 'setting',
  permissions: crudPermissions('settings'),
  schemas: {
    create: settingCreateSchema,
    update: settingUpdateSchema,
    record: settingRecordSchema,
  },
  list,
  toRecord,
  constraintHints: { key: 'setting.key_exists' },
  events: (_tx, { before, after }) =>
    before?.value === after?.value ? [] : [settingsUpdated([(after ?? before)!.key])],
  hooks: {
    prepare: (ctx, change) => {
      if (change.action === 'create') {
        // A named setting's key is taken even before its screen first saves it.
        const input = change.input as SettingCreate;
        if (!isPersonalKey(input.key)) throw invalid({ key: 'setting.key_exists' });
        return { values: input };
      }
      const { key } = change.current;
      assertMayWrite(ctx, key);
      const input = change.input as { title?: string; value?: string | null };
      return {
        values: {
          ...(input.title !== undefined ? { title: input.title } : {}),
          ...(input.value !== undefined ? { value: valueOrThrow(key, input.value, 'value') } : {}),
        },
      };
    },
    afterWrite: async (tx, _ctx, { action, row }) => {
      if (action === 'update') await checkSyntaxes(tx, new Map([[row.key, 'value']]));
    },
    beforeDelete: (_tx, ctx, current) => {
      assertMayWrite(ctx, current.key);
      // A settings screen's value is cleared, never its row: the screen and the website read it by key.
      if (isNamedSetting(current.key)) throw invalid({ key: 'setting.named_kept' });
    },
  },
});

/**
 * `PATCH /settings`: every setting of the request is checked, then all are written in one
 * transaction, or none. Named settings are created on their first save; a personal option must
 * exist already (it is made with its title through `POST /settings`).
 */
export const updateSettings = async (ctx: ServiceContext, { settings }: SettingsBulk) => {
  const errors: FieldErrors = {};
  const values = new Map<string, string | null>();
  settings.forEach(({ key, value }, index) => {
    if (values.has(key)) {
      errors[`settings.${index}.key`] = [{ key: 'setting.key_repeated' }];
      return;
    }
    const checked = checkValue(key, value, `settings.${index}.value`);
    if ('errors' in checked) Object.assign(errors, checked.errors);
    else values.set(key, checked.value);
  });
  if (Object.keys(errors).length) throw invalid(errors);
  for (const { key } of settings) assertMayWrite(ctx, key);

  const at = ctx.clock.now();
  return ctx.transaction(async (tx) => {
    const written: Setting[] = [];
    const changedKeys: string[] = [];
    const changedSyntaxes = new Map<string, string>();
    for (const [index, { key }] of settings.entries()) {
      const before = await tx
        .selectFrom('settings')
        .selectAll()
        .where('key', '=', key)
        .executeTakeFirst();
      if (!before && !isNamedSetting(key))
        throw invalid({ [`settings.${index}.key`]: 'setting.unknown_key' });
      const stamp = at.toISOString();
      const value = values.get(key) ?? null;
      const row = before
        ? await tx
            .updateTable('settings')
            .set({ value, updated_at: stamp })
            .where('id', '=', before.id)
            .returningAll()
            .executeTakeFirstOrThrow()
        : await tx
            .insertInto('settings')
            .values({ key, title: null, value, created_at: stamp, updated_at: stamp })
            // Two first saves of one named setting at once: the later one updates the row.
            .onConflict((conflict) =>
              conflict.column('key').doUpdateSet({ value, updated_at: stamp }),
            )
            .returningAll()
            .executeTakeFirstOrThrow();
      changedSyntaxes.set(key, `settings.${index}.value`);
      if (before?.value !== value) changedKeys.push(key);
      // Scripts run on every public page: each save of them is logged, even one that changes nothing.
      if (!before || before.value !== value || isScriptSetting(key))
        await writeAudit(tx, ctx.audit, {
          action: before ? 'update' : 'create',
          entity: 'setting',
          entityId: row.id,
          // the setting is the field that changed: `{site_name: [before, after]}` names it in
          // the log, where `{key, value}` lost the key on every change but the first
          before: before ? { [key]: before.value } : null,
          after: { [key]: value },
          ...(isScriptSetting(key) && before?.value === value
            ? { details: { key, unchanged: true } }
            : {}),
        });
      written.push(toRecord(row));
    }
    await checkSyntaxes(tx, changedSyntaxes);
    if (changedKeys.length > 0) {
      const { event, data } = settingsUpdated(changedKeys);
      await emit(event, data, tx, at);
    }
    return written;
  });
};

export const settingsRoutes = async (app: TypedApp) => {
  // Before the generic routes: `/settings/all` is not the record `all`.
  const everything = createListEngine('settings', { ...list, allowAll: true }, toRecord);
  app.get('/api/v1/settings/all', {
    config: { permission: 'settings.list' },
    schema: {
      tags: ['settings'],
      operationId: 'listAllSettings',
      summary: 'List settings, all at once with limit=0',
      querystring: listQuerySchema.extend({ group: groupFilter.schema.optional() }),
      response: { 200: listResponse(settingRecordSchema) },
    },
    handler: (request) => everything.list(serviceContext(request), request.query),
  });

  app.patch('/api/v1/settings', {
    config: { permission: 'settings.update' },
    schema: {
      tags: ['settings'],
      operationId: 'updateSettings',
      summary: 'Save several settings by key, all or none',
      body: settingsBulkSchema,
      response: { 200: settingsBulkAnswerSchema },
    },
    handler: async (request) => ({
      data: await updateSettings(serviceContext(request), request.body),
    }),
  });

  registerResource(app, settingsService);
};
