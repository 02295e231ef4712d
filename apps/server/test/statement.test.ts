import {
  adminApi,
  api,
  ERRORS,
  formatDecimal,
  fromMinor,
  type OutputOf,
  type StatementLine,
  type StatementWallet,
  SUCCESS_CODE,
  toMinor,
} from '@app/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { inTransaction } from '../src/db/transaction.ts';
import { lockUserAccount } from '../src/ledger/accounts.ts';
import { checkLedger } from '../src/ledger/check.ts';
import { type EntryDraft, postEntries, postEntry } from '../src/ledger/post.ts';
import { createProduct, fund, lastCode, PAY_PASSWORD, signInOwner, signUp, unlimited } from './factories.ts';
import { createTestApp, type TestApp, usingPostgres } from './setup.ts';

/**
 * Issue 28: a statement per wallet, from the ledger. One user goes through every money action the
 * product has, through the real endpoints; each wallet's statement then lists every step, names
 * what moved it in the user's language, and adds up, line by line, to the balance of the bill.
 */

// Monday 30 November 2026, 09:00 in Lagos (UTC+1 all year): withdrawals and collections open.
const MONDAY_9AM = '2026-11-30T08:00:00Z';
const NEXT_MONTH = '2026-12-31T00:00:00Z';

let t: TestApp;
let owner: string;

beforeAll(async () => {
  t = await createTestApp({}, { limiter: unlimited });
  t.clock.set(new Date(MONDAY_9AM));
  owner = await signInOwner(t);
});
afterAll(() => t?.close());

/** The clock moves to `iso`; the operator signs in again, as a back-office session lapses when idle. */
async function at(iso: string) {
  t.clock.set(new Date(iso));
  owner = await signInOwner(t);
}

/** The whole statement of a wallet, every page, newest first. */
async function wholeStatement(
  token: string,
  wallet: StatementWallet,
  query: { kind?: StatementLine['kind']; from?: string; to?: string; limit?: number } = {},
  lang?: string,
) {
  const lines: StatementLine[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < 100; pages++) {
    const page = await t.ok(api.wallet.statement, { wallet, ...query, cursor }, { token, lang });
    lines.push(...page.items);
    if (!page.nextCursor) return lines;
    cursor = page.nextCursor;
  }
  throw new Error('the statement never ended');
}

/** Oldest to newest, each balance after is the one before plus its amount, from zero; the last is returned. */
function expectChain(lines: StatementLine[], decimals: number): string {
  let balance = 0n;
  for (const line of [...lines].reverse()) {
    balance += toMinor(line.amount, decimals);
    expect(line.balanceAfter, `line ${line.id} (${line.kind} ${line.amount})`).toBe(fromMinor(balance, decimals));
  }
  return fromMinor(balance, decimals);
}

const money = (amount: string, lang: string) => formatDecimal(amount, lang, '$');

interface Journey {
  token: string;
  userId: number;
  orderNo: string;
  transId: string;
  hint: string;
  pointsHint: string;
  rejectedNo: string;
  paidNo: string;
}

