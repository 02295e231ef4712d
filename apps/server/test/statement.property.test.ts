import {
  adminApi,
  api,
  type Endpoint,
  ERRORS,
  fromMinor,
  type InputOf,
  type StatementLine,
  type StatementWallet,
  SUCCESS_CODE,
  toMinor,
} from '@app/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../src/ledger/check.ts';
import { createProduct, fund, lastCode, PAY_PASSWORD, signInOwner, signUp, unlimited } from './factories.ts';
import { type CallOptions, createTestApp, type TestApp, usingPostgres } from './setup.ts';

/**
 * Issue 28's property: whatever money actions a few users take, in whatever order, each wallet's
 * statement, read whole through its pages, chains from zero to exactly the bill's balance (every
 * line's balance after is the one before plus its amount), names the source of every line, and
 * the ledger's invariants hold. The actions are the product's, through its endpoints: top-ups,
 * purchases with and without a coupon from either wallet, operators' adjustments of each wallet
 * up and down, accrual as the clock moves, collections, withdrawals rejected, paid or failed,
 * SVIP activations, redeem codes, draws and event rewards, by a chain of inviters (so commissions,
 * invite and repurchase bonuses too).
 */

/** Runs (STATEMENT_PROPERTY_RUNS to change): PGlite costs a fixed fraction of a millisecond per statement. */
const RUNS = Number(process.env.STATEMENT_PROPERTY_RUNS) || (usingPostgres ? 8 : 4);
const USERS = 3;
const HOUR = 3600;
const DAY = 24 * HOUR;
const FAR = '2030-01-01T00:00:00Z';
const WALLETS: StatementWallet[] = ['deposit', 'income', 'points'];

type Command =
  | { kind: 'topup'; user: number; cents: number; approved: boolean }
  | { kind: 'purchase'; user: number; product: number; quantity: number; wallet: 'deposit' | 'income'; coupon: boolean }
  | { kind: 'adjust'; user: number; wallet: StatementWallet; amount: number; up: boolean }
  | { kind: 'advance'; seconds: number }
  | { kind: 'collect'; user: number }
  | { kind: 'withdraw'; user: number; hundreds: number; outcome: 'pending' | 'rejected' | 'paid' | 'failed' }
  | { kind: 'svip'; user: number; level: number }
  | { kind: 'redeem'; user: number; reward: 'cash' | 'points' }
  | { kind: 'draw'; user: number }
  | { kind: 'event'; user: number; event: number };

const user = fc.integer({ min: 0, max: USERS - 1 });
const command: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('topup' as const),
      user,
      cents: fc.integer({ min: 1_000, max: 80_000 }),
      approved: fc.integer({ min: 0, max: 3 }).map((n) => n > 0),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('purchase' as const),
      user,
      product: fc.integer({ min: 0, max: 1 }),
      quantity: fc.integer({ min: 1, max: 2 }),
      wallet: fc.constantFrom('deposit' as const, 'income' as const),
      coupon: fc.boolean(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('adjust' as const),
      user,
      wallet: fc.constantFrom(...WALLETS),
      amount: fc.integer({ min: 1, max: 30_000 }),
      up: fc.boolean(),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('advance' as const),
      seconds: fc.oneof(fc.integer({ min: 60, max: 3 * HOUR }), fc.integer({ min: 3 * HOUR, max: 2 * DAY })),
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('collect' as const), user }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('withdraw' as const),
      user,
      hundreds: fc.integer({ min: 1, max: 3 }),
      outcome: fc.constantFrom('pending' as const, 'rejected' as const, 'paid' as const, 'failed' as const),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('svip' as const), user, level: fc.integer({ min: 1, max: 2 }) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('redeem' as const),
      user,
      reward: fc.constantFrom('cash' as const, 'points' as const),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('draw' as const), user }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('event' as const), user, event: fc.integer({ min: 0, max: 2 }) }),
  },
);

interface RunUser {
  id: number;
  token: string;
  /** The payout account the sandbox pays, and one whose payout it refuses (its number ends in 000). */
  good: number;
  bad: number;
}

let t: TestApp;
let owner: string;
let productIds: number[] = [];
let campaignId: number;
let eventIds: number[] = [];

