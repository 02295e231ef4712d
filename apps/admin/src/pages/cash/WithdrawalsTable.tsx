import {
  adminApi,
  ERRORS,
  type WithdrawalAction,
  type WithdrawalReviewAction,
  type WithdrawalStatus,
  withdrawalActions,
} from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, List, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { Link } from 'react-router';
import { ApiError, allowed, call, errorText } from '../../api.ts';
import { useAdmin } from '../../auth.tsx';
import { ConfirmModal } from '../../components/ConfirmModal.tsx';
import { Money, renderMoney } from '../../components/Money.tsx';
import { PagedTable } from '../../components/PagedTable.tsx';
import {
  actionNeedsReason,
  type BulkSummary,
  inReview,
  readableStatusMessage,
  summarizeBulk,
  WITHDRAWAL_STATUS_COLORS,
  WITHDRAWAL_STATUS_LABELS,
} from '../../lib/cash.ts';
import type { CsvColumn } from '../../lib/csv.ts';
import { sumDecimals } from '../../lib/decimal.ts';
import { formatMoney, formatShortDateTime } from '../../lib/format.ts';
import { CASH_SUMMARY_KEY, WITHDRAWALS_KEY, type WithdrawalRow } from './queries.ts';

/** Code of "this withdrawal is in another state now" (someone else acted first). */

export const WITHDRAWAL_CSV: CsvColumn<WithdrawalRow>[] = [
  { title: 'ID', value: (w) => w.id },
  { title: 'Order no', value: (w) => w.orderNo },
  { title: 'User ID', value: (w) => w.userId },
  { title: 'User', value: (w) => w.userAccount },
  { title: 'Payee', value: (w) => w.payee },
  { title: 'Account', value: (w) => w.account },
  { title: 'Bank / operator', value: (w) => w.bankName },
  { title: 'Amount', value: (w) => w.amount },
  { title: 'Fee', value: (w) => w.fee },
  { title: 'Net', value: (w) => w.net },
  { title: 'Status', value: (w) => w.status },
  { title: 'Reason', value: (w) => w.reason },
  { title: 'Applied at', value: (w) => w.appliedAt },
  { title: 'Reviewed at', value: (w) => w.reviewedAt },
  { title: 'Reviewed by', value: (w) => w.reviewedByName },
  { title: 'Reviewed by (email)', value: (w) => w.reviewedByEmail },
  { title: 'Paid at', value: (w) => w.paidAt },
];

const ACTION_META: Record<
  WithdrawalAction,
  { label: string; title: string; ok: string; danger?: boolean; testId: string; done: string }
> = {
  approve: {
    label: 'Approve',
    title: 'Approve this withdrawal?',
    ok: 'Approve',
    testId: 'approve',
    done: 'approved; it now waits for payment',
  },
  reject: {
    label: 'Reject',
    title: 'Reject this withdrawal?',
    ok: 'Reject and refund',
    danger: true,
    testId: 'reject',
    done: 'rejected; the amount went back to the income wallet',
  },
  pay: {
    label: 'Pay via gateway',
    title: 'Pay this withdrawal through the gateway?',
    ok: 'Send payment',
    testId: 'pay',
    done: 'paid',
  },
  markPaid: {
    label: 'Mark paid',
    title: 'Record a payment made outside the gateway?',
    ok: 'Mark paid',
    testId: 'mark-paid',
    done: 'marked paid',
  },
  markFailed: {
    label: 'Mark failed',
    title: 'Record a failed payment?',
    ok: 'Mark failed and refund',
    danger: true,
    testId: 'mark-failed',
    done: 'marked failed; the amount went back to the income wallet',
  },
};

function runAction(action: WithdrawalAction, id: number, reason: string) {
  const { cash } = adminApi;
  switch (action) {
    case 'approve':
      return call(cash.approveWithdrawal, {}, { id });
    case 'reject':
      return call(cash.rejectWithdrawal, { reason }, { id });
    case 'pay':
      return call(cash.payWithdrawal, {}, { id });
    case 'markPaid':
      return call(cash.markPaid, {}, { id });
    case 'markFailed':
      return call(cash.markFailed, { reason }, { id });
  }
}

