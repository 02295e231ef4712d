import { Badge, Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { UserIdFilter, useIdParam } from '../../components/ListFilters.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import { WITHDRAWAL_STATUS_LABELS, type WithdrawalStatus } from '../../lib/cash.ts';
import { useCashSummary } from './queries.ts';
import { WithdrawalsTable } from './WithdrawalsTable.tsx';

const TABS: (WithdrawalStatus | 'all')[] = [
  'pending_review',
  'pending_payment',
  'paying',
  'paid',
  'payment_failed',
  'reversed',
  'rejected',
  'all',
];

export function WithdrawalsPage() {
  const [params, setParams] = useSearchParams();
  const userId = useIdParam('userId');
  const summary = useCashSummary();
  const raw = params.get('status');
  const tab = (TABS as string[]).includes(raw ?? '') ? (raw as WithdrawalStatus | 'all') : 'pending_review';
  const status = tab === 'all' ? undefined : tab;
  const pending = summary.data?.pendingReview ?? 0;

  return (
    <>
      <PageTitle subtitle="Review requests, then pay them through the gateway or record the outcome.">
        Withdrawals
      </PageTitle>
      <div style={{ marginBottom: 8 }}>
        <UserIdFilter />
      </div>
      <Tabs
        activeKey={tab}
        onChange={(key) => {
          const next = new URLSearchParams(params);
          if (key === 'pending_review') next.delete('status');
          else next.set('status', key);
          next.delete('q');
          setParams(next, { replace: true });
        }}
        items={TABS.map((key) => ({
          key,
          label:
            key === 'pending_review' ? (
              <span data-testid="tab-pending_review">
                {WITHDRAWAL_STATUS_LABELS.pending_review}{' '}
                <Badge count={pending} size="small" overflowCount={999} aria-label={`${pending} waiting`} />
              </span>
            ) : (
              <span data-testid={`tab-${key}`}>{key === 'all' ? 'All' : WITHDRAWAL_STATUS_LABELS[key]}</span>
            ),
        }))}
      />
      <WithdrawalsTable key={`${tab}-${userId ?? ''}`} status={status} userId={userId} />
    </>
  );
}