/** An operator's call; the back-office session lapses as the clock moves on, so sign in again then. */
async function asOperator<E extends Endpoint>(
  endpoint: E,
  input: InputOf<E>,
  options: Omit<CallOptions, 'token'> = {},
) {
  let answer = await t.call(endpoint, input, { ...options, token: owner });
  if (answer.code === ERRORS.ADMIN_SESSION_INVALID.code) {
    owner = await signInOwner(t);
    answer = await t.call(endpoint, input, { ...options, token: owner });
  }
  return answer;
}

async function operator<E extends Endpoint>(endpoint: E, input: InputOf<E>, options: Omit<CallOptions, 'token'> = {}) {
  const answer = await asOperator(endpoint, input, options);
  if (answer.code !== SUCCESS_CODE) throw new Error(`operator: ${answer.code} ${answer.msg}`);
  return answer.data;
}

const inAWeek = () => new Date(t.clock.now().getTime() + 7 * DAY * 1000).toISOString();

/** What each user starts a run with: cents in the deposit and income wallets, and points. */
const start = fc.array(
  fc.record({
    deposit: fc.integer({ min: 10_000, max: 100_000 }),
    income: fc.integer({ min: 10_000, max: 60_000 }),
    points: fc.integer({ min: 0, max: 40 }),
  }),
  { minLength: USERS, maxLength: USERS },
);

/** A chain of inviters (each user invited by the one before), funded by an operator, ready to withdraw. */
async function newRun(funds: { deposit: number; income: number; points: number }[]): Promise<RunUser[]> {
  const users: RunUser[] = [];
  const signed = [];
  for (let index = 0; index < USERS; index++) {
    const inviter = signed[index - 1];
    const session = await signUp(t, inviter ? { inviteCode: inviter.user.inviteCode } : {});
    signed.push(session);
    const { deposit, income, points } = funds[index] ?? { deposit: 0, income: 0, points: 0 };
    if (deposit > 0) await fund(t, session.user.id, fromMinor(BigInt(deposit), 2));
    if (income > 0) await fund(t, session.user.id, fromMinor(BigInt(income), 2), 'income');
    if (points > 0)
      await operator(
        adminApi.products.adjust,
        { wallet: 'points', amount: String(points), reason: 'start' },
        { params: { id: session.user.id } },
      );
  }
  // Past the resend interval of the sign-up codes.
  t.clock.advance(61);
  for (const s of signed) {
    await t.ok(api.user.sendCode, { account: s.account, purpose: 'payPassword' });
    const code = await lastCode(t, s.account);
    await t.ok(api.user.setPayPassword, { code, payPassword: PAY_PASSWORD }, { token: s.token });
    const account = (accountNumber: string) =>
      t.ok(
        api.cash.addPayoutAccount,
        { type: 'bank', holderName: 'Ada Obi', accountNumber, bankName: 'GTBank' },
        { token: s.token },
      );
    const good = await account('0123456789');
    const bad = await account('0123457000');
    users.push({ id: s.user.id, token: s.token, good: good.id, bad: bad.id });
  }
  return users;
}

