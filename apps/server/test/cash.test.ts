import {
  adminApi,
  api,
  canTransition,
  DEPOSIT_STATUSES,
  ERRORS,
  SUCCESS_CODE,
  WITHDRAWAL_ACTIONS,
  WITHDRAWAL_STATUSES,
  type WithdrawalAction,
} from '@app/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { checkLedger } from '../src/ledger/check.ts';
import { signWebhook } from '../src/payments/sandbox.ts';
import {
  type BuiltWithdrawalStatus,
  buildDeposit,
  buildWithdrawal,
  fund,
  lastCode,
  signInOwner,
  signUp,
} from './factories.ts';
import { createTestApp, openSecondPool, type TestApp, usingPostgres } from './setup.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// Tuesday 1 December 2026, 11:00 in Lagos: withdrawals open (Mon–Fri, 09:00–17:00).
const TUESDAY_11AM = '2026-12-01T10:00:00Z';
beforeEach(async () => {
  t.clock.set(new Date(TUESDAY_11AM));
  await t.services.config.update(
    { withdraw_daily_count: 1, payout_account_approval: false },
    { adminId: null, ip: '' },
  );
  admin = await signInOwner(t);
});

async function expectLedgerOk() {
  expect((await checkLedger(t.db)).violations).toEqual([]);
}

async function webhook(body: object, options: { secret?: string; ageSeconds?: number } = {}) {
  const rawBody = JSON.stringify(body);
  const timestamp = String(Math.floor(t.clock.now().getTime() / 1000) - (options.ageSeconds ?? 0));
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/payments/sandbox/webhook',
    headers: {
      'content-type': 'application/json',
      'x-sandbox-timestamp': timestamp,
      'x-sandbox-signature': signWebhook(options.secret ?? t.config.mode.webhookSecret, timestamp, rawBody),
    },
    payload: rawBody,
  });
  return response.json() as { code: number };
}

async function startDeposit(token: string, amount = '100.00') {
  return t.ok(api.cash.createDeposit, { amount, methodId: 'sandbox' }, { token });
}

