import type { BulkResult } from '@backoffice/shared/bulk.schema';
import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Flex } from 'antd';
import { type Key, type ReactNode, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListParams, Query } from '../../lib/api-client';
import { useStableCallback } from '../../lib/use-stable-callback';
import { useNotices } from '../notices';
import { PageHeader } from '../page-header';
import { Panel } from '../panel';
import { Pager } from '../pager';
import { ImportButton } from '../import-dialog';
import { type BulkAction, BulkActionBar, bulkDeleteAction } from './bulk-actions';
import { ExportButton } from './export-button';
import { listPageParams } from './list-page-query';
import type { ListFilter } from './list-filters';
import { ListCards } from './list-cards';
import {
  keyOfRow,
  type ListColumn,
  type ListSource,
  ListTable,
  type RowKey,
  type RowSelection,
} from './list-table';
import { ListToolbar } from './list-toolbar';
import { type Paging, useListRows } from './use-list-rows';
import { type ListStateHome, useListState } from './use-list-state';

export type ResourceListProps<T> = {
  /**
   * The list's heading. Without one the list is part of something else (a drawer, a tab, a card
   * beside another list): no header or panel of its own, its state kept in the list.
   */
  title?: string;
  /** 2 when the list is a section of a screen that has its own title (default 1). */
  headingLevel?: 1 | 2;
  source: ListSource<T>;
  columns: ReadonlyArray<ListColumn<T>>;
  rowKey: RowKey<T>;
  /**
   * Where page, search, order and filters are kept: the address (the default for a list with a
   * title) or the list itself (the default without one).
   */
  stateIn?: ListStateHome;
  /** pages: a pager; load-more: a button appending the next page; all: `limit=0`, searched and sorted here. */
  paging?: Paging;
  pageSize?: number;
  /** What an empty list says when nothing is searched (default: "No data"). */
  emptyText?: string;
  /** What the list says when its rows could not be read (default: "Could not load the data."). */
  failedText?: string;
  /** Draws each row as a card of its own instead of a table row (a widget with its editor). */
  renderRow?: (record: T) => ReactNode;
  /** Rows the screen lets one choose for its own use, kept while paging (users to give roles). */
  selection?: RowSelection;
  defaultSort?: { orderBy: string; sortedBy: 'asc' | 'desc' };
  searchable?: boolean;
  /** The search box's hint when it finds more than words of the title (a product's code). */
  searchPlaceholder?: string;
  filters?: ReadonlyArray<ListFilter>;
  /** Extra query parameters always sent (e.g. a `type_id`). */
  baseParams?: ListParams;
  onCreate?: () => void;
  /** The create button's words when "Add" is too vague (a product type's list: "Add product"). */
  createLabel?: string;
  onEdit?: (record: T) => void;
  /**
   * Deleting a row (with a confirm); with `bulkDelete`, several rows: each in parallel, or in
   * one request when it is the resource's bulk delete (its answer counts what was deleted).
   */
  onDelete?: (record: T) => Promise<unknown>;
  bulkDelete?: boolean | ((records: T[]) => Promise<{ data: BulkResult }>);
  /** More actions on the selected rows (set a status…), each with a confirm. */
  bulkActions?: ReadonlyArray<BulkAction<T>>;
  canDelete?: (record: T) => boolean;
  /** The delete confirm's own title and text for a row (default: "Delete this item?"). */
  deleteConfirm?: (record: T) => { title?: string; content?: string };
  rowActions?: (record: T) => ReactNode;
  /**
   * The list's export (`/x/export`): an "Export" button that downloads the list as the screen
   * shows it (search, order, filters, every page) as CSV or Excel.
   */
  exportPath?: string;
  /** The list's import (`/x/import`): an "Import" button, its dry run and result (`hint`: the columns). */
  importer?: { path: string; query?: Query; title: string; hint: string };
  toolbar?: ReactNode;
  children?: ReactNode;
};

/** How long a change of the list waits for its rows before changing the address without them. */
const ROWS_WAIT = 150;

