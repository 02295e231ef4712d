import { DEPOSIT_STATUSES } from '@app/contracts';
import { Select } from 'antd';
import { useSearchParams } from 'react-router';
import { PageTitle } from '../../components/PageTitle.tsx';
import { UserIdFilter, useIdParam } from '../orders/UserIdFilter.tsx';
import { DEPOSIT_STATUS_LABELS, type DepositStatus, DepositsTable } from './DepositsTable.tsx';

export function DepositsPage() {
  const [params, setParams] = useSearchParams();
  const userId = useIdParam('userId');
  const raw = params.get('status');
  const status = (DEPOSIT_STATUSES as readonly string[]).includes(raw ?? '') ? (raw as DepositStatus) : undefined;

  return (
    <>
      <PageTitle subtitle={userId ? `Top-ups of user #${userId}, newest first.` : 'Every top-up, newest first.'}>
        Deposits
      </PageTitle>
      <div style={{ marginBottom: 16 }}>
        <UserIdFilter>
          <Select<DepositStatus | 'all'>
            aria-label="Status"
            value={status ?? 'all'}
            style={{ width: 180 }}
            data-testid="filter-deposit-status"
            onChange={(value) => {
              const next = new URLSearchParams(params);
              if (value === 'all') next.delete('status');
              else next.set('status', value);
              setParams(next, { replace: true });
            }}
            options={[
              { value: 'all', label: 'All statuses' },
              ...DEPOSIT_STATUSES.map((s) => ({ value: s, label: DEPOSIT_STATUS_LABELS[s] })),
            ]}
          />
        </UserIdFilter>
      </div>
      <DepositsTable userId={userId} status={status} />
    </>
  );
}
