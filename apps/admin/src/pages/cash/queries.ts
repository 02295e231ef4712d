import { adminApi, type OutputOf } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { allowed, call } from '../../api.ts';
import { useAdmin } from '../../auth.tsx';

export const CASH_SUMMARY_KEY = ['admin', 'cash-summary'] as const;
export const WITHDRAWALS_KEY = ['admin', 'withdrawals'] as const;
export const DEPOSITS_KEY = ['admin', 'deposits'] as const;
export const PAYOUT_ACCOUNTS_KEY = ['admin', 'payout-accounts'] as const;

export type CashSummary = OutputOf<typeof adminApi.cash.cashSummary>;
export type WithdrawalRow = OutputOf<typeof adminApi.cash.withdrawals>['items'][number];
export type DepositRow = OutputOf<typeof adminApi.cash.deposits>['items'][number];
export type PayoutAccountRow = OutputOf<typeof adminApi.cash.payoutAccounts>['items'][number];

/** Today's cash figures and solvency; shared by the dashboard and the menu badge. */
export function useCashSummary() {
  const admin = useAdmin();
  return useQuery({
    queryKey: CASH_SUMMARY_KEY,
    queryFn: () => call(adminApi.cash.cashSummary, {}),
    enabled: allowed(admin.role, adminApi.cash.cashSummary),
    refetchInterval: 60_000,
  });
}
