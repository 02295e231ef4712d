import { adminApi, type BroadcastAudience, type SentBroadcast } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Input, InputNumber, Radio, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { allowed, call, errorText } from '../../api.ts';
import { useAdmin } from '../../auth.tsx';
import { ConfirmModal } from '../../components/ConfirmModal.tsx';
import { LocalizedFields } from '../../components/LocalizedFields.tsx';
import { OperatorName } from '../../components/OperatorName.tsx';
import { PagedTable } from '../../components/PagedTable.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import { SectionTitle } from '../../components/SectionTitle.tsx';
import { formatInteger, formatShortDateTime } from '../../lib/format.ts';
import { type LocalizedDraft, localizedWithEnglish } from '../../lib/localized.ts';
import { type AudienceDraft, audienceOf, audienceText, BROADCAST_CSV } from './broadcastForm.ts';

const usersText = (count: number) => `${formatInteger(count)} user${count === 1 ? '' : 's'}`;

export const BROADCASTS_KEY = ['admin', 'messages', 'broadcasts'] as const;

interface BroadcastValues {
  title: LocalizedDraft;
  body: LocalizedDraft;
  audience: AudienceDraft;
}

const COLUMNS: ColumnsType<SentBroadcast> = [
  { title: 'ID', dataIndex: 'id', width: 70 },
  { title: 'Sent', dataIndex: 'createdAt', render: formatShortDateTime },
  { title: 'Title', dataIndex: 'title' },
  { title: 'Audience', key: 'audience', render: (_, b) => audienceText(b.audience, b.vip, b.sent) },
  { title: 'Sent by', key: 'admin', render: (_, b) => <OperatorName name={b.adminName} email={b.adminEmail} /> },
];

/** What the confirmation shows: the audience and how many users it holds right now. */
interface Pending {
  values: BroadcastValues;
  audience: BroadcastAudience;
  count: number;
}

