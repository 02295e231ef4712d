import { endpoint, idParams, integerKeyedPageQuery, noInput, page, pageQuery } from '../endpoint.ts';
import { idQueryField, payPasswordField } from '../validation.ts';
import { z } from '../zod.ts';

export const DEPOSIT_STATUSES = ['pending', 'succeeded', 'failed', 'expired'] as const;
/**
 * `paying`: sent to the payment provider, whose answer (or reconciliation) decides paid or
 * payment_failed. `reversed`: paid, then returned by the receiving bank and refunded.
 */
export const WITHDRAWAL_STATUSES = [
  'pending_review',
  'rejected',
  'pending_payment',
  'paying',
  'paid',
  'payment_failed',
  'reversed',
] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

/**
 * What a withdrawal must meet, as the server will judge it: days (0 = Sunday) and hours
 * (from, until excluded) in `timezone`, requests left today (the user's level included), the
 * amount's step and bounds, the fee rate and the share of the fee the user's level waives.
 * `blocked`: why no withdrawal of any amount can be made now (null: one can), as the quote and
 * the request refuse it (WITHDRAW_CLOSED_DAY, WITHDRAW_DAILY_COUNT, WITHDRAW_CLOSED_HOURS,
 * WITHDRAW_BELOW_MIN for an income balance under the minimum), its message in the user's
 * language, and when withdrawals open again (null when waiting will not do).
 */
export const withdrawRules = z.object({
  days: z.array(z.number().int()),
  from: z.string(),
  to: z.string(),
  timezone: z.string(),
  openNow: z.boolean(),
  perDay: z.number().int(),
  leftToday: z.number().int(),
  step: z.string(),
  min: z.string(),
  max: z.string(),
  feeRate: z.string(),
  feeDiscount: z.string(),
  blocked: z.object({ code: z.number().int(), msg: z.string(), opensAt: z.string().nullable() }).nullable(),
});
export type WithdrawRules = z.infer<typeof withdrawRules>;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];
export const WITHDRAWAL_INITIAL_STATUS: WithdrawalStatus = 'pending_review';

/** What an operator does to a withdrawal, one back-office endpoint each (`cashAdmin`). */
export const WITHDRAWAL_ACTIONS = ['approve', 'reject', 'pay', 'markPaid', 'markFailed'] as const;
export type WithdrawalAction = (typeof WITHDRAWAL_ACTIONS)[number];
/** The review, the actions a bulk review may take. */
export const WITHDRAWAL_REVIEW_ACTIONS = ['approve', 'reject'] as const satisfies readonly WithdrawalAction[];
export type WithdrawalReviewAction = (typeof WITHDRAWAL_REVIEW_ACTIONS)[number];
/** The provider's verdicts on a payment it was sent: its answer, a webhook or reconciliation. */
export const PAYOUT_OUTCOMES = ['paid', 'failed', 'reversed'] as const;
export type PayoutOutcome = (typeof PAYOUT_OUTCOMES)[number];
export type ProviderVerdict = `provider.${PayoutOutcome}`;
/** Everything that can move a withdrawal: an operator's action or the provider's verdict. */
export type WithdrawalMove = WithdrawalAction | ProviderVerdict;

/**
 * The withdrawal state machine: from each status, the moves that lead out of it and where to;
 * every other move is refused (WITHDRAWAL_STATE). The operator reviews, sends the payment to the
 * provider, or records one made outside the gateway. A payment sent to the provider is settled by
 * the provider alone, so it can never be both paid out and refunded; a reversal before any
 * success is a failure.
 */
export const WITHDRAWAL_TRANSITIONS: Readonly<
  Record<WithdrawalStatus, Readonly<Partial<Record<WithdrawalMove, WithdrawalStatus>>>>
> = {
  pending_review: { approve: 'pending_payment', reject: 'rejected' },
  pending_payment: { pay: 'paying', markPaid: 'paid', markFailed: 'payment_failed' },
  paying: { 'provider.paid': 'paid', 'provider.failed': 'payment_failed', 'provider.reversed': 'payment_failed' },
  paid: { 'provider.reversed': 'reversed' },
  rejected: {},
  payment_failed: {},
  reversed: {},
};

/**
 * Where a withdrawal's amount is in each status: held (in `withdraw_hold`), paid out (the net to
 * the payee, the fee to the house) or returned to the income wallet. A move changes it only so:
 * held to paid out (a payment), held to returned (a refund), paid out to returned (a reversal).
 */
