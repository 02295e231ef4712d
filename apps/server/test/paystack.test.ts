import { adminApi, api, ERRORS } from '@app/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { paymentEvents, payoutAccounts } from '../src/db/schema.ts';
import { userAccountIds } from '../src/ledger/accounts.ts';
import { checkLedger } from '../src/ledger/check.ts';
import { postEntries } from '../src/ledger/post.ts';
import { payoutReference } from '../src/modules/withdrawals/service.ts';
import { approvedWithdrawal, lastCode, readyToWithdraw, signInOwner, signUp, violationsWith } from './factories.ts';
import { FakePaystack, UNRESOLVABLE } from './fake-paystack.ts';
import { createTestApp, type TestApp } from './setup.ts';

let fake: FakePaystack;
let t: TestApp;
let admin: string;

beforeAll(async () => {
  fake = await new FakePaystack().start();
  t = await createTestApp({
    PAYSTACK_SECRET_KEY: fake.secretKey,
    PAYSTACK_BASE_URL: fake.url,
    // Long enough for a loaded machine to answer (500 ms failed a CI run); the held transfer waits it out.
    PAYSTACK_TIMEOUT_MS: '2000',
    PUBLIC_URL: 'https://minerva.example',
  });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

// Tuesday 1 December 2026, 11:00 in Lagos: withdrawals open (Mon–Fri, 09:00–17:00).
const TUESDAY_11AM = '2026-12-01T10:00:00Z';
beforeEach(async () => {
  t.clock.set(new Date(TUESDAY_11AM));
  await t.services.config.update({ withdraw_daily_count: 10 }, { adminId: null, ip: '' });
  admin = await signInOwner(t);
});

async function expectLedgerOk() {
  expect((await checkLedger(t.db)).violations).toEqual([]);
}

/** Posts a webhook to the app as Paystack does: the raw JSON body and, when given, its signature. */
async function deliver(hook: { rawBody: string; signature?: string }) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/payments/paystack/webhook',
    headers: {
      'content-type': 'application/json',
      ...(hook.signature ? { 'x-paystack-signature': hook.signature } : {}),
    },
    payload: hook.rawBody,
  });
  const body = response.json() as { code: number; data: { outcome: string } | null };
  return { status: response.statusCode, code: body.code, outcome: body.data?.outcome };
}

async function topUp(token: string, amount: string) {
  return t.ok(api.cash.createDeposit, { amount, methodId: 'paystack' }, { token });
}

const bill = (token: string) => t.ok(api.wallet.bill, {}, { token });
const deposit = (token: string, transId: string) => t.ok(api.cash.getDeposit, {}, { token, params: { transId } });
const runJob = (name: string) => t.ok(api.testing.runJob, {}, { params: { name } });

async function withdrawalOf(token: string, id: number) {
  const found = (await t.ok(api.cash.withdrawals, {}, { token })).items.find((item) => item.id === id);
  if (!found) throw new Error(`withdrawal ${id} not listed`);
  return found;
}

