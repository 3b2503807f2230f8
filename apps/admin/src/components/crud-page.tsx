import type { BulkResult } from '@backoffice/shared/bulk.schema';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import { usePermissions } from '../lib/profile';
import { type CreateEffect, updateCachedLists } from '../lib/list-effects';
import type { PermissionRule } from '../lib/permissions';
import type { Id } from '../lib/resource-api';
import { FormDrawer } from './form-drawer';
import { useNotices } from './notices';
import { type FormFieldDef, ResourceForm } from './resource-form';
import type { ListSource } from './resource-list/list-table';
import { ResourceList, type ResourceListProps } from './resource-list/resource-list';

export type CrudPageProps<
  T extends object,
  TCreate extends z.ZodType,
  TUpdate extends z.ZodType,
> = Omit<ResourceListProps<T>, 'source' | 'onCreate' | 'onEdit' | 'onDelete' | 'rowKey'> & {
  /** The record's id field: edits and deletes name the record by it. */
  rowKey: keyof T & string;
  api: ListSource<T> & {
    /** Answers with the created record (for `createEffect`). */
    create?: (body: z.output<TCreate>) => Promise<unknown>;
    update?: (id: Id, body: z.output<TUpdate>) => Promise<unknown>;
    remove?: (id: Id) => Promise<unknown>;
    /** The resource's bulk delete (`createResourceApi(path, { bulkDelete: true })`). */
    bulkRemove?: ((ids: Id[]) => Promise<{ data: BulkResult }>) | undefined;
  };
  /** How the list shows a new record at once, before the refetch (spec: per resource). */
  createEffect?: CreateEffect;
  permissions: { create?: PermissionRule; update?: PermissionRule; delete?: PermissionRule };
  form: {
    createSchema: TCreate;
    updateSchema?: TUpdate;
    fields: ReadonlyArray<FormFieldDef>;
    /**
     * Fields shown only when editing (or only when creating) can differ; a function gives
     * each record its own (what may still change depends on its state).
     */
    editFields?: ReadonlyArray<FormFieldDef> | ((record: T) => ReadonlyArray<FormFieldDef>);
    createDefaults?: Record<string, unknown>;
    /**
     * A link to the screen with `?new` opens the create form (the dashboard's first steps);
     * `?new=<value>` presets fields from the value, as the resource reads it
     * (`?new=product` is a product type).
     */
    linkDefaults?: (value: string) => Record<string, unknown>;
    toFormValues?: (record: T) => Record<string, unknown>;
    createTitle: string;
    editTitle: string;
    /**
     * Shown inside the form below its fields (a live preview, see `ResourceForm`); a function
     * gets the record being edited (null when creating).
     */
    extra?: ReactNode | ((record: T | null) => ReactNode);
  };
};

/**
 * A whole resource screen from a declaration: the list, a drawer form for create and edit
 * (the shared zod schemas), delete with a confirm, notices, permissions.
 */
export const CrudPage = <
  T extends object,
  TCreate extends z.ZodType,
  TUpdate extends z.ZodType = TCreate,
>({
  api,
  permissions,
  form,
  rowKey,
  createEffect,
  bulkDelete,
  ...listProps
}: CrudPageProps<T, TCreate, TUpdate>) => {
  const { t } = useTranslation('common');
  const { can } = usePermissions();
  const notices = useNotices();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const [linked, setLinked] = useState<Record<string, unknown>>({});
  const [searchParams, setSearchParams] = useSearchParams();

  const idOf = (record: T) => (record as Record<string, Id>)[rowKey] as Id;
  const close = () => setEditing(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: api.keys.all });
  const listsKey = api.keys.lists?.() ?? api.keys.all;
  const isRecord = (value: unknown): value is T =>
    typeof value === 'object' && value !== null && rowKey in value;

  const canCreate =
    Boolean(api.create) && permissions.create !== undefined && can(permissions.create);
  const canUpdate =
    Boolean(api.update) && permissions.update !== undefined && can(permissions.update);
  const canDelete =
    Boolean(api.remove) && permissions.delete !== undefined && can(permissions.delete);

  // The link's ask is taken once (while rendering, as a change of what the page was given),
  // then dropped from the address: a reload opens the list.
  const asked = searchParams.get('new');
  const [taken, setTaken] = useState<string | null>(null);
  if (asked !== taken) {
    setTaken(asked);
    if (asked !== null && canCreate) {
      setLinked(asked && form.linkDefaults ? form.linkDefaults(asked) : {});
      setEditing('new');
    }
  }
  useEffect(() => {
    if (asked !== null)
      setSearchParams(
        (params) => {
          params.delete('new');
          return params;
        },
        { replace: true },
      );
  }, [asked, setSearchParams]);

  // "Delete selected" is one request where the resource has its bulk delete: one transaction,
  // and a notice of what it did, rather than one request per row.
  const { bulkRemove } = api;
  const bulkRemoveRows = bulkRemove && ((rows: T[]) => bulkRemove(rows.map(idOf)));

  const isNew = editing === 'new';
  const record = editing !== null && editing !== 'new' ? editing : null;
  const extraOf = (one: T | null) =>
    typeof form.extra === 'function' ? form.extra(one) : form.extra;
  const editFieldsOf = (one: T) =>
    typeof form.editFields === 'function' ? form.editFields(one) : (form.editFields ?? form.fields);

  return (
    <>
      <ResourceList<T>
        {...listProps}
        rowKey={rowKey}
        source={api}
        onCreate={
          canCreate
            ? () => {
                setLinked({});
                setEditing('new');
              }
            : undefined
        }
        onEdit={canUpdate ? (one) => setEditing(one) : undefined}
        onDelete={canDelete && api.remove ? (one) => api.remove!(idOf(one)) : undefined}
        bulkDelete={
          !canDelete ? false : bulkDelete === true ? (bulkRemoveRows ?? true) : bulkDelete
        }
      />
      <FormDrawer
        open={editing !== null}
        title={isNew ? form.createTitle : form.editTitle}
        onClose={close}
      >
        {isNew ? (
          <ResourceForm
            id="create-form"
            schema={form.createSchema}
            fields={form.fields}
            initialValues={{ ...form.createDefaults, ...linked }}
            onCancel={close}
            submitLabel={t('actions.create')}
            onSubmit={async (values) => {
              const created = await api.create!(values);
              if (createEffect && isRecord(created))
                updateCachedLists(queryClient, listsKey, {
                  type: createEffect === 'append' ? 'append' : 'prepend',
                  record: created,
                });
              notices.created();
              await refresh();
            }}
            onDone={close}
          >
            {extraOf(null)}
          </ResourceForm>
        ) : record ? (
          <ResourceForm
            id="edit-form"
            schema={form.updateSchema ?? form.createSchema}
            fields={editFieldsOf(record)}
            initialValues={
              form.toFormValues ? form.toFormValues(record) : (record as Record<string, unknown>)
            }
            onCancel={close}
            onSubmit={async (values) => {
              const updated = await api.update!(idOf(record), values as z.output<TUpdate>);
              if (createEffect === 'prepend-and-move-updated' && isRecord(updated))
                updateCachedLists(queryClient, listsKey, {
                  type: 'move-first',
                  record: updated,
                  matches: (row) => String(idOf(row)) === String(idOf(record)),
                });
              notices.updated();
              await refresh();
            }}
            onDone={close}
          >
            {extraOf(record)}
          </ResourceForm>
        ) : null}
      </FormDrawer>
    </>
  );
};
