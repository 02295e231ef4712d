import { adminApi, ERRORS, SUCCESS_CODE } from '@app/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { withdrawals } from '../src/db/schema.ts';
import { checkLedger } from '../src/ledger/check.ts';
import { payoutReference } from '../src/modules/withdrawals/service.ts';
import { approvedWithdrawal, readyToWithdraw, signInOwner } from './factories.ts';
import { createTestApp, type TestApp, usingPostgres } from './setup.ts';

/**
 * Operators acting on one withdrawal at once, on real PostgreSQL (PGlite has one connection, so
 * nothing races there). Whatever the order, a withdrawal ends with exactly one outcome: paid out
 * through the gateway (the sandbox's own books say so), recorded paid by hand, or refunded.
 */

// Tuesday 1 December 2026, 11:00 in Lagos: withdrawals open.
const TUESDAY_11AM = '2026-12-01T10:00:00Z';
const PAIRS = 20;

if (!usingPostgres) {
  console.info('payout-races.test.ts: skipped on PGlite; set TEST_DATABASE_URL to run the races on PostgreSQL.');
  it.skip('payout races (PostgreSQL only: set TEST_DATABASE_URL)', () => {});
}

describe.skipIf(!usingPostgres)('a withdrawal has one outcome whatever the operators race (PostgreSQL)', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set(new Date(TUESDAY_11AM));
    admin = await signInOwner(t);
    await t.services.config.update({ withdraw_daily_count: 100 }, { adminId: null, ip: '' });
  });
  afterAll(() => t?.close());
  beforeEach(() => {
    t.clock.set(new Date(TUESDAY_11AM));
  });

  const actions = {
    pay: (id: number) => t.call(adminApi.cash.payWithdrawal, {}, { token: admin, params: { id } }),
    markPaid: (id: number) => t.call(adminApi.cash.markPaid, {}, { token: admin, params: { id } }),
    markFailed: (id: number) =>
      t.call(adminApi.cash.markFailed, { reason: 'bank returned it' }, { token: admin, params: { id } }),
    reject: (id: number) =>
      t.call(adminApi.cash.rejectWithdrawal, { reason: 'too late' }, { token: admin, params: { id } }),
  };

  /** What happened to a withdrawal: its state, the gateway's payout, and its ledger entries. */
  async function outcomeOf(id: number) {
    const [row] = await t.db.select().from(withdrawals).where(eq(withdrawals.id, id));
    if (!row) throw new Error(`no withdrawal ${id}`);
    const gatewayPayout = await t.services.sandbox.payment(payoutReference(row.orderNo));
    const [entries] = await queryRows<{ payouts: number; refunds: number }>(
      t.db,
      sql`select count(*) filter (where type = 'withdrawal_payout')::integer as payouts,
        count(*) filter (where type = 'withdrawal_refund')::integer as refunds
        from journal_entries where ref_type = 'withdrawal' and ref_id = ${String(id)}`,
    );
    return {
      status: row.status,
      gatewayPaid: gatewayPayout?.status === 'approved',
      byHand: row.payoutRef === 'manual',
      payouts: entries?.payouts,
      refunds: entries?.refunds,
    };
  }

  /** Approves PAIRS fresh withdrawals and runs `first` and `second` on each at the same time. */
  async function race(
    first: (id: number) => Promise<{ code: number }>,
    second: (id: number) => Promise<{ code: number }>,
  ) {
    const user = await readyToWithdraw(t, { income: `${PAIRS * 100}.00` });
    t.clock.set(new Date(TUESDAY_11AM));
    const ids: number[] = [];
    for (let i = 0; i < PAIRS; i++) ids.push((await approvedWithdrawal(t, user, admin, '100')).id);
    const answers = await Promise.all(ids.map((id) => Promise.all([first(id), second(id)])));
    const outcomes = await Promise.all(ids.map(outcomeOf));
    expect((await checkLedger(t.db)).violations).toEqual([]);
    return { answers: answers.map(([a, b]) => [a.code, b.code]), outcomes };
  }

  const paidByGateway = { status: 'paid', gatewayPaid: true, byHand: false, payouts: 1, refunds: 0 };
  const paidByHand = { status: 'paid', gatewayPaid: false, byHand: true, payouts: 1, refunds: 0 };
  const refunded = { status: 'payment_failed', gatewayPaid: false, byHand: false, payouts: 0, refunds: 1 };

  it(`${PAIRS} pay + mark-failed pairs: each is paid out by the gateway or refunded, never both`, async () => {
    const { answers, outcomes } = await race(actions.pay, actions.markFailed);
    for (const outcome of outcomes) expect([paidByGateway, refunded]).toContainEqual(outcome);
    for (const [index, pair] of answers.entries()) {
      const won =
        outcomes[index]?.status === 'paid'
          ? [SUCCESS_CODE, ERRORS.WITHDRAWAL_STATE.code]
          : [ERRORS.WITHDRAWAL_STATE.code, SUCCESS_CODE];
      expect(pair).toEqual(won);
    }
  });

  it(`${PAIRS} pay + pay pairs: each is sent and paid once`, async () => {
    const { answers, outcomes } = await race(actions.pay, actions.pay);
    for (const outcome of outcomes) expect(outcome).toEqual(paidByGateway);
    for (const pair of answers) expect([...pair].sort()).toEqual([SUCCESS_CODE, ERRORS.WITHDRAWAL_STATE.code]);
  });

  it(`${PAIRS} pay + reject pairs: an approved withdrawal is no longer rejected, and is paid once`, async () => {
    const { answers, outcomes } = await race(actions.pay, actions.reject);
    for (const outcome of outcomes) expect(outcome).toEqual(paidByGateway);
    for (const pair of answers) expect(pair).toEqual([SUCCESS_CODE, ERRORS.WITHDRAWAL_STATE.code]);
  });

  it(`${PAIRS} pay + mark-paid pairs: each is paid by the gateway or recorded paid by hand, never both`, async () => {
    const { outcomes } = await race(actions.pay, actions.markPaid);
    for (const outcome of outcomes) expect([paidByGateway, paidByHand]).toContainEqual(outcome);
  });
});
