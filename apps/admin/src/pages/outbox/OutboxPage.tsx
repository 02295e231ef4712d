import {
  adminApi,
  MESSAGE_CHANNELS,
  type MessageChannel,
  OUTBOX_STATUSES,
  type OutboxMessage,
  type OutboxStatus,
} from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Segmented, Space, Switch, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { call, errorText } from '../../api.ts';
import { ConfirmModal } from '../../components/ConfirmModal.tsx';
import { PagedTable } from '../../components/PagedTable.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import type { CsvColumn } from '../../lib/csv.ts';
import { formatDateTime } from '../../lib/format.ts';

export const OUTBOX_KEY = ['admin', 'outbox'] as const;

const STATUS_COLORS: Record<OutboxStatus, string> = {
  queued: 'gold',
  sent: 'blue',
  delivered: 'green',
  failed: 'red',
};

/** What each status tells the operator, beside its tag. */
const STATUS_HINTS: Record<OutboxStatus, string> = {
  queued: 'Waiting for its next attempt',
  sent: 'Taken by the provider',
  delivered: 'Reached the recipient',
  failed: 'Will not be tried again unless resent',
};

const OUTBOX_CSV: CsvColumn<OutboxMessage>[] = [
  { title: 'ID', value: (message) => message.id },
  { title: 'Created at', value: (message) => message.createdAt },
  { title: 'Channel', value: (message) => message.channel },
  { title: 'Recipient', value: (message) => message.recipient },
  { title: 'Status', value: (message) => message.status },
  { title: 'Attempts', value: (message) => message.attempts },
  { title: 'Provider', value: (message) => message.provider ?? '' },
  { title: 'Provider ID', value: (message) => message.providerId ?? '' },
  { title: 'Last error', value: (message) => message.lastError ?? '' },
  { title: 'Sent at', value: (message) => message.sentAt ?? '' },
];

const isStatus = (value: string | null): value is OutboxStatus =>
  (OUTBOX_STATUSES as readonly string[]).includes(value ?? '');
const isChannel = (value: string | null): value is MessageChannel =>
  (MESSAGE_CHANNELS as readonly string[]).includes(value ?? '');

/**
 * Every email and SMS the platform queued, newest first: where each is on its way, the provider's
 * id and last error, filtered by status and channel; a failed one sent again (audited).
 */
