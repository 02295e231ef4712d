import { adminApi, type OutputOf } from '@app/contracts';
import { Space, Switch, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { call } from '../../api.ts';
import { PagedTable } from '../../components/PagedTable.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import { formatDateTime } from '../../lib/format.ts';

type Message = OutputOf<typeof adminApi.admin.outbox>['items'][number];

export const OUTBOX_KEY = ['admin', 'outbox'] as const;

const columns: ColumnsType<Message> = [
  { title: 'Time', dataIndex: 'createdAt', render: formatDateTime, width: 200 },
  {
    title: 'Recipient',
    dataIndex: 'recipient',
    render: (recipient: string) => <span data-testid="outbox-recipient">{recipient}</span>,
  },
  {
    title: 'Channel',
    dataIndex: 'channel',
    render: (channel: Message['channel']) => <Tag color={channel === 'sms' ? 'purple' : 'blue'}>{channel}</Tag>,
  },
  { title: 'Subject', dataIndex: 'subject' },
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
];

export function OutboxPage() {
  const [live, setLive] = useState(true);
  return (
    <>
      <PageTitle subtitle="Every e-mail and SMS the platform sent (or only stored, without a provider), newest first.">
        Outbox
      </PageTitle>
      <PagedTable<Message>
        queryKey={OUTBOX_KEY}
        load={(input) => call(adminApi.admin.outbox, input)}
        columns={columns}
        rowKey="id"
        rowTestId="outbox-row"
        refetchInterval={live ? 5000 : false}
        search={{ label: 'Search by recipient', placeholder: 'Recipient (email or phone)', testId: 'outbox-search' }}
        emptyText="No messages sent yet. Verification codes appear here as soon as a user requests one."
        expandable={{
          expandedRowRender: (message) => (
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{message.body}</Typography.Paragraph>
          ),
        }}
        toolbar={
          <Space>
            <Switch checked={live} onChange={setLive} aria-label="Refresh every 5 seconds" data-testid="outbox-live" />
            <Typography.Text>Refresh every 5 s</Typography.Text>
          </Space>
        }
      />
    </>
  );
}
