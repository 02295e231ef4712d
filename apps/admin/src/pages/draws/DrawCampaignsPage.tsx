import { type AdminDrawCampaign, adminApi } from '@app/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { Link } from 'react-router';
import { allowed, call } from '../../api.ts';
import { useAdmin } from '../../auth.tsx';
import { ListActions } from '../../components/ListActions.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import { WholeListTable } from '../../components/WholeListTable.tsx';
import type { CsvColumn } from '../../lib/csv.ts';
import { formatShortDateTime } from '../../lib/format.ts';
import { CampaignDrawer } from './CampaignDrawer.tsx';
import { DRAW_KIND_LABELS, PRIZE_KIND_LABELS, prizeAmountText } from './campaignForm.ts';

export const CAMPAIGNS_KEY = ['admin', 'draws'] as const;

const CAMPAIGN_CSV: CsvColumn<AdminDrawCampaign>[] = [
  { title: 'ID', value: (c) => c.id },
  { title: 'Name', value: (c) => c.name },
  { title: 'Screen', value: (c) => DRAW_KIND_LABELS[c.kind] },
  { title: 'Status', value: (c) => c.status },
  { title: 'Points per draw', value: (c) => c.pointsPerDraw },
  { title: 'Draws a day', value: (c) => c.dailyLimit },
  { title: 'Starts', value: (c) => c.startsAt },
  { title: 'Ends', value: (c) => c.endsAt },
  { title: 'Draws made', value: (c) => c.draws },
  { title: 'Prizes', value: (c) => c.prizes.map((p) => `${p.name} (${p.odds}%)`).join('; ') },
];

/** The prizes of a campaign with their odds, stock and wins, under its row. */
function PrizeTable({ campaign }: { campaign: AdminDrawCampaign }) {
  return (
    <Table
      size="small"
      rowKey="id"
      pagination={false}
      dataSource={campaign.prizes}
      caption={`Prizes of ${campaign.name}`}
      columns={[
        { title: 'Prize', dataIndex: 'name' },
        { title: 'Kind', dataIndex: 'kind', render: (kind: keyof typeof PRIZE_KIND_LABELS) => PRIZE_KIND_LABELS[kind] },
        {
          title: 'Amount',
          dataIndex: 'amount',
          align: 'right',
          render: (amount: string, prize) => prizeAmountText(prize.kind, amount),
        },
        { title: 'Weight', dataIndex: 'weight', align: 'right' },
        { title: 'Odds', dataIndex: 'odds', align: 'right', render: (odds: string) => `${odds}%` },
        {
          title: 'Stock left',
          dataIndex: 'stock',
          align: 'right',
          render: (stock: number | null) => (stock === null ? '∞' : stock),
        },
        { title: 'Won', dataIndex: 'won', align: 'right' },
      ]}
    />
  );
}

/** Draws: the campaigns, their prizes and odds; create, edit, simulate. */
export function DrawCampaignsPage() {
  const admin = useAdmin();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const canEdit = allowed(admin.role, adminApi.draws.updateCampaign);
  const canCreate = allowed(admin.role, adminApi.draws.createCampaign);
  const canSimulate = allowed(admin.role, adminApi.draws.simulate);
  const [editing, setEditing] = useState<AdminDrawCampaign | 'new' | null>(null);
  const query = useQuery({ queryKey: CAMPAIGNS_KEY, queryFn: () => call(adminApi.draws.campaigns, {}) });
  const rows = query.data ?? [];

  const columns: ColumnsType<AdminDrawCampaign> = [
    {
      title: 'Campaign',
      key: 'name',
      render: (_, c) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text strong>{c.name}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            #{c.id}
          </Typography.Text>
        </Space>
      ),
    },
    { title: 'Screen', dataIndex: 'kind', render: (kind: AdminDrawCampaign['kind']) => DRAW_KIND_LABELS[kind] },
    { title: 'Points / draw', dataIndex: 'pointsPerDraw', align: 'right' },
    { title: 'Draws a day', dataIndex: 'dailyLimit', align: 'right' },
    {
      title: 'Runs',
      key: 'window',
      render: (_, c) => (
        <span style={{ whiteSpace: 'nowrap', fontSize: 12 }}>
          {formatShortDateTime(c.startsAt)} – {formatShortDateTime(c.endsAt)}
        </span>
      ),
    },
    { title: 'Prizes', key: 'prizes', align: 'right', render: (_, c) => c.prizes.length },
    { title: 'Draws made', dataIndex: 'draws', align: 'right' },
    {
      title: 'Status',
      dataIndex: 'status',
      render: (status: AdminDrawCampaign['status'], c) => (
        <Tag color={status === 'on' ? 'green' : 'default'} data-testid={`campaign-status-${c.id}`}>
          {status === 'on' ? 'On' : 'Off'}
        </Tag>
      ),
    },
    {
      title: 'Actions',
      key: 'actions',
      render: (_, c) => (
        <Space>
          <Button size="small" onClick={() => setEditing(c)} data-testid={`campaign-edit-${c.id}`}>
            {canEdit ? 'Edit / simulate' : canSimulate ? 'View / simulate' : 'View'}
          </Button>
          <Link to={`/draws/records?campaignId=${c.id}`}>Records</Link>
        </Space>
      ),
    },
  ];

  return (
    <>
      <PageTitle
        subtitle="Prize draws users pay points for. Create a campaign switched off, simulate its odds, then switch it on."
        extra={
          <ListActions
            rows={rows}
            refresh={{ run: () => query.refetch(), busy: query.isRefetching }}
            csv={{ name: 'draw-campaigns', columns: CAMPAIGN_CSV, testId: 'campaigns-export' }}
            create={
              canCreate
                ? { label: 'New campaign', onClick: () => setEditing('new'), testId: 'campaign-create' }
                : undefined
            }
          />
        }
      >
        Draw campaigns
      </PageTitle>
      <WholeListTable<AdminDrawCampaign>
        query={query}
        rows={rows}
        rowKey="id"
        columns={columns}
        expandable={{ expandedRowRender: (c) => <PrizeTable campaign={c} /> }}
        rowAttributes={(c) => ({ 'data-testid': 'campaign-row', 'data-campaign-id': c.id })}
        emptyText={canCreate ? 'No draw campaigns yet. Create the first one.' : 'No draw campaigns yet.'}
      />
      <CampaignDrawer
        open={editing !== null}
        campaign={editing === 'new' ? null : editing}
        canEdit={editing === 'new' ? canCreate : canEdit}
        canSimulate={canSimulate}
        onClose={() => setEditing(null)}
        onSaved={(text, createdId) => {
          message.success(text);
          setEditing(null);
          if (createdId) void query.refetch().then((r) => setEditing(r.data?.find((c) => c.id === createdId) ?? null));
          else void queryClient.invalidateQueries({ queryKey: CAMPAIGNS_KEY });
        }}
      />
    </>
  );
}
