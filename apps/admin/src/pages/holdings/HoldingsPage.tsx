import { HOLDING_STATUSES } from '@app/contracts';
import { Select } from 'antd';
import { useSearchParams } from 'react-router';
import { PageTitle } from '../../components/PageTitle.tsx';
import { UserIdFilter, useIdParam } from '../orders/UserIdFilter.tsx';
import { type HoldingStatus, HoldingsTable } from './HoldingsTable.tsx';

export function HoldingsPage() {
  const userId = useIdParam('userId');
  const [params, setParams] = useSearchParams();
  const raw = params.get('status');
  const status = (HOLDING_STATUSES as readonly string[]).includes(raw ?? '') ? (raw as HoldingStatus) : undefined;

  return (
    <>
      <PageTitle subtitle="Machines users hold: accrual progress, income waiting to be collected, expiry.">
        Holdings
      </PageTitle>
      <div style={{ marginBottom: 16 }}>
        <UserIdFilter>
          <Select<HoldingStatus | 'all'>
            aria-label="Status"
            value={status ?? 'all'}
            style={{ width: 160 }}
            data-testid="filter-holding-status"
            onChange={(value) => {
              const next = new URLSearchParams(params);
              if (value === 'all') next.delete('status');
              else next.set('status', value);
              setParams(next, { replace: true });
            }}
            options={[
              { value: 'all', label: 'All statuses' },
              { value: 'holding', label: 'Holding' },
              { value: 'expired', label: 'Expired' },
            ]}
          />
        </UserIdFilter>
      </div>
      <HoldingsTable userId={userId} status={status} />
    </>
  );
}