export const WITHDRAWAL_MONEY: Readonly<Record<WithdrawalStatus, 'held' | 'paid_out' | 'returned'>> = {
  pending_review: 'held',
  pending_payment: 'held',
  paying: 'held',
  paid: 'paid_out',
  rejected: 'returned',
  payment_failed: 'returned',
  reversed: 'returned',
};

/** Where `move` takes a withdrawal in status `from`; undefined when the table does not allow it. */
export function withdrawalTarget(from: WithdrawalStatus, move: WithdrawalMove): WithdrawalStatus | undefined {
  return WITHDRAWAL_TRANSITIONS[from][move];
}

export function canTransition(from: WithdrawalStatus, move: WithdrawalMove): boolean {
  return withdrawalTarget(from, move) !== undefined;
}

/** The operator's actions on a withdrawal in `status`: the back office shows exactly these. */
export function withdrawalActions(status: WithdrawalStatus): WithdrawalAction[] {
  return WITHDRAWAL_ACTIONS.filter((action) => canTransition(status, action));
}

/** The statuses `move` leads out of: the guard of a statement that makes that move. */
export function withdrawalStatusesAllowing(move: WithdrawalMove): WithdrawalStatus[] {
  return WITHDRAWAL_STATUSES.filter((status) => canTransition(status, move));
}

export const PAYOUT_ACCOUNT_TYPES = ['bank', 'mobile_money'] as const;
export type PayoutAccountType = (typeof PAYOUT_ACCOUNT_TYPES)[number];
export const PAYOUT_ACCOUNT_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type PayoutAccountStatus = (typeof PAYOUT_ACCOUNT_STATUSES)[number];

const amountField = z
  .string()
  .trim()
  .min(1)
  .regex(/^\d{1,12}(\.\d{1,8})?$/, 'INVALID_INPUT');

export const depositMethod = z.object({
  id: z.string(),
  name: z.string(),
  provider: z.string(),
  min: z.string(),
  max: z.string(),
});

export const deposit = z.object({
  transId: z.string(),
  amount: z.string(),
  status: z.enum(DEPOSIT_STATUSES),
  methodId: z.string(),
  payUrl: z.string(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});

export const payoutAccount = z.object({
  id: z.number().int(),
  type: z.enum(PAYOUT_ACCOUNT_TYPES),
  holderName: z.string(),
  accountNumber: z.string(),
  bankName: z.string().nullable(),
  operator: z.string().nullable(),
  status: z.enum(PAYOUT_ACCOUNT_STATUSES),
  rejectReason: z.string().nullable(),
  createdAt: z.string(),
});

const payoutAccountInput = z.object({
  type: z.enum(PAYOUT_ACCOUNT_TYPES),
  holderName: z.string().trim().min(1).max(80),
  accountNumber: z.string().trim().min(1).max(40),
  bankName: z.string().trim().max(60).optional(),
  operator: z.string().trim().max(60).optional(),
});

export const withdrawal = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  payee: z.string(),
  account: z.string(),
  /** The bank, or the mobile-money operator when `accountType` says so. */
  bankName: z.string(),
  accountType: z.enum(PAYOUT_ACCOUNT_TYPES),
  amount: z.string(),
  fee: z.string(),
  net: z.string(),
  status: z.enum(WITHDRAWAL_STATUSES),
  reason: z.string().nullable(),
  appliedAt: z.string(),
  reviewedAt: z.string().nullable(),
  paidAt: z.string().nullable(),
});

