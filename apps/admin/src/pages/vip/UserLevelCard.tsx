import { adminApi } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Descriptions, Skeleton, Tag } from 'antd';
import { call } from '../../api.ts';
import { ErrorState } from '../../components/ErrorState.tsx';
import { formatInteger, formatMoney } from '../../lib/format.ts';
import { paidLevelText, percentOf } from './levelForm.ts';

const KIND_COLORS = { normal: 'default', vip: 'gold', svip: 'volcano' } as const;

/** A user's level on their page: the level, the totals that reach VIP levels, the benefits it gives. */
export function UserLevelCard({ userId }: { userId: number }) {
  const query = useQuery({
    queryKey: ['admin', 'user-vip', userId],
    queryFn: () => call(adminApi.vip.userLevel, {}, { id: userId }),
  });
  const data = query.data;
  return (
    <Card title="Level" size="small" style={{ marginBottom: 16 }} data-testid="user-level">
      {query.isError && !data ? (
        <ErrorState error={query.error} onRetry={() => query.refetch()} title="The level could not load" />
      ) : !data ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : (
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2, lg: 4 }}
          items={[
            {
              key: 'level',
              label: 'Level',
              children: (
                <Tag color={KIND_COLORS[data.vip]} data-testid="user-level-name">
                  {data.level === 0 ? 'None' : (data.name ?? `Level ${data.level}`)}
                </Tag>
              ),
            },
            {
              key: 'paid',
              label: 'SVIP bought',
              children: <span data-testid="user-level-paid">{paidLevelText(data.paid)}</span>,
            },
            { key: 'recharge', label: 'Total recharge', children: formatMoney(data.totals.recharge) },
            { key: 'purchases', label: 'Total purchases', children: formatMoney(data.totals.purchases) },
            { key: 'team', label: 'Team size', children: formatInteger(data.totals.teamSize) },
            { key: 'fee', label: 'Fee discount', children: percentOf(data.benefits.withdrawFeeDiscount) },
            { key: 'withdrawals', label: 'Extra withdrawals a day', children: data.benefits.extraWithdrawals },
            { key: 'bonus', label: 'Income bonus', children: percentOf(data.benefits.incomeBonusRate) },
          ]}
        />
      )}
    </Card>
  );
}
