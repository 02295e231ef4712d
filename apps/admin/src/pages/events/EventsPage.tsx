import { type AdminEvent, adminApi } from '@app/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { Link } from 'react-router';
import { allowed, call } from '../../api.ts';
import { useAdmin } from '../../auth.tsx';
import { ListActions } from '../../components/ListActions.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import { WholeListTable } from '../../components/WholeListTable.tsx';
import { formatShortDateTime } from '../../lib/format.ts';
import { EventDrawer } from './EventDrawer.tsx';
import { EVENT_CSV, EVENT_KIND_LABELS, rewardText } from './eventForm.ts';

export const EVENTS_KEY = ['admin', 'events'] as const;

export function EventsPage() {
  const admin = useAdmin();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const canEdit = allowed(admin.role, adminApi.events.create);
  const canSeeSignups = allowed(admin.role, adminApi.events.signups);
  const [editing, setEditing] = useState<AdminEvent | 'new' | null>(null);

  const query = useQuery({ queryKey: EVENTS_KEY, queryFn: () => call(adminApi.events.list, {}) });
  const rows = query.data ?? [];

  const columns: ColumnsType<AdminEvent> = [
    { title: 'ID', dataIndex: 'id', width: 60 },
    {
      title: 'Event',
      key: 'title',
      render: (_, e) => (
        <Space direction="vertical" size={0}>
          <Typography.Text strong>{e.title}</Typography.Text>
          <Typography.Text type="secondary">{EVENT_KIND_LABELS[e.kind]}</Typography.Text>
        </Space>
      ),
    },
    { title: 'Starts', dataIndex: 'startsAt', render: formatShortDateTime },
    { title: 'Ends', dataIndex: 'endsAt', render: formatShortDateTime },
    { title: 'Sign-ups', key: 'seats', align: 'right', render: (_, e) => `${e.signups} / ${e.capacity}` },
    { title: 'Reward', key: 'reward', align: 'right', render: (_, e) => rewardText(e.reward) },
    {
      title: 'Status',
      dataIndex: 'status',
      render: (status: AdminEvent['status']) => <Tag color={status === 'on' ? 'green' : 'default'}>{status}</Tag>,
    },
    {
      title: 'Actions',
      key: 'actions',
      render: (_, e) => (
        <Space>
          {canEdit ? (
            <Button size="small" onClick={() => setEditing(e)} data-testid={`event-edit-${e.id}`}>
              Edit
            </Button>
          ) : null}
          {canSeeSignups ? (
            <Link to={`/events/${e.id}/signups`} data-testid={`event-signups-${e.id}`}>
              Sign-ups
            </Link>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <>
      <PageTitle
        subtitle="The anniversary event and the offline press conference. Users sign up until an event ends, up to its seats; a reward is paid once per sign-up."
        extra={
          <ListActions
            rows={rows}
            refresh={{ run: () => query.refetch(), busy: query.isRefetching }}
            csv={{ name: 'events', columns: EVENT_CSV, testId: 'events-export' }}
            create={
              canEdit ? { label: 'New event', onClick: () => setEditing('new'), testId: 'event-create' } : undefined
            }
          />
        }
      >
        Events
      </PageTitle>
      <WholeListTable<AdminEvent>
        query={query}
        rows={rows}
        rowKey="id"
        columns={columns}
        rowAttributes={(e) => ({ 'data-testid': 'event-row', 'data-id': e.id })}
        emptyText={canEdit ? 'No events yet. Create the first one.' : 'No events yet.'}
      />
      <EventDrawer
        open={editing !== null}
        event={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
        onSaved={(text) => {
          message.success(text);
          setEditing(null);
          void queryClient.invalidateQueries({ queryKey: EVENTS_KEY });
        }}
      />
    </>
  );
}
