import { adminApi, PAYOUT_ACCOUNT_STATUSES } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Space, Tabs, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { allowed, call, errorText } from '../../api.ts';
import { useAdmin } from '../../auth.tsx';
import { ConfirmModal } from '../../components/ConfirmModal.tsx';
import { PagedTable } from '../../components/PagedTable.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import { PAYOUT_ACCOUNT_STATUS_COLORS } from '../../lib/cash.ts';
import type { CsvColumn } from '../../lib/csv.ts';
import { formatShortDateTime } from '../../lib/format.ts';
import { PAYOUT_ACCOUNTS_KEY, type PayoutAccountRow } from './queries.ts';

type Status = PayoutAccountRow['status'];
const TABS: (Status | 'all')[] = [...PAYOUT_ACCOUNT_STATUSES, 'all'];
const LABELS: Record<Status | 'all', string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
  all: 'All',
};
const TYPE_LABELS: Record<PayoutAccountRow['type'], string> = { bank: 'Bank card', mobile_money: 'Mobile money' };

const CSV: CsvColumn<PayoutAccountRow>[] = [
  { title: 'ID', value: (a) => a.id },
  { title: 'User ID', value: (a) => a.userId },
  { title: 'User', value: (a) => a.userAccount },
  { title: 'Type', value: (a) => a.type },
  { title: 'Holder', value: (a) => a.holderName },
  { title: 'Number', value: (a) => a.accountNumber },
  { title: 'Bank / operator', value: (a) => a.bankName ?? a.operator },
  { title: 'Status', value: (a) => a.status },
  { title: 'Reject reason', value: (a) => a.rejectReason },
  { title: 'Created at', value: (a) => a.createdAt },
];

export function PayoutAccountsPage() {
  const admin = useAdmin();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const raw = params.get('status');
  const tab = (TABS as string[]).includes(raw ?? '') ? (raw as Status | 'all') : 'pending';
  const status = tab === 'all' ? undefined : tab;
  const canAct = allowed(admin.role, adminApi.cash.approvePayoutAccount);

  const [target, setTarget] = useState<{ row: PayoutAccountRow; action: 'approve' | 'reject' } | null>(null);
  const [error, setError] = useState<string | null>(null);

  const mutation = useMutation({
    mutationFn: (v: { row: PayoutAccountRow; action: 'approve' | 'reject'; reason: string }) =>
      v.action === 'approve'
        ? call(adminApi.cash.approvePayoutAccount, {}, { id: v.row.id })
        : call(adminApi.cash.rejectPayoutAccount, { reason: v.reason }, { id: v.row.id }),
    onSuccess: (_data, v) => {
      setTarget(null);
      message.success(`Account of ${v.row.holderName} ${v.action === 'approve' ? 'approved' : 'rejected'}.`);
      void queryClient.invalidateQueries({ queryKey: PAYOUT_ACCOUNTS_KEY });
    },
    onError: (e) => setError(errorText(e)),
  });

  const columns: ColumnsType<PayoutAccountRow> = [
    {
      title: 'User',
      key: 'user',
      render: (_, a) => <Link to={`/users/${a.userId}`}>{a.userAccount}</Link>,
    },
    { title: 'Type', dataIndex: 'type', render: (t: PayoutAccountRow['type']) => TYPE_LABELS[t] ?? t },
    { title: 'Holder', dataIndex: 'holderName' },
    {
      title: 'Number',
      dataIndex: 'accountNumber',
      render: (n: string) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{n}</span>,
    },
    { title: 'Bank / operator', key: 'bank', render: (_, a) => a.bankName ?? a.operator ?? '—' },
    {
      title: 'Status',
      dataIndex: 'status',
      render: (s: Status, a) => (
        <Space orientation="vertical" size={0}>
          <Tag color={PAYOUT_ACCOUNT_STATUS_COLORS[s]}>{LABELS[s]}</Tag>
          {a.rejectReason && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {a.rejectReason}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    { title: 'Created', dataIndex: 'createdAt', render: formatShortDateTime },
    ...(canAct
      ? [
          {
            title: 'Actions',
            key: 'actions',
            render: (_: unknown, a: PayoutAccountRow) =>
              a.status === 'pending' ? (
                <Space size={4}>
                  <Button
                    size="small"
                    type="primary"
                    aria-label={`Approve the account of ${a.holderName}`}
                    data-testid={`payout-approve-${a.id}`}
                    onClick={() => {
                      setError(null);
                      setTarget({ row: a, action: 'approve' });
                    }}
                  >
                    Approve
                  </Button>
                  <Button
                    size="small"
                    danger
                    aria-label={`Reject the account of ${a.holderName}`}
                    data-testid={`payout-reject-${a.id}`}
                    onClick={() => {
                      setError(null);
                      setTarget({ row: a, action: 'reject' });
                    }}
                  >
                    Reject
                  </Button>
                </Space>
              ) : (
                <Typography.Text type="secondary">—</Typography.Text>
              ),
          },
        ]
      : []),
  ];

  const row = target?.row;
  return (
    <>
      <PageTitle subtitle="Bank cards and mobile-money accounts users withdraw to; approve them before first use.">
        Payout accounts
      </PageTitle>
      <Tabs
        activeKey={tab}
        onChange={(key) => {
          const next = new URLSearchParams(params);
          if (key === 'pending') next.delete('status');
          else next.set('status', key);
          setParams(next, { replace: true });
        }}
        items={TABS.map((key) => ({ key, label: <span data-testid={`tab-${key}`}>{LABELS[key]}</span> }))}
      />
      <PagedTable<PayoutAccountRow>
        key={tab}
        queryKey={[...PAYOUT_ACCOUNTS_KEY, { status }]}
        load={(input) => call(adminApi.cash.payoutAccounts, { cursor: input.cursor, limit: input.limit, status })}
        columns={columns}
        rowKey="id"
        rowTestId="payout-account-row"
        csv={{ name: 'payout-accounts', columns: CSV }}
        emptyText={tab === 'pending' ? 'No account waits for approval.' : 'No accounts here.'}
      />
      <ConfirmModal
        open={target !== null}
        title={target?.action === 'reject' ? 'Reject this payout account?' : 'Approve this payout account?'}
        okText={target?.action === 'reject' ? 'Reject' : 'Approve'}
        danger={target?.action === 'reject'}
        details={
          row
            ? [
                { key: 'user', label: 'User', children: `${row.userAccount} (#${row.userId})` },
                { key: 'type', label: 'Type', children: TYPE_LABELS[row.type] },
                { key: 'holder', label: 'Holder', children: <strong>{row.holderName}</strong> },
                { key: 'number', label: 'Number', children: row.accountNumber },
                { key: 'bank', label: 'Bank / operator', children: row.bankName ?? row.operator ?? '—' },
              ]
            : undefined
        }
        reason={
          target?.action === 'reject'
            ? { label: 'Reason', placeholder: 'e.g. Holder name does not match the profile', help: 'The user sees it.' }
            : undefined
        }
        loading={mutation.isPending}
        error={error}
        onConfirm={(reason) => target && mutation.mutate({ ...target, reason })}
        onCancel={() => setTarget(null)}
      />
    </>
  );
}