/** The generic list screen: header, toolbar (search, filters, sort, total), bulk actions, table, pager. */
export const ResourceList = <T extends object>({
  title,
  headingLevel,
  source,
  columns,
  rowKey,
  stateIn = title === undefined ? 'local' : 'address',
  paging = 'pages',
  pageSize = 20,
  emptyText,
  failedText,
  renderRow,
  selection: chosen,
  defaultSort,
  searchable = true,
  searchPlaceholder,
  filters = [],
  baseParams = {},
  onCreate,
  createLabel,
  onEdit,
  onDelete,
  bulkDelete = false,
  bulkActions = [],
  canDelete,
  deleteConfirm,
  rowActions,
  exportPath,
  importer,
  toolbar,
  children,
}: ResourceListProps<T>) => {
  const { t } = useTranslation('common');
  const notices = useNotices();
  const queryClient = useQueryClient();
  const [selectedKeys, setSelectedKeys] = useState<Key[]>([]);
  const listState = useListState({
    defaultPageSize: pageSize,
    defaultSort,
    filters,
    home: stateIn,
  });
  const list = useListRows({ source, paging, state: listState, baseParams, columns });
  // what an export reads: the list as shown, its filters, search and order, every page
  const exportParams = listPageParams({
    baseParams,
    filterValues: listState.filterValues,
    page: 1,
    limit: listState.limit,
    search: listState.search,
    orderBy: listState.orderBy,
    sortedBy: listState.sortedBy,
  });
  // A change of search, filter, sort or page asks for its rows at once, and changes the address
  // when they have arrived (or after ROWS_WAIT ms): the list then renders once, with them, instead
  // of once for the address and again for the rows. Changes apply in the order they were made.
  const applying = useRef<Promise<unknown>>(Promise.resolve());
  const update = useStableCallback(
    (changes: Record<string, string | number | undefined>, resetPage: boolean = true) => {
      const arriving = list.prefetch(listState.preview(changes, resetPage));
      const ready = Promise.race([arriving, new Promise((done) => setTimeout(done, ROWS_WAIT))]);
      applying.current = Promise.all([applying.current, ready]).then(() =>
        listState.update(changes, resetPage),
      );
    },
  );
  const state = { ...listState, update };

  const refresh = () => queryClient.invalidateQueries({ queryKey: source.keys.all });
  const allBulkActions = [
    ...(typeof bulkDelete === 'function'
      ? [bulkDeleteAction({ runAll: bulkDelete }, t)]
      : bulkDelete && onDelete
        ? [bulkDeleteAction({ run: onDelete }, t)]
        : []),
    ...bulkActions,
  ];
  const selected = list.rows.filter((row) => selectedKeys.includes(keyOfRow(rowKey, row)));

  const removeOne = async (record: T) => {
    if (!onDelete) return;
    try {
      await onDelete(record);
      notices.deleted();
    } catch (error) {
      notices.error(error);
    } finally {
      await refresh();
    }
  };

  // What the (memoized) table gets keeps its identity while nothing it shows changed: the
  // handlers are stable, the row functions come memoized from the screen (or not, and the
  // table renders with the list as before).
  const { orderBy, sortedBy } = state;
  const sort = useMemo(() => ({ orderBy, sortedBy }), [orderBy, sortedBy]);
  const onSort = useStableCallback(
    (next: { orderBy: string; sortedBy: 'asc' | 'desc' } | undefined) =>
      update({ orderBy: next?.orderBy, sortedBy: next?.sortedBy }),
  );
  const edit = useStableCallback((record: T) => onEdit?.(record));
  const remove = useStableCallback((record: T) => void removeOne(record));
  const editable = Boolean(onEdit);
  const deletable = Boolean(onDelete);
  const actions = useMemo(
    () => ({
      onEdit: editable ? edit : undefined,
      onDelete: deletable ? remove : undefined,
      canDelete,
      deleteConfirm,
      extra: rowActions,
    }),
    [editable, edit, deletable, remove, canDelete, deleteConfirm, rowActions],
  );
  const selectable = allBulkActions.length > 0;
  const selection = useMemo(
    () =>
      chosen ?? (selectable ? { selected: selectedKeys, onChange: setSelectedKeys } : undefined),
    [chosen, selectable, selectedKeys],
  );
  // only read with no rows: a search starting must not render the old rows again
  const empty =
    list.rows.length > 0
      ? ''
      : list.failed
        ? (failedText ?? t('notices.loadFailed'))
        : state.search
          ? t('list.noMatch')
          : (emptyText ?? t('list.empty'));

  const body = (
    <>
      <ListToolbar
        state={state}
        searchable={searchable}
        searchPlaceholder={searchPlaceholder}
        filters={filters}
        columns={columns}
        total={list.total}
      />
      <BulkActionBar
        actions={allBulkActions}
        selected={selected}
        onStart={() => setSelectedKeys([])}
        onDone={refresh}
      />
      {children}
      {renderRow ? (
        <ListCards<T>
          rows={list.rows}
          rowKey={rowKey}
          loading={list.loading}
          emptyText={empty}
          renderRow={renderRow}
        />
      ) : (
        <ListTable<T>
          rows={list.rows}
          columns={columns}
          rowKey={rowKey}
          loading={list.loading}
          emptyText={empty}
          sort={sort}
          onSort={onSort}
          actions={actions}
          selection={selection}
        />
      )}
      {paging === 'pages' && list.pagination && list.pagination.total_pages > 1 ? (
        <div style={{ marginTop: 16 }}>
          <Pager
            current={list.pagination.current_page}
            totalPages={list.pagination.total_pages}
            pageSize={state.limit}
            onChange={(nextPage, nextSize) =>
              state.update(
                {
                  page: nextPage > 1 ? nextPage : undefined,
                  limit: nextSize === pageSize ? undefined : nextSize,
                },
                false,
              )
            }
          />
        </div>
      ) : null}
      {list.loadMore.hasNext ? (
        <Flex justify="center" style={{ marginTop: 16 }}>
          <Button loading={list.loadMore.fetching} onClick={list.loadMore.fetchNext}>
            {t('actions.loadMore')}
          </Button>
        </Flex>
      ) : null}
    </>
  );
  if (title === undefined) return body;

  return (
    <>
      <PageHeader
        title={title}
        level={headingLevel}
        extra={
          <>
            {toolbar}
            {importer ? <ImportButton {...importer} onImported={() => void refresh()} /> : null}
            {exportPath ? <ExportButton path={exportPath} params={exportParams} /> : null}
            <Button icon={<ReloadOutlined />} onClick={() => void refresh()}>
              {t('actions.refresh')}
            </Button>
            {onCreate ? (
              <Button type="primary" icon={<PlusOutlined />} onClick={onCreate}>
                {createLabel ?? t('actions.add')}
              </Button>
            ) : null}
          </>
        }
      />
      {renderRow ? body : <Panel>{body}</Panel>}
    </>
  );
};