describe('deposits through the sandbox gateway', () => {
  it('the payer approves on the pay page; the signed webhook credits the deposit wallet once', async () => {
    const { token } = await signUp(t);
    const { transId, payUrl, status } = await startDeposit(token, '150.00');
    expect(status).toBe('pending');
    expect(transId).toMatch(/^D\d{13,}$/);
    expect(payUrl).toContain(`/sandbox/pay/${transId}`);
    const page = await t.app.inject({ method: 'GET', url: `/sandbox/pay/${transId}` });
    expect(page.body).toContain('150.00');
    const approved = await t.app.inject({
      method: 'POST',
      url: `/sandbox/pay/${transId}/approve`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
      payload: '',
    });
    expect(approved.statusCode).toBe(303);
    expect(approved.headers.location).toContain(`/wallet/depositStatus?transId=${transId}`);
    await t.services.sandbox.deliverWebhooks();
    expect((await t.ok(api.cash.getDeposit, {}, { token, params: { transId } })).status).toBe('succeeded');
    expect((await t.ok(api.wallet.bill, {}, { token })).rechargeBalance).toBe('150.00');
    const records = await t.ok(api.records.deposit, {}, { token });
    expect(records.items.map((item) => [item.type, item.amount])).toEqual([['deposit', '150.00']]);
    await expectLedgerOk();
  });

  it('a webhook with a bad or old signature moves nothing', async () => {
    const { token } = await signUp(t);
    const { transId } = await startDeposit(token);
    expect((await webhook({ transId, status: 'succeeded' }, { secret: 'not-the-secret-at-all' })).code).toBe(
      ERRORS.WEBHOOK_SIGNATURE.code,
    );
    expect((await webhook({ transId, status: 'succeeded' }, { ageSeconds: 301 })).code).toBe(
      ERRORS.WEBHOOK_SIGNATURE.code,
    );
    expect((await t.ok(api.cash.getDeposit, {}, { token, params: { transId } })).status).toBe('pending');
    expect((await t.ok(api.wallet.bill, {}, { token })).rechargeBalance).toBe('0.00');
  });

  it('the same webhook ten times credits once', async () => {
    const { token } = await signUp(t);
    const { transId } = await startDeposit(token, '80.00');
    for (let i = 0; i < 10; i++) expect((await webhook({ transId, status: 'succeeded' })).code).toBe(SUCCESS_CODE);
    expect((await t.ok(api.wallet.bill, {}, { token })).rechargeBalance).toBe('80.00');
    expect((await t.ok(api.wallet.bill, {}, { token })).totalRecharge).toBe('80.00');
    await expectLedgerOk();
  });

  it('a success arriving after expiry still credits once; a declined payment credits nothing', async () => {
    const { token } = await signUp(t);
    const late = await startDeposit(token, '60.00');
    const declined = await startDeposit(token, '70.00');
    t.clock.advance(31 * 60);
    await t.ok(api.testing.runJob, {}, { params: { name: 'deposit-reconcile' } });
    expect((await t.ok(api.cash.getDeposit, {}, { token, params: { transId: late.transId } })).status).toBe('expired');
    await webhook({ transId: late.transId, status: 'succeeded' });
    await webhook({ transId: late.transId, status: 'succeeded' });
    await t.app.inject({ method: 'POST', url: `/sandbox/pay/${declined.transId}/decline` });
    await t.services.sandbox.deliverWebhooks();
    expect((await t.ok(api.cash.getDeposit, {}, { token, params: { transId: declined.transId } })).status).toBe(
      'expired',
    );
    expect((await t.ok(api.wallet.bill, {}, { token })).rechargeBalance).toBe('60.00');
    await expectLedgerOk();
  });

  it('the reconcile job credits a payment whose webhook never arrived', async () => {
    const { token } = await signUp(t);
    const { transId } = await startDeposit(token, '40.00');
    await t.services.sandbox.decide(transId, 'approved');
    t.clock.advance(3 * 60);
    await t.ok(api.testing.runJob, {}, { params: { name: 'deposit-reconcile' } });
    expect((await t.ok(api.wallet.bill, {}, { token })).rechargeBalance).toBe('40.00');
  });

  it('amounts outside the method limits are refused with the limit', async () => {
    const { token } = await signUp(t);
    expect((await t.call(api.cash.createDeposit, { amount: '9.99', methodId: 'sandbox' }, { token })).msg).toBe(
      'The minimum recharge is $10.00.',
    );
    expect((await t.call(api.cash.createDeposit, { amount: '50000.01', methodId: 'sandbox' }, { token })).code).toBe(
      ERRORS.DEPOSIT_ABOVE_MAX.code,
    );
    expect((await t.call(api.cash.createDeposit, { amount: '10', methodId: 'nope' }, { token })).code).toBe(
      ERRORS.DEPOSIT_METHOD_UNKNOWN.code,
    );
  });
});

async function readyToWithdraw(income = '1000.00') {
  const user = await signUp(t);
  await fund(t, user.user.id, income, 'income');
  t.clock.advance(61);
  await t.ok(api.user.sendCode, { account: user.account, purpose: 'payPassword' });
  await t.ok(
    api.user.setPayPassword,
    { code: await lastCode(t, user.account), payPassword: '246810' },
    { token: user.token },
  );
  const account = await t.ok(
    api.cash.addPayoutAccount,
    { type: 'bank', holderName: 'Ada Obi', accountNumber: '0123456789', bankName: 'GTBank' },
    { token: user.token },
  );
  t.clock.set(new Date(TUESDAY_11AM));
  return { ...user, accountId: account.id };
}

