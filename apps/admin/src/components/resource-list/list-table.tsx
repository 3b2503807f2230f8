import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import type { QueryKey } from '@tanstack/react-query';
import { Empty, Table } from 'antd';
import type { ColumnsType, SorterResult } from 'antd/es/table/interface';
import { type CSSProperties, type Key, memo, type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListParams, ListResponse } from '../../lib/api-client';
import { RowButton } from '../row-button';
import { SidewaysScroll } from '../sideways-scroll';

export type ListColumn<T> = {
  /** The record field; also the `orderBy` value when sortable. */
  key: string;
  title: string;
  render?: (record: T) => ReactNode;
  sortable?: boolean;
  /** Included in the client-side search of `paging: 'all'` lists. */
  searchable?: boolean;
  width?: number | string;
  align?: 'left' | 'center' | 'right';
};

/** Where rows come from: a resource api from `createResourceApi` fits. */
export type ListSource<T> = {
  keys: { all: QueryKey; lists?: () => QueryKey; list: (params: ListParams) => QueryKey };
  list: (params: ListParams, signal?: AbortSignal) => Promise<ListResponse<T>>;
};

/** A row's key: a field of the record, or made from it (a stock row is a product in a warehouse). */
export type RowKey<T> = (keyof T & string) | ((record: T) => string);

/** The key of one row. */
export const keyOfRow = <T,>(rowKey: RowKey<T>, record: T): Key =>
  typeof rowKey === 'function' ? rowKey(record) : (record[rowKey] as Key);

/**
 * Rows chosen in the table: for the list's bulk actions, or for the screen's own use (`keep`:
 * rows chosen on other pages, or in another list, stay chosen).
 */
export type RowSelection = { selected: Key[]; onChange: (keys: Key[]) => void; keep?: boolean };

export type RowActions<T> = {
  onEdit?: (record: T) => void;
  /** Shown with a confirm; `canDelete` hides it on some rows. */
  onDelete?: (record: T) => void;
  canDelete?: (record: T) => boolean;
  /** The confirm's own words for a row (a comment says how many replies go with it). */
  deleteConfirm?: (record: T) => { title?: string; content?: string };
  /** More buttons before edit and delete. */
  extra?: (record: T) => ReactNode;
};

// The least width a column without its own is given: a date with its time, a phone number, an
// order code or a short name on one or two lines.
const READABLE_COLUMN_WIDTH = 130;
const SELECTION_COLUMN_WIDTH = 48;

// A plain box: an Ant Design Space in each of a page's rows cost more than it laid out.
const ROW_BUTTONS = { display: 'inline-flex', gap: 4, alignItems: 'center' } as const;

/**
 * The row buttons' column. Its texts are looked up once per table, not in each of a page's rows
 * (i18next's lookups were a noticeable part of drawing a page).
 */
const actionsColumn = <T extends object>(
  texts: {
    title: string;
    edit: string;
    remove: string;
    cancel: string;
    confirmTitle: string;
    confirmContent: string;
  },
  { onEdit, onDelete, canDelete, deleteConfirm, extra }: RowActions<T>,
) => ({
  key: '__actions',
  title: texts.title,
  align: 'right' as const,
  // one line of buttons: wrapped, a row's delete sat under its other actions
  render: (_: unknown, record: T) => {
    const asked = deleteConfirm?.(record);
    return (
      <div style={ROW_BUTTONS}>
        {extra?.(record)}
        {onEdit ? (
          <RowButton label={texts.edit} icon={<EditOutlined />} onClick={() => onEdit(record)} />
        ) : null}
        {onDelete && (canDelete?.(record) ?? true) ? (
          <RowButton
            label={texts.remove}
            danger
            icon={<DeleteOutlined />}
            confirm={{
              title: asked?.title ?? texts.confirmTitle,
              description: asked?.content ?? texts.confirmContent,
              okText: texts.remove,
              cancelText: texts.cancel,
            }}
            onClick={() => onDelete(record)}
          />
        ) : null}
      </div>
    );
  },
});

