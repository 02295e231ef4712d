import { adminApi, type OutputOf, TEAM_NAME_MAX } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  type ButtonProps,
  Form,
  Input,
  Modal,
  Popconfirm,
  Space,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { allowed, call, errorText } from '../../api.ts';
import { useAdmin } from '../../auth.tsx';
import { PagedTable } from '../../components/PagedTable.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import type { CsvColumn } from '../../lib/csv.ts';
import { formatMoney, formatShortDateTime } from '../../lib/format.ts';
import { CycleStatus } from './CycleStatus.tsx';

export type CycleRow = OutputOf<typeof adminApi.rank.cycles>['items'][number];
type TeamRow = OutputOf<typeof adminApi.rank.teams>['items'][number];

export const RANK_KEY = ['admin', 'rank'] as const;
const CYCLES_KEY = [...RANK_KEY, 'cycles'] as const;
const TEAMS_KEY = [...RANK_KEY, 'teams'] as const;

const CYCLE_CSV: CsvColumn<CycleRow>[] = [
  { title: 'ID', value: (c) => c.id },
  { title: 'Kind', value: (c) => c.kind },
  { title: 'Starts at', value: (c) => c.startsAt },
  { title: 'Ends at', value: (c) => c.endsAt },
  { title: 'Status', value: (c) => c.status },
  { title: 'Teams ranked', value: (c) => c.teams },
  { title: 'Prizes paid', value: (c) => c.paid },
  { title: 'Settled at', value: (c) => c.settledAt },
  { title: 'Settled by', value: (c) => c.settledBy ?? (c.status === 'settled' ? 'job' : '') },
];

const TEAM_CSV: CsvColumn<TeamRow>[] = [
  { title: 'Owner ID', value: (t) => t.ownerId },
  { title: 'Owner', value: (t) => t.account },
  { title: 'Team name', value: (t) => t.name },
  { title: 'Members', value: (t) => t.size },
  { title: 'Hidden', value: (t) => (t.hidden ? 'yes' : 'no') },
  { title: 'Named at', value: (t) => t.namedAt },
  { title: 'Created at', value: (t) => t.createdAt },
];

const CYCLE_COLUMNS: ColumnsType<CycleRow> = [
  {
    title: 'Cycle',
    key: 'cycle',
    render: (_, c) => <Link to={`/team-rank/${c.id}`}>#{c.id}</Link>,
  },
  { title: 'Kind', dataIndex: 'kind', render: (kind: string) => <Tag>{kind}</Tag> },
  { title: 'Starts', dataIndex: 'startsAt', render: formatShortDateTime },
  { title: 'Ends', dataIndex: 'endsAt', render: formatShortDateTime },
  { title: 'Status', key: 'status', render: (_, c) => <CycleStatus cycle={c} /> },
  { title: 'Teams', dataIndex: 'teams', align: 'right', render: (teams: number | null) => teams ?? '—' },
  { title: 'Prizes paid', dataIndex: 'paid', align: 'right', render: formatMoney },
  {
    title: 'Settled',
    key: 'settled',
    render: (_, c) =>
      c.settledAt ? (
        `${formatShortDateTime(c.settledAt)} · ${c.settledBy ?? 'job'}`
      ) : (
        <Typography.Text type="secondary">—</Typography.Text>
      ),
  },
];