describe('withdrawals', () => {
  it('holds the amount, shows fee and net, and pays out after approval', async () => {
    const user = await readyToWithdraw();
    const quote = await t.ok(api.cash.withdrawQuote, { amount: '300' }, { token: user.token });
    expect(quote).toEqual({ amount: '300.00', fee: '15.00', net: '285.00' });
    const withdrawal = await t.ok(
      api.cash.withdraw,
      { accountId: user.accountId, amount: '300', payPassword: '246810' },
      { token: user.token },
    );
    expect(withdrawal).toMatchObject({ amount: '300.00', fee: '15.00', net: '285.00', status: 'pending_review' });
    expect(withdrawal.orderNo).toMatch(new RegExp(`^W\\d{12}${withdrawal.id}$`));
    expect((await t.ok(api.wallet.bill, {}, { token: user.token })).incomeBalance).toBe('700.00');
    await t.ok(adminApi.cash.approveWithdrawal, {}, { token: admin, params: { id: withdrawal.id } });
    const paid = await t.ok(adminApi.cash.payWithdrawal, {}, { token: admin, params: { id: withdrawal.id } });
    expect(paid.status).toBe('paid');
    const [listed] = (await t.ok(api.cash.withdrawals, {}, { token: user.token })).items;
    expect(listed).toMatchObject({ payee: 'Ada Obi', account: '0123456789', bankName: 'GTBank', status: 'paid' });
    expect(listed?.paidAt).toBe(t.clock.now().toISOString());
    expect((await t.ok(api.wallet.bill, {}, { token: user.token })).totalWithdrawal).toBe('300.00');
    await expectLedgerOk();
  });

  it('rejection and payment failure each refund exactly the held amount', async () => {
    const user = await readyToWithdraw();
    await t.services.config.update({ withdraw_daily_count: 5 }, { adminId: null, ip: '' });
    const first = await t.ok(
      api.cash.withdraw,
      { accountId: user.accountId, amount: '200', payPassword: '246810' },
      { token: user.token },
    );
    await t.ok(
      adminApi.cash.rejectWithdrawal,
      { reason: 'Name does not match' },
      { token: admin, params: { id: first.id } },
    );
    expect((await t.ok(api.wallet.bill, {}, { token: user.token })).incomeBalance).toBe('1000.00');
    const failing = await t.ok(
      api.cash.addPayoutAccount,
      { type: 'bank', holderName: 'Ada Obi', accountNumber: '0123457000', bankName: 'GTBank' },
      { token: user.token },
    );
    const second = await t.ok(
      api.cash.withdraw,
      { accountId: failing.id, amount: '100', payPassword: '246810' },
      { token: user.token },
    );
    await t.ok(adminApi.cash.approveWithdrawal, {}, { token: admin, params: { id: second.id } });
    expect((await t.ok(adminApi.cash.payWithdrawal, {}, { token: admin, params: { id: second.id } })).status).toBe(
      'payment_failed',
    );
    expect((await t.ok(api.wallet.bill, {}, { token: user.token })).incomeBalance).toBe('1000.00');
    const refunds = await t.ok(api.records.withdraw, {}, { token: user.token });
    expect(refunds.items.filter((item) => item.type === 'withdrawal_refund').map((item) => item.amount)).toEqual([
      '100.00',
      '200.00',
    ]);
    await expectLedgerOk();
  });

  it('an action the state machine does not allow from a status is refused, moving nothing', async () => {
    const operator: Record<WithdrawalAction, (id: number) => Promise<{ code: number }>> = {
      approve: (id) => t.call(adminApi.cash.approveWithdrawal, {}, { token: admin, params: { id } }),
      reject: (id) => t.call(adminApi.cash.rejectWithdrawal, { reason: 'again' }, { token: admin, params: { id } }),
      pay: (id) => t.call(adminApi.cash.payWithdrawal, {}, { token: admin, params: { id } }),
      markPaid: (id) => t.call(adminApi.cash.markPaid, {}, { token: admin, params: { id } }),
      markFailed: (id) => t.call(adminApi.cash.markFailed, { reason: 'again' }, { token: admin, params: { id } }),
    };
    const statuses: BuiltWithdrawalStatus[] = [
      'pending_review',
      'pending_payment',
      'rejected',
      'paid',
      'payment_failed',
    ];
    const refused: string[] = [];
    // An hour on (still within withdrawal hours): five new users would use up the test address's
    // hourly allowance of codes that the other tests at 11:00 share.
    t.clock.advance(3600);
    for (const status of statuses) {
      const { user, withdrawal } = await buildWithdrawal(t, admin, { status });
      for (const action of WITHDRAWAL_ACTIONS.filter((action) => !canTransition(status, action))) {
        expect((await operator[action](withdrawal.id)).code).toBe(ERRORS.WITHDRAWAL_STATE.code);
        refused.push(`${status}: ${action}`);
      }
      const after = await t.ok(api.cash.withdrawals, {}, { token: user.token });
      expect(after.items.map((item) => item.status)).toEqual([status]);
    }
    expect(refused).toEqual([
      'pending_review: pay',
      'pending_review: markPaid',
      'pending_review: markFailed',
      'pending_payment: approve',
      'pending_payment: reject',
      ...['rejected', 'paid', 'payment_failed'].flatMap((status) => WITHDRAWAL_ACTIONS.map((a) => `${status}: ${a}`)),
    ]);
    await expectLedgerOk();
  });

  it('each rule refuses with its own message in every language, moving nothing', async () => {
    const user = await readyToWithdraw();
    const attempt = (amount: string, payPassword = '246810', lang = 'en') =>
      t.call(api.cash.withdraw, { accountId: user.accountId, amount, payPassword }, { token: user.token, lang });
    expect((await attempt('150')).msg).toBe('The withdrawal amount must be a whole multiple of $100.00.');
    expect((await attempt('150', '246810', 'es')).msg).toBe(
      'El importe del retiro debe ser un múltiplo entero de $100.00.',
    );
    expect((await attempt('150', '246810', 'zh')).msg).toBe('提现金额必须为$100.00的整数倍');
    expect((await attempt('0')).code).toBe(ERRORS.WITHDRAW_BELOW_MIN.code);
    expect((await attempt('60000')).code).toBe(ERRORS.WITHDRAW_ABOVE_MAX.code);
    expect((await attempt('100', '111111')).msg).toBe('Wrong payment password. 4 tries left.');
    t.clock.set(new Date('2026-12-05T10:00:00Z'));
    expect((await attempt('100')).msg).toBe('Withdrawals are open on Monday, Tuesday, Wednesday, Thursday, Friday.');
    t.clock.set(new Date('2026-12-01T17:30:00Z'));
    expect((await attempt('100')).msg).toBe('Withdrawals are open from 09:00 to 17:00.');
    t.clock.set(new Date(TUESDAY_11AM));
    await t.ok(
      api.cash.withdraw,
      { accountId: user.accountId, amount: '100', payPassword: '246810' },
      { token: user.token },
    );
    expect((await attempt('100', '246810', 'fr')).msg).toBe('Vous pouvez retirer 1 fois par jour. Réessayez demain.');
    expect((await t.ok(api.wallet.bill, {}, { token: user.token })).incomeBalance).toBe('900.00');
    await expectLedgerOk();
  });

  it('five wrong payment passwords lock it for an hour', async () => {
    const user = await readyToWithdraw();
    const codes = [];
    for (let i = 0; i < 5; i++) {
      codes.push(
        (
          await t.call(
            api.cash.withdraw,
            { accountId: user.accountId, amount: '100', payPassword: '000000' },
            { token: user.token },
          )
        ).code,
      );
    }
    expect(codes).toEqual([
      ERRORS.PAY_PASSWORD_WRONG.code,
      ERRORS.PAY_PASSWORD_WRONG.code,
      ERRORS.PAY_PASSWORD_WRONG.code,
      ERRORS.PAY_PASSWORD_WRONG.code,
      ERRORS.PAY_PASSWORD_LOCKED.code,
    ]);
    const locked = await t.call(
      api.cash.withdraw,
      { accountId: user.accountId, amount: '100', payPassword: '246810' },
      { token: user.token },
    );
    expect(locked.msg).toBe('Payment password locked after 5 wrong tries. Try again in 60 minutes.');
    t.clock.set(new Date(Date.parse(TUESDAY_11AM) + 3601_000));
    expect(
      (
        await t.call(
          api.cash.withdraw,
          { accountId: user.accountId, amount: '100', payPassword: '246810' },
          { token: user.token },
        )
      ).code,
    ).toBe(SUCCESS_CODE);
  });

  it('an account pending approval cannot receive a withdrawal until approved', async () => {
    await t.services.config.update({ payout_account_approval: true }, { adminId: null, ip: '' });
    const user = await readyToWithdraw();
    const pending = (await t.ok(api.cash.payoutAccounts, {}, { token: user.token }))[0];
    expect(pending?.status).toBe('pending');
    expect(
      (
        await t.call(
          api.cash.withdraw,
          { accountId: user.accountId, amount: '100', payPassword: '246810' },
          { token: user.token },
        )
      ).code,
    ).toBe(ERRORS.PAYOUT_ACCOUNT_PENDING.code);
    await t.ok(adminApi.cash.approvePayoutAccount, {}, { token: admin, params: { id: user.accountId } });
    expect(
      (
        await t.call(
          api.cash.withdraw,
          { accountId: user.accountId, amount: '100', payPassword: '246810' },
          { token: user.token },
        )
      ).code,
    ).toBe(SUCCESS_CODE);
  });

  it('payout accounts are validated per type', async () => {
    const { token } = await signUp(t);
    const add = (body: object) => t.call(api.cash.addPayoutAccount, body as never, { token });
    expect((await add({ type: 'bank', holderName: 'A', accountNumber: '12ab', bankName: 'GTBank' })).code).toBe(
      ERRORS.ACCOUNT_NUMBER_INVALID.code,
    );
    expect(
      (await add({ type: 'bank', holderName: 'A', accountNumber: '4111111111111112', bankName: 'GTBank' })).code,
    ).toBe(ERRORS.ACCOUNT_NUMBER_INVALID.code);
    expect(
      (await add({ type: 'bank', holderName: 'A', accountNumber: '4111111111111111', bankName: 'GTBank' })).code,
    ).toBe(SUCCESS_CODE);
    expect((await add({ type: 'bank', holderName: 'A', accountNumber: '0123456789' })).code).toBe(
      ERRORS.BANK_REQUIRED.code,
    );
    expect(
      (await add({ type: 'mobile_money', holderName: 'A', accountNumber: '080312345', operator: 'MTN' })).code,
    ).toBe(ERRORS.ACCOUNT_NUMBER_INVALID.code);
    expect((await add({ type: 'mobile_money', holderName: 'A', accountNumber: '08031234567' })).code).toBe(
      ERRORS.OPERATOR_REQUIRED.code,
    );
    expect(
      (await add({ type: 'mobile_money', holderName: 'A', accountNumber: '08031234567', operator: 'MTN' })).code,
    ).toBe(SUCCESS_CODE);
  });
});