/** The facts a confirm dialog shows about one withdrawal. */
function withdrawalDetails(w: WithdrawalRow) {
  return [
    { key: 'order', label: 'Order', children: `${w.orderNo} (#${w.id})` },
    { key: 'user', label: 'User', children: `${w.userAccount} (#${w.userId})` },
    { key: 'payee', label: 'Payee', children: <strong>{w.payee}</strong> },
    { key: 'account', label: 'Account', children: `${w.account}${w.bankName ? ` · ${w.bankName}` : ''}` },
    { key: 'amount', label: 'Amount', children: <Money value={w.amount} /> },
    { key: 'fee', label: 'Fee', children: <Money value={w.fee} /> },
    { key: 'net', label: 'Net paid out', children: <Money value={w.net} strong /> },
  ];
}

function sumOf(rows: WithdrawalRow[], pick: (w: WithdrawalRow) => string): string {
  return sumDecimals(rows.map(pick));
}

interface Props {
  status?: WithdrawalStatus;
  userId?: number;
  csvName?: string;
  /** Row selection with bulk approve / reject (the queue screen; off in a user's detail). */
  bulk?: boolean;
}

/** Withdrawals with the actions the state machine allows; bulk review when the list can hold rows in review. */
export function WithdrawalsTable({ status, userId, csvName = 'withdrawals', bulk: bulkAllowed = true }: Props) {
  const admin = useAdmin();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const canAct = allowed(admin.role, adminApi.cash.approveWithdrawal);
  const bulkEnabled = bulkAllowed && canAct && (status === undefined || inReview(status));

  const [target, setTarget] = useState<{ row: WithdrawalRow; action: WithdrawalAction } | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [selected, setSelected] = useState<WithdrawalRow[]>([]);
  const [bulk, setBulk] = useState<WithdrawalReviewAction | null>(null);
  const [bulkError, setBulkError] = useState<string | null>(null);
  const [bulkResult, setBulkResult] = useState<
    (BulkSummary & { action: WithdrawalReviewAction; orderNos: Record<number, string> }) | null
  >(null);

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: WITHDRAWALS_KEY });
    void queryClient.invalidateQueries({ queryKey: CASH_SUMMARY_KEY });
  };

  const mutation = useMutation({
    mutationFn: (v: { row: WithdrawalRow; action: WithdrawalAction; reason: string }) =>
      runAction(v.action, v.row.id, v.reason),
    onSuccess: (data, v) => {
      setTarget(null);
      if (v.action === 'pay' && data.status === 'payment_failed')
        message.warning(
          `The gateway refused the payment of ${v.row.orderNo}${data.reason ? `: ${data.reason.replace(/[.\s]+$/, '')}` : ''}. It is now payment failed and the amount was refunded.`,
          8,
        );
      else if (v.action === 'pay' && data.status === 'paying')
        message.info(
          `The payment of ${v.row.orderNo} was sent; it stays Paying until the provider confirms it (its notice, or the check that runs every minute).`,
          8,
        );
      else message.success(`Withdrawal ${v.row.orderNo} ${ACTION_META[v.action].done}.`);
      refresh();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === ERRORS.WITHDRAWAL_STATE.code) {
        setTarget(null);
        message.error(`${readableStatusMessage(error.msg)} The list was refreshed.`, 6);
        refresh();
      } else setActionError(errorText(error));
    },
  });

  const bulkMutation = useMutation({
    mutationFn: (v: {
      action: WithdrawalReviewAction;
      ids: number[];
      reason: string;
      orderNos: Record<number, string>;
    }) => call(adminApi.cash.bulkReview, { ids: v.ids, action: v.action, reason: v.reason || undefined }),
    onSuccess: (results, v) => {
      const summary = summarizeBulk(results, v.action);
      setBulk(null);
      setSelected([]);
      setBulkResult({ ...summary, action: v.action, orderNos: v.orderNos });
      if (summary.failed.length === 0) message.success(`Bulk review: ${summary.headline}.`);
      else message.warning(`Bulk review: ${summary.headline}. See the details above the list.`);
      refresh();
    },
    onError: (error) => setBulkError(errorText(error)),
  });

  const open = (row: WithdrawalRow, action: WithdrawalAction) => {
    setActionError(null);
    setTarget({ row, action });
  };

  const columns: ColumnsType<WithdrawalRow> = [
    {
      title: 'Order no',
      dataIndex: 'orderNo',
      render: (no: string, w) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text copyable={{ text: no }}>{no}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            #{w.id}
          </Typography.Text>
        </Space>
      ),
    },
    ...(userId === undefined
      ? [
          {
            title: 'User',
            key: 'user',
            render: (_: unknown, w: WithdrawalRow) => <Link to={`/users/${w.userId}`}>{w.userAccount}</Link>,
          },
        ]
      : []),
    {
      title: 'Status',
      dataIndex: 'status',
      render: (s: WithdrawalStatus, w) => (
        <Space orientation="vertical" size={0}>
          <Tag color={WITHDRAWAL_STATUS_COLORS[s]}>{WITHDRAWAL_STATUS_LABELS[s]}</Tag>
          {w.reason && (
            <Typography.Text type="secondary" style={{ fontSize: 12, maxWidth: 200 }} ellipsis={{ tooltip: w.reason }}>
              {w.reason}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      title: 'Payee / account',
      key: 'payee',
      render: (_, w) => (
        <Space orientation="vertical" size={0}>
          <strong>{w.payee}</strong>
          <Typography.Text type="secondary" style={{ fontSize: 12, fontVariantNumeric: 'tabular-nums' }}>
            {w.account}
            {w.bankName ? ` · ${w.bankName}` : ''}
          </Typography.Text>
        </Space>
      ),
    },
    { title: 'Amount', dataIndex: 'amount', align: 'right', render: renderMoney },
    { title: 'Fee', dataIndex: 'fee', align: 'right', render: renderMoney },
    { title: 'Net', dataIndex: 'net', align: 'right', render: (v: string) => <Money value={v} strong /> },
    {
      title: 'Dates',
      key: 'dates',
      render: (_, w) => (
        <Space orientation="vertical" size={0} style={{ whiteSpace: 'nowrap' }}>
          <span title="Applied">{formatShortDateTime(w.appliedAt)}</span>
          {w.reviewedAt && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }} title={w.reviewedByEmail ?? undefined}>
              Reviewed {formatShortDateTime(w.reviewedAt)}
              {w.reviewedByName ? ` by ${w.reviewedByName}` : ''}
            </Typography.Text>
          )}
          {w.paidAt && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              Paid {formatShortDateTime(w.paidAt)}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    ...(canAct
      ? [
          {
            title: 'Actions',
            key: 'actions',
            fixed: userId === undefined ? ('right' as const) : undefined,
            render: (_: unknown, w: WithdrawalRow) => {
              const actions = withdrawalActions(w.status);
              if (actions.length === 0) return <Typography.Text type="secondary">—</Typography.Text>;
              return (
                <Space size={4} wrap={false}>
                  {actions.map((action) => {
                    const meta = ACTION_META[action];
                    return (
                      <Button
                        key={action}
                        size="small"
                        type={action === 'approve' || action === 'pay' ? 'primary' : 'default'}
                        danger={meta.danger}
                        onClick={() => open(w, action)}
                        aria-label={`${meta.label} ${w.orderNo}`}
                        data-testid={`withdrawal-${meta.testId}-${w.id}`}
                      >
                        {meta.label}
                      </Button>
                    );
                  })}
                </Space>
              );
            },
          },
        ]
      : []),
  ];

  const selectedIds = selected.map((w) => w.id);
  const toolbar = bulkEnabled ? (
    <Space wrap>
      <Typography.Text type="secondary" aria-live="polite">
        {selected.length === 0
          ? 'Select pending rows for bulk review'
          : `${selected.length} selected · ${formatMoney(sumOf(selected, (w) => w.amount))}`}
      </Typography.Text>
      <Button
        type="primary"
        disabled={selected.length === 0}
        onClick={() => {
          setBulkError(null);
          setBulk('approve');
        }}
        data-testid="bulk-approve"
      >
        Approve selected
      </Button>
      <Button
        danger
        disabled={selected.length === 0}
        onClick={() => {
          setBulkError(null);
          setBulk('reject');
        }}
        data-testid="bulk-reject"
      >
        Reject selected
      </Button>
    </Space>
  ) : undefined;

  const meta = target ? ACTION_META[target.action] : null;

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      {bulkResult && (
        <Alert
          type={bulkResult.failed.length === 0 ? 'success' : bulkResult.succeeded.length === 0 ? 'error' : 'warning'}
          showIcon
          closable={{ onClose: () => setBulkResult(null), 'aria-label': 'Dismiss' }}
          role="status"
          data-testid="bulk-result"
          title={`Bulk ${bulkResult.action}: ${bulkResult.headline}`}
          description={
            <Space orientation="vertical" size={4} style={{ width: '100%' }}>
              {bulkResult.succeeded.length > 0 && (
                <Typography.Text data-testid="bulk-succeeded">
                  {bulkResult.action === 'approve' ? 'Approved' : 'Rejected'}:{' '}
                  {bulkResult.succeeded.map((id) => bulkResult.orderNos[id] ?? `#${id}`).join(', ')}
                </Typography.Text>
              )}
              {bulkResult.failed.length > 0 && (
                <List
                  size="small"
                  header={<strong>Not changed</strong>}
                  dataSource={bulkResult.failed}
                  data-testid="bulk-failed"
                  renderItem={(f) => (
                    <List.Item>
                      <Typography.Text>
                        <strong>{bulkResult.orderNos[f.id] ?? `#${f.id}`}</strong> — {readableStatusMessage(f.msg)}
                      </Typography.Text>
                    </List.Item>
                  )}
                />
              )}
            </Space>
          }
        />
      )}
      <PagedTable<WithdrawalRow>
        queryKey={[...WITHDRAWALS_KEY, { status, userId }]}
        load={(input) => call(adminApi.cash.withdrawals, { cursor: input.cursor, limit: input.limit, status, userId })}
        columns={columns}
        rowKey="id"
        rowTestId="withdrawal-row"
        csv={{ name: csvName, columns: WITHDRAWAL_CSV }}
        toolbar={toolbar}
        emptyText={
          status === 'pending_review'
            ? 'The review queue is empty.'
            : userId !== undefined
              ? 'This user has not asked for a withdrawal yet.'
              : 'No withdrawals here.'
        }
        rowSelection={
          bulkEnabled
            ? {
                selectedRowKeys: selectedIds,
                onChange: (_keys, rows) => setSelected(rows.filter(Boolean)),
                getCheckboxProps: (w) => ({
                  disabled: !inReview(w.status),
                  'aria-label': `Select ${w.orderNo}`,
                }),
              }
            : undefined
        }
      />
      <ConfirmModal
        open={target !== null}
        title={meta?.title ?? ''}
        okText={meta?.ok ?? 'Confirm'}
        danger={meta?.danger}
        details={target ? withdrawalDetails(target.row) : undefined}
        intro={
          target?.action === 'pay' ? (
            <Typography.Text>
              The net amount is sent to the payee now. If the gateway refuses, the withdrawal becomes payment failed and
              the amount is refunded. Until the provider confirms, it is Paying and only the provider can settle it.
            </Typography.Text>
          ) : target?.action === 'markPaid' ? (
            <Typography.Text>Only if the money was sent by other means: nothing is sent now.</Typography.Text>
          ) : undefined
        }
        reason={
          target && actionNeedsReason(target.action)
            ? {
                label: 'Reason',
                placeholder:
                  target.action === 'reject' ? 'e.g. Account name does not match' : 'e.g. Bank returned the transfer',
                help: 'The user sees it; the amount is refunded to the income wallet.',
              }
            : undefined
        }
        loading={mutation.isPending}
        error={actionError}
        onConfirm={(reason) => target && mutation.mutate({ ...target, reason })}
        onCancel={() => setTarget(null)}
      />
      <ConfirmModal
        open={bulk !== null}
        title={bulk === 'reject' ? `Reject ${selected.length} withdrawals?` : `Approve ${selected.length} withdrawals?`}
        okText={bulk === 'reject' ? 'Reject and refund all' : 'Approve all'}
        danger={bulk === 'reject'}
        intro={
          <Typography.Text>
            Each withdrawal succeeds or fails on its own; the results are listed afterwards.
          </Typography.Text>
        }
        details={[
          { key: 'orders', label: 'Orders', children: selected.map((w) => w.orderNo).join(', ') },
          { key: 'count', label: 'Count', children: selected.length },
          { key: 'amount', label: 'Total amount', children: <Money value={sumOf(selected, (w) => w.amount)} /> },
          { key: 'fee', label: 'Total fee', children: <Money value={sumOf(selected, (w) => w.fee)} /> },
          { key: 'net', label: 'Total net', children: <Money value={sumOf(selected, (w) => w.net)} strong /> },
        ]}
        reason={
          bulk === 'reject'
            ? { label: 'Reason (for all)', placeholder: 'e.g. Suspicious activity', help: 'Every user sees it.' }
            : undefined
        }
        loading={bulkMutation.isPending}
        error={bulkError}
        onConfirm={(reason) =>
          bulk &&
          bulkMutation.mutate({
            action: bulk,
            ids: selectedIds,
            reason,
            orderNos: Object.fromEntries(selected.map((w) => [w.id, w.orderNo])),
          })
        }
        onCancel={() => setBulk(null)}
      />
    </Space>
  );
}
