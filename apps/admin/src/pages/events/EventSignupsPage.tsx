import { ArrowLeftOutlined } from '@ant-design/icons';
import { adminApi, type EventSignup } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link, useParams } from 'react-router';
import { call } from '../../api.ts';
import { PagedTable } from '../../components/PagedTable.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import type { CsvColumn } from '../../lib/csv.ts';
import { formatShortDateTime } from '../../lib/format.ts';
import { EVENTS_KEY } from './EventsPage.tsx';

const COLUMNS: ColumnsType<EventSignup> = [
  { title: 'User ID', dataIndex: 'userId', width: 90 },
  { title: 'Account', dataIndex: 'account' },
  { title: 'Nickname', dataIndex: 'nickname' },
  { title: 'Signed up', dataIndex: 'createdAt', render: formatShortDateTime },
];

const CSV: CsvColumn<EventSignup>[] = [
  { title: 'User ID', value: (s) => s.userId },
  { title: 'Account', value: (s) => s.account },
  { title: 'Nickname', value: (s) => s.nickname },
  { title: 'Signed up at', value: (s) => s.createdAt },
];

/** An event's sign-ups, newest first, exported whole as CSV. */
export function EventSignupsPage() {
  const id = Number(useParams().id);
  const events = useQuery({ queryKey: EVENTS_KEY, queryFn: () => call(adminApi.events.list, {}) });
  const event = events.data?.find((e) => e.id === id);
  return (
    <>
      <PageTitle
        subtitle={event ? `${event.signups} of ${event.capacity} seats taken.` : undefined}
        extra={
          <Link to="/events">
            <Button icon={<ArrowLeftOutlined />}>All events</Button>
          </Link>
        }
      >
        {event ? `Sign-ups · ${event.title}` : `Sign-ups · event #${id}`}
      </PageTitle>
      <PagedTable<EventSignup>
        queryKey={[...EVENTS_KEY, id, 'signups']}
        load={({ cursor, limit }) => call(adminApi.events.signups, { cursor, limit }, { id })}
        columns={COLUMNS}
        rowKey="id"
        csv={{ name: `event-${id}-signups`, columns: CSV }}
        rowTestId="event-signup-row"
        emptyText="Nobody has signed up yet."
      />
    </>
  );
}
