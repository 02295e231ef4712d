import { adminApi, api, ERRORS, SUCCESS_CODE } from '@app/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seedDemoContent } from '../src/demo.ts';
import { fund, PAY_PASSWORD, readyToWithdraw, signInOwner, signUp } from './factories.ts';
import { createTestApp, type TestApp } from './setup.ts';

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
    { withdraw_daily_count: 2, payout_account_approval: false, withdraw_fee_rate: '0.05' },
    { adminId: null, ip: '' },
  );
  // Signed in on the test clock's day, so the back-office session is fresh.
  admin = await signInOwner(t);
});

const adjust = (userId: number, wallet: 'deposit' | 'income', amount: string, reason: string) =>
  t.ok(adminApi.products.adjust, { wallet, amount, reason }, { token: admin, params: { id: userId } });

describe("every movement of a user's balance is in one of their records, with its reason", () => {
  it("an operator's increase and decrease of the income wallet are income records with the reason", async () => {
    const user = await signUp(t);
    await adjust(user.user.id, 'income', '12.00', 'Compensation for the outage');
    await adjust(user.user.id, 'income', '-2.00', 'Duplicate bonus');
    const { items } = await t.ok(api.records.profit, {}, { token: user.token });
    expect(items.map(({ type, amount, memo }) => ({ type, amount, memo }))).toEqual([
      { type: 'system_decrease', amount: '-2.00', memo: 'Duplicate bonus' },
      { type: 'system_increase', amount: '12.00', memo: 'Compensation for the outage' },
    ]);
  });

  it("an operator's increase of the recharge wallet is a recharge record with the reason", async () => {
    const user = await signUp(t);
    await adjust(user.user.id, 'deposit', '30.00', 'Bank transfer received by hand');
    const { items } = await t.ok(api.records.deposit, {}, { token: user.token });
    expect(items.map(({ type, amount, memo }) => ({ type, amount, memo }))).toEqual([
      { type: 'system_increase', amount: '30.00', memo: 'Bank transfer received by hand' },
    ]);
  });

  it("a rejected withdrawal's refund is a withdrawal record carrying the operator's reason", async () => {
    const user = await readyToWithdraw(t);
    const withdrawal = await t.ok(
      api.cash.withdraw,
      { accountId: user.accountId, amount: '200', payPassword: PAY_PASSWORD },
      { token: user.token },
    );
    await t.ok(
      adminApi.cash.rejectWithdrawal,
      { reason: 'Name does not match' },
      { token: admin, params: { id: withdrawal.id } },
    );
    const { items } = await t.ok(api.records.withdraw, {}, { token: user.token });
    expect(items.map(({ type, amount, memo }) => ({ type, amount, memo }))).toEqual([
      { type: 'withdrawal_refund', amount: '200.00', memo: 'Name does not match' },
      { type: 'withdrawal', amount: '-200.00', memo: '' },
    ]);
  });
});

describe('the withdrawal rules are told before the user types an amount', () => {
  it('days, hours with their time zone, requests left today, step, bounds and fee', async () => {
    const user = await readyToWithdraw(t);
    const before = await t.ok(api.cash.withdrawRules, {}, { token: user.token });
    expect(before).toEqual({
      days: [1, 2, 3, 4, 5],
      from: '09:00',
      to: '17:00',
      timezone: 'Africa/Lagos',
      openNow: true,
      perDay: 2,
      leftToday: 2,
      step: '100.00',
      min: '100.00',
      max: '50000.00',
      feeRate: '0.05',
      feeDiscount: '0',
      blocked: null,
    });
    await t.ok(
      api.cash.withdraw,
      { accountId: user.accountId, amount: '100', payPassword: PAY_PASSWORD },
      { token: user.token },
    );
    expect((await t.ok(api.cash.withdrawRules, {}, { token: user.token })).leftToday).toBe(1);
  });

  it('outside the hours the rules say withdrawals are closed now, and the next day the count starts again', async () => {
    const user = await readyToWithdraw(t);
    await t.ok(
      api.cash.withdraw,
      { accountId: user.accountId, amount: '100', payPassword: PAY_PASSWORD },
      { token: user.token },
    );
    // 18:00 in Lagos, the same Tuesday: past the hours.
    t.clock.set(new Date('2026-12-01T17:00:00Z'));
    expect(await t.ok(api.cash.withdrawRules, {}, { token: user.token })).toMatchObject({
      openNow: false,
      leftToday: 1,
    });
    // Wednesday 09:30 in Lagos.
    t.clock.set(new Date('2026-12-02T08:30:00Z'));
    expect(await t.ok(api.cash.withdrawRules, {}, { token: user.token })).toMatchObject({
      openNow: true,
      leftToday: 2,
    });
  });
});

