import { Empty, Flex } from 'antd';
import { Fragment, type ReactNode } from 'react';
import { PageLoader } from '../page-loader';
import { keyOfRow, type RowKey } from './list-table';

/**
 * A list's rows each drawn as a card of their own, in place of the table: for rows that hold more
 * than a line (a widget with its editor).
 */
export const ListCards = <T extends object>({
  rows,
  rowKey,
  loading,
  emptyText,
  renderRow,
}: {
  rows: T[];
  rowKey: RowKey<T>;
  loading: boolean;
  emptyText: string;
  renderRow: (record: T) => ReactNode;
}) => {
  if (rows.length === 0)
    return loading ? (
      <PageLoader />
    ) : (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />
    );
  return (
    <Flex vertical gap={16}>
      {rows.map((record) => (
        <Fragment key={keyOfRow(rowKey, record)}>{renderRow(record)}</Fragment>
      ))}
    </Flex>
  );
};