describe.skipIf(!usingPostgres)('withdrawal races on PostgreSQL', () => {
  it('100 parallel withdrawals of the whole income balance make exactly one withdrawal', async () => {
    const user = await readyToWithdraw('500.00');
    await t.services.config.update({ withdraw_daily_count: 100 }, { adminId: null, ip: '' });
    const answers = await Promise.all(
      Array.from({ length: 100 }, () =>
        t.call(
          api.cash.withdraw,
          { accountId: user.accountId, amount: '500', payPassword: '246810' },
          { token: user.token },
        ),
      ),
    );
    expect(answers.filter((answer) => answer.code === SUCCESS_CODE)).toHaveLength(1);
    // The others find the balance spent: under the minimum once the first has taken it (or, read
    // before it was taken, too small for the amount), or are refused at once while one is in flight.
    const refusals: number[] = [
      ERRORS.WITHDRAW_BELOW_MIN.code,
      ERRORS.INSUFFICIENT_BALANCE.code,
      ERRORS.REQUEST_IN_PROGRESS.code,
    ];
    expect(answers.every((answer) => answer.code === SUCCESS_CODE || refusals.includes(answer.code))).toBe(true);
    expect((await t.ok(api.cash.withdrawals, {}, { token: user.token })).items).toHaveLength(1);
    expect((await t.ok(api.wallet.bill, {}, { token: user.token })).incomeBalance).toBe('0.00');
    await expectLedgerOk();
  });

  it('20 parallel requests with one Idempotency-Key make one withdrawal', async () => {
    const user = await readyToWithdraw('1000.00');
    await t.services.config.update({ withdraw_daily_count: 100 }, { adminId: null, ip: '' });
    const headers = { 'idempotency-key': 'withdraw-once' };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.call(
          api.cash.withdraw,
          { accountId: user.accountId, amount: '100', payPassword: '246810' },
          { token: user.token, headers },
        ),
      ),
    );
    expect(new Set(answers.map((answer) => answer.data?.id)).size).toBe(1);
    expect(answers.every((answer) => answer.code === SUCCESS_CODE)).toBe(true);
    expect((await t.ok(api.wallet.bill, {}, { token: user.token })).incomeBalance).toBe('900.00');
    await expectLedgerOk();
  });
});