/**
 * The table of a list: sortable headers, the row buttons, row selection for bulk actions.
 *
 * Ant Design's table renders every cell again whenever it renders (its cells are told the table
 * changed), so the table is memoized: a new search or page first renders the list with the rows
 * it shows (the address changed, the answer is on its way) and then with the new rows; only the
 * second needs the cells. Its props must then keep their identity while nothing changed:
 * columns and the row functions memoized by the screen, the event handlers stable.
 */
const ListTableInner = <T extends object>({
  rows,
  columns,
  rowKey,
  loading,
  emptyText,
  sort,
  onSort,
  actions,
  selection,
}: {
  rows: T[];
  columns: ReadonlyArray<ListColumn<T>>;
  rowKey: RowKey<T>;
  loading: boolean;
  emptyText: string;
  sort: { orderBy: string; sortedBy: 'asc' | 'desc' };
  onSort: (sort: { orderBy: string; sortedBy: 'asc' | 'desc' } | undefined) => void;
  actions: RowActions<T>;
  selection?: RowSelection;
}) => {
  const { t } = useTranslation('common');
  const { onEdit, onDelete, canDelete, deleteConfirm, extra } = actions;
  const hasActions = Boolean(onEdit || onDelete || extra);

  const { orderBy, sortedBy } = sort;
  const tableColumns: ColumnsType<T> = useMemo(
    () => [
      ...columns.map((column) => ({
        key: column.key,
        dataIndex: column.key,
        title: column.title,
        width: column.width,
        align: column.align,
        sorter: column.sortable ? true : undefined,
        sortOrder:
          column.sortable && orderBy === column.key
            ? sortedBy === 'asc'
              ? ('ascend' as const)
              : ('descend' as const)
            : null,
        render: column.render ? (_: unknown, record: T) => column.render?.(record) : undefined,
      })),
      ...(hasActions
        ? [
            actionsColumn<T>(
              {
                title: t('list.actions'),
                edit: t('actions.edit'),
                remove: t('actions.delete'),
                cancel: t('actions.cancel'),
                confirmTitle: t('confirm.deleteTitle'),
                confirmContent: t('confirm.deleteContent'),
              },
              { onEdit, onDelete, canDelete, deleteConfirm, extra },
            ),
          ]
        : []),
    ],
    [columns, orderBy, sortedBy, hasActions, extra, onEdit, onDelete, canDelete, deleteConfirm, t],
  );
  const rowSelection = useMemo(
    () =>
      selection
        ? {
            selectedRowKeys: selection.selected,
            onChange: selection.onChange,
            preserveSelectedRowKeys: selection.keep,
            // Ant Design names these checkboxes in English whatever the language
            getTitleCheckboxProps: () => ({ 'aria-label': t('list.selectAll') }),
            getCheckboxProps: () => ({ 'aria-label': t('list.selectRow') }),
          }
        : undefined,
    [selection, t],
  );
  const locale = useMemo(
    () => ({ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} /> }),
    [emptyText],
  );

  // On a phone the table keeps a width its columns can be read at (index.html's
  // `.list-table`): it squeezed seven columns into the screen, a name and a phone number broken
  // over four lines each.
  const readable = useMemo(
    (): CSSProperties & Record<'--list-min-width', string> => ({
      '--list-min-width': `${columns.reduce(
        (sum, column) =>
          sum + (typeof column.width === 'number' ? column.width : READABLE_COLUMN_WIDTH),
        (selection ? SELECTION_COLUMN_WIDTH : 0) + (hasActions ? READABLE_COLUMN_WIDTH : 0),
      )}px`,
    }),
    [columns, selection, hasActions],
  );
  return (
    <SidewaysScroll className="list-table-box">
      <Table<T>
        className="list-table"
        style={readable}
        rowKey={rowKey}
        columns={tableColumns}
        dataSource={rows}
        loading={loading}
        pagination={false}
        rowSelection={rowSelection}
        locale={locale}
        onChange={(_pagination, _filters, sorter) => {
          const one = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<T> | undefined;
          onSort(
            one?.order
              ? {
                  orderBy: String(one.columnKey),
                  sortedBy: one.order === 'ascend' ? 'asc' : 'desc',
                }
              : undefined,
          );
        }}
      />
    </SidewaysScroll>
  );
};

// `memo` loses the type parameter; the cast gives it back
export const ListTable = memo(ListTableInner) as unknown as typeof ListTableInner;