describe('deposits through Paystack', () => {
  it("opens Paystack's checkout for the payer's email, in kobo, with the top-up's id as reference", async () => {
    const { token, account } = await signUp(t);
    expect((await t.ok(api.cash.depositMethods, {}, { token })).map((method) => method.id)).toEqual(['paystack']);
    const { transId, payUrl, status } = await topUp(token, '150.00');
    expect(status).toBe('pending');
    const [initialized] = fake
      .calls('POST', '/transaction/initialize')
      .filter((call) => call.body?.reference === transId);
    expect(initialized?.body).toEqual({
      email: account,
      amount: '15000',
      currency: 'NGN',
      reference: transId,
      callback_url: `https://minerva.example/wallet/depositStatus?transId=${transId}`,
    });
    expect(payUrl).toBe(`https://checkout.paystack.com/${fake.transactions.get(transId)?.id}`);
    const again = await t.ok(
      api.cash.createDeposit,
      { amount: '150.00', methodId: 'paystack' },
      { token, headers: { 'idempotency-key': 'top-up-1' } },
    );
    const repeated = await t.ok(
      api.cash.createDeposit,
      { amount: '150.00', methodId: 'paystack' },
      { token, headers: { 'idempotency-key': 'top-up-1' } },
    );
    expect(repeated).toEqual(again);
    expect(
      fake.calls('POST', '/transaction/initialize').filter((call) => call.body?.reference === again.transId),
    ).toHaveLength(1);
  });

  it('a payer who signed up with a phone number pays under a stable placeholder email', async () => {
    const account = '08031234567';
    await t.ok(api.user.sendCode, { account, purpose: 'register' });
    const { token, user } = await t.ok(api.user.register, {
      account,
      code: await lastCode(t, account),
      password: 'secret123',
      repeatPassword: 'secret123',
      agree: true,
    });
    const { transId } = await topUp(token, '20.00');
    const [initialized] = fake
      .calls('POST', '/transaction/initialize')
      .filter((call) => call.body?.reference === transId);
    expect(initialized?.body?.email).toBe(`user-${user.id}@minerva.example`);
  });

  it('the same charge.success five times, the last a week later, credits once', async () => {
    const { token } = await signUp(t);
    const { transId } = await topUp(token, '150.00');
    const hook = fake.chargeSuccess(fake.pay(transId));
    const outcomes = [(await deliver(hook)).outcome];
    for (let i = 0; i < 3; i++) outcomes.push((await deliver(hook)).outcome);
    t.clock.advance(7 * 24 * 3600);
    outcomes.push((await deliver(hook)).outcome);
    expect(outcomes).toEqual(['succeeded', 'replayed', 'replayed', 'replayed', 'replayed']);
    expect((await deposit(token, transId)).status).toBe('succeeded');
    expect((await bill(token)).rechargeBalance).toBe('150.00');
    await expectLedgerOk();
  });

  it('a webhook without, or with another, signature, or changed after signing, is refused and credits nothing', async () => {
    const { token } = await signUp(t);
    const mine = await topUp(token, '10.00');
    const target = await topUp(token, '5000.00');
    const genuine = fake.chargeSuccess(fake.pay(mine.transId));
    const forged = fake.webhook(
      'charge.success',
      { id: 1, reference: target.transId, status: 'success', amount: 5000_00, currency: 'NGN' },
      'sk_test_not_ours',
    );
    // The payer's own genuine 10.00 notice, edited to name the 5,000.00 top-up.
    const tampered = { ...genuine, rawBody: genuine.rawBody.replace(mine.transId, target.transId) };
    for (const hook of [{ rawBody: genuine.rawBody }, forged, tampered]) {
      expect(await deliver(hook)).toMatchObject({ status: 401, code: ERRORS.WEBHOOK_SIGNATURE.code });
    }
    expect((await deposit(token, target.transId)).status).toBe('pending');
    expect((await deposit(token, mine.transId)).status).toBe('pending');
    expect((await bill(token)).rechargeBalance).toBe('0.00');
    const recorded = await t.db.select().from(paymentEvents).where(eq(paymentEvents.reference, target.transId));
    expect(recorded).toEqual([]);
  });

  it('a payment of another amount or in another currency credits nothing and is left, with why, for an operator', async () => {
    const { token } = await signUp(t);
    const short = await topUp(token, '150.00');
    const foreign = await topUp(token, '80.00');
    expect((await deliver(fake.chargeSuccess(fake.pay(short.transId, { amount: 10000 })))).outcome).toBe('refused');
    expect((await deliver(fake.chargeSuccess(fake.pay(foreign.transId, { currency: 'GHS' })))).outcome).toBe('refused');
    t.clock.advance(3 * 60);
    const verifiedBefore = fake.calls('GET', '/transaction/verify/').length;
    await runJob('deposit-reconcile');
    const verified = fake
      .calls('GET', '/transaction/verify/')
      .slice(verifiedBefore)
      .map((call) => call.path);
    expect(verified.filter((path) => path.endsWith(short.transId) || path.endsWith(foreign.transId))).toEqual([]);
    expect((await deposit(token, short.transId)).status).toBe('pending');
    expect((await deposit(token, foreign.transId)).status).toBe('pending');
    expect((await bill(token)).rechargeBalance).toBe('0.00');
    const listed = (await t.ok(adminApi.cash.deposits, { status: 'pending' }, { token: admin })).items;
    expect(listed.find((item) => item.transId === short.transId)?.problem).toBe(
      'paid 100.00 NGN for a top-up of 150.00',
    );
    expect(listed.find((item) => item.transId === foreign.transId)?.problem).toBe('paid in GHS, expected NGN');
    await expectLedgerOk();
  });

  it('a payment whose webhook was lost is credited by reconciliation, which checks the amount too', async () => {
    const { token } = await signUp(t);
    const paid = await topUp(token, '40.00');
    const short = await topUp(token, '60.00');
    fake.pay(paid.transId);
    fake.pay(short.transId, { amount: 5000 });
    t.clock.advance(3 * 60);
    await runJob('deposit-reconcile');
    expect((await deposit(token, paid.transId)).status).toBe('succeeded');
    expect((await deposit(token, short.transId)).status).toBe('pending');
    expect((await bill(token)).rechargeBalance).toBe('40.00');
    // Its webhook arriving late after all changes nothing.
    expect((await deliver(fake.chargeSuccess(fake.pay(paid.transId)))).outcome).toBe('succeeded');
    expect((await bill(token)).rechargeBalance).toBe('40.00');
    await expectLedgerOk();
  });

  it('while Paystack does not answer, the payer is asked to try again later', async () => {
    const { token } = await signUp(t);
    fake.nextTime('POST /transaction/initialize', 'unreachable');
    const answer = await t.call(api.cash.createDeposit, { amount: '30.00', methodId: 'paystack' }, { token });
    expect(answer.code).toBe(ERRORS.PAYMENT_PROVIDER_UNAVAILABLE.code);
  });

  /**
   * The first request reaches Paystack's initialize, but its answer never comes back (the call
   * times out): Paystack has the transaction, the deposit has no link. Answers the top-up's transId.
   */
  async function topUpWhoseLinkWasLost(token: string, amount: string, key: string) {
    const before = fake.calls('POST', '/transaction/initialize').length;
    fake.nextTime('POST /transaction/initialize', 'hold');
    const lost = await t.call(
      api.cash.createDeposit,
      { amount, methodId: 'paystack' },
      { token, headers: { 'idempotency-key': key } },
    );
    expect(lost.code).toBe(ERRORS.PAYMENT_PROVIDER_UNAVAILABLE.code);
    fake.release();
    const [reached] = fake.calls('POST', '/transaction/initialize').slice(before);
    const transId = String(reached?.body?.reference);
    expect(fake.transactions.get(transId)?.status).toBe('abandoned');
    return transId;
  }

  const retry = (token: string, amount: string, key: string) =>
    t.ok(api.cash.createDeposit, { amount, methodId: 'paystack' }, { token, headers: { 'idempotency-key': key } });

  it('a top-up whose initialize reached Paystack but whose link was lost is opened again under a new reference', async () => {
    const { token } = await signUp(t);
    const transId = await topUpWhoseLinkWasLost(token, '45.00', 'lost-link-1');
    const verifiedBefore = fake.calls('GET', `/transaction/verify/${transId}`).length;
    const recovered = await retry(token, '45.00', 'lost-link-1');
    // Paystack refused the reference again as a duplicate; verified, it was still unpaid.
    expect(fake.calls('GET', `/transaction/verify/${transId}`)).toHaveLength(verifiedBefore + 1);
    const renewed = fake.transactions.get(`${transId}-2`);
    expect(recovered).toEqual({ transId, payUrl: `https://checkout.paystack.com/${renewed?.id}`, status: 'pending' });
    const [initialized] = fake
      .calls('POST', '/transaction/initialize')
      .filter((call) => call.body?.reference === `${transId}-2`);
    expect(initialized?.body).toMatchObject({
      amount: '4500',
      callback_url: `https://minerva.example/wallet/depositStatus?transId=${transId}`,
    });
    // The same key again answers the same page, asking Paystack nothing.
    const requestsBefore = fake.requests.length;
    expect(await retry(token, '45.00', 'lost-link-1')).toEqual(recovered);
    expect(fake.requests).toHaveLength(requestsBefore);
    // Paid under the new reference, the top-up is credited.
    expect((await deliver(fake.chargeSuccess(fake.pay(`${transId}-2`)))).outcome).toBe('succeeded');
    expect((await deposit(token, transId)).status).toBe('succeeded');
    expect((await bill(token)).rechargeBalance).toBe('45.00');
    await expectLedgerOk();
  });

  it('a lost link whose first reference Paystack says was paid is credited on the retry, once', async () => {
    const { token } = await signUp(t);
    const transId = await topUpWhoseLinkWasLost(token, '25.00', 'lost-link-paid');
    const paid = fake.pay(transId);
    const answer = await retry(token, '25.00', 'lost-link-paid');
    expect(answer).toEqual({ transId, payUrl: `/wallet/depositStatus?transId=${transId}`, status: 'succeeded' });
    expect(fake.transactions.has(`${transId}-2`)).toBe(false);
    expect(await retry(token, '25.00', 'lost-link-paid')).toEqual(answer);
    expect((await deliver(fake.chargeSuccess(paid))).outcome).toBe('succeeded');
    expect((await bill(token)).rechargeBalance).toBe('25.00');
    await expectLedgerOk();
  });

  it('reconciliation asks Paystack about the reference the top-up moved on to', async () => {
    const { token } = await signUp(t);
    const transId = await topUpWhoseLinkWasLost(token, '35.00', 'lost-link-reconcile');
    await retry(token, '35.00', 'lost-link-reconcile');
    fake.pay(`${transId}-2`);
    t.clock.advance(3 * 60);
    await runJob('deposit-reconcile');
    expect(fake.calls('GET', `/transaction/verify/${transId}-2`).length).toBeGreaterThan(0);
    expect((await deposit(token, transId)).status).toBe('succeeded');
    expect((await bill(token)).rechargeBalance).toBe('35.00');
    await expectLedgerOk();
  });

  it('the first and the new reference of one top-up never both credit, in either order', async () => {
    const listed = async (transId: string) =>
      (await t.ok(adminApi.cash.deposits, {}, { token: admin })).items.find((item) => item.transId === transId);
    for (const order of [
      ['first', 'new'],
      ['new', 'first'],
    ] as const) {
      const { token } = await signUp(t);
      const transId = await topUpWhoseLinkWasLost(token, '70.00', `both-${order[0]}`);
      await retry(token, '70.00', `both-${order[0]}`);
      const references = { first: transId, new: `${transId}-2` };
      const outcomes = [];
      for (const which of order)
        outcomes.push((await deliver(fake.chargeSuccess(fake.pay(references[which])))).outcome);
      expect(outcomes).toEqual(['succeeded', 'succeeded']);
      expect((await deposit(token, transId)).status).toBe('succeeded');
      expect((await bill(token)).rechargeBalance).toBe('70.00');
      // The second payment is money Paystack holds and nobody was credited for: named for an operator.
      const second = fake.transactions.get(references[order[1]]);
      expect((await listed(transId))?.problem).toBe(
        `paid again under ${references[order[1]]} (paystack:${second?.id}): credited once, refund it at the provider`,
      );
      t.clock.advance(3 * 60);
      await runJob('deposit-reconcile');
      expect((await bill(token)).rechargeBalance).toBe('70.00');
    }
    await expectLedgerOk();
  });

  it('events we do not act on are acknowledged and recorded, moving nothing', async () => {
    const hook = fake.webhook('subscription.create', { id: 77, subscription_code: 'SUB_1' });
    expect(await deliver(hook)).toMatchObject({ status: 200, outcome: 'ignored' });
    expect(await deliver(hook)).toMatchObject({ status: 200, outcome: 'replayed' });
  });
});

