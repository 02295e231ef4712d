import { UserIdFilter, useIdParam } from '../../components/ListFilters.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import { OrdersTable } from './OrdersTable.tsx';

export function OrdersPage() {
  const userId = useIdParam('userId');
  return (
    <>
      <PageTitle subtitle={userId ? `Orders of user #${userId}, newest first.` : 'Every purchase, newest first.'}>
        Orders
      </PageTitle>
      <div style={{ marginBottom: 16 }}>
        <UserIdFilter />
      </div>
      <OrdersTable userId={userId} />
    </>
  );
}
