/** Pure helpers of the cash screens: withdrawal actions and labels, solvency levels, bulk results. */
import {
  canTransition,
  type DepositStatus,
  type PayoutAccountStatus,
  WITHDRAWAL_REVIEW_ACTIONS,
  WITHDRAWAL_STATUSES,
  type WithdrawalAction,
  type WithdrawalReviewAction,
  type WithdrawalStatus,
} from '@app/contracts';

/** Whether an action takes a reason (shown to the user and kept in the audit log). */
export function actionNeedsReason(action: WithdrawalAction): boolean {
  return action === 'reject' || action === 'markFailed';
}

/** A withdrawal a bulk review can take: every review action is open to it. */
export function inReview(status: WithdrawalStatus): boolean {
  return WITHDRAWAL_REVIEW_ACTIONS.every((action) => canTransition(status, action));
}

export const WITHDRAWAL_STATUS_LABELS: Record<WithdrawalStatus, string> = {
  pending_review: 'Pending review',
  pending_payment: 'Pending payment',
  paying: 'Paying',
  paid: 'Paid',
  payment_failed: 'Payment failed',
  reversed: 'Reversed',
  rejected: 'Rejected',
};

const STATUS_WORDS = new RegExp(`\\b(${WITHDRAWAL_STATUSES.join('|')})\\b`, 'g');

/** Server messages name raw states ("is pending_payment"); shows them as the screen labels. */
export function readableStatusMessage(msg: string): string {
  return msg.replace(STATUS_WORDS, (key) => WITHDRAWAL_STATUS_LABELS[key as WithdrawalStatus].toLowerCase());
}

export const WITHDRAWAL_STATUS_COLORS: Record<WithdrawalStatus, string> = {
  pending_review: 'gold',
  pending_payment: 'blue',
  paying: 'processing',
  paid: 'green',
  payment_failed: 'red',
  reversed: 'volcano',
  rejected: 'default',
};

export const DEPOSIT_STATUS_COLORS: Record<DepositStatus, string> = {
  pending: 'gold',
  succeeded: 'green',
  failed: 'red',
  expired: 'default',
};

export const PAYOUT_ACCOUNT_STATUS_COLORS: Record<PayoutAccountStatus, string> = {
  pending: 'gold',
  approved: 'green',
  rejected: 'red',
};

export type SolvencyLevel = 'healthy' | 'watch' | 'short' | 'unknown';

/**
 * Level of the solvency ratio, a percent ("104.50"): at least 100 % healthy, 80 to 100 % watch,
 * below 80 % short. "—" (nothing owed) or an unreadable value is unknown.
 */
export function solvencyLevel(ratio: string | null | undefined): SolvencyLevel {
  if (ratio === null || ratio === undefined) return 'unknown';
  const text = ratio.trim();
  if (!/^-?\d+(\.\d+)?$/.test(text)) return 'unknown';
  const value = Number(text);
  if (value >= 100) return 'healthy';
  if (value >= 80) return 'watch';
  return 'short';
}

export const SOLVENCY_COLORS: Record<SolvencyLevel, string> = {
  healthy: '#389e0d',
  watch: '#d48806',
  short: '#cf1322',
  unknown: '#8c8c8c',
};

/** One sentence saying what the ratio means for the operator. */
export function solvencyText(level: SolvencyLevel, ratio: string): string {
  switch (level) {
    case 'healthy':
      return `Cash held covers everything owed (${ratio} %): every balance and all promised machine income could be paid out today.`;
    case 'watch':
      return `Cash held covers only ${ratio} % of what is owed: paying every balance and all promised income at once would leave a shortfall; watch withdrawals closely.`;
    case 'short':
      if (ratio.trim().startsWith('-'))
        return 'Cash held is below zero: more has been paid out than was deposited, so nothing covers what users are owed; act now.';
      return `Cash held covers only ${ratio} % of what is owed: the platform could not pay out what users are owed if they all withdrew; act now.`;
    default:
      return 'Nothing is owed yet, so there is no ratio to show.';
  }
}

export interface BulkResult {
  id: number;
  ok: boolean;
  msg: string;
}

export interface BulkSummary {
  succeeded: number[];
  failed: BulkResult[];
  /** One line for a toast: "3 approved, 1 failed". */
  headline: string;
}

/** Splits per-id results of a bulk review and says how it went. */
export function summarizeBulk(results: readonly BulkResult[], action: WithdrawalReviewAction): BulkSummary {
  const succeeded = results.filter((r) => r.ok).map((r) => r.id);
  const failed = results.filter((r) => !r.ok);
  const verb = action === 'approve' ? 'approved' : 'rejected';
  const parts: string[] = [];
  if (succeeded.length > 0 || failed.length === 0) parts.push(`${succeeded.length} ${verb}`);
  if (failed.length > 0) parts.push(`${failed.length} failed`);
  return { succeeded, failed, headline: parts.join(', ') };
}