/** The one user's life: every money action, at known times. */
async function journey(): Promise<Journey> {
  const user = await signUp(t);
  const token = user.token;
  const userId = user.user.id;

  // An operator's system increase with a reason.
  await at('2026-11-30T08:00:00Z');
  await t.ok(
    adminApi.products.adjust,
    { wallet: 'deposit', amount: '500.00', reason: 'Welcome gift' },
    { token: owner, params: { id: userId } },
  );

  // A top-up through the sandbox provider, approved on its pay page, credited by its webhook.
  await at('2026-11-30T08:05:00Z');
  const { transId } = await t.ok(api.cash.createDeposit, { amount: '300.00', methodId: 'sandbox' }, { token });
  const approved = await t.app.inject({
    method: 'POST',
    url: `/sandbox/pay/${transId}/approve`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
    payload: '',
  });
  expect(approved.statusCode).toBe(303);
  await t.services.sandbox.deliverWebhooks();

  // An SVIP level bought from the deposit wallet.
  await at('2026-11-30T08:10:00Z');
  await t.ok(
    adminApi.vip.saveLevels,
    {
      levels: [
        {
          level: 1,
          name: { en: 'Gold SVIP', fr: 'SVIP Or' },
          kind: 'svip',
          requirement: null,
          price: '100.00',
          benefits: { extraDraws: 0, withdrawFeeDiscount: '0', extraWithdrawals: 0, incomeBonusRate: '0.05' },
        },
      ],
    },
    { token: owner },
  );
  await t.ok(api.vip.activate, { level: 1 }, { token });

  // A purchase with a coupon an operator issued: 200.00 listed, 20.00 off, 180.00 paid.
  await at('2026-11-30T08:15:00Z');
  const product = await createProduct(t, {
    name: { en: 'Solar rig', fr: 'Centrale solaire' },
    price: '200.00',
    cycle: 'hour',
    incomePerCycle: '50.00',
    cycles: 4,
    points: 30,
  });
  await t.ok(
    adminApi.coupons.issue,
    {
      userIds: [userId],
      name: { en: 'Welcome' },
      kind: 'amount_off',
      amount: '20.00',
      expiresAt: NEXT_MONTH,
    },
    { token: owner },
  );
  const [coupon] = (await t.ok(api.coupons.list, { status: 'unused' }, { token })).items;
  const { order } = await t.ok(
    api.products.purchase,
    { productId: product.id, couponId: coupon?.id as number },
    { token },
  );

  // The machine's income accrues for its four hours and is collected, with the SVIP level's bonus.
  await at('2026-11-30T12:15:00Z');
  await t.ok(api.testing.runJob, {}, { params: { name: 'accrual' } });
  expect(await t.ok(api.products.collect, {}, { token })).toEqual({ collected: '200.00' });

  // Two redeem codes: one in cash, one in points.
  await at('2026-11-30T13:00:00Z');
  const cash = await t.ok(
    adminApi.redeem.generate,
    { count: 1, reward: { kind: 'cash', amount: '15.00' }, usesPerCode: 1, expiresAt: NEXT_MONTH },
    { token: owner },
  );
  const points = await t.ok(
    adminApi.redeem.generate,
    { count: 1, reward: { kind: 'points', amount: '12' }, usesPerCode: 1, expiresAt: NEXT_MONTH },
    { token: owner },
  );
  const [code] = cash.codes as [string];
  const [pointsCode] = points.codes as [string];
  await t.ok(api.redeem.redeem, { code }, { token });
  await t.ok(api.redeem.redeem, { code: pointsCode }, { token });

  // A draw that wins cash, and one that wins points.
  await at('2026-11-30T13:10:00Z');
  const campaign = async (name: Record<string, string>, prize: Record<string, unknown>) =>
    (
      await t.ok(
        adminApi.draws.createCampaign,
        {
          kind: 'turntable',
          name: name as { en: string },
          pointsPerDraw: 10,
          dailyLimit: 3,
          startsAt: '2026-11-01T00:00:00Z',
          endsAt: NEXT_MONTH,
          status: 'on',
          prizes: [{ weight: 1, stock: null, ...prize } as never],
        },
        { token: owner },
      )
    ).id;
  const cashDraw = await campaign(
    { en: 'Lucky wheel', fr: 'Roue de la chance' },
    { kind: 'cash', amount: '5.00', name: { en: 'Cash bag', fr: "Sac d'argent" } },
  );
  const pointsDraw = await campaign(
    { en: 'Points rain', fr: 'Pluie de points' },
    { kind: 'points', amount: '25', name: { en: '25 points', fr: '25 points' } },
  );
  expect((await t.ok(api.draws.draw, {}, { token, params: { id: cashDraw } })).prize).toMatchObject({ kind: 'cash' });
  expect((await t.ok(api.draws.draw, {}, { token, params: { id: pointsDraw } })).prize).toMatchObject({
    kind: 'points',
  });

  // An event that pays its sign-up in cash.
  await at('2026-11-30T13:20:00Z');
  const { id: eventId } = await t.ok(
    adminApi.events.create,
    {
      kind: 'anniversary',
      title: { en: 'Anniversary party', fr: "Fête d'anniversaire" },
      body: { en: 'Two years.' },
      startsAt: '2026-12-04T10:00:00Z',
      endsAt: '2026-12-04T14:00:00Z',
      capacity: 10,
      status: 'on',
      reward: { kind: 'cash', amount: '7.50' },
    },
    { token: owner },
  );
  await t.ok(api.events.signup, {}, { token, params: { id: eventId } });

  // A withdrawal the operator rejects with a reason: its amount comes back.
  await at('2026-11-30T13:30:00Z');
  await t.ok(api.user.sendCode, { account: user.account, purpose: 'payPassword' });
  await t.ok(api.user.setPayPassword, { code: await lastCode(t, user.account), payPassword: PAY_PASSWORD }, { token });
  const account = await t.ok(
    api.cash.addPayoutAccount,
    { type: 'bank', holderName: 'Ada Obi', accountNumber: '0123456789', bankName: 'GTBank' },
    { token },
  );
  if (account.status === 'pending') {
    await t.ok(adminApi.cash.approvePayoutAccount, {}, { token: owner, params: { id: account.id } });
  }
  const rejected = await t.ok(
    api.cash.withdraw,
    { accountId: account.id, amount: '100', payPassword: PAY_PASSWORD },
    { token },
  );
  await t.ok(
    adminApi.cash.rejectWithdrawal,
    { reason: 'Account name does not match' },
    { token: owner, params: { id: rejected.id } },
  );

  // Around midnight in Lagos: 23:30 on Monday, then 00:30 on Tuesday, the same day in UTC.
  await at('2026-11-30T22:30:00Z');
  await t.ok(
    adminApi.products.adjust,
    { wallet: 'deposit', amount: '10.00', reason: 'Evening gift' },
    { token: owner, params: { id: userId } },
  );
  await at('2026-11-30T23:30:00Z');
  await t.ok(
    adminApi.products.adjust,
    { wallet: 'deposit', amount: '-5.00', reason: 'Correction' },
    { token: owner, params: { id: userId } },
  );

  // A withdrawal the next morning, approved and paid through the gateway.
  await at('2026-12-01T09:00:00Z');
  const paid = await t.ok(
    api.cash.withdraw,
    { accountId: account.id, amount: '100', payPassword: PAY_PASSWORD },
    { token },
  );
  await t.ok(adminApi.cash.approveWithdrawal, {}, { token: owner, params: { id: paid.id } });
  await t.ok(adminApi.cash.payWithdrawal, {}, { token: owner, params: { id: paid.id } });
  const withdrawals = (await t.ok(api.cash.withdrawals, {}, { token })).items;
  expect(withdrawals.map((w) => [w.orderNo, w.status])).toEqual([
    [paid.orderNo, 'paid'],
    [rejected.orderNo, 'rejected'],
  ]);

  return {
    token,
    userId,
    orderNo: order.orderNo,
    transId,
    hint: `…${code.slice(-4)}`,
    pointsHint: `…${pointsCode.slice(-4)}`,
    rejectedNo: rejected.orderNo,
    paidNo: paid.orderNo,
  };
}