describe("one user's money requests are judged one at a time (issue 29)", () => {
  const withdraw = (user: { token: string; accountId: number }, amount: string, payPassword: string) =>
    t.call(api.cash.withdraw, { accountId: user.accountId, amount, payPassword }, { token: user.token });

  it("300 parallel withdrawals: one at a time is judged, the rest are refused at once, others' bills answer", async () => {
    // The minimum and no more: every request passes the rules and reaches the payment password.
    const user = await readyToWithdraw('100.00');
    const other = await signUp(t);
    await t.services.config.update({ withdraw_daily_count: 1000 }, { adminId: null, ip: '' });
    const gate = t.services.userGate.counters;
    const before = { ...gate };
    const [answers, bills] = await Promise.all([
      Promise.all(Array.from({ length: 300 }, () => withdraw(user, '200', '246810'))),
      Promise.all(Array.from({ length: 20 }, () => t.call(api.wallet.bill, {}, { token: other.token }))),
    ]);
    const codes = answers.map((answer) => answer.code);
    const refused = codes.filter((code) => code === ERRORS.REQUEST_IN_PROGRESS.code).length;
    expect(refused).toBeGreaterThan(0);
    expect(codes.filter((code) => code === ERRORS.INSUFFICIENT_BALANCE.code)).toHaveLength(300 - refused);
    // Each refusal was the guard's, before the request read anything; the admitted ones held the
    // user's money lock one at a time.
    expect(gate.refused - before.refused).toBe(refused);
    expect(gate.admitted - before.admitted).toBe(300 - refused);
    expect(gate.peakHoldingPerUser).toBe(1);
    expect(gate.holding).toBe(0);
    expect(answers.find((answer) => answer.code === ERRORS.REQUEST_IN_PROGRESS.code)?.msg).toBe(
      ERRORS.REQUEST_IN_PROGRESS.msg.en,
    );
    expect(bills.every((bill) => bill.code === SUCCESS_CODE)).toBe(true);
    // Once the burst is over, the user's next request is judged as usual.
    expect((await withdraw(user, '100', '246810')).code).toBe(SUCCESS_CODE);
    await expectLedgerOk();
  });

  it('300 parallel wrong payment passwords count exactly: the lock comes after 5 wrong tries in all', async () => {
    const user = await readyToWithdraw();
    await t.services.config.update({ withdraw_daily_count: 1000 }, { adminId: null, ip: '' });
    const codes = (await Promise.all(Array.from({ length: 300 }, () => withdraw(user, '100', '000000')))).map(
      (answer) => answer.code,
    );
    const allowed: number[] = [
      ERRORS.PAY_PASSWORD_WRONG.code,
      ERRORS.PAY_PASSWORD_LOCKED.code,
      ERRORS.REQUEST_IN_PROGRESS.code,
    ];
    expect(codes.every((code) => allowed.includes(code))).toBe(true);
    let wrong = codes.filter((code) => code === ERRORS.PAY_PASSWORD_WRONG.code).length;
    let locked = codes.includes(ERRORS.PAY_PASSWORD_LOCKED.code);
    // One at a time after the burst, until the lock: the 5th wrong try in all is the one that locks.
    while (!locked) {
      const code = (await withdraw(user, '100', '000000')).code;
      if (code === ERRORS.PAY_PASSWORD_WRONG.code) wrong++;
      else locked = code === ERRORS.PAY_PASSWORD_LOCKED.code;
    }
    expect(wrong).toBe(4);
    expect((await withdraw(user, '100', '246810')).code).toBe(ERRORS.PAY_PASSWORD_LOCKED.code);
    expect((await t.ok(api.wallet.bill, {}, { token: user.token })).incomeBalance).toBe('1000.00');
  });

  it.skipIf(!usingPostgres)(
    "another instance's request in flight: refused at once, after the payment password is checked",
    async () => {
      const user = await readyToWithdraw();
      const second = await openSecondPool(t.database);
      const before = t.services.userGate.counters.refusedElsewhere;
      try {
        await second.db.transaction(async (tx) => {
          // What another instance's money request holds while it is judged.
          await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`money:${user.user.id}`}, 0))`);
          // A wrong password is answered as wrong: it is checked before the lock is asked for.
          expect((await withdraw(user, '100', '000000')).code).toBe(ERRORS.PAY_PASSWORD_WRONG.code);
          expect((await withdraw(user, '100', '246810')).code).toBe(ERRORS.REQUEST_IN_PROGRESS.code);
        });
      } finally {
        await second.close();
      }
      expect(t.services.userGate.counters.refusedElsewhere - before).toBe(1);
      expect((await withdraw(user, '100', '246810')).code).toBe(SUCCESS_CODE);
      await expectLedgerOk();
    },
  );
});

describe("the back office's lists by status", () => {
  // Two hours on (still within withdrawal hours): each test signs many users up from the one test
  // address, whose hourly allowance of codes the tests above have used.
  beforeEach(() => t.clock.advance(2 * 3600));

  it('each withdrawal shows under its own status and under no other', async () => {
    const built = [];
    for (const status of ['pending_review', 'rejected', 'pending_payment', 'paid', 'payment_failed'] as const) {
      built.push(await buildWithdrawal(t, admin, { status }));
    }
    for (const { user, withdrawal } of built) {
      for (const status of WITHDRAWAL_STATUSES) {
        const { items } = await t.ok(adminApi.cash.withdrawals, { status, userId: user.user.id }, { token: admin });
        expect(
          items.map((item) => item.id),
          status,
        ).toEqual(status === withdrawal.status ? [withdrawal.id] : []);
      }
    }
    await expectLedgerOk();
  });

  it('each top-up shows under its own status and under no other', async () => {
    const built = [];
    // Expiring moves the clock and expires every pending top-up: the pending one comes after.
    for (const status of ['expired', 'succeeded', 'failed', 'pending'] as const) {
      built.push(await buildDeposit(t, { status }));
    }
    for (const { user, deposit } of built) {
      for (const status of DEPOSIT_STATUSES) {
        const { items } = await t.ok(adminApi.cash.deposits, { status, userId: user.user.id }, { token: admin });
        expect(
          items.map((item) => item.transId),
          status,
        ).toEqual(status === deposit.status ? [deposit.transId] : []);
      }
    }
    await expectLedgerOk();
  });
});