/** Runs one command; what the server answered, for the log (a refusal is an answer too). */
async function run(users: RunUser[], cmd: Command): Promise<string> {
  if (cmd.kind === 'advance') {
    // The clock moves on and the accrual job runs, as the scheduler runs it every minute.
    t.clock.advance(cmd.seconds);
    await t.ok(api.testing.runJob, {}, { params: { name: 'accrual' } });
    return 'accrued';
  }
  const u = users[cmd.user] as RunUser;
  const token = u.token;
  const answered = (answer: { code: number; msg: string }) =>
    answer.code === SUCCESS_CODE ? 'ok' : `refused ${answer.code} ${answer.msg}`;
  switch (cmd.kind) {
    case 'topup': {
      const { transId } = await t.ok(
        api.cash.createDeposit,
        { amount: fromMinor(BigInt(cmd.cents), 2), methodId: 'sandbox' },
        { token },
      );
      await t.services.sandbox.decide(transId, cmd.approved ? 'approved' : 'declined');
      await t.services.sandbox.deliverWebhooks();
      return cmd.approved ? 'credited' : 'declined';
    }
    case 'purchase': {
      let couponId: number | undefined;
      if (cmd.coupon) {
        await operator(adminApi.coupons.issue, {
          userIds: [u.id],
          name: { en: 'Property' },
          kind: cmd.quantity === 1 ? 'amount_off' : 'percent_off',
          amount: cmd.quantity === 1 ? '7.50' : '15',
          expiresAt: inAWeek(),
        });
        couponId = (await t.ok(api.coupons.list, { status: 'unused' }, { token })).items[0]?.id;
      }
      return answered(
        await t.call(
          api.products.purchase,
          { productId: productIds[cmd.product] as number, quantity: cmd.quantity, wallet: cmd.wallet, couponId },
          { token },
        ),
      );
    }
    case 'adjust': {
      const bill = await t.ok(api.wallet.bill, {}, { token });
      const decimals = cmd.wallet === 'points' ? 0 : 2;
      const balance = toMinor(
        cmd.wallet === 'deposit' ? bill.rechargeBalance : cmd.wallet === 'income' ? bill.incomeBalance : bill.points,
        decimals,
      );
      // A decrease within the balance (or refused, at zero).
      const amount = cmd.up ? BigInt(cmd.amount) : -(BigInt(cmd.amount) % (balance + 1n));
      if (amount === 0n) return 'skipped';
      return answered(
        await asOperator(
          adminApi.products.adjust,
          { wallet: cmd.wallet, amount: fromMinor(amount, decimals), reason: `property ${cmd.up ? 'up' : 'down'}` },
          { params: { id: u.id } },
        ),
      );
    }
    case 'collect':
      return answered(await t.call(api.products.collect, {}, { token }));
    case 'withdraw': {
      const answer = await t.call(
        api.cash.withdraw,
        {
          accountId: cmd.outcome === 'failed' ? u.bad : u.good,
          amount: String(cmd.hundreds * 100),
          payPassword: PAY_PASSWORD,
        },
        { token },
      );
      if (answer.code !== SUCCESS_CODE || cmd.outcome === 'pending') return answered(answer);
      const params = { params: { id: answer.data.id } };
      if (cmd.outcome === 'rejected') {
        await operator(adminApi.cash.rejectWithdrawal, { reason: 'Property rejection' }, params);
      } else {
        await operator(adminApi.cash.approveWithdrawal, {}, params);
        await operator(adminApi.cash.payWithdrawal, {}, params);
      }
      return cmd.outcome;
    }
    case 'svip':
      return answered(await t.call(api.vip.activate, { level: cmd.level }, { token }));
    case 'redeem': {
      const { codes } = await operator(adminApi.redeem.generate, {
        count: 1,
        reward: cmd.reward === 'cash' ? { kind: 'cash', amount: '3.25' } : { kind: 'points', amount: '8' },
        usesPerCode: 1,
        expiresAt: inAWeek(),
      });
      return answered(await t.call(api.redeem.redeem, { code: codes[0] as string }, { token }));
    }
    case 'draw':
      return answered(await t.call(api.draws.draw, {}, { token, params: { id: campaignId } }));
    case 'event':
      return answered(await t.call(api.events.signup, {}, { token, params: { id: eventIds[cmd.event] as number } }));
  }
}

/** A wallet's whole statement through its pages, newest first. */
async function wholeStatement(token: string, wallet: StatementWallet, limit: number) {
  const lines: StatementLine[] = [];
  const seen = new Set<number>();
  let cursor: string | undefined;
  for (;;) {
    const page = await t.ok(api.wallet.statement, { wallet, limit, cursor }, { token });
    for (const line of page.items) {
      expect(seen.has(line.id), `line ${line.id} twice`).toBe(false);
      seen.add(line.id);
    }
    lines.push(...page.items);
    if (!page.nextCursor) return lines;
    cursor = page.nextCursor;
  }
}

/**
 * Every user's every wallet: its statement chains from zero to the bill's balance, each line named,
 * and no line is in two statements.
 */
async function expectStatementsAddUp(users: RunUser[], limit: number) {
  const seenIn = new Map<number, string>();
  for (const u of users) {
    const bill = await t.ok(api.wallet.bill, {}, { token: u.token });
    const balances = { deposit: bill.rechargeBalance, income: bill.incomeBalance, points: bill.points };
    for (const wallet of WALLETS) {
      const decimals = wallet === 'points' ? 0 : 2;
      const lines = await wholeStatement(u.token, wallet, limit);
      let balance = 0n;
      for (const line of [...lines].reverse()) {
        const named = `user ${u.id} ${wallet} line ${line.id} (${line.kind} ${line.amount})`;
        expect(seenIn.get(line.id), named).toBeUndefined();
        seenIn.set(line.id, named);
        expect(line.source, named).not.toBe('');
        expect(line.amount, named).not.toMatch(/^-?0(\.0+)?$/);
        balance += toMinor(line.amount, decimals);
        expect(line.balanceAfter, named).toBe(fromMinor(balance, decimals));
      }
      expect(fromMinor(balance, decimals), `user ${u.id} ${wallet}`).toBe(balances[wallet]);
      expect(lines[0]?.balanceAfter ?? fromMinor(0n, decimals), `user ${u.id} ${wallet}`).toBe(balances[wallet]);
    }
  }
}