export function OutboxPage() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const status = isStatus(params.get('status')) ? (params.get('status') as OutboxStatus) : undefined;
  const channel = isChannel(params.get('channel')) ? (params.get('channel') as MessageChannel) : undefined;
  const [live, setLive] = useState(true);
  const [resending, setResending] = useState<OutboxMessage | null>(null);

  const setFilter = (name: 'status' | 'channel', value: string) => {
    const next = new URLSearchParams(params);
    if (value === 'all') next.delete(name);
    else next.set(name, value);
    setParams(next, { replace: true });
  };

  const resend = useMutation({
    mutationFn: (row: OutboxMessage) => call(adminApi.admin.resendOutbox, {}, { id: row.id }),
    onSuccess: (row) => {
      message.success(`Message ${row.id} to ${row.recipient} is queued again and goes out now.`);
      setResending(null);
      void queryClient.invalidateQueries({ queryKey: OUTBOX_KEY });
    },
  });

  const columns: ColumnsType<OutboxMessage> = [
    { title: 'Time', dataIndex: 'createdAt', render: formatDateTime, width: 180 },
    {
      title: 'Recipient',
      dataIndex: 'recipient',
      render: (recipient: string) => <span data-testid="outbox-recipient">{recipient}</span>,
    },
    {
      title: 'Channel',
      dataIndex: 'channel',
      render: (value: MessageChannel) => <Tag color={value === 'sms' ? 'purple' : 'blue'}>{value}</Tag>,
    },
    {
      title: 'Status',
      dataIndex: 'status',
      render: (value: OutboxStatus, row) => (
        <Space orientation="vertical" size={0}>
          <Tag color={STATUS_COLORS[value]} data-testid="outbox-status">
            {value}
          </Tag>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {value === 'queued' && row.nextAttemptAt
              ? `Next attempt ${formatDateTime(row.nextAttemptAt)}`
              : STATUS_HINTS[value]}
          </Typography.Text>
        </Space>
      ),
    },
    { title: 'Attempts', dataIndex: 'attempts', align: 'right', width: 90 },
    {
      title: 'Provider',
      key: 'provider',
      render: (_, row) =>
        row.provider ? (
          <Space orientation="vertical" size={0}>
            <Typography.Text>{row.provider}</Typography.Text>
            {row.providerId && (
              <Typography.Text type="secondary" copyable style={{ fontSize: 12 }}>
                {row.providerId}
              </Typography.Text>
            )}
          </Space>
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    },
    {
      title: 'Last error',
      dataIndex: 'lastError',
      width: 260,
      // On a message that went out in the end, the error is history: said so, and not in red.
      render: (error: string | null, row) =>
        error ? (
          <Typography.Paragraph
            type={row.status === 'sent' || row.status === 'delivered' ? 'secondary' : 'danger'}
            style={{ margin: 0 }}
            ellipsis={{ rows: 2, tooltip: error }}
          >
            {row.status === 'sent' || row.status === 'delivered' ? `Earlier attempt: ${error}` : error}
          </Typography.Paragraph>
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    },
    {
      title: 'Code',
      dataIndex: 'code',
      render: (code: string | null) =>
        code ? (
          <Typography.Text copyable={{ text: code, tooltips: ['Copy code', 'Copied'] }}>
            <span className="code-cell" data-testid="outbox-code">
              {code}
            </span>
          </Typography.Text>
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    },
    {
      title: 'Actions',
      key: 'actions',
      // Kept in view beside the table's scroll, where the operator looks for Resend.
      fixed: 'right',
      render: (_, row) =>
        row.status === 'failed' ? (
          <Button size="small" onClick={() => setResending(row)} data-testid={`outbox-resend-${row.id}`}>
            Resend
          </Button>
        ) : null,
    },
  ];

  return (
    <>
      <PageTitle subtitle="Every e-mail and SMS the platform queued, newest first. A failed attempt is retried with growing waits until the message's deadline (a code: its 10 minutes); a failed message can be resent.">
        Outbox
      </PageTitle>
      <PagedTable<OutboxMessage>
        queryKey={[...OUTBOX_KEY, status ?? 'all', channel ?? 'all']}
        load={(input) => call(adminApi.admin.outbox, { ...input, status, channel })}
        columns={columns}
        rowKey="id"
        rowTestId="outbox-row"
        refetchInterval={live ? 5000 : false}
        search={{ label: 'Search by recipient', placeholder: 'Recipient (email or phone)', testId: 'outbox-search' }}
        csv={{ name: 'outbox', columns: OUTBOX_CSV }}
        emptyText={
          status === 'failed'
            ? 'No failed message. Every message was sent or is still being tried.'
            : 'No messages here yet. Verification codes appear as soon as a user requests one.'
        }
        expandable={{
          expandedRowRender: (row) => (
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{row.body}</Typography.Paragraph>
          ),
        }}
        toolbar={
          <Space wrap>
            <Segmented<string>
              aria-label="Status"
              value={status ?? 'all'}
              onChange={(value) => setFilter('status', value)}
              options={[{ value: 'all', label: 'All' }, ...OUTBOX_STATUSES.map((value) => ({ value, label: value }))]}
              data-testid="outbox-status-filter"
            />
            <Segmented<string>
              aria-label="Channel"
              value={channel ?? 'all'}
              onChange={(value) => setFilter('channel', value)}
              options={[{ value: 'all', label: 'All' }, ...MESSAGE_CHANNELS.map((value) => ({ value, label: value }))]}
              data-testid="outbox-channel-filter"
            />
            <Switch checked={live} onChange={setLive} aria-label="Refresh every 5 seconds" data-testid="outbox-live" />
            <Typography.Text>Refresh every 5 s</Typography.Text>
          </Space>
        }
      />
      <ConfirmModal
        open={resending !== null}
        title="Send this message again?"
        okText="Resend"
        intro="It is queued again and goes out now. A verification code past its 10 minutes goes out as a fresh code; the old one stops working."
        details={
          resending
            ? [
                { key: 'recipient', label: 'Recipient', children: resending.recipient },
                { key: 'channel', label: 'Channel', children: resending.channel },
                { key: 'attempts', label: 'Attempts so far', children: resending.attempts },
                { key: 'error', label: 'Last error', children: resending.lastError ?? '—' },
              ]
            : undefined
        }
        loading={resend.isPending}
        error={resend.error ? errorText(resend.error) : null}
        onConfirm={() => resending && resend.mutate(resending)}
        onCancel={() => {
          setResending(null);
          resend.reset();
        }}
      />
    </>
  );
}