export const cash = {
  depositMethods: endpoint({
    method: 'GET',
    path: '/deposit/methods',
    access: 'user',
    summary: 'Payment methods with their limits',
    input: noInput,
    output: z.array(depositMethod),
  }),
  createDeposit: endpoint({
    method: 'POST',
    path: '/deposits',
    access: 'user',
    idempotent: true,
    summary: 'Start a top-up: answers the page where the payer approves it',
    input: z.object({ amount: amountField, methodId: z.string().trim().min(1).max(30) }),
    output: z.object({ transId: z.string(), payUrl: z.string(), status: z.enum(DEPOSIT_STATUSES) }),
  }),
  getDeposit: endpoint({
    method: 'GET',
    path: '/deposits/:transId',
    access: 'user',
    summary: 'A top-up and its status (the page the payer returns to polls it)',
    params: z.object({ transId: z.string().max(64) }),
    input: noInput,
    output: deposit,
  }),
  deposits: endpoint({
    method: 'GET',
    path: '/deposits',
    access: 'user',
    summary: 'My top-ups',
    input: pageQuery,
    output: page(deposit),
  }),
  payoutAccounts: endpoint({
    method: 'GET',
    path: '/payoutAccounts',
    access: 'user',
    summary: 'My withdrawal accounts',
    input: noInput,
    output: z.array(payoutAccount),
  }),
  addPayoutAccount: endpoint({
    method: 'POST',
    path: '/payoutAccounts',
    access: 'user',
    summary: 'Add a bank card or mobile-money account',
    input: payoutAccountInput,
    output: payoutAccount,
  }),
  updatePayoutAccount: endpoint({
    method: 'PUT',
    path: '/payoutAccounts/:id',
    access: 'user',
    summary: 'Edit an account (goes back to approval where required)',
    params: idParams,
    input: payoutAccountInput,
    output: payoutAccount,
  }),
  deletePayoutAccount: endpoint({
    method: 'DELETE',
    path: '/payoutAccounts/:id',
    access: 'user',
    summary: 'Remove an account',
    params: idParams,
    input: noInput,
    output: z.null(),
  }),
  payoutOptions: endpoint({
    method: 'GET',
    path: '/payoutAccounts/options',
    access: 'user',
    summary: 'Banks and mobile-money operators to choose from',
    input: noInput,
    output: z.object({ banks: z.array(z.string()), operators: z.array(z.string()), approvalRequired: z.boolean() }),
  }),
  changePayPassword: endpoint({
    method: 'POST',
    path: '/user/changePayPassword',
    access: 'user',
    summary: 'Change the payment password with the current one',
    input: z
      .object({ oldPayPassword: payPasswordField, payPassword: payPasswordField, repeatPayPassword: payPasswordField })
      .refine((v) => v.payPassword === v.repeatPayPassword, {
        message: 'PAY_PASSWORDS_MISMATCH',
        path: ['repeatPayPassword'],
      }),
    output: z.null(),
  }),
  withdrawQuote: endpoint({
    method: 'GET',
    path: '/withdrawals/quote',
    access: 'user',
    summary:
      'Fee and net amount of a withdrawal, checked against every rule, before confirming; refused as the request would be when no withdrawal can be made now (withdrawRules.blocked)',
    input: z.object({ amount: amountField }),
    output: z.object({ amount: z.string(), fee: z.string(), net: z.string() }),
  }),
  withdrawRules: endpoint({
    method: 'GET',
    path: '/withdrawals/rules',
    access: 'user',
    summary: 'The withdrawal rules that apply to me now, shown before I type an amount',
    input: noInput,
    output: withdrawRules,
  }),
  withdraw: endpoint({
    method: 'POST',
    path: '/withdrawals',
    access: 'user',
    idempotent: true,
    summary: 'Withdraw from the income wallet (held until paid or refunded)',
    input: z.object({
      accountId: z.number().int().positive().max(2_147_483_647),
      amount: amountField,
      payPassword: payPasswordField,
    }),
    output: z.object({
      id: z.number().int(),
      orderNo: z.string(),
      amount: z.string(),
      fee: z.string(),
      net: z.string(),
      status: z.enum(WITHDRAWAL_STATUSES),
    }),
  }),
  withdrawals: endpoint({
    method: 'GET',
    path: '/withdrawals',
    access: 'user',
    summary: 'My withdrawals',
    input: pageQuery,
    output: page(withdrawal),
  }),
};

export const adminWithdrawal = withdrawal.extend({
  userId: z.number().int(),
  userAccount: z.string(),
  /** The operator who approved or rejected it; null until reviewed. */
  reviewedByName: z.string().nullable(),
  reviewedByEmail: z.string().nullable(),
});
export const adminDeposit = deposit.extend({
  userId: z.number().int(),
  userAccount: z.string(),
  /** Why a provider's success was not credited (an amount or currency that differs), for an operator. */
  problem: z.string().nullable(),
});
export const adminPayoutAccount = payoutAccount.extend({ userId: z.number().int(), userAccount: z.string() });
const reason = z.object({ reason: z.string().trim().min(1).max(500) });
const finance = ['finance'] as const;

