import { fromMinor } from '@app/contracts';
import type { withdrawals } from '../../db/schema.ts';
import type { WithdrawalPeople } from './repository.ts';

type WithdrawalRow = typeof withdrawals.$inferSelect;

/** A withdrawal as its user and the back office see it: the net is what reaches the payee. */
export function presentWithdrawal(row: WithdrawalRow, decimals: number) {
  const money = (minor: bigint) => fromMinor(minor, decimals);
  return {
    id: row.id,
    orderNo: row.orderNo,
    payee: row.payee,
    account: row.accountNumber,
    bankName: row.bankName,
    accountType: row.accountType,
    amount: money(row.amount),
    fee: money(row.fee),
    net: money(row.amount - row.fee),
    status: row.status,
    reason: row.reason,
    appliedAt: row.appliedAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    paidAt: row.paidAt?.toISOString() ?? null,
  };
}

/** A withdrawal in the back office: with its user, and the operator who reviewed it by name. */
export function presentAdminWithdrawal(row: WithdrawalRow, decimals: number, people: WithdrawalPeople) {
  return {
    ...presentWithdrawal(row, decimals),
    userId: row.userId,
    userAccount: people.account,
    reviewedByName: people.reviewerName,
    reviewedByEmail: people.reviewerEmail,
  };
}

/** The answer to a request, and to its replay. */
export function presentRequest(row: WithdrawalRow, decimals: number) {
  const { id, orderNo, amount, fee, net, status } = presentWithdrawal(row, decimals);
  return { id, orderNo, amount, fee, net, status };
}