describe('payouts through Paystack', () => {
  async function pay(id: number) {
    return t.ok(adminApi.cash.payWithdrawal, {}, { token: admin, params: { id } });
  }

  it('go to a saved recipient as a transfer and are paid when Paystack says transfer.success', async () => {
    const user = await readyToWithdraw(t);
    const first = await approvedWithdrawal(t, user, admin, '300');
    const reference = payoutReference(first.orderNo);
    expect(reference).toMatch(/^[a-z0-9_-]{16,50}$/);
    const recipientsBefore = fake.calls('POST', '/transferrecipient').length;
    expect((await pay(first.id)).status).toBe('paying');
    const made = fake.calls('POST', '/transferrecipient').slice(recipientsBefore);
    expect(made.map((call) => call.body)).toEqual([
      { type: 'nuban', name: 'Ada Obi', account_number: '0123456789', bank_code: '058', currency: 'NGN' },
    ]);
    const transfer = fake.transfers.get(reference);
    const [saved] = await t.db.select().from(payoutAccounts).where(eq(payoutAccounts.id, user.accountId));
    expect(saved?.recipientCode).toBe(transfer?.recipient);
    expect(fake.calls('POST', '/transfer').find((call) => call.body?.reference === reference)?.body).toEqual({
      source: 'balance',
      amount: 28500,
      recipient: transfer?.recipient,
      reference,
      currency: 'NGN',
      reason: 'Withdrawal',
    });
    // Sent to the provider, it is the provider's to settle.
    const params = { token: admin, params: { id: first.id } };
    expect((await t.call(adminApi.cash.markPaid, {}, params)).code).toBe(ERRORS.WITHDRAWAL_STATE.code);
    expect((await t.call(adminApi.cash.markFailed, { reason: 'x' }, params)).code).toBe(ERRORS.WITHDRAWAL_STATE.code);
    expect((await t.call(adminApi.cash.payWithdrawal, {}, params)).code).toBe(ERRORS.WITHDRAWAL_STATE.code);
    expect((await withdrawalOf(user.token, first.id)).status).toBe('paying');

    const success = fake.transferEvent('transfer.success', fake.settleTransfer(reference, 'success'));
    expect((await deliver(success)).outcome).toBe('paid');
    expect((await withdrawalOf(user.token, first.id)).status).toBe('paid');
    expect(await bill(user.token)).toMatchObject({ incomeBalance: '700.00', totalWithdrawal: '300.00' });

    const second = await approvedWithdrawal(t, user, admin, '100');
    await pay(second.id);
    expect(fake.calls('POST', '/transferrecipient')).toHaveLength(recipientsBefore + 1);
    expect(fake.transfers.get(payoutReference(second.orderNo))?.recipient).toBe(transfer?.recipient);
    await expectLedgerOk();
  });

  it('a failed transfer refunds the whole amount to the income wallet', async () => {
    const user = await readyToWithdraw(t);
    const withdrawal = await approvedWithdrawal(t, user, admin, '100');
    await pay(withdrawal.id);
    const reference = payoutReference(withdrawal.orderNo);
    expect(
      (await deliver(fake.transferEvent('transfer.failed', fake.settleTransfer(reference, 'failed')))).outcome,
    ).toBe('payment_failed');
    const settled = await withdrawalOf(user.token, withdrawal.id);
    expect(settled).toMatchObject({
      status: 'payment_failed',
      reason: 'Paystack: transfer failed (Beneficiary bank unavailable)',
    });
    expect((await bill(user.token)).incomeBalance).toBe('1000.00');
    const refunds = (await t.ok(api.records.withdraw, {}, { token: user.token })).items;
    expect(refunds.filter((item) => item.type === 'withdrawal_refund').map((item) => item.amount)).toEqual(['100.00']);
    await expectLedgerOk();
  });

  it('a transfer reversed after its success is refunded and no longer counts as withdrawn; the old success replayed moves nothing', async () => {
    const user = await readyToWithdraw(t);
    const withdrawal = await approvedWithdrawal(t, user, admin, '200');
    await pay(withdrawal.id);
    const reference = payoutReference(withdrawal.orderNo);
    const success = fake.transferEvent('transfer.success', fake.settleTransfer(reference, 'success'));
    expect((await deliver(success)).outcome).toBe('paid');
    expect(await bill(user.token)).toMatchObject({ incomeBalance: '800.00', totalWithdrawal: '200.00' });
    const reversal = fake.transferEvent('transfer.reversed', fake.settleTransfer(reference, 'reversed'));
    expect((await deliver(reversal)).outcome).toBe('reversed');
    expect((await withdrawalOf(user.token, withdrawal.id)).status).toBe('reversed');
    expect(await bill(user.token)).toMatchObject({ incomeBalance: '1000.00', totalWithdrawal: '0.00' });
    expect((await deliver(success)).outcome).toBe('replayed');
    expect((await deliver(reversal)).outcome).toBe('replayed');
    expect((await withdrawalOf(user.token, withdrawal.id)).status).toBe('reversed');
    expect((await bill(user.token)).incomeBalance).toBe('1000.00');
    await expectLedgerOk();
  });

  it('a transfer whose answer times out stays paying; reconciliation verifies it at Paystack and settles it, sent once', async () => {
    const user = await readyToWithdraw(t);
    const withdrawal = await approvedWithdrawal(t, user, admin, '100');
    const reference = payoutReference(withdrawal.orderNo);
    fake.nextTime('POST /transfer', 'hold');
    expect((await pay(withdrawal.id)).status).toBe('paying');
    expect(fake.transfers.get(reference)?.status).toBe('pending');
    fake.release();
    const verifiedBefore = fake.calls('GET', `/transfer/verify/${reference}`).length;
    await runJob('payout-reconcile');
    expect(fake.calls('GET', `/transfer/verify/${reference}`)).toHaveLength(verifiedBefore);
    t.clock.advance(3 * 60);
    await runJob('payout-reconcile');
    expect((await withdrawalOf(user.token, withdrawal.id)).status).toBe('paying');
    fake.settleTransfer(reference, 'success');
    t.clock.advance(3 * 60);
    await runJob('payout-reconcile');
    expect((await withdrawalOf(user.token, withdrawal.id)).status).toBe('paid');
    expect(fake.calls('POST', '/transfer').filter((call) => call.body?.reference === reference)).toHaveLength(1);
    expect((await bill(user.token)).incomeBalance).toBe('900.00');
    await expectLedgerOk();
  });

  it('a transfer that never reached Paystack is sent again, under the same reference, by reconciliation', async () => {
    const user = await readyToWithdraw(t);
    const withdrawal = await approvedWithdrawal(t, user, admin, '100');
    const reference = payoutReference(withdrawal.orderNo);
    fake.nextTime('POST /transfer', 'unreachable');
    expect((await pay(withdrawal.id)).status).toBe('paying');
    expect(fake.transfers.has(reference)).toBe(false);
    t.clock.advance(3 * 60);
    await runJob('payout-reconcile');
    expect(fake.transfers.get(reference)?.status).toBe('pending');
    expect((await withdrawalOf(user.token, withdrawal.id)).status).toBe('paying');
    const success = fake.transferEvent('transfer.success', fake.settleTransfer(reference, 'success'));
    expect((await deliver(success)).outcome).toBe('paid');
    const sent = fake.calls('POST', '/transfer').filter((call) => call.body?.reference === reference);
    expect(sent).toHaveLength(2);
    await expectLedgerOk();
  });

  it('an account Paystack cannot resolve fails the payment and refunds it, nothing sent', async () => {
    const user = await readyToWithdraw(t, { account: { accountNumber: `0123456${UNRESOLVABLE}` } });
    const withdrawal = await approvedWithdrawal(t, user, admin, '100');
    const failed = await pay(withdrawal.id);
    expect(failed).toMatchObject({ status: 'payment_failed', reason: 'Cannot resolve account' });
    expect(fake.transfers.has(payoutReference(withdrawal.orderNo))).toBe(false);
    expect((await bill(user.token)).incomeBalance).toBe('1000.00');
    await expectLedgerOk();
  });
});

describe('the ledger check', () => {
  it('catches a withdrawal both paid out and refunded', async () => {
    const user = await readyToWithdraw(t);
    const withdrawal = await approvedWithdrawal(t, user, admin, '100');
    await t.ok(adminApi.cash.markPaid, {}, { token: admin, params: { id: withdrawal.id } });
    await expectLedgerOk();
    const refundedToo = await violationsWith(t, async (tx) => {
      const { income } = await userAccountIds(tx, user.user.id);
      await postEntries(tx, [
        {
          type: 'withdrawal_refund',
          userId: user.user.id,
          refType: 'withdrawal',
          refId: String(withdrawal.id),
          at: t.clock.now(),
          lines: [
            { accountId: t.ledger.house('gateway', user.user.id), asset: 'CASH', amount: -10000n },
            { accountId: income, asset: 'CASH', amount: 10000n },
          ],
        },
      ]);
    });
    expect(refundedToo).toEqual(['each withdrawal is paid out or refunded once, as its status says']);
  });
});
