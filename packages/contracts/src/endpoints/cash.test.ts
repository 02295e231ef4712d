import { describe, expect, it } from 'vitest';
import {
  canTransition,
  PAYOUT_OUTCOMES,
  WITHDRAWAL_ACTIONS,
  WITHDRAWAL_INITIAL_STATUS,
  WITHDRAWAL_MONEY,
  WITHDRAWAL_STATUSES,
  WITHDRAWAL_TRANSITIONS,
  type WithdrawalStatus,
  withdrawalActions,
  withdrawalStatusesAllowing,
} from './cash.ts';

const moves = (status: WithdrawalStatus) => Object.entries(WITHDRAWAL_TRANSITIONS[status]);
const finalStatuses = WITHDRAWAL_STATUSES.filter((status) => moves(status).length === 0);

describe('the withdrawal state machine', () => {
  it('reaches every status from the one a new withdrawal starts in', () => {
    const reached = new Set<WithdrawalStatus>([WITHDRAWAL_INITIAL_STATUS]);
    for (const from of reached) for (const [, to] of moves(from)) if (to) reached.add(to);
    expect([...reached].sort()).toEqual([...WITHDRAWAL_STATUSES].sort());
  });

  it('leads every move to a status, by an operator action or a provider verdict', () => {
    const known = [...WITHDRAWAL_ACTIONS, ...PAYOUT_OUTCOMES.map((outcome) => `provider.${outcome}`)];
    for (const status of WITHDRAWAL_STATUSES) {
      for (const [move, to] of moves(status)) {
        expect(known).toContain(move);
        expect(WITHDRAWAL_STATUSES).toContain(to);
      }
    }
  });

  it('ends in rejected, payment failed or reversed, where no action is offered', () => {
    expect(finalStatuses).toEqual(['rejected', 'payment_failed', 'reversed']);
    for (const status of finalStatuses) expect(withdrawalActions(status)).toEqual([]);
  });

  it('ends exactly where the money went back to the income wallet', () => {
    expect(finalStatuses).toEqual(WITHDRAWAL_STATUSES.filter((status) => WITHDRAWAL_MONEY[status] === 'returned'));
  });

  it('moves the money only as the ledger can: paid out or refunded from the hold, or a payout reversed', () => {
    const changes = new Set(
      WITHDRAWAL_STATUSES.flatMap((from) =>
        moves(from).map(([, to]) => `${WITHDRAWAL_MONEY[from]} → ${to ? WITHDRAWAL_MONEY[to] : '?'}`),
      ),
    );
    expect([...changes].sort()).toEqual(['held → held', 'held → paid_out', 'held → returned', 'paid_out → returned']);
  });

  it('offers the operator review, then payment or a recorded outcome, then nothing', () => {
    expect(Object.fromEntries(WITHDRAWAL_STATUSES.map((status) => [status, withdrawalActions(status)]))).toEqual({
      pending_review: ['approve', 'reject'],
      pending_payment: ['pay', 'markPaid', 'markFailed'],
      paying: [],
      paid: [],
      rejected: [],
      payment_failed: [],
      reversed: [],
    });
  });

  it('leaves a payment sent to the provider, and a paid one, to the provider alone', () => {
    expect(WITHDRAWAL_TRANSITIONS.paying).toEqual({
      'provider.paid': 'paid',
      'provider.failed': 'payment_failed',
      'provider.reversed': 'payment_failed',
    });
    expect(WITHDRAWAL_TRANSITIONS.paid).toEqual({ 'provider.reversed': 'reversed' });
    expect(withdrawalStatusesAllowing('provider.paid')).toEqual(['paying']);
  });

  it('refuses a move the table does not name', () => {
    expect(canTransition('pending_review', 'approve')).toBe(true);
    expect(canTransition('pending_review', 'markPaid')).toBe(false);
    expect(canTransition('payment_failed', 'provider.paid')).toBe(false);
    expect(canTransition('rejected', 'reject')).toBe(false);
  });
});
