import { type AdminVipLevel, adminApi } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Space, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { allowed, call, errorText } from '../../api.ts';
import { useAdmin } from '../../auth.tsx';
import { ConfirmModal } from '../../components/ConfirmModal.tsx';
import { ListActions } from '../../components/ListActions.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import { WholeListTable } from '../../components/WholeListTable.tsx';
import { LevelDrawer } from './LevelDrawer.tsx';
import { LEVEL_CSV, ladderWithout, percentOf, termsText } from './levelForm.ts';

export const VIP_LEVELS_KEY = ['admin', 'vip-levels'] as const;

const count = (n: number) => (n > 0 ? `+${n}` : '—');
const share = (rate: string) => (/[1-9]/.test(rate) ? percentOf(rate) : '—');

export function VipLevelsPage() {
  const admin = useAdmin();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const canEdit = allowed(admin.role, adminApi.vip.saveLevels);
  const [editing, setEditing] = useState<AdminVipLevel | 'new' | null>(null);
  const [removing, setRemoving] = useState<AdminVipLevel | null>(null);

  const query = useQuery({ queryKey: VIP_LEVELS_KEY, queryFn: () => call(adminApi.vip.levels, {}) });
  const rows = query.data ?? [];

  const saved = (levels: AdminVipLevel[]) => {
    queryClient.setQueryData(VIP_LEVELS_KEY, levels);
    void queryClient.invalidateQueries({ queryKey: VIP_LEVELS_KEY });
  };

  const remove = useMutation({
    mutationFn: (level: AdminVipLevel) => call(adminApi.vip.saveLevels, { levels: ladderWithout(rows, level.level) }),
    onSuccess: (levels, level) => {
      message.success(`Removed ${level.name}.`);
      setRemoving(null);
      saved(levels);
    },
  });

  const columns: ColumnsType<AdminVipLevel> = [
    { title: 'Level', dataIndex: 'level', width: 70 },
    {
      title: 'Name',
      key: 'name',
      render: (_, l) => (
        <Space size={6}>
          <Typography.Text strong>{l.name}</Typography.Text>
          <Tag color={l.kind === 'svip' ? 'volcano' : 'gold'}>{l.kind.toUpperCase()}</Tag>
        </Space>
      ),
    },
    { title: 'Reached by / price', key: 'terms', render: (_, l) => termsText(l) },
    { title: 'Fee discount', key: 'fee', align: 'right', render: (_, l) => share(l.benefits.withdrawFeeDiscount) },
    {
      title: 'Extra withdrawals',
      key: 'withdrawals',
      align: 'right',
      render: (_, l) => count(l.benefits.extraWithdrawals),
    },
    { title: 'Income bonus', key: 'bonus', align: 'right', render: (_, l) => share(l.benefits.incomeBonusRate) },
    { title: 'Extra draws', key: 'draws', align: 'right', render: (_, l) => count(l.benefits.extraDraws) },
    { title: 'Holders', dataIndex: 'holders', align: 'right' },
  ];
  if (canEdit)
    columns.push({
      title: 'Actions',
      key: 'actions',
      render: (_, l) => (
        <Space>
          <Button size="small" onClick={() => setEditing(l)} data-testid={`level-edit-${l.level}`}>
            Edit
          </Button>
          <Tooltip title={l.holders > 0 ? 'Users hold this level: it stays.' : undefined}>
            <Button
              size="small"
              danger
              disabled={l.holders > 0}
              aria-label={`Remove ${l.name}`}
              onClick={() => setRemoving(l)}
              data-testid={`level-remove-${l.level}`}
            >
              Remove
            </Button>
          </Tooltip>
        </Space>
      ),
    });

  return (
    <>
      <PageTitle
        subtitle="VIP levels are reached by a user's totals; SVIP levels are bought from the deposit wallet. A user holds the highest level reached or bought, with its benefits."
        extra={
          <ListActions
            rows={rows}
            refresh={{ run: () => query.refetch(), busy: query.isRefetching }}
            csv={{ name: 'vip-levels', columns: LEVEL_CSV, testId: 'levels-export' }}
            create={
              canEdit ? { label: 'New level', onClick: () => setEditing('new'), testId: 'level-create' } : undefined
            }
          />
        }
      >
        VIP levels
      </PageTitle>
      <WholeListTable<AdminVipLevel>
        query={query}
        rows={rows}
        rowKey="level"
        columns={columns}
        rowAttributes={(l) => ({ 'data-testid': 'level-row', 'data-level': l.level })}
        emptyText={canEdit ? 'No levels yet. Add the first one.' : 'No levels yet.'}
      />
      <LevelDrawer
        open={editing !== null}
        level={editing === 'new' ? null : editing}
        levels={rows}
        onClose={() => setEditing(null)}
        onSaved={(levels) => {
          message.success(editing === 'new' ? 'Level added.' : 'Level saved.');
          setEditing(null);
          saved(levels);
        }}
      />
      <ConfirmModal
        open={removing !== null}
        title={`Remove ${removing?.name ?? ''}?`}
        okText="Remove level"
        danger
        intro="No user holds it; it disappears from the level page at once."
        loading={remove.isPending}
        error={remove.isError ? errorText(remove.error) : null}
        onConfirm={() => removing && remove.mutate(removing)}
        onCancel={() => {
          setRemoving(null);
          remove.reset();
        }}
      />
    </>
  );
}
