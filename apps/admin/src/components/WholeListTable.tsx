import type { UseQueryResult } from '@tanstack/react-query';
import { Empty, Skeleton, Table, type TableProps } from 'antd';
import type { HTMLAttributes } from 'react';
import { ErrorState } from './ErrorState.tsx';
import { namedExpandColumn } from './expandColumn.tsx';

interface WholeListTableProps<T> {
  /** The query that loads the whole list (ListActions above it exports the same rows). */
  query: Pick<UseQueryResult<unknown>, 'isError' | 'isPending' | 'error' | 'data' | 'refetch'>;
  rows: readonly T[];
  rowKey: TableProps<T>['rowKey'];
  columns: TableProps<T>['columns'];
  expandable?: TableProps<T>['expandable'];
  /** Each row's test and data attributes (`data-testid`, its id). */
  rowAttributes: (row: T) => Record<`data-${string}`, string | number>;
  emptyText: string;
  skeletonRows?: number;
}

/**
 * A list loaded whole, unpaged: the error with a retry while nothing is loaded, a skeleton while
 * it loads, then the table, with `emptyText` when there is no row.
 */
export function WholeListTable<T extends object>({
  query,
  rows,
  rowKey,
  columns,
  expandable,
  rowAttributes,
  emptyText,
  skeletonRows = 6,
}: WholeListTableProps<T>) {
  if (query.isError && !query.data) return <ErrorState error={query.error} onRetry={() => query.refetch()} />;
  if (query.isPending) return <Skeleton active paragraph={{ rows: skeletonRows }} />;
  return (
    <Table<T>
      rowKey={rowKey}
      columns={columns}
      dataSource={[...rows]}
      pagination={false}
      size="small"
      scroll={{ x: 'max-content' }}
      expandable={namedExpandColumn(expandable)}
      onRow={(row) => rowAttributes(row) as HTMLAttributes<HTMLElement>}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} /> }}
    />
  );
}
