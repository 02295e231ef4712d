import { WITHDRAWAL_INITIAL_STATUS, WITHDRAWAL_STATUSES, type WithdrawalStatus } from '@app/contracts';
import { Badge, Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { UserIdFilter, useIdParam } from '../../components/ListFilters.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import { WITHDRAWAL_STATUS_LABELS } from '../../lib/cash.ts';
import { useCashSummary } from './queries.ts';
import { WithdrawalsTable } from './WithdrawalsTable.tsx';

const TABS: (WithdrawalStatus | 'all')[] = [...WITHDRAWAL_STATUSES, 'all'];
/** The review queue, where every new withdrawal starts: the tab that opens first, with its count. */
const QUEUE = WITHDRAWAL_INITIAL_STATUS;

export function WithdrawalsPage() {
  const [params, setParams] = useSearchParams();
  const userId = useIdParam('userId');
  const summary = useCashSummary();
  const raw = params.get('status');
  const tab = (TABS as string[]).includes(raw ?? '') ? (raw as WithdrawalStatus | 'all') : QUEUE;
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
          if (key === QUEUE) next.delete('status');
          else next.set('status', key);
          next.delete('q');
          setParams(next, { replace: true });
        }}
        items={TABS.map((key) => ({
          key,
          label:
            key === QUEUE ? (
              <span data-testid={`tab-${QUEUE}`}>
                {WITHDRAWAL_STATUS_LABELS[QUEUE]}{' '}
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