beforeAll(async () => {
  t = await createTestApp({}, { limiter: unlimited });
  // Friday 27 November 2026, 10:00 in Lagos; every run continues from where the last one stopped.
  t.clock.set(new Date('2026-11-27T09:00:00Z'));
  owner = await signInOwner(t);
  // Every day and hour open, so withdrawals and collections happen whenever the clock stands.
  await t.services.config.update(
    {
      withdraw_days: [0, 1, 2, 3, 4, 5, 6],
      withdraw_hours: { from: '00:00', to: '23:59' },
      withdraw_daily_count: 100,
      collect_days: [0, 1, 2, 3, 4, 5, 6],
      payout_account_approval: false,
      purchase_from_income: true,
    },
    { adminId: null, ip: '' },
  );
  productIds = [
    (
      await createProduct(t, {
        name: { en: 'Hourly miner', fr: 'Mineur horaire' },
        price: '60.00',
        cycle: 'hour',
        incomePerCycle: '1.25',
        cycles: 6,
        points: 4,
      })
    ).id,
    (
      await createProduct(t, {
        name: { en: 'Daily vault' },
        price: '150.00',
        cycle: 'day',
        incomePerCycle: '9.00',
        cycles: 2,
        points: 0,
        principalReturned: true,
      })
    ).id,
  ];
  const benefits = { extraDraws: 0, withdrawFeeDiscount: '0', extraWithdrawals: 0, incomeBonusRate: '0.1' };
  await operator(adminApi.vip.saveLevels, {
    levels: [
      { level: 1, name: { en: 'Silver SVIP' }, kind: 'svip', requirement: null, price: '50.00', benefits },
      { level: 2, name: { en: 'Gold SVIP' }, kind: 'svip', requirement: null, price: '120.00', benefits },
    ],
  });
  campaignId = (
    await operator(adminApi.draws.createCampaign, {
      kind: 'turntable',
      name: { en: 'Property wheel' },
      pointsPerDraw: 3,
      dailyLimit: 1000,
      startsAt: '2026-11-01T00:00:00Z',
      endsAt: FAR,
      status: 'on',
      prizes: [
        { kind: 'cash', name: { en: 'Cash' }, amount: '2.00', weight: 1, stock: null },
        { kind: 'points', name: { en: 'Points' }, amount: '5', weight: 1, stock: null },
        { kind: 'nothing', name: { en: 'Nothing' }, amount: '0', weight: 1, stock: null },
      ],
    })
  ).id;
  const event = (reward: { kind: 'cash' | 'points'; amount: string } | null, title: string) =>
    operator(adminApi.events.create, {
      kind: 'anniversary',
      title: { en: title },
      body: { en: 'Property.' },
      startsAt: '2029-12-01T10:00:00Z',
      endsAt: FAR,
      capacity: 100_000,
      status: 'on',
      reward,
    });
  eventIds = [
    (await event({ kind: 'cash', amount: '4.40' }, 'Cash party')).id,
    (await event({ kind: 'points', amount: '6' }, 'Points party')).id,
    (await event(null, 'Plain party')).id,
  ];
}, 60_000);
afterAll(() => t?.close());

describe('the statement under random use', () => {
  it('after any sequence of money actions by a few users, every wallet’s statement chains from zero to its balance, each line named, and the ledger holds', async () => {
    await fc.assert(
      fc.asyncProperty(
        start,
        fc.array(command, { minLength: 15, maxLength: 35 }),
        fc.integer({ min: 1, max: 9 }),
        async (funds, commands, limit) => {
          const users = await newRun(funds);
          const log: string[] = [];
          try {
            for (const cmd of commands) log.push(`${JSON.stringify(cmd)} → ${await run(users, cmd)}`);
            await expectStatementsAddUp(users, limit);
            expect((await checkLedger(t.db)).violations).toEqual([]);
          } catch (error) {
            throw new Error(
              `after ${log.length} commands at ${t.clock.now().toISOString()} (page size ${limit}):\n${log.join('\n')}\n${String(error)}`,
            );
          }
        },
      ),
      { numRuns: RUNS, endOnFailure: true },
    );
  }, 300_000);
});
