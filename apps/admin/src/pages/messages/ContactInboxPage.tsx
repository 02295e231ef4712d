import { adminApi, CONTACT_STATUSES, type ContactMessage, type ContactStatus } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, type ButtonProps, Form, Input, Modal, Space, Tabs, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { allowed, call, errorText } from '../../api.ts';
import { useAdmin } from '../../auth.tsx';
import { ConfirmModal } from '../../components/ConfirmModal.tsx';
import { PagedTable } from '../../components/PagedTable.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import { formatShortDateTime } from '../../lib/format.ts';
import { CONTACT_CSV, CONTACT_STATUS_LABELS } from './broadcastForm.ts';

export const CONTACT_KEY = ['admin', 'contact'] as const;

const TABS = [...CONTACT_STATUSES, 'all'] as const;
type Tab = (typeof TABS)[number];
const STATUS_COLOURS: Record<ContactStatus, string> = { open: 'orange', replied: 'blue', closed: 'default' };

function ReplyModal({ contact, onClose }: { contact: ContactMessage | null; onClose: () => void }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ reply: string }>();
  const reply = useMutation({
    mutationFn: (text: string) => call(adminApi.messages.reply, { reply: text }, { id: contact?.id ?? 0 }),
    onSuccess: (saved) => {
      message.success(`Reply sent to ${saved.account} as a system message.`);
      void queryClient.invalidateQueries({ queryKey: CONTACT_KEY });
      onClose();
    },
  });
  return (
    <Modal
      open={contact !== null}
      title={contact ? `Reply to ${contact.account}` : ''}
      okText="Send reply"
      okButtonProps={{ 'data-testid': 'contact-reply-send' } as ButtonProps}
      onOk={() => form.submit()}
      confirmLoading={reply.isPending}
      onCancel={onClose}
      destroyOnHidden
      afterOpenChange={(open) => {
        if (!open) reply.reset();
      }}
    >
      {contact ? (
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>
          <Typography.Text type="secondary">They wrote: </Typography.Text>
          {contact.message}
        </Typography.Paragraph>
      ) : null}
      {reply.isError ? (
        <Alert type="error" showIcon role="alert" title={errorText(reply.error)} style={{ marginBottom: 12 }} />
      ) : null}
      <Form form={form} layout="vertical" preserve={false} onFinish={(values) => reply.mutate(values.reply.trim())}>
        <Form.Item
          name="reply"
          label="Reply (the user reads it in their system messages)"
          rules={[{ required: true, whitespace: true, message: 'Write the reply' }]}
        >
          <Input.TextArea
            maxLength={2000}
            showCount
            autoSize={{ minRows: 3, maxRows: 8 }}
            autoFocus
            data-testid="contact-reply"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The contact inbox: what users wrote through Contact Us, by status; answered by a system message, then closed. */
export function ContactInboxPage() {
  const admin = useAdmin();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const canAnswer = allowed(admin.role, adminApi.messages.reply);
  const [replying, setReplying] = useState<ContactMessage | null>(null);
  const [closing, setClosing] = useState<ContactMessage | null>(null);
  const raw = params.get('status');
  const tab: Tab = (TABS as readonly string[]).includes(raw ?? '') ? (raw as Tab) : 'open';
  const status = tab === 'all' ? undefined : tab;

  const close = useMutation({
    mutationFn: (id: number) => call(adminApi.messages.close, {}, { id }),
    onSuccess: (saved) => {
      message.success(`Contact message #${saved.id} closed.`);
      setClosing(null);
      void queryClient.invalidateQueries({ queryKey: CONTACT_KEY });
    },
  });

  const columns: ColumnsType<ContactMessage> = [
    { title: 'ID', dataIndex: 'id', width: 70 },
    { title: 'Received', dataIndex: 'createdAt', render: formatShortDateTime },
    {
      title: 'User',
      key: 'user',
      render: (_, c) => (
        <Space orientation="vertical" size={0}>
          <span>{c.account}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            #{c.userId}
            {c.contact ? ` · ${c.contact}` : ''}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: 'Message',
      dataIndex: 'message',
      width: 320,
      render: (text: string) => <span style={{ whiteSpace: 'pre-wrap' }}>{text}</span>,
    },
    {
      title: 'Status',
      dataIndex: 'status',
      render: (s: ContactStatus, c) => (
        <Space orientation="vertical" size={0}>
          <Tag color={STATUS_COLOURS[s]}>{CONTACT_STATUS_LABELS[s]}</Tag>
          {c.handledByName && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }} title={c.handledByEmail ?? undefined}>
              by {c.handledByName}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      title: 'Reply',
      dataIndex: 'reply',
      width: 260,
      render: (text: string | null) => <span style={{ whiteSpace: 'pre-wrap' }}>{text ?? '—'}</span>,
    },
  ];
  if (canAnswer)
    columns.push({
      title: 'Actions',
      key: 'actions',
      fixed: 'right',
      render: (_, c) =>
        c.status === 'closed' ? null : (
          <Space>
            <Button size="small" type="primary" onClick={() => setReplying(c)} data-testid={`contact-reply-${c.id}`}>
              Reply
            </Button>
            <Button size="small" onClick={() => setClosing(c)} data-testid={`contact-close-${c.id}`}>
              Close
            </Button>
          </Space>
        ),
    });

  return (
    <>
      <PageTitle subtitle="What users wrote through Contact Us. A reply reaches them as a system message.">
        Contact inbox
      </PageTitle>
      <Tabs
        activeKey={tab}
        onChange={(key) => {
          const next = new URLSearchParams(params);
          if (key === 'open') next.delete('status');
          else next.set('status', key);
          setParams(next, { replace: true });
        }}
        items={TABS.map((key) => ({
          key,
          label: <span data-testid={`tab-${key}`}>{key === 'all' ? 'All' : CONTACT_STATUS_LABELS[key]}</span>,
        }))}
      />
      <PagedTable<ContactMessage>
        key={tab}
        queryKey={[...CONTACT_KEY, { status }]}
        load={({ cursor, limit }) => call(adminApi.messages.inbox, { cursor, limit, status })}
        columns={columns}
        rowKey="id"
        rowTestId="contact-row"
        csv={{ name: `contact-${tab}`, columns: CONTACT_CSV }}
        emptyText={tab === 'open' ? 'No message waits for an answer.' : 'No contact messages here.'}
      />
      <ReplyModal contact={replying} onClose={() => setReplying(null)} />
      <ConfirmModal
        open={closing !== null}
        title={closing ? `Close contact message #${closing.id}?` : ''}
        okText="Close it"
        intro="A closed message can no longer be answered."
        loading={close.isPending}
        error={close.isError ? errorText(close.error) : null}
        onConfirm={() => closing && close.mutate(closing.id)}
        onCancel={() => {
          setClosing(null);
          close.reset();
        }}
      />
    </>
  );
}
