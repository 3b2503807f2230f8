import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Empty, Flex, Input, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { menuSourceQueryOptions } from '../api/menu-sources-api';
import type { MenuSource, SourceItem } from '../sources';

/**
 * One source of the left column: its records searched on the server (folded) when Enter is
 * pressed, ticked, and added to the menu together.
 */
export const SourcePanel = ({
  source,
  onAdd,
}: {
  source: MenuSource;
  onAdd: (items: SourceItem[]) => void;
}) => {
  const { t } = useTranslation('menus');
  const [search, setSearch] = useState('');
  const [checked, setChecked] = useState<number[]>([]);
  const { data, isPending, isError, refetch } = useQuery(menuSourceQueryOptions(source, search));
  const items = (data?.data ?? []).map((record) => source.toItem(record));
  const label = t(source.labelKey.replace(/^menus:/, ''));

  return (
    <Flex vertical gap={8} data-testid={`source-${source.key}`}>
      <Input.Search
        allowClear
        aria-label={t('add.searchLabel', { source: label })}
        placeholder={t('add.searchPlaceholder')}
        onSearch={(value) => {
          setChecked([]);
          setSearch(value.trim());
        }}
      />
      {isError ? (
        <Alert
          type="error"
          showIcon
          title={t('add.loadFailed')}
          action={
            <Button size="small" onClick={() => void refetch()}>
              {t('common:actions.retry')}
            </Button>
          }
        />
      ) : (
        <Spin spinning={isPending}>
          {items.length === 0 && !isPending ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('add.nothingFound')} />
          ) : (
            <Checkbox.Group
              value={checked}
              onChange={(values) => setChecked(values as number[])}
              style={{
                display: 'flex',
                flexDirection: 'column',
                gap: 4,
                maxHeight: 240,
                overflowY: 'auto',
              }}
              options={items.map((item, index) => ({
                value: index,
                label: (
                  <span>
                    {item.title} <bdi style={{ opacity: 0.65 }}>{item.url}</bdi>
                  </span>
                ),
              }))}
            />
          )}
        </Spin>
      )}
      <Flex justify="space-between" gap={8} wrap>
        <Button
          size="small"
          disabled={items.length === 0}
          onClick={() => setChecked(items.map((_, index) => index))}
        >
          {t('add.selectAll')}
        </Button>
        <Button
          type="primary"
          disabled={checked.length === 0}
          onClick={() => {
            onAdd(checked.sort((a, b) => a - b).map((index) => items[index]!));
            setChecked([]);
          }}
        >
          {checked.length > 0
            ? t('add.addSelected', { count: checked.length })
            : t('add.addToMenu')}
        </Button>
      </Flex>
    </Flex>
  );
};