describe('a statement per wallet, from the ledger', () => {
  let j: Journey;
  let bill: OutputOf<typeof api.wallet.bill>;
  /** Another user with lines of their own in every wallet, which must never show in the first one's. */
  let other: { token: string };

  beforeAll(async () => {
    j = await journey();
    bill = await t.ok(api.wallet.bill, {}, { token: j.token });
    const signed = await signUp(t);
    await fund(t, signed.user.id, '42.00');
    await fund(t, signed.user.id, '17.00', 'income');
    await t.services.adjustments.adjust(
      signed.user.id,
      { wallet: 'points', amount: '9', reason: 'other user' },
      { adminId: (await t.services.admins.list())[0]?.id as number, ip: '' },
    );
    other = { token: signed.token };
  }, 60_000);

  it('the bill holds what the journey left', () => {
    expect(bill).toMatchObject({ rechargeBalance: '525.00', incomeBalance: '137.50', points: '47' });
  });

  it('the deposit wallet lists every step in English, signed, each with its balance after', async () => {
    const lines = await wholeStatement(j.token, 'deposit');
    expect(lines.map((line) => [line.kind, line.source, line.amount, line.balanceAfter])).toEqual([
      ['system_decrease', 'Adjusted by the platform: Correction', '-5.00', '525.00'],
      ['system_increase', 'Adjusted by the platform: Evening gift', '10.00', '530.00'],
      ['purchase', `Solar rig, order ${j.orderNo}: $180.00 paid, $20.00 off with a coupon`, '-180.00', '520.00'],
      ['vip_activation', 'Activation of Gold SVIP', '-100.00', '700.00'],
      ['deposit', `Top-up ${j.transId}`, '300.00', '800.00'],
      ['system_increase', 'Adjusted by the platform: Welcome gift', '500.00', '500.00'],
    ]);
    expect(lines[0]?.balanceAfter).toBe(bill.rechargeBalance);
    expect(expectChain(lines, 2)).toBe(bill.rechargeBalance);
    expect(lines.at(-1)?.at).toBe('2026-11-30T08:00:00.000Z');
  });

  it('the income wallet lists collection, level bonus, code, prize, reward and both withdrawals with the refund’s reason', async () => {
    const lines = await wholeStatement(j.token, 'income');
    expect(lines.map((line) => [line.kind, line.source, line.amount, line.balanceAfter])).toEqual([
      ['withdrawal', `Withdrawal ${j.paidNo} to GTBank ****6789`, '-100.00', '137.50'],
      ['withdrawal_refund', `Refund of withdrawal ${j.rejectedNo}: Account name does not match`, '100.00', '237.50'],
      ['withdrawal', `Withdrawal ${j.rejectedNo} to GTBank ****6789`, '-100.00', '137.50'],
      ['other_profit', 'Reward of Anniversary party', '7.50', '237.50'],
      ['other_profit', 'Lucky wheel: Cash bag', '5.00', '230.00'],
      ['other_profit', `Redeem code ${j.hint}`, '15.00', '225.00'],
      ['other_profit', 'Level bonus on the income collected', '10.00', '210.00'],
      ['collection', 'Income collected from your machines', '200.00', '200.00'],
    ]);
    expect(lines[0]?.balanceAfter).toBe(bill.incomeBalance);
    expect(expectChain(lines, 2)).toBe(bill.incomeBalance);
  });

  it('the points wallet lists the purchase’s points, the code, both draws and the prize, without decimals', async () => {
    const lines = await wholeStatement(j.token, 'points');
    expect(lines.map((line) => [line.kind, line.source, line.amount, line.balanceAfter])).toEqual([
      ['points_earned', 'Points rain: 25 points', '25', '47'],
      ['points_spent', 'A draw on Points rain', '-10', '22'],
      ['points_spent', 'A draw on Lucky wheel', '-10', '32'],
      ['points_earned', `Redeem code ${j.pointsHint}`, '12', '42'],
      ['points_earned', `Points for Solar rig, order ${j.orderNo}`, '30', '30'],
    ]);
    expect(lines[0]?.balanceAfter).toBe(bill.points);
    expect(expectChain(lines, 0)).toBe(bill.points);
  });

  it('names every source in French: the machine and order, the coupon, the level, the draw, the refund’s reason', async () => {
    const deposit = await wholeStatement(j.token, 'deposit', {}, 'fr');
    expect(deposit.map((line) => line.source)).toEqual([
      'Ajustement par la plateforme : Correction',
      'Ajustement par la plateforme : Evening gift',
      `Centrale solaire, commande ${j.orderNo} : ${money('180.00', 'fr')} payé, ${money('20.00', 'fr')} de remise par un coupon`,
      'Activation de SVIP Or',
      `Recharge ${j.transId}`,
      'Ajustement par la plateforme : Welcome gift',
    ]);
    expect(money('180.00', 'fr')).not.toBe('$180.00');
    const income = await wholeStatement(j.token, 'income', {}, 'fr');
    expect(income.map((line) => line.source)).toEqual([
      `Retrait ${j.paidNo} vers GTBank ****6789`,
      `Remboursement du retrait ${j.rejectedNo} : Account name does not match`,
      `Retrait ${j.rejectedNo} vers GTBank ****6789`,
      "Récompense de Fête d'anniversaire",
      "Roue de la chance : Sac d'argent",
      `Code échangé ${j.hint}`,
      'Prime de niveau sur le revenu collecté',
      'Revenu collecté de vos machines',
    ]);
    const points = await wholeStatement(j.token, 'points', {}, 'fr');
    expect(points.map((line) => line.source)).toEqual([
      'Pluie de points : 25 points',
      'Un tirage à Pluie de points',
      'Un tirage à Roue de la chance',
      `Code échangé ${j.pointsHint}`,
      `Points pour Centrale solaire, commande ${j.orderNo}`,
    ]);
  });

  it('a language without the product’s own name falls back to English', async () => {
    const [, , purchase] = await wholeStatement(j.token, 'deposit', {}, 'es');
    expect(purchase?.source).toBe(
      `Solar rig, pedido ${j.orderNo}: ${money('180.00', 'es')} pagado, ${money('20.00', 'es')} de descuento con un cupón`,
    );
  });

  it('filters by kind', async () => {
    const profit = await wholeStatement(j.token, 'income', { kind: 'other_profit' });
    expect(profit.map((line) => line.amount)).toEqual(['7.50', '5.00', '15.00', '10.00']);
    const withdrawals = await wholeStatement(j.token, 'income', { kind: 'withdrawal' });
    expect(withdrawals.map((line) => line.source)).toEqual([
      `Withdrawal ${j.paidNo} to GTBank ****6789`,
      `Withdrawal ${j.rejectedNo} to GTBank ****6789`,
    ]);
    // A filtered line still carries the wallet's balance right after it.
    expect(withdrawals.map((line) => line.balanceAfter)).toEqual(['137.50', '137.50']);
    expect(await wholeStatement(j.token, 'deposit', { kind: 'withdrawal' })).toEqual([]);
    const adjustments = await wholeStatement(j.token, 'deposit', { kind: 'system_increase' });
    expect(adjustments.map((line) => line.amount)).toEqual(['10.00', '500.00']);
  });

  it('from and to are days of the platform’s time zone, both included', async () => {
    const sources = async (query: { from?: string; to?: string }) =>
      (await wholeStatement(j.token, 'deposit', query)).map((line) => line.source);
    // 23:30 on Monday in Lagos is Monday; 00:30 on Tuesday in Lagos is Tuesday, though both are 30 November in UTC.
    expect(await sources({ from: '2026-11-30', to: '2026-11-30' })).toEqual([
      'Adjusted by the platform: Evening gift',
      `Solar rig, order ${j.orderNo}: $180.00 paid, $20.00 off with a coupon`,
      'Activation of Gold SVIP',
      `Top-up ${j.transId}`,
      'Adjusted by the platform: Welcome gift',
    ]);
    expect(await sources({ from: '2026-12-01', to: '2026-12-01' })).toEqual(['Adjusted by the platform: Correction']);
    expect(await sources({ from: '2026-12-01' })).toEqual(['Adjusted by the platform: Correction']);
    expect(await sources({ to: '2026-11-30' })).toHaveLength(5);
    expect(await sources({ from: '2026-11-30', to: '2026-12-01' })).toHaveLength(6);
    expect(await sources({ from: '2026-12-02' })).toEqual([]);
    expect(await sources({ to: '2026-11-29' })).toEqual([]);
    expect(await sources({ from: '2026-12-01', to: '2026-11-30' })).toEqual([]);
    // The first and last days a statement takes are days like any other.
    expect(await sources({ from: '1970-01-01', to: '9999-12-31' })).toHaveLength(6);
    const tuesday = await wholeStatement(j.token, 'income', { from: '2026-12-01', to: '2026-12-01' });
    expect(tuesday.map((line) => line.source)).toEqual([`Withdrawal ${j.paidNo} to GTBank ****6789`]);
  });

  it('follows the platform’s time zone when an operator changes it', async () => {
    await t.services.config.update({ timezone: 'UTC' }, { adminId: null, ip: '' });
    try {
      const tuesday = await wholeStatement(j.token, 'deposit', { from: '2026-12-01' });
      expect(tuesday).toEqual([]);
      expect(await wholeStatement(j.token, 'deposit', { from: '2026-11-30', to: '2026-11-30' })).toHaveLength(6);
    } finally {
      await t.services.config.update({ timezone: 'Africa/Lagos' }, { adminId: null, ip: '' });
    }
  });

  it('pages with the cursor lose and repeat nothing, filtered or not', async () => {
    for (const wallet of ['deposit', 'income', 'points'] as const) {
      const all = await wholeStatement(j.token, wallet, { limit: 100 });
      for (const limit of [1, 2, 3]) {
        const paged = await wholeStatement(j.token, wallet, { limit });
        expect(paged, `${wallet} by ${limit}`).toEqual(all);
      }
    }
    const first = await t.ok(api.wallet.statement, { wallet: 'income', limit: 3 }, { token: j.token });
    expect(first.items).toHaveLength(3);
    expect(first.nextCursor).toBe(String(first.items[2]?.id));
    const last = await t.ok(
      api.wallet.statement,
      { wallet: 'income', limit: 3, cursor: first.nextCursor as string, kind: 'other_profit', from: '2026-11-30' },
      { token: j.token },
    );
    expect(last.items.map((line) => line.amount)).toEqual(['7.50', '5.00', '15.00']);
    expect(last.nextCursor).not.toBeNull();
    const end = await t.ok(
      api.wallet.statement,
      { wallet: 'income', limit: 3, cursor: last.nextCursor as string, kind: 'other_profit', from: '2026-11-30' },
      { token: j.token },
    );
    expect(end).toEqual({ items: [expect.objectContaining({ amount: '10.00' })], nextCursor: null });
  });

  it('never shows another user’s lines, nor theirs to the first', async () => {
    const mine = new Set<number>();
    for (const wallet of ['deposit', 'income', 'points'] as const) {
      for (const line of await wholeStatement(j.token, wallet)) mine.add(line.id);
    }
    const theirs = {
      deposit: await wholeStatement(other.token, 'deposit'),
      income: await wholeStatement(other.token, 'income'),
      points: await wholeStatement(other.token, 'points'),
    };
    expect(theirs.deposit.map((line) => [line.amount, line.balanceAfter])).toEqual([['42.00', '42.00']]);
    expect(theirs.income.map((line) => [line.amount, line.balanceAfter])).toEqual([['17.00', '17.00']]);
    expect(theirs.points.map((line) => [line.amount, line.balanceAfter, line.source])).toEqual([
      ['9', '9', 'Adjusted by the platform: other user'],
    ]);
    for (const line of Object.values(theirs).flat()) expect(mine.has(line.id)).toBe(false);
    // A cursor taken from someone else's statement pages only through one's own lines.
    const [theirLine] = theirs.deposit;
    const after = await wholeStatement(j.token, 'deposit', { limit: 2 });
    const fromTheirs = await t.ok(
      api.wallet.statement,
      { wallet: 'deposit', cursor: String((theirLine?.id ?? 0) + 1) },
      { token: j.token },
    );
    expect(fromTheirs.items).toEqual(after);
  });

  it('refuses an unknown wallet, kind or day, a malformed cursor, and a signed-out caller, each with a clear error', async () => {
    const call = (input: Record<string, string>, lang?: string) =>
      t.call(api.wallet.statement, input as never, { token: j.token, lang });
    for (const wallet of ['uncollected', 'withdraw_hold', 'savings', '']) {
      expect(await call({ wallet }), wallet).toMatchObject({
        code: ERRORS.INVALID_INPUT.code,
        msg: expect.stringMatching(/wallet/i),
      });
    }
    expect(await call({})).toMatchObject({ code: expect.any(Number), data: null });
    expect((await call({})).code).not.toBe(SUCCESS_CODE);
    expect(await call({ wallet: 'income', kind: 'gift' })).toMatchObject({
      code: ERRORS.INVALID_INPUT.code,
      msg: expect.stringMatching(/kind/i),
    });
    for (const day of [
      '2026-13-01',
      '2026-02-30',
      '2026-11-31',
      '0001-01-01',
      '1969-12-31',
      '30/11/2026',
      '2026-1-5',
      'yesterday',
    ]) {
      for (const field of ['from', 'to']) {
        expect(await call({ wallet: 'deposit', [field]: day }), `${field}=${day}`).toMatchObject({
          code: ERRORS.INVALID_INPUT.code,
          msg: expect.stringMatching(new RegExp(field, 'i')),
          data: null,
        });
      }
    }
    expect(await call({ wallet: 'deposit', from: '2026-13-01' }, 'fr')).toMatchObject({
      code: ERRORS.INVALID_INPUT.code,
      msg: expect.stringContaining("n'est pas valide"),
    });
    expect(await call({ wallet: 'deposit', cursor: 'abc' })).toMatchObject({ code: ERRORS.INVALID_INPUT.code });
    expect(await call({ wallet: 'deposit', limit: '0' })).toMatchObject({ code: ERRORS.INVALID_INPUT.code });
    expect(await call({ wallet: 'deposit', limit: '101' })).toMatchObject({ code: expect.any(Number) });
    expect((await call({ wallet: 'deposit', limit: '101' })).code).not.toBe(SUCCESS_CODE);
    const signedOut = await t.call(api.wallet.statement, { wallet: 'deposit' });
    expect(signedOut.code).not.toBe(SUCCESS_CODE);
    expect(signedOut.data).toBeNull();
  });

  it('the orders list shows the coupon order’s list amount, discount and what the wallet paid', async () => {
    const { items } = await t.ok(api.products.orders, {}, { token: j.token });
    expect(items.map((order) => [order.orderNo, order.amount, order.discount, order.paid, order.wallet])).toEqual([
      [j.orderNo, '200.00', '20.00', '180.00', 'deposit'],
    ]);
  });

  it('the record lists name their sources: system increase, top-up, codes, draws, event, level bonus, refund', async () => {
    const deposit = (await t.ok(api.records.deposit, {}, { token: j.token })).items;
    expect(deposit.map((record) => [record.type, record.source])).toEqual([
      ['system_decrease', 'Adjusted by the platform: Correction'],
      ['system_increase', 'Adjusted by the platform: Evening gift'],
      ['deposit', `Top-up ${j.transId}`],
      ['system_increase', 'Adjusted by the platform: Welcome gift'],
    ]);
    const profit = (await t.ok(api.records.profit, {}, { token: j.token, lang: 'fr' })).items;
    expect(profit.map((record) => [record.type, record.amount, record.source])).toEqual([
      ['other_profit', '7.50', "Récompense de Fête d'anniversaire"],
      ['other_profit', '5.00', "Roue de la chance : Sac d'argent"],
      ['other_profit', '15.00', `Code échangé ${j.hint}`],
      ['other_profit', '10.00', 'Prime de niveau sur le revenu collecté'],
      ['product_profit', '200.00', 'Revenu de Centrale solaire'],
    ]);
    const withdraw = (await t.ok(api.records.withdraw, {}, { token: j.token })).items;
    expect(withdraw.map((record) => [record.type, record.source])).toEqual([
      ['withdrawal', `Withdrawal ${j.paidNo} to GTBank ****6789`],
      ['withdrawal_refund', `Refund of withdrawal ${j.rejectedNo}: Account name does not match`],
      ['withdrawal', `Withdrawal ${j.rejectedNo} to GTBank ****6789`],
    ]);
    const points = (await t.ok(api.records.points, {}, { token: j.token })).items;
    expect(points.map((record) => [record.type, record.amount, record.source])).toEqual([
      ['points_earned', '25', 'Points rain: 25 points'],
      ['points_spent', '-10', 'A draw on Points rain'],
      ['points_spent', '-10', 'A draw on Lucky wheel'],
      ['points_earned', '12', `Redeem code ${j.pointsHint}`],
      ['points_earned', '30', `Points for Solar rig, order ${j.orderNo}`],
    ]);
    for (const record of [...deposit, ...profit, ...withdraw, ...points]) {
      expect(record.source, `${record.type} ${record.amount}`).not.toBe('');
    }
  });

  it('the ledger holds every invariant, the running balances included', async () => {
    expect((await checkLedger(t.db)).violations).toEqual([]);
  });
});

