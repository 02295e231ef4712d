import { DEPOSIT_STATUSES } from '@app/contracts';
import { StatusFilter, UserIdFilter, useIdParam, useStatusParam } from '../../components/ListFilters.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import { DEPOSIT_STATUS_LABELS, DepositsTable } from './DepositsTable.tsx';

export function DepositsPage() {
  const userId = useIdParam('userId');
  const status = useStatusParam(DEPOSIT_STATUSES);

  return (
    <>
      <PageTitle subtitle={userId ? `Top-ups of user #${userId}, newest first.` : 'Every top-up, newest first.'}>
        Deposits
      </PageTitle>
      <div style={{ marginBottom: 16 }}>
        <UserIdFilter>
          <StatusFilter
            statuses={DEPOSIT_STATUSES}
            labels={DEPOSIT_STATUS_LABELS}
            width={180}
            testId="filter-deposit-status"
          />
        </UserIdFilter>
      </div>
      <DepositsTable userId={userId} status={status} />
    </>
  );
}