/** Mounted anew for each team (keyed by its owner), so the field starts from that team's name. */
function RenameModal({ team, onClose }: { team: TeamRow | null; onClose: () => void }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [name, setName] = useState(team?.name ?? '');
  const mutation = useMutation({
    mutationFn: (next: string) => call(adminApi.rank.updateTeam, { name: next }, { id: team?.ownerId ?? 0 }),
    onSuccess: (saved) => {
      message.success(`Renamed to “${saved.name}”.`);
      void queryClient.invalidateQueries({ queryKey: RANK_KEY });
      onClose();
    },
  });
  return (
    <Modal
      open={team !== null}
      title={`Rename team “${team?.name ?? ''}”`}
      okText="Rename"
      onOk={() => mutation.mutate(name)}
      okButtonProps={
        { loading: mutation.isPending, disabled: !name.trim(), 'data-testid': 'team-rename-confirm' } as ButtonProps
      }
      onCancel={onClose}
      destroyOnHidden
    >
      <Form layout="vertical" onFinish={() => mutation.mutate(name)}>
        <Form.Item
          label="New name"
          htmlFor="team-rename"
          extra="Audited. The owner's own wait before their next rename is not restarted."
          validateStatus={mutation.isError ? 'error' : undefined}
          help={mutation.isError ? errorText(mutation.error) : undefined}
        >
          <Input
            id="team-rename"
            autoFocus
            maxLength={TEAM_NAME_MAX}
            showCount
            value={name}
            onChange={(event) => setName(event.target.value)}
            data-testid="team-rename-input"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function TeamsTable() {
  const admin = useAdmin();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const canEdit = allowed(admin.role, adminApi.rank.updateTeam);
  const [renaming, setRenaming] = useState<TeamRow | null>(null);
  const hide = useMutation({
    mutationFn: (team: TeamRow) => call(adminApi.rank.updateTeam, { hidden: !team.hidden }, { id: team.ownerId }),
    onSuccess: (saved) => {
      message.success(saved.hidden ? `“${saved.name}” is hidden from the ranking.` : `“${saved.name}” is shown again.`);
      void queryClient.invalidateQueries({ queryKey: RANK_KEY });
    },
    onError: (error) => message.error(errorText(error)),
  });
  const columns: ColumnsType<TeamRow> = [
    { title: 'Team', dataIndex: 'name', render: (name: string) => <Typography.Text strong>{name}</Typography.Text> },
    { title: 'Owner', key: 'owner', render: (_, t) => <Link to={`/users/${t.ownerId}`}>{t.account}</Link> },
    { title: 'Members', dataIndex: 'size', align: 'right' },
    {
      title: 'Ranking',
      dataIndex: 'hidden',
      render: (hidden: boolean) => (hidden ? <Tag color="red">Hidden</Tag> : <Tag color="green">Shown</Tag>),
    },
    { title: 'Named', dataIndex: 'namedAt', render: formatShortDateTime },
    ...(canEdit
      ? [
          {
            title: 'Actions',
            key: 'actions',
            render: (_: unknown, t: TeamRow) => (
              <Space>
                <Button size="small" onClick={() => setRenaming(t)} data-testid="team-rename">
                  Rename
                </Button>
                <Popconfirm
                  title={t.hidden ? 'Show this team in the ranking again?' : 'Hide this team from the ranking?'}
                  description={t.hidden ? undefined : 'A hidden team is not ranked and wins no prize. Audited.'}
                  okText={t.hidden ? 'Show' : 'Hide'}
                  okButtonProps={{ danger: !t.hidden }}
                  onConfirm={() => hide.mutateAsync(t)}
                >
                  <Button size="small" danger={!t.hidden} data-testid="team-hide">
                    {t.hidden ? 'Show' : 'Hide'}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]
      : []),
  ];
  return (
    <>
      <PagedTable<TeamRow>
        queryKey={TEAMS_KEY}
        load={(input) => call(adminApi.rank.teams, input)}
        columns={columns}
        rowKey="ownerId"
        rowTestId="team-row"
        search={{ placeholder: 'Team name or owner account', label: 'Search teams', testId: 'teams-search' }}
        csv={{ name: 'teams', columns: TEAM_CSV }}
        emptyText="No team has been named yet."
      />
      <RenameModal key={renaming?.ownerId ?? 'none'} team={renaming} onClose={() => setRenaming(null)} />
    </>
  );
}

/** docs/product.md#team-rank in the back office: the cycles with their results, and the named teams. */
export function TeamRankPage() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'teams' ? 'teams' : 'cycles';
  return (
    <>
      <PageTitle
        subtitle={
          <>
            Cycles are settled by a job a minute after they end. Cycle length, prizes, name rules and team points are in{' '}
            <Link to="/config">Configuration</Link> (Team rank).
          </>
        }
      >
        Team rank
      </PageTitle>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title="Hidden teams are left out of the ranking and win no prize; every rename or hide is in the audit log."
      />
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams(key === 'teams' ? { tab: 'teams' } : {}, { replace: true })}
        items={[
          {
            key: 'cycles',
            label: 'Cycles',
            children: (
              <PagedTable<CycleRow>
                queryKey={CYCLES_KEY}
                load={(input) => call(adminApi.rank.cycles, { cursor: input.cursor, limit: input.limit })}
                columns={CYCLE_COLUMNS}
                rowKey="id"
                rowTestId="rank-cycle-row"
                csv={{ name: 'rank-cycles', columns: CYCLE_CSV }}
                emptyText="No cycle yet: the first opens with the first purchase or visit of the rank page."
              />
            ),
          },
          { key: 'teams', label: 'Teams', children: <TeamsTable /> },
        ]}
      />
    </>
  );
}
