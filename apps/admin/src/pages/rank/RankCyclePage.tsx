import { ArrowLeftOutlined } from '@ant-design/icons';
import { ActionKey, adminApi, type OutputOf } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Descriptions, Result, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { allowed, call, errorText } from '../../api.ts';
import { useAdmin } from '../../auth.tsx';
import { ConfirmModal } from '../../components/ConfirmModal.tsx';
import { ErrorState } from '../../components/ErrorState.tsx';
import { renderMoney } from '../../components/Money.tsx';
import { PagedTable } from '../../components/PagedTable.tsx';
import { PageSkeleton } from '../../components/PageSkeleton.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import type { CsvColumn } from '../../lib/csv.ts';
import { formatDateTime, formatMoney, formatNumber } from '../../lib/format.ts';
import { CycleStatus } from './CycleStatus.tsx';
import { RANK_KEY } from './TeamRankPage.tsx';

type Standing = OutputOf<typeof adminApi.rank.standings>['items'][number];

const STANDING_CSV: CsvColumn<Standing>[] = [
  { title: 'Rank', value: (s) => s.rank },
  { title: 'Team name', value: (s) => s.teamName },
  { title: 'Owner ID', value: (s) => s.ownerId },
  { title: 'Owner', value: (s) => s.account },
  { title: 'Points', value: (s) => s.points },
  { title: 'Members', value: (s) => s.size },
  { title: 'Prize', value: (s) => s.prize },
  { title: 'Ledger entry', value: (s) => s.entryId },
];

const STANDING_COLUMNS: ColumnsType<Standing> = [
  { title: 'Rank', dataIndex: 'rank', align: 'right', width: 72 },
  { title: 'Team', dataIndex: 'teamName', render: (name: string) => <Typography.Text strong>{name}</Typography.Text> },
  { title: 'Owner', key: 'owner', render: (_, s) => <Link to={`/users/${s.ownerId}`}>{s.account}</Link> },
  { title: 'Points', dataIndex: 'points', align: 'right', render: formatNumber },
  { title: 'Members', dataIndex: 'size', align: 'right' },
  { title: 'Prize', dataIndex: 'prize', align: 'right', render: renderMoney },
  {
    title: 'Entry',
    dataIndex: 'entryId',
    render: (entryId: number | null) => (entryId === null ? '—' : `#${entryId}`),
  },
];

/** One cycle: its figures, the prizes paid (or that the leaders would take), every ranked team, and a settlement by hand. */
export function RankCyclePage() {
  const admin = useAdmin();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const canSettle = allowed(admin.role, adminApi.rank.settle);
  const [confirming, setConfirming] = useState(false);
  // One key until the cycle is settled: confirming again after a lost answer settles it once.
  const [action] = useState(() => new ActionKey());
  const query = useQuery({
    queryKey: [...RANK_KEY, 'cycle', id],
    queryFn: () => call(adminApi.rank.cycle, {}, { id }),
    enabled: valid,
  });
  const settle = useMutation({
    mutationFn: () => call(adminApi.rank.settle, {}, { id }, { action }),
    onSuccess: (result) => {
      setConfirming(false);
      message.success(`Cycle #${id} settled: ${result.cycle.teams} teams ranked, ${result.cycle.paid} paid.`);
      queryClient.setQueryData([...RANK_KEY, 'cycle', id], result);
      void queryClient.invalidateQueries({ queryKey: RANK_KEY });
    },
  });

  if (!valid)
    return <Result status="404" title="No such cycle" extra={<Link to="/team-rank">Back to team rank</Link>} />;
  const back = (
    <Link to="/team-rank">
      <ArrowLeftOutlined aria-hidden /> Team rank
    </Link>
  );
  if (query.isError && !query.data) {
    return (
      <>
        <PageTitle extra={back}>{`Rank cycle #${id}`}</PageTitle>
        <ErrorState error={query.error} onRetry={() => query.refetch()} />
      </>
    );
  }
  if (!query.data) return <PageSkeleton />;
  const { cycle, prizes } = query.data;
  const ended = Date.parse(cycle.endsAt) <= Date.now();

  return (
    <>
      <PageTitle
        extra={
          <Space>
            {back}
            {canSettle && cycle.status === 'open' && ended ? (
              <Button type="primary" onClick={() => setConfirming(true)} data-testid="rank-settle">
                Settle now
              </Button>
            ) : null}
          </Space>
        }
        subtitle={`${formatDateTime(cycle.startsAt)} – ${formatDateTime(cycle.endsAt)}`}
      >
        {`Rank cycle #${id}`}
      </PageTitle>
      <Card style={{ marginBottom: 16 }}>
        <Descriptions
          column={{ xs: 1, md: 3 }}
          items={[
            { key: 'status', label: 'Status', children: <CycleStatus cycle={cycle} /> },
            { key: 'kind', label: 'Length', children: cycle.kind },
            { key: 'teams', label: 'Teams ranked', children: cycle.teams ?? '—' },
            { key: 'paid', label: 'Prizes paid', children: formatMoney(cycle.paid) },
            { key: 'settledAt', label: 'Settled at', children: formatDateTime(cycle.settledAt) },
            {
              key: 'settledBy',
              label: 'Settled by',
              children: cycle.status === 'settled' ? (cycle.settledBy ?? 'the job') : '—',
            },
          ]}
        />
      </Card>
      <Card
        title={cycle.status === 'settled' ? 'Settlement: prizes paid' : 'Prizes the leaders would take now'}
        style={{ marginBottom: 16 }}
      >
        <Table<Standing>
          rowKey="rank"
          columns={STANDING_COLUMNS}
          dataSource={prizes}
          pagination={false}
          size="middle"
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: 'No prize: no ranked team, or no prize configured.' }}
        />
      </Card>
      <Card title={cycle.status === 'settled' ? 'Standings as settled' : 'Standings now (live)'}>
        <PagedTable<Standing>
          queryKey={[...RANK_KEY, 'standings', id, cycle.status]}
          load={(input) => call(adminApi.rank.standings, { cursor: input.cursor, limit: input.limit }, { id })}
          columns={STANDING_COLUMNS}
          rowKey="rank"
          rowTestId="standing-row"
          csv={{ name: `rank-cycle-${id}-standings`, columns: STANDING_CSV }}
          emptyText="No team is ranked in this cycle."
        />
      </Card>
      <ConfirmModal
        open={confirming}
        title={`Settle cycle #${id} now?`}
        okText="Settle and pay"
        intro="The standings are frozen and each prize is paid into the winner's income wallet, once. Audited."
        details={[
          { key: 'ends', label: 'Ended', children: formatDateTime(cycle.endsAt) },
          {
            key: 'prizes',
            label: 'Prizes',
            children: prizes.map((prize) => formatMoney(prize.prize)).join(' / ') || 'none',
          },
        ]}
        loading={settle.isPending}
        error={settle.isError ? errorText(settle.error) : null}
        onConfirm={() => settle.mutate()}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}
