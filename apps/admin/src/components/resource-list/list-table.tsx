import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import type { QueryKey } from '@tanstack/react-query';
import { Button, Empty, Popconfirm, Space, Table, Tooltip } from 'antd';
import type { ColumnsType, SorterResult } from 'antd/es/table/interface';
import type { Key, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListParams, ListResponse } from '../../lib/api-client';

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

/** The table of a list: sortable headers, the row buttons, row selection for bulk actions. */
export const ListTable = <T extends object>({
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
  rowKey: keyof T & string;
  loading: boolean;
  emptyText: string;
  sort: { orderBy: string; sortedBy: 'asc' | 'desc' };
  onSort: (sort: { orderBy: string; sortedBy: 'asc' | 'desc' } | undefined) => void;
  actions: RowActions<T>;
  selection?: { selected: Key[]; onChange: (keys: Key[]) => void };
}) => {
  const { t } = useTranslation('common');
  const { onEdit, onDelete, canDelete, deleteConfirm, extra } = actions;
  const hasActions = Boolean(onEdit || onDelete || extra);

  const tableColumns: ColumnsType<T> = [
    ...columns.map((column) => ({
      key: column.key,
      dataIndex: column.key,
      title: column.title,
      width: column.width,
      align: column.align,
      sorter: column.sortable ? true : undefined,
      sortOrder:
        column.sortable && sort.orderBy === column.key
          ? sort.sortedBy === 'asc'
            ? ('ascend' as const)
            : ('descend' as const)
          : null,
      render: column.render ? (_: unknown, record: T) => column.render?.(record) : undefined,
    })),
    ...(hasActions
      ? [
          {
            key: '__actions',
            title: t('list.actions'),
            align: 'right' as const,
            // one line of buttons: wrapped, a row's delete sat under its other actions
            render: (_: unknown, record: T) => (
              <Space size={4}>
                {extra?.(record)}
                {onEdit ? (
                  <Tooltip title={t('actions.edit')}>
                    <Button
                      size="small"
                      icon={<EditOutlined />}
                      aria-label={t('actions.edit')}
                      onClick={() => onEdit(record)}
                    />
                  </Tooltip>
                ) : null}
                {onDelete && (canDelete?.(record) ?? true) ? (
                  <Popconfirm
                    title={deleteConfirm?.(record).title ?? t('confirm.deleteTitle')}
                    description={deleteConfirm?.(record).content ?? t('confirm.deleteContent')}
                    okText={t('actions.delete')}
                    okButtonProps={{ danger: true }}
                    cancelText={t('actions.cancel')}
                    onConfirm={() => onDelete(record)}
                  >
                    <Button
                      size="small"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={t('actions.delete')}
                    />
                  </Popconfirm>
                ) : null}
              </Space>
            ),
          },
        ]
      : []),
  ];

  // The wrapper scrolls wide tables sideways. Table's own `scroll.x` would add a hidden measuring
  // row that copies the header's "select all" checkbox: a focusable control under aria-hidden.
  return (
    <div style={{ overflowX: 'auto' }}>
      <Table<T>
        rowKey={rowKey}
        columns={tableColumns}
        dataSource={rows}
        loading={loading}
        pagination={false}
        rowSelection={
          selection
            ? { selectedRowKeys: selection.selected, onChange: selection.onChange }
            : undefined
        }
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />,
        }}
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
    </div>
  );
};
