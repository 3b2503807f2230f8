import { SortAscendingOutlined, SortDescendingOutlined } from '@ant-design/icons';
import { Button, Flex, Input, Select, Space, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ListFilter, ListFilters } from './list-filters';
import type { ListColumn } from './list-table';
import type { ListState } from './use-list-state';

/** Above the table: search, filters, the sort-by list with asc/desc, and the total. */
export const ListToolbar = <T,>({
  state,
  searchable,
  searchPlaceholder,
  filters,
  columns,
  total,
}: {
  state: ListState;
  searchable: boolean;
  /** What the search finds, when more than the usual words (a product's code). */
  searchPlaceholder?: string;
  filters: ReadonlyArray<ListFilter>;
  columns: ReadonlyArray<ListColumn<T>>;
  total: number;
}) => {
  const { t } = useTranslation('common');
  const { search, orderBy, sortedBy, filterValues, update } = state;
  const [searchText, setSearchText] = useState(search);
  const sortable = columns.filter((column) => column.sortable);

  return (
    <Flex gap={8} wrap align="center" style={{ marginBottom: 16 }}>
      {searchable ? (
        <Input.Search
          allowClear
          aria-label={t('actions.search')}
          placeholder={searchPlaceholder ?? t('list.searchPlaceholder')}
          value={searchText}
          onChange={(event) => {
            setSearchText(event.target.value);
            if (!event.target.value) update({ search: undefined });
          }}
          onSearch={(value) => update({ search: value.trim() || undefined })}
          style={{ width: 260 }}
        />
      ) : null}
      <ListFilters filters={filters} values={filterValues} onChange={update} />
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
  );
};