/** System messages: write one in six languages, pick its audience, see how many it reaches, send; the sent list. */
export function BroadcastPage() {
  const admin = useAdmin();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const canSend = allowed(admin.role, adminApi.messages.broadcast);
  const [form] = Form.useForm<BroadcastValues>();
  const kind = Form.useWatch(['audience', 'kind'], form) ?? 'all';
  const [counted, setCounted] = useState<number | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const count = useMutation({
    mutationFn: async (audience: BroadcastAudience) => (await call(adminApi.messages.audience, { audience })).count,
  });
  const send = useMutation({
    mutationFn: (p: Pending) =>
      call(adminApi.messages.broadcast, {
        title: localizedWithEnglish(p.values.title),
        body: localizedWithEnglish(p.values.body),
        audience: p.audience,
      }),
    onSuccess: (sent) => {
      message.success(`Message #${sent.id} sent to ${usersText(sent.sent)}.`);
      setPending(null);
      setCounted(null);
      form.resetFields();
      void queryClient.invalidateQueries({ queryKey: BROADCASTS_KEY });
    },
  });

  const audienceFromForm = (): BroadcastAudience | null => {
    const result = audienceOf(form.getFieldValue('audience') ?? { kind: 'all' });
    if ('problem' in result) {
      setProblem(result.problem);
      return null;
    }
    setProblem(null);
    return result.audience;
  };

  const countAudience = async () => {
    const audience = audienceFromForm();
    if (!audience) return null;
    const found = await count.mutateAsync(audience).catch(() => null);
    setCounted(found);
    return found === null ? null : { audience, count: found };
  };

  const review = async (values: BroadcastValues) => {
    const counted = await countAudience();
    if (counted) setPending({ values, ...counted });
  };

  return (
    <>
      <PageTitle subtitle="A message to everyone, a VIP level and above, or chosen users. It is one message however many users it reaches; each user sees it unread until they open it.">
        System messages
      </PageTitle>
      {canSend ? (
        <Card title="New message" size="small" style={{ marginBottom: 16 }}>
          <Form<BroadcastValues>
            form={form}
            layout="vertical"
            initialValues={{ audience: { kind: 'all' } }}
            onValuesChange={(changed) => {
              if ('audience' in changed) setCounted(null);
            }}
            onFinish={(values) => void review(values)}
          >
            <LocalizedFields name={['title']} label="Title" maxLength={100} required testId="broadcast-title" />
            <LocalizedFields
              name={['body']}
              label="Message"
              maxLength={2000}
              required
              multiline
              testId="broadcast-body"
            />
            <Form.Item name={['audience', 'kind']} label="Audience">
              <Radio.Group
                optionType="button"
                options={[
                  { value: 'all', label: <span data-testid="broadcast-audience-all">Everyone</span> },
                  { value: 'vip', label: <span data-testid="broadcast-audience-vip">VIP level and above</span> },
                  { value: 'users', label: <span data-testid="broadcast-audience-users">Chosen users</span> },
                ]}
              />
            </Form.Item>
            {kind === 'vip' ? (
              <Form.Item name={['audience', 'vip']} label="VIP level (this level and above)">
                <InputNumber min={1} max={99} precision={0} aria-label="VIP level" data-testid="broadcast-vip" />
              </Form.Item>
            ) : null}
            {kind === 'users' ? (
              <Form.Item
                name={['audience', 'userIds']}
                label="User IDs"
                extra="Separated by commas, spaces or new lines; up to 10,000."
              >
                <Input.TextArea
                  autoSize={{ minRows: 2, maxRows: 6 }}
                  aria-label="User IDs"
                  data-testid="broadcast-user-ids"
                />
              </Form.Item>
            ) : null}
            {problem ? <Alert type="error" showIcon role="alert" title={problem} style={{ marginBottom: 12 }} /> : null}
            {count.isError ? (
              <Alert type="error" showIcon role="alert" title={errorText(count.error)} style={{ marginBottom: 12 }} />
            ) : null}
            <Space wrap>
              <Button onClick={() => void countAudience()} loading={count.isPending} data-testid="broadcast-count">
                Count recipients
              </Button>
              <Button type="primary" htmlType="submit" loading={count.isPending} data-testid="broadcast-send">
                Review and send…
              </Button>
              {counted !== null ? (
                <Typography.Text data-testid="broadcast-audience-count">
                  {usersText(counted)} will receive it.
                </Typography.Text>
              ) : null}
            </Space>
          </Form>
        </Card>
      ) : null}
      <SectionTitle look={5}>Sent</SectionTitle>
      <PagedTable<SentBroadcast>
        queryKey={BROADCASTS_KEY}
        load={({ cursor, limit }) => call(adminApi.messages.broadcasts, { cursor, limit })}
        columns={COLUMNS}
        rowKey="id"
        rowTestId="broadcast-row"
        csv={{ name: 'system-messages', columns: BROADCAST_CSV }}
        expandable={{
          expandedRowRender: (b) => (
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{b.bodyI18n.en}</Typography.Paragraph>
          ),
        }}
        emptyText="No message sent yet."
      />
      <ConfirmModal
        open={pending !== null}
        title="Send this message?"
        okText={pending ? `Send to ${usersText(pending.count)}` : 'Send'}
        details={
          pending
            ? [
                { key: 'title', label: 'Title', children: pending.values.title.en },
                {
                  key: 'audience',
                  label: 'Audience',
                  children: audienceText(
                    pending.audience === 'all' ? 'all' : 'vip' in pending.audience ? 'vip' : 'users',
                    pending.audience !== 'all' && 'vip' in pending.audience ? pending.audience.vip : null,
                    pending.count,
                  ),
                },
              ]
            : undefined
        }
        intro="It cannot be taken back once sent."
        loading={send.isPending}
        error={send.isError ? errorText(send.error) : null}
        onConfirm={() => pending && send.mutate(pending)}
        onCancel={() => {
          setPending(null);
          send.reset();
        }}
      />
    </>
  );
}