describe('when no withdrawal can be made, the rules say why and when, and the quote refuses alike', () => {
  const quote = (token: string, amount = '100', lang = 'en') =>
    t.call(api.cash.withdrawQuote, { amount }, { token, lang });
  const rules = (token: string, lang = 'en') => t.ok(api.cash.withdrawRules, {}, { token, lang });

  it('with no request left today: the daily count, open again on the next open day’s hours', async () => {
    const user = await readyToWithdraw(t);
    await t.services.config.update({ withdraw_daily_count: 1 }, { adminId: null, ip: '' });
    await t.ok(
      api.cash.withdraw,
      { accountId: user.accountId, amount: '100', payPassword: PAY_PASSWORD },
      { token: user.token },
    );
    const message = 'Vous pouvez retirer 1 fois par jour. Réessayez demain.';
    expect((await rules(user.token, 'fr')).blocked).toEqual({
      code: ERRORS.WITHDRAW_DAILY_COUNT.code,
      msg: message,
      // Wednesday 2 December, 09:00 in Lagos.
      opensAt: '2026-12-02T08:00:00.000Z',
    });
    expect(await quote(user.token, '100', 'fr')).toMatchObject({
      code: ERRORS.WITHDRAW_DAILY_COUNT.code,
      msg: message,
    });
  });

  it('on a closed day or outside the hours: the days or the hours, and when withdrawals open', async () => {
    const user = await readyToWithdraw(t);
    // Saturday 5 December, 11:00 in Lagos: open again Monday 7 December at 09:00.
    t.clock.set(new Date('2026-12-05T10:00:00Z'));
    expect((await rules(user.token)).blocked).toEqual({
      code: ERRORS.WITHDRAW_CLOSED_DAY.code,
      msg: 'Withdrawals are open on Monday, Tuesday, Wednesday, Thursday, Friday.',
      opensAt: '2026-12-07T08:00:00.000Z',
    });
    expect((await quote(user.token)).code).toBe(ERRORS.WITHDRAW_CLOSED_DAY.code);
    // Tuesday 1 December, 07:30 in Lagos: open at 09:00 the same day.
    t.clock.set(new Date('2026-12-01T06:30:00Z'));
    expect((await rules(user.token)).blocked).toEqual({
      code: ERRORS.WITHDRAW_CLOSED_HOURS.code,
      msg: 'Withdrawals are open from 09:00 to 17:00.',
      opensAt: '2026-12-01T08:00:00.000Z',
    });
    expect((await quote(user.token)).code).toBe(ERRORS.WITHDRAW_CLOSED_HOURS.code);
    // Friday 4 December, 17:30 in Lagos: open again Monday.
    t.clock.set(new Date('2026-12-04T16:30:00Z'));
    expect((await rules(user.token)).blocked).toMatchObject({
      code: ERRORS.WITHDRAW_CLOSED_HOURS.code,
      opensAt: '2026-12-07T08:00:00.000Z',
    });
  });

  it('with an income balance below the minimum: the minimum, for the quote and the request alike', async () => {
    const user = await readyToWithdraw(t, { income: '50.00' });
    const refusal = { code: ERRORS.WITHDRAW_BELOW_MIN.code, msg: 'The minimum withdrawal is $100.00.' };
    expect((await rules(user.token)).blocked).toEqual({ ...refusal, opensAt: null });
    expect(await quote(user.token, '100')).toMatchObject(refusal);
    const request = await t.call(
      api.cash.withdraw,
      { accountId: user.accountId, amount: '100', payPassword: PAY_PASSWORD },
      { token: user.token },
    );
    expect(request).toMatchObject(refusal);
    expect((await t.ok(api.wallet.bill, {}, { token: user.token })).incomeBalance).toBe('50.00');
  });
});

