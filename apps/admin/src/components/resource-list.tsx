import { matchesSearch } from '@backoffice/shared/search-fold';
import {
  DeleteOutlined,
  EditOutlined,
  PlusOutlined,
  ReloadOutlined,
  SortAscendingOutlined,
  SortDescendingOutlined,
} from '@ant-design/icons';
import { type QueryKey, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Empty,
  Flex,
  Input,
  Popconfirm,
  Select,
  Space,
  Table,
  Tooltip,
  Typography,
} from 'antd';
import type { ColumnsType, SorterResult } from 'antd/es/table/interface';
import { type Key, type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { ListParams, ListResponse } from '../lib/api-client';
import { useNotices } from './notices';
import { PageHeader } from './page-header';
import { Pager } from './pager';

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

export type ListFilter = {
  name: string;
  label: string;
  options: Array<{ value: string | number; label: string }>;
};

/** Where rows come from: a resource api from `createResourceApi` fits. */
export type ListSource<T> = {
  keys: { all: QueryKey; list: (params: ListParams) => QueryKey };
  list: (params: ListParams, signal?: AbortSignal) => Promise<ListResponse<T>>;
};

export type ResourceListProps<T> = {
  title: string;
  source: ListSource<T>;
  columns: ReadonlyArray<ListColumn<T>>;
  rowKey: keyof T & string;
  /** pages: a pager (spec §9's helper); load-more: a button appending the next page; all: `limit=0`, searched and sorted here. */
  paging?: 'pages' | 'load-more' | 'all';
  pageSize?: number;
  defaultSort?: { orderBy: string; sortedBy: 'asc' | 'desc' };
  searchable?: boolean;
  filters?: ReadonlyArray<ListFilter>;
  /** Extra query parameters always sent (e.g. a `type_id`). */
  baseParams?: ListParams;
  onCreate?: () => void;
  onEdit?: (record: T) => void;
  /** Deleting a row (with a confirm); with `bulkDelete`, several rows each in parallel. */
  onDelete?: (record: T) => Promise<unknown>;
  bulkDelete?: boolean;
  canDelete?: (record: T) => boolean;
  rowActions?: (record: T) => ReactNode;
  toolbar?: ReactNode;
  children?: ReactNode;
};

const readNumber = (value: string | null, fallback: number): number => {
  const parsed = Number(value);
  return Number.isInteger(parsed) && parsed > 0 ? parsed : fallback;
};

const compareValues = (a: unknown, b: unknown): number => {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return String(a ?? '').localeCompare(String(b ?? ''));
};

/** The generic list screen: columns, sort-by list, asc/desc, search, total, pager or load-more, filters, row actions, bulk delete. */
export const ResourceList = <T extends object>({
  title,
  source,
  columns,
  rowKey,
  paging = 'pages',
  pageSize: defaultPageSize = 20,
  defaultSort,
  searchable = true,
  filters = [],
  baseParams = {},
  onCreate,
  onEdit,
  onDelete,
  bulkDelete = false,
  canDelete,
  rowActions,
  toolbar,
  children,
}: ResourceListProps<T>) => {
  const { t } = useTranslation('common');
  const { modal } = App.useApp();
  const notices = useNotices();
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const [selected, setSelected] = useState<Key[]>([]);
  const [searchText, setSearchText] = useState(searchParams.get('search') ?? '');

  const page = readNumber(searchParams.get('page'), 1);
  const limit = Math.min(100, readNumber(searchParams.get('limit'), defaultPageSize));
  const search = searchParams.get('search') ?? '';
  const orderBy = searchParams.get('orderBy') ?? defaultSort?.orderBy ?? '';
  const sortedBy =
    (searchParams.get('sortedBy') ?? defaultSort?.sortedBy ?? 'desc') === 'asc' ? 'asc' : 'desc';
  const filterValues = Object.fromEntries(
    filters.map((filter) => [filter.name, searchParams.get(filter.name) ?? undefined]),
  );

  const update = (changes: Record<string, string | number | undefined>, resetPage = true) => {
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(changes)) {
          if (value === undefined || value === '') next.delete(key);
          else next.set(key, String(value));
        }
        if (resetPage && !('page' in changes)) next.delete('page');
        return next;
      },
      { replace: true },
    );
  };

  const serverParams: ListParams =
    paging === 'all'
      ? { ...baseParams, ...filterValues, limit: 0 }
      : {
          ...baseParams,
          ...filterValues,
          limit,
          search: search || undefined,
          orderBy: orderBy || undefined,
          sortedBy: orderBy ? sortedBy : undefined,
        };

  const pageQuery = useQuery({
    queryKey: source.keys.list({ ...serverParams, page: paging === 'pages' ? page : undefined }),
    queryFn: ({ signal }) =>
      source.list({ ...serverParams, page: paging === 'pages' ? page : undefined }, signal),
    enabled: paging !== 'load-more',
    placeholderData: (previous) => previous,
  });
  const infiniteQuery = useInfiniteQuery({
    queryKey: [...source.keys.list(serverParams), 'infinite'],
    queryFn: ({ pageParam, signal }) => source.list({ ...serverParams, page: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => {
      const pagination = last.meta?.pagination;
      return pagination && pagination.current_page < pagination.total_pages
        ? pagination.current_page + 1
        : undefined;
    },
    enabled: paging === 'load-more',
  });

  const rawRows: T[] = useMemo(
    () =>
      paging === 'load-more'
        ? (infiniteQuery.data?.pages.flatMap((one) => one.data) ?? [])
        : (pageQuery.data?.data ?? []),
    [paging, infiniteQuery.data, pageQuery.data],
  );

  const rows = useMemo(() => {
    if (paging !== 'all') return rawRows;
    const searchKeys = columns
      .filter((column) => column.searchable !== false)
      .map((column) => column.key);
    const found = search
      ? rawRows.filter((row) =>
          matchesSearch(
            searchKeys.map((key) => String((row as Record<string, unknown>)[key] ?? '')).join(' '),
            search,
          ),
        )
      : rawRows;
    if (!orderBy) return found;
    const sorted = [...found].sort((a, b) =>
      compareValues(
        (a as Record<string, unknown>)[orderBy],
        (b as Record<string, unknown>)[orderBy],
      ),
    );
    return sortedBy === 'desc' ? sorted.reverse() : sorted;
  }, [paging, rawRows, columns, search, orderBy, sortedBy]);

  const pagination =
    paging === 'load-more'
      ? infiniteQuery.data?.pages.at(-1)?.meta?.pagination
      : pageQuery.data?.meta?.pagination;
  const total = paging === 'all' ? rows.length : (pagination?.total ?? rows.length);
  const loading = paging === 'load-more' ? infiniteQuery.isLoading : pageQuery.isLoading;
  const failed = paging === 'load-more' ? infiniteQuery.error : pageQuery.error;

  const refresh = () => queryClient.invalidateQueries({ queryKey: source.keys.all });

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

  const removeSelected = () => {
    const records = rows.filter((row) =>
      selected.includes((row as Record<string, Key>)[rowKey] as Key),
    );
    modal.confirm({
      title: t('confirm.bulkDeleteTitle', { count: records.length }),
      content: t('confirm.deleteContent'),
      okText: t('actions.delete'),
      okButtonProps: { danger: true },
      cancelText: t('actions.cancel'),
      onOk: async () => {
        if (!onDelete) return;
        const results = await Promise.allSettled(records.map((record) => onDelete(record)));
        const failedResult = results.find((result) => result.status === 'rejected');
        const done =
          results.length - results.filter((result) => result.status === 'rejected').length;
        if (done > 0) notices.deleted(done);
        if (failedResult) notices.error(failedResult.reason);
        setSelected([]);
        await refresh();
      },
    });
  };

  const sortable = columns.filter((column) => column.sortable);
  const hasActions = Boolean(onEdit || onDelete || rowActions);

  const tableColumns: ColumnsType<T> = [
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
          {
            key: '__actions',
            title: t('list.actions'),
            align: 'right' as const,
            render: (_: unknown, record: T) => (
              <Space size={4} wrap>
                {rowActions?.(record)}
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
                    title={t('confirm.deleteTitle')}
                    description={t('confirm.deleteContent')}
                    okText={t('actions.delete')}
                    okButtonProps={{ danger: true }}
                    cancelText={t('actions.cancel')}
                    onConfirm={() => removeOne(record)}
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

  return (
    <>
      <PageHeader
        title={title}
        extra={
          <>
            {toolbar}
            <Button icon={<ReloadOutlined />} onClick={() => void refresh()}>
              {t('actions.refresh')}
            </Button>
            {onCreate ? (
              <Button type="primary" icon={<PlusOutlined />} onClick={onCreate}>
                {t('actions.add')}
              </Button>
            ) : null}
          </>
        }
      />
      <Card>
        <Flex gap={8} wrap align="center" style={{ marginBottom: 16 }}>
          {searchable ? (
            <Input.Search
              allowClear
              aria-label={t('actions.search')}
              placeholder={t('list.searchPlaceholder')}
              value={searchText}
              onChange={(event) => {
                setSearchText(event.target.value);
                if (!event.target.value) update({ search: undefined });
              }}
              onSearch={(value) => update({ search: value.trim() || undefined })}
              style={{ width: 260 }}
            />
          ) : null}
          {filters.map((filter) => (
            <Select
              key={filter.name}
              allowClear
              aria-label={filter.label}
              placeholder={filter.label}
              value={filterValues[filter.name]}
              options={filter.options.map((option) => ({
                value: String(option.value),
                label: option.label,
              }))}
              onChange={(value: string | undefined) => update({ [filter.name]: value })}
              style={{ minWidth: 160 }}
            />
          ))}
          {sortable.length > 0 ? (
            <Space.Compact>
              <Select
                aria-label={t('list.sortBy')}
                placeholder={t('list.sortBy')}
                value={sortable.some((column) => column.key === orderBy) ? orderBy : undefined}
                allowClear
                options={sortable.map((column) => ({ value: column.key, label: column.title }))}
                onChange={(value: string | undefined) => update({ orderBy: value })}
                style={{ minWidth: 160 }}
              />
              <Tooltip title={sortedBy === 'asc' ? t('list.ascending') : t('list.descending')}>
                <Button
                  aria-label={sortedBy === 'asc' ? t('list.ascending') : t('list.descending')}
                  icon={sortedBy === 'asc' ? <SortAscendingOutlined /> : <SortDescendingOutlined />}
                  onClick={() => update({ sortedBy: sortedBy === 'asc' ? 'desc' : 'asc' })}
                />
              </Tooltip>
            </Space.Compact>
          ) : null}
          <Typography.Text
            type="secondary"
            style={{ marginInlineStart: 'auto' }}
            data-testid="list-total"
          >
            {t('list.total', { count: total })}
          </Typography.Text>
        </Flex>
        {bulkDelete && onDelete && selected.length > 0 ? (
          <Flex gap={8} align="center" style={{ marginBottom: 12 }}>
            <Typography.Text>{t('list.selected', { count: selected.length })}</Typography.Text>
            <Button danger icon={<DeleteOutlined />} onClick={removeSelected}>
              {t('actions.deleteSelected')}
            </Button>
          </Flex>
        ) : null}
        {children}
        <Table<T>
          rowKey={rowKey}
          columns={tableColumns}
          dataSource={rows}
          loading={loading}
          pagination={false}
          scroll={{ x: 'max-content' }}
          rowSelection={
            bulkDelete && onDelete
              ? { selectedRowKeys: selected, onChange: setSelected }
              : undefined
          }
          locale={{
            emptyText: (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={
                  failed ? t('notices.loadFailed') : search ? t('list.noMatch') : t('list.empty')
                }
              />
            ),
          }}
          onChange={(_pagination, _filters, sorter) => {
            const one = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<T> | undefined;
            if (!one?.order) update({ orderBy: undefined, sortedBy: undefined });
            else
              update({
                orderBy: String(one.columnKey),
                sortedBy: one.order === 'ascend' ? 'asc' : 'desc',
              });
          }}
        />
        {paging === 'pages' && pagination && pagination.total_pages > 1 ? (
          <div style={{ marginTop: 16 }}>
            <Pager
              current={pagination.current_page}
              totalPages={pagination.total_pages}
              pageSize={limit}
              onChange={(nextPage, nextSize) =>
                update(
                  {
                    page: nextPage > 1 ? nextPage : undefined,
                    limit: nextSize === defaultPageSize ? undefined : nextSize,
                  },
                  false,
                )
              }
            />
          </div>
        ) : null}
        {paging === 'load-more' && infiniteQuery.hasNextPage ? (
          <Flex justify="center" style={{ marginTop: 16 }}>
            <Button
              loading={infiniteQuery.isFetchingNextPage}
              onClick={() => void infiniteQuery.fetchNextPage()}
            >
              {t('actions.loadMore')}
            </Button>
          </Flex>
        ) : null}
      </Card>
    </>
  );
};
