import { adminApi } from '@app/contracts';
import { Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router';
import { call } from '../../api.ts';
import { renderMoney } from '../../components/Money.tsx';
import { PagedTable } from '../../components/PagedTable.tsx';
import { DEPOSIT_STATUS_COLORS } from '../../lib/cash.ts';
import type { CsvColumn } from '../../lib/csv.ts';
import { formatShortDateTime } from '../../lib/format.ts';
import { DEPOSITS_KEY, type DepositRow } from './queries.ts';

export type DepositStatus = DepositRow['status'];

export const DEPOSIT_STATUS_LABELS: Record<DepositStatus, string> = {
  pending: 'Pending',
  succeeded: 'Succeeded',
  failed: 'Failed',
  expired: 'Expired',
};

export const DEPOSIT_CSV: CsvColumn<DepositRow>[] = [
  { title: 'Trans ID', value: (d) => d.transId },
  { title: 'User ID', value: (d) => d.userId },
  { title: 'User', value: (d) => d.userAccount },
  { title: 'Amount', value: (d) => d.amount },
  { title: 'Method', value: (d) => d.methodId },
  { title: 'Status', value: (d) => d.status },
  { title: 'Problem', value: (d) => d.problem },
  { title: 'Created at', value: (d) => d.createdAt },
  { title: 'Completed at', value: (d) => d.completedAt },
];

export function DepositsTable({
  userId,
  status,
  csvName = 'deposits',
}: {
  userId?: number;
  status?: DepositStatus;
  csvName?: string;
}) {
  const columns: ColumnsType<DepositRow> = [
    {
      title: 'Trans ID',
      dataIndex: 'transId',
      render: (id: string) => <Typography.Text copyable={{ text: id }}>{id}</Typography.Text>,
    },
    ...(userId === undefined
      ? [
          {
            title: 'User',
            key: 'user',
            render: (_: unknown, d: DepositRow) => <Link to={`/users/${d.userId}`}>{d.userAccount}</Link>,
          },
        ]
      : []),
    {
      title: 'Amount',
      dataIndex: 'amount',
      align: 'right',
      render: renderMoney,
    },
    { title: 'Method', dataIndex: 'methodId' },
    {
      title: 'Status',
      dataIndex: 'status',
      render: (s: DepositStatus, d) => (
        <>
          <Tag color={DEPOSIT_STATUS_COLORS[s]}>{DEPOSIT_STATUS_LABELS[s] ?? s}</Tag>
          {d.problem && (
            <Typography.Text type="danger" style={{ display: 'block', fontSize: 12 }} title="Not credited">
              Not credited: {d.problem}
            </Typography.Text>
          )}
        </>
      ),
    },
    { title: 'Created', dataIndex: 'createdAt', render: formatShortDateTime },
    { title: 'Completed', dataIndex: 'completedAt', render: formatShortDateTime },
  ];
  return (
    <PagedTable<DepositRow>
      queryKey={[...DEPOSITS_KEY, { userId, status }]}
      load={(input) => call(adminApi.cash.deposits, { cursor: input.cursor, limit: input.limit, userId, status })}
      columns={columns}
      rowKey="transId"
      rowTestId="deposit-row"
      csv={{ name: csvName, columns: DEPOSIT_CSV }}
      emptyText={userId === undefined ? 'No deposits here.' : 'This user has not topped up yet.'}
    />
  );
}