describe('the purchase sheet can know which wallets a purchase may use', () => {
  it('the public configuration says whether the income wallet may pay, as the purchase rule reads it', async () => {
    expect((await t.ok(api.system.appConfig, {})).purchase_from_income).toBe(false);
    await t.services.config.update({ purchase_from_income: true }, { adminId: null, ip: '' });
    expect((await t.ok(api.system.appConfig, {})).purchase_from_income).toBe(true);
    await t.services.config.update({ purchase_from_income: false }, { adminId: null, ip: '' });
  });
});

describe('a withdrawal says whether it went to a bank or to mobile money', () => {
  it('the withdrawal record names the account type', async () => {
    const user = await readyToWithdraw(t, {
      account: { type: 'mobile_money', accountNumber: '08012345678', operator: 'MTN', bankName: undefined },
    });
    await t.ok(
      api.cash.withdraw,
      { accountId: user.accountId, amount: '100', payPassword: PAY_PASSWORD },
      { token: user.token },
    );
    const [listed] = (await t.ok(api.cash.withdrawals, {}, { token: user.token })).items;
    expect(listed).toMatchObject({ accountType: 'mobile_money', bankName: 'MTN' });
  });
});

describe('the phone rule is configuration per language', () => {
  const send = (account: string, lang: string) => t.call(api.user.sendCode, { account, purpose: 'register' }, { lang });
  const numbersOf = (country: string) =>
    t.services.config.update({ phone_default_country: country }, { adminId: null, ip: '' });
  afterAll(() => numbersOf('NG'));

  it('the Spanish variant accepts 9 digits where the others ask for 10', async () => {
    await numbersOf('ES');
    expect((await send('612345678', 'es')).code).toBe(SUCCESS_CODE);
    const english = await send('712345678', 'en');
    expect(english.code).toBe(ERRORS.PHONE_INVALID.code);
    await numbersOf('NG');
    expect((await send('7123456789', 'en')).code).toBe(SUCCESS_CODE);
  });

  it('an operator gives a language its own rule', async () => {
    await numbersOf('TG');
    await t.services.config.update({ phone_min_digits_by_language: { es: 9, fr: 8 } }, { adminId: null, ip: '' });
    expect((await send('90123456', 'fr')).code).toBe(SUCCESS_CODE);
    expect((await t.ok(api.system.appConfig, {})).phone_min_digits_by_language).toEqual({ es: 9, fr: 8 });
    await t.services.config.update({ phone_min_digits_by_language: { es: 9 } }, { adminId: null, ip: '' });
  });

  it('a number is one account however it is typed: kept in E.164 in the default country', async () => {
    await numbersOf('NG');
    expect((await send('0803 555 1234', 'en')).code).toBe(SUCCESS_CODE);
    expect((await send('+2348035551234', 'en')).code).toBe(ERRORS.CODE_COOLDOWN.code);
    const [message] = await t.ok(api.testing.outbox, { account: '08035551234' });
    expect(message?.recipient).toBe('+2348035551234');
  });

  it('a default country that no phone numbering knows is refused', async () => {
    const answer = t.services.config.update({ phone_default_country: 'XX' }, { adminId: null, ip: '' });
    await expect(answer).rejects.toMatchObject({ key: 'CONFIG_INVALID' });
  });
});

describe('the dashboard on a fresh demo install', () => {
  it('shows the demo money apart and does not count it against the cash held', async () => {
    const demo = await createTestApp();
    try {
      const owner = await signInOwner(demo);
      expect(await seedDemoContent(demo)).toBe(true);
      expect(await demo.ok(adminApi.cash.cashSummary, {}, { token: owner })).toMatchObject({
        cashHeld: '0.00',
        owedBalances: '1000.00',
        demoMoney: '1000.00',
        solvencyRatio: '—',
      });
      const user = await signUp(demo);
      await fund(demo, user.user.id, '50.00');
      expect(await demo.ok(adminApi.cash.cashSummary, {}, { token: owner })).toMatchObject({
        owedBalances: '1050.00',
        demoMoney: '1000.00',
        solvencyRatio: '0.00',
      });
    } finally {
      await demo.close();
    }
  });
});