describe.skipIf(!usingPostgres)('running balances under concurrent postings (PostgreSQL)', () => {
  it('postings that wait for an account held by another transaction write their lines after its lines, so the balances chain', async () => {
    await at('2026-12-01T09:00:00Z');
    const { user, token } = await signUp(t);
    await fund(t, user.id, '100.00');
    const product = await createProduct(t, { price: '10.00', points: 0 });
    const adjustments = t.ledger.house('adjustments', user.id);
    const increase = (accountId: number, amount: bigint): EntryDraft => ({
      type: 'system_increase',
      userId: user.id,
      memo: 'race',
      at: t.clock.now(),
      lines: [
        { accountId, asset: 'CASH', amount },
        { accountId: adjustments, asset: 'CASH', amount: -amount },
      ],
    });
    const waiting = async () =>
      (
        await queryRows<{ n: number }>(
          t.db,
          sql`select count(*)::integer as n from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'`,
        )
      )[0]?.n ?? 0;
    let others: Promise<unknown>[] = [];
    await inTransaction(t.db, async (tx) => {
      // This transaction holds the wallet and the house account first; the others' statements start
      // (their entries' ids drawn) and wait for them; this one posts after them and commits first.
      const wallet = await lockUserAccount(tx, user.id, 'deposit');
      await tx.execute(
        sql`select id from ledger_accounts where id in (${wallet.id}, ${adjustments}) order by id for no key update`,
      );
      others = [
        postEntries(t.db, [increase(wallet.id, 300n)]),
        t.call(api.products.purchase, { productId: product.id }, { token }),
        postEntries(t.db, [increase(wallet.id, 5n), increase(wallet.id, 2n)]),
      ];
      // Asked on a connection of its own: a transaction sees the sessions as they were when it first looked.
      await vi.waitFor(async () => expect(await waiting()).toBeGreaterThanOrEqual(3), { timeout: 10_000 });
      await postEntry(tx, increase(wallet.id, 7n));
    });
    const [, purchase] = await Promise.all(others);
    expect(purchase).toMatchObject({ code: SUCCESS_CODE });
    const lines = await wholeStatement(token, 'deposit');
    expect(lines.map((line) => line.amount).sort()).toEqual(
      ['-10.00', '0.02', '0.05', '0.07', '100.00', '3.00'].sort(),
    );
    expect(expectChain(lines, 2)).toBe((await t.ok(api.wallet.bill, {}, { token })).rechargeBalance);
    expect((await checkLedger(t.db)).violations).toEqual([]);
    // The holder's line comes right after the top-up: the others drew their lines' ids once it let go.
    expect(lines.at(-2)?.amount).toBe('0.07');
  });
});
