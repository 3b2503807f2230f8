import { paginationItems } from '@backoffice/shared/pagination';
import { Button, Flex, Select } from 'antd';
import { useTranslation } from 'react-i18next';

type PagerProps = {
  current: number;
  totalPages: number;
  pageSize: number;
  pageSizes?: number[];
  onChange: (page: number, pageSize: number) => void;
};

/** The pager of every list: first, last, current ±2, '...' for gaps (the rule itself is `paginationItems`). */
export const Pager = ({
  current,
  totalPages,
  pageSize,
  pageSizes = [10, 20, 50, 100],
  onChange,
}: PagerProps) => {
  const { t } = useTranslation('common');
  const items = paginationItems(current, totalPages);
  return (
    <nav aria-label={t('list.pagination')}>
      <Flex gap={4} wrap align="center" justify="flex-end">
        <Button
          size="small"
          disabled={current <= 1}
          onClick={() => onChange(current - 1, pageSize)}
          aria-label={t('list.previous')}
        >
          ‹
        </Button>
        {items.map((item, index) =>
          item === '...' ? (
            <span key={`gap-${index}`} aria-hidden="true" style={{ padding: '0 4px' }}>
              …
            </span>
          ) : (
            <Button
              key={item}
              size="small"
              type={item === current ? 'primary' : 'default'}
              aria-current={item === current ? 'page' : undefined}
              aria-label={t('list.page', { page: item })}
              onClick={() => onChange(item, pageSize)}
            >
              {item}
            </Button>
          ),
        )}
        <Button
          size="small"
          disabled={current >= totalPages}
          onClick={() => onChange(current + 1, pageSize)}
          aria-label={t('list.next')}
        >
          ›
        </Button>
        <Select
          size="small"
          value={pageSize}
          aria-label={t('list.pageSize')}
          style={{ width: 110 }}
          options={pageSizes.map((size) => ({ value: size, label: t('list.perPage', { size }) }))}
          onChange={(size) => onChange(1, size)}
        />
      </Flex>
    </nav>
  );
};
