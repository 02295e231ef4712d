import { adminApi, type OutputOf } from '@app/contracts';
import { Progress, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router';
import { call } from '../../api.ts';
import { renderMoney } from '../../components/Money.tsx';
import { PagedTable } from '../../components/PagedTable.tsx';
import type { CsvColumn } from '../../lib/csv.ts';
import { formatShortDateTime } from '../../lib/format.ts';

export type HoldingRow = OutputOf<typeof adminApi.products.holdings>['items'][number];
export type HoldingStatus = HoldingRow['status'];

export const HOLDINGS_KEY = ['admin', 'holdings'] as const;

export const HOLDING_CSV: CsvColumn<HoldingRow>[] = [
  { title: 'ID', value: (h) => h.id },
  { title: 'User ID', value: (h) => h.userId },
  { title: 'Order ID', value: (h) => h.orderId },
  { title: 'Product ID', value: (h) => h.productId },
  { title: 'Product', value: (h) => h.productName },
  { title: 'Status', value: (h) => h.status },
  { title: 'Cycle', value: (h) => h.cycle },
  { title: 'Income per cycle', value: (h) => h.incomePerCycle },
  { title: 'Cycles accrued', value: (h) => h.cyclesAccrued },
  { title: 'Cycles total', value: (h) => h.cyclesTotal },
  { title: 'Uncollected', value: (h) => h.uncollected },
  { title: 'Earned', value: (h) => h.earned },
  { title: 'Started at', value: (h) => h.startedAt },
  { title: 'Next income at', value: (h) => h.nextIncomeAt },
  { title: 'Expires at', value: (h) => h.expiresAt },
];

/** Holdings, newest first, optionally of one user and one status. */
export function HoldingsTable({
  userId,
  status,
  csvName = 'holdings',
}: {
  userId?: number;
  status?: HoldingStatus;
  csvName?: string;
}) {
  const columns: ColumnsType<HoldingRow> = [
    { title: 'ID', dataIndex: 'id', width: 70 },
    ...(userId === undefined
      ? [
          {
            title: 'User',
            key: 'user',
            render: (_: unknown, h: HoldingRow) => <Link to={`/users/${h.userId}`}>#{h.userId}</Link>,
          },
        ]
      : []),
    { title: 'Product', dataIndex: 'productName' },
    {
      title: 'Cycles',
      key: 'cycles',
      render: (_, h) => (
        <Space orientation="vertical" size={0} style={{ minWidth: 120 }}>
          <span>
            {h.cyclesAccrued} / {h.cyclesTotal}
          </span>
          <Progress
            percent={Math.round((h.cyclesAccrued / Math.max(1, h.cyclesTotal)) * 100)}
            size="small"
            showInfo={false}
            aria-label={`${h.cyclesAccrued} of ${h.cyclesTotal} cycles accrued`}
          />
        </Space>
      ),
    },
    { title: 'Income / cycle', dataIndex: 'incomePerCycle', align: 'right', render: renderMoney },
    { title: 'Uncollected', dataIndex: 'uncollected', align: 'right', render: renderMoney },
    { title: 'Earned', dataIndex: 'earned', align: 'right', render: renderMoney },
    { title: 'Next income', dataIndex: 'nextIncomeAt', render: formatShortDateTime },
    { title: 'Expires', dataIndex: 'expiresAt', render: formatShortDateTime },
    {
      title: 'Status',
      dataIndex: 'status',
      render: (s: HoldingStatus) => (
        <Tag color={s === 'holding' ? 'green' : 'default'}>{s === 'holding' ? 'Holding' : 'Expired'}</Tag>
      ),
    },
    {
      title: 'Started',
      dataIndex: 'startedAt',
      render: (value: string) => <Typography.Text type="secondary">{formatShortDateTime(value)}</Typography.Text>,
    },
  ];
  return (
    <PagedTable<HoldingRow>
      queryKey={[...HOLDINGS_KEY, { userId, status }]}
      load={(input) => call(adminApi.products.holdings, { cursor: input.cursor, limit: input.limit, userId, status })}
      columns={columns}
      rowKey="id"
      rowTestId="holding-row"
      csv={{ name: csvName, columns: HOLDING_CSV }}
      emptyText={status ? `No ${status === 'holding' ? 'running' : 'expired'} machines.` : 'No machines yet.'}
    />
  );
}