export const cashAdmin = {
  withdrawals: endpoint({
    method: 'GET',
    path: '/withdrawals',
    access: 'admin',
    roles: finance,
    summary: 'Withdrawals by status (the review queue is pending_review)',
    input: pageQuery.extend({
      status: z.enum(WITHDRAWAL_STATUSES).optional(),
      userId: idQueryField.optional(),
    }),
    output: page(adminWithdrawal),
  }),
  approveWithdrawal: endpoint({
    method: 'POST',
    path: '/withdrawals/:id/approve',
    access: 'admin',
    roles: finance,
    summary: 'Approve: pending_review → pending_payment',
    params: idParams,
    input: noInput,
    output: adminWithdrawal,
  }),
  rejectWithdrawal: endpoint({
    method: 'POST',
    path: '/withdrawals/:id/reject',
    access: 'admin',
    roles: finance,
    summary: 'Reject with a reason and refund the held amount',
    params: idParams,
    input: reason,
    output: adminWithdrawal,
  }),
  payWithdrawal: endpoint({
    method: 'POST',
    path: '/withdrawals/:id/pay',
    access: 'admin',
    roles: finance,
    summary: 'Pay through the gateway: paying until the provider answers, then paid or payment_failed (refunded)',
    params: idParams,
    input: noInput,
    output: adminWithdrawal,
  }),
  markPaid: endpoint({
    method: 'POST',
    path: '/withdrawals/:id/markPaid',
    access: 'admin',
    roles: finance,
    summary: 'Record a payment made outside the gateway (pending_payment only: the provider settles a gateway payment)',
    params: idParams,
    input: noInput,
    output: adminWithdrawal,
  }),
  markFailed: endpoint({
    method: 'POST',
    path: '/withdrawals/:id/markFailed',
    access: 'admin',
    roles: finance,
    summary: 'Record a failed payment made outside the gateway and refund the held amount (pending_payment only)',
    params: idParams,
    input: reason,
    output: adminWithdrawal,
  }),
  bulkReview: endpoint({
    method: 'POST',
    path: '/withdrawals/bulk',
    access: 'admin',
    roles: finance,
    summary: 'Approve or reject several withdrawals; each succeeds or fails on its own',
    input: z.object({
      ids: z.array(z.number().int().positive()).min(1).max(200),
      action: z.enum(WITHDRAWAL_REVIEW_ACTIONS),
      reason: z.string().trim().max(500).optional(),
    }),
    output: z.array(z.object({ id: z.number().int(), ok: z.boolean(), msg: z.string() })),
  }),
  deposits: endpoint({
    method: 'GET',
    path: '/deposits',
    access: 'admin',
    roles: finance,
    summary: 'Top-ups by status',
    input: pageQuery.extend({
      status: z.enum(DEPOSIT_STATUSES).optional(),
      userId: idQueryField.optional(),
    }),
    output: page(adminDeposit),
  }),
  payoutAccounts: endpoint({
    method: 'GET',
    path: '/payoutAccounts',
    access: 'admin',
    roles: ['finance', 'support'],
    summary: 'Payout accounts by status (approvals)',
    input: integerKeyedPageQuery.extend({ status: z.enum(PAYOUT_ACCOUNT_STATUSES).optional() }),
    output: page(adminPayoutAccount),
  }),
  approvePayoutAccount: endpoint({
    method: 'POST',
    path: '/payoutAccounts/:id/approve',
    access: 'admin',
    roles: ['finance', 'support'],
    summary: 'Approve a payout account',
    params: idParams,
    input: noInput,
    output: adminPayoutAccount,
  }),
  rejectPayoutAccount: endpoint({
    method: 'POST',
    path: '/payoutAccounts/:id/reject',
    access: 'admin',
    roles: ['finance', 'support'],
    summary: 'Reject a payout account with a reason',
    params: idParams,
    input: reason,
    output: adminPayoutAccount,
  }),
  cashSummary: endpoint({
    method: 'GET',
    path: '/cash/summary',
    access: 'admin',
    roles: finance,
    summary: "Today's deposits and withdrawals, and solvency: cash held against what is owed",
    input: noInput,
    output: z.object({
      depositsToday: z.string(),
      depositCountToday: z.number().int(),
      withdrawalsPaidToday: z.string(),
      withdrawalCountToday: z.number().int(),
      pendingReview: z.number().int(),
      cashHeld: z.string(),
      owedBalances: z.string(),
      owedFutureIncome: z.string(),
      /** Cash the embedded trial gave its demo account: owed to no one, so the ratio leaves it out. */
      demoMoney: z.string(),
      solvencyRatio: z.string(),
    }),
  }),
};
