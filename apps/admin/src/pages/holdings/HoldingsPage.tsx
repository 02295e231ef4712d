import { HOLDING_STATUSES } from '@app/contracts';
import { StatusFilter, UserIdFilter, useIdParam, useStatusParam } from '../../components/ListFilters.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import { type HoldingStatus, HoldingsTable } from './HoldingsTable.tsx';

const HOLDING_STATUS_LABELS: Record<HoldingStatus, string> = { holding: 'Holding', expired: 'Expired' };

export function HoldingsPage() {
  const userId = useIdParam('userId');
  const status = useStatusParam(HOLDING_STATUSES);

  return (
    <>
      <PageTitle subtitle="Machines users hold: accrual progress, income waiting to be collected, expiry.">
        Holdings
      </PageTitle>
      <div style={{ marginBottom: 16 }}>
        <UserIdFilter>
          <StatusFilter
            statuses={HOLDING_STATUSES}
            labels={HOLDING_STATUS_LABELS}
            width={160}
            testId="filter-holding-status"
          />
        </UserIdFilter>
      </div>
      <HoldingsTable userId={userId} status={status} />
    </>
  );
}
