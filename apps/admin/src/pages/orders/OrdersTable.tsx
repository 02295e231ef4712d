import { adminApi, type OutputOf } from '@app/contracts';
import { Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router';
import { call } from '../../api.ts';
import { renderMoney } from '../../components/Money.tsx';
import { PagedTable } from '../../components/PagedTable.tsx';
import type { CsvColumn } from '../../lib/csv.ts';
import { formatShortDateTime } from '../../lib/format.ts';

export type OrderRow = OutputOf<typeof adminApi.products.orders>['items'][number];

export const ORDERS_KEY = ['admin', 'orders'] as const;

export const ORDER_CSV: CsvColumn<OrderRow>[] = [
  { title: 'ID', value: (o) => o.id },
  { title: 'Order no', value: (o) => o.orderNo },
  { title: 'User ID', value: (o) => o.userId },
  { title: 'User', value: (o) => o.userAccount },
  { title: 'Product ID', value: (o) => o.productId },
  { title: 'Product', value: (o) => o.productName },
  { title: 'Quantity', value: (o) => o.quantity },
  { title: 'Amount', value: (o) => o.amount },
  { title: 'Wallet', value: (o) => o.wallet },
  { title: 'Created at', value: (o) => o.createdAt },
];

/** Orders, newest first; `userId` narrows them to one user (the user column is then left out). */
export function OrdersTable({ userId, csvName = 'orders' }: { userId?: number; csvName?: string }) {
  const columns: ColumnsType<OrderRow> = [
    {
      title: 'Order no',
      dataIndex: 'orderNo',
      render: (no: string) => <Typography.Text copyable={{ text: no }}>{no}</Typography.Text>,
    },
    { title: 'Time', dataIndex: 'createdAt', render: formatShortDateTime },
    ...(userId === undefined
      ? [
          {
            title: 'User',
            key: 'user',
            render: (_: unknown, o: OrderRow) => <Link to={`/users/${o.userId}`}>{o.userAccount}</Link>,
          },
        ]
      : []),
    { title: 'Product', dataIndex: 'productName' },
    { title: 'Qty', dataIndex: 'quantity', align: 'right' },
    { title: 'Amount', dataIndex: 'amount', align: 'right', render: renderMoney },
    {
      title: 'Paid from',
      dataIndex: 'wallet',
      render: (wallet: OrderRow['wallet']) => (
        <Tag color={wallet === 'deposit' ? 'blue' : 'purple'}>{wallet === 'deposit' ? 'Recharge' : 'Income'}</Tag>
      ),
    },
  ];
  return (
    <PagedTable<OrderRow>
      queryKey={[...ORDERS_KEY, { userId }]}
      load={(input) => call(adminApi.products.orders, { cursor: input.cursor, limit: input.limit, userId })}
      columns={columns}
      rowKey="id"
      rowTestId="order-row"
      csv={{ name: csvName, columns: ORDER_CSV }}
      emptyText={userId === undefined ? 'No orders yet.' : 'This user has not bought anything yet.'}
    />
  );
}
