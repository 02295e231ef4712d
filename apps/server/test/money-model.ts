import {
  adminApi,
  api,
  applyRate,
  type Cycle,
  ERRORS,
  fromMinor,
  SUCCESS_CODE,
  toMinor,
  USER_ACCOUNT_KINDS,
} from '@app/contracts';
import { inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerAccounts } from '../src/db/schema.ts';
import { checkLedger } from '../src/ledger/check.ts';
import { createProduct, fund, signInOwner, signUp } from './factories.ts';
import { createTestApp, type TestApp, usingPostgres } from './setup.ts';

/**
 * Model-based tests of the money engine: random sequences of purchases, operator adjustments,
 * clock moves, accrual runs and collections by a small invite chain of users, compared after every
 * step with a plain model of what every wallet must hold, and with the ledger's own invariants.
 *
 * The runs are shared out between the files `money-model.N.test.ts`, each on an app and database
 * of its own, because Vitest runs files in parallel but the tests of one file one after another:
 * in one file they were the last to finish by far.
 */

/** Runs in all (MONEY_PROPERTY_RUNS to change it), and how many files share them. */
const RUNS = Number(process.env.MONEY_PROPERTY_RUNS) || (usingPostgres ? 20 : 15);
/**
 * The wallets are compared with the model after every step everywhere. The ledger's invariants,
 * a scan of every line written so far, half of a run's time on PGlite, are checked there after
 * the run's last step: a line or running total once wrong stays wrong, so the run's end still
 * finds it, and PostgreSQL's tier (CI) names the step that broke it.
 */
const LEDGER_AFTER_EVERY_STEP = usingPostgres;
const FILES = 3;
const HOUR = 3600;
const DAY = 24 * HOUR;
const USERS = 5;
// Default configuration (packages/contracts/src/config.ts).
const REFERRAL_RATES = ['0.10', '0.05', '0.02'];
const NEW_INVITE_BONUS = 500n;
const REPURCHASE_RATE = '0.01';
const TIMEZONE_OFFSET = HOUR; // Africa/Lagos, UTC+1 all year
const COLLECT_DAYS = [1, 2, 3, 4, 5];

interface ProductSpec {
  price: bigint;
  cycleSeconds: number;
  cycle: Cycle;
  income: bigint;
  cycles: number;
  points: number;
  principalReturned: boolean;
  purchaseLimit: number;
  stock: number | null;
}

const PRODUCTS: ProductSpec[] = [
  {
    price: 1000n,
    cycle: 'hour',
    cycleSeconds: HOUR,
    income: 15n,
    cycles: 6,
    points: 1,
    principalReturned: false,
    purchaseLimit: 0,
    stock: null,
  },
  {
    price: 5000n,
    cycle: 'day',
    cycleSeconds: DAY,
    income: 200n,
    cycles: 3,
    points: 5,
    principalReturned: true,
    purchaseLimit: 0,
    stock: null,
  },
  {
    price: 3000n,
    cycle: 'week',
    cycleSeconds: 7 * DAY,
    income: 500n,
    cycles: 2,
    points: 0,
    principalReturned: false,
    purchaseLimit: 2,
    stock: null,
  },
  {
    price: 500n,
    cycle: 'hour',
    cycleSeconds: HOUR,
    income: 7n,
    cycles: 30,
    points: 2,
    principalReturned: true,
    purchaseLimit: 0,
    stock: 3,
  },
];

interface ModelHolding {
  user: number;
  started: number;
  spec: ProductSpec;
  quantity: number;
  accrued: number;
  expired: boolean;
}

interface ModelUser {
  id: number;
  token: string;
  inviteCode: string;
  /** Indexes of the inviters in this run: [depth 1, depth 2, …]. */
  ancestors: number[];
  deposit: bigint;
  income: bigint;
  uncollected: bigint;
  points: bigint;
  orders: number;
  units: number[];
}

interface Model {
  users: ModelUser[];
  productIds: number[];
  sold: number[];
  holdings: ModelHolding[];
}

type Command =
  | { kind: 'purchase'; user: number; product: number; quantity: number }
  | { kind: 'adjust'; user: number; wallet: 'deposit' | 'income'; cents: number; sign: 1 | -1; overdraw: boolean }
  | { kind: 'advance'; seconds: number }
  | { kind: 'accrue' }
  | { kind: 'collect'; user: number };

const user = fc.integer({ min: 0, max: USERS - 1 });
const command: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('purchase' as const),
      user,
      product: fc.integer({ min: 0, max: PRODUCTS.length - 1 }),
      quantity: fc.integer({ min: 1, max: 2 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('adjust' as const),
      user,
      wallet: fc.constantFrom('deposit' as const, 'income' as const),
      cents: fc.integer({ min: 1, max: 20_000 }),
      sign: fc.constantFrom(1 as const, -1 as const),
      overdraw: fc.boolean(),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('advance' as const),
      seconds: fc.oneof(fc.integer({ min: 60, max: 2 * HOUR }), fc.integer({ min: HOUR, max: 3 * DAY })),
    }),
  },
  { weight: 2, arbitrary: fc.constant({ kind: 'accrue' as const }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('collect' as const), user }) },
);

let t: TestApp;
let admin: string;

async function newRun(initialCents: number[]): Promise<Model> {
  const users: ModelUser[] = [];
  for (let index = 0; index < USERS; index++) {
    const inviter = users[index - 1];
    const session = await signUp(t, inviter ? { inviteCode: inviter.inviteCode } : {});
    const ancestors = users.map((_, i) => index - 1 - i);
    const deposit = BigInt(initialCents[index] ?? 0);
    if (deposit > 0n) await fund(t, session.user.id, fromMinor(deposit, 2));
    users.push({
      id: session.user.id,
      token: session.token,
      inviteCode: session.user.inviteCode,
      ancestors,
      deposit,
      income: 0n,
      uncollected: 0n,
      points: 0n,
      orders: 0,
      units: PRODUCTS.map(() => 0),
    });
  }
  const productIds: number[] = [];
  for (const spec of PRODUCTS) {
    const product = await createProduct(t, {
      price: fromMinor(spec.price, 2),
      cycle: spec.cycle,
      incomePerCycle: fromMinor(spec.income, 2),
      cycles: spec.cycles,
      points: spec.points,
      principalReturned: spec.principalReturned,
      purchaseLimit: spec.purchaseLimit,
      stock: spec.stock,
    });
    productIds.push(product.id);
  }
  return { users, productIds, sold: PRODUCTS.map(() => 0), holdings: [] };
}

function modelAccrue(model: Model, now: number) {
  for (const holding of model.holdings) {
    if (holding.expired) continue;
    const due = Math.min(holding.spec.cycles, Math.floor((now - holding.started) / 1000 / holding.spec.cycleSeconds));
    if (due <= holding.accrued) continue;
    const owner = model.users[holding.user] as ModelUser;
    owner.uncollected += BigInt(due - holding.accrued) * holding.spec.income * BigInt(holding.quantity);
    holding.accrued = due;
    if (due >= holding.spec.cycles) {
      holding.expired = true;
      if (holding.spec.principalReturned) owner.income += holding.spec.price * BigInt(holding.quantity);
    }
  }
}

/** Runs one command against the server and the model; returns what the server answered. */
async function run(model: Model, cmd: Command): Promise<string> {
  if (cmd.kind === 'advance') {
    t.clock.advance(cmd.seconds);
    return 'ok';
  }
  if (cmd.kind === 'accrue') {
    await t.ok(api.testing.runJob, {}, { params: { name: 'accrual' } });
    modelAccrue(model, t.clock.now().getTime());
    return 'ok';
  }
  const u = model.users[cmd.user] as ModelUser;
  if (cmd.kind === 'purchase') {
    const spec = PRODUCTS[cmd.product] as ProductSpec;
    const amount = spec.price * BigInt(cmd.quantity);
    const answer = await t.call(
      api.products.purchase,
      { productId: model.productIds[cmd.product] as number, quantity: cmd.quantity },
      { token: u.token },
    );
    const units = u.units[cmd.product] as number;
    let expected = SUCCESS_CODE;
    if (spec.purchaseLimit > 0 && units + cmd.quantity > spec.purchaseLimit) expected = ERRORS.PURCHASE_LIMIT.code;
    else if (u.deposit < amount) expected = ERRORS.INSUFFICIENT_BALANCE.code;
    else if (spec.stock !== null && (model.sold[cmd.product] as number) + cmd.quantity > spec.stock)
      expected = ERRORS.OUT_OF_STOCK.code;
    expect(answer.code, answer.msg).toBe(expected);
    if (expected !== SUCCESS_CODE) return `refused ${answer.code}`;
    u.deposit -= amount;
    u.points += BigInt(spec.points * cmd.quantity);
    model.sold[cmd.product] = (model.sold[cmd.product] as number) + cmd.quantity;
    u.units[cmd.product] = units + cmd.quantity;
    u.ancestors.forEach((ancestor, i) => {
      const payee = model.users[ancestor] as ModelUser;
      payee.income += applyRate(amount, REFERRAL_RATES[i] ?? '0');
      if (i === 0 && u.orders === 0) payee.income += NEW_INVITE_BONUS;
    });
    if (u.orders > 0) u.income += applyRate(amount, REPURCHASE_RATE);
    u.orders += 1;
    model.holdings.push({
      user: cmd.user,
      started: t.clock.now().getTime(),
      spec,
      quantity: cmd.quantity,
      accrued: 0,
      expired: false,
    });
    return 'bought';
  }
  if (cmd.kind === 'adjust') {
    const balance = cmd.wallet === 'deposit' ? u.deposit : u.income;
    let amount = BigInt(cmd.cents) * BigInt(cmd.sign);
    // A decrease either within the balance or deliberately beyond it.
    if (cmd.sign < 0) amount = cmd.overdraw ? -(balance + BigInt(cmd.cents)) : -(BigInt(cmd.cents) % (balance + 1n));
    if (amount === 0n) return 'skipped';
    const adjust = () =>
      t.call(
        adminApi.products.adjust,
        { wallet: cmd.wallet, amount: fromMinor(amount, 2), reason: 'property test' },
        { token: admin, params: { id: u.id } },
      );
    let answer = await adjust();
    if (answer.code === ERRORS.ADMIN_SESSION_INVALID.code) {
      // The back-office session lapses as the clock moves on by days: sign in again.
      admin = await signInOwner(t);
      answer = await adjust();
    }
    const refused = balance + amount < 0n;
    expect(answer.code, answer.msg).toBe(refused ? ERRORS.ADJUST_BELOW_ZERO.code : SUCCESS_CODE);
    if (refused) return 'refused';
    if (cmd.wallet === 'deposit') u.deposit += amount;
    else u.income += amount;
    return 'adjusted';
  }
  const answer = await t.call(api.products.collect, {}, { token: u.token });
  const weekday = new Date(t.clock.now().getTime() + TIMEZONE_OFFSET * 1000).getUTCDay();
  const expected = !COLLECT_DAYS.includes(weekday)
    ? ERRORS.COLLECT_CLOSED.code
    : u.uncollected === 0n
      ? ERRORS.NOTHING_TO_COLLECT.code
      : SUCCESS_CODE;
  expect(answer.code, answer.msg).toBe(expected);
  if (expected !== SUCCESS_CODE) return `refused ${answer.code}`;
  expect(toMinor((answer.data as { collected: string }).collected, 2)).toBe(u.uncollected);
  u.income += u.uncollected;
  u.uncollected = 0n;
  return 'collected';
}

async function expectMatchesModel(model: Model, touched: number | undefined, ledgerToo: boolean) {
  if (ledgerToo) expect((await checkLedger(t.db)).violations).toEqual([]);
  const rows = await t.db
    .select({ userId: ledgerAccounts.userId, kind: ledgerAccounts.kind, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(
      inArray(
        ledgerAccounts.userId,
        model.users.map((u) => u.id),
      ),
    );
  for (const row of rows) expect(row.balance >= 0n, `${row.kind} of user ${row.userId} is ${row.balance}`).toBe(true);
  for (const u of model.users) {
    const balances = Object.fromEntries(USER_ACCOUNT_KINDS.map((kind) => [kind, 0n]));
    for (const row of rows) if (row.userId === u.id) balances[row.kind] = row.balance;
    expect(balances, `balances of user ${u.id}`).toEqual({
      deposit: u.deposit,
      income: u.income,
      uncollected: u.uncollected,
      withdraw_hold: 0n,
      points: u.points,
    });
  }
  const shown = model.users[touched ?? 0] as ModelUser;
  const bill = await t.ok(api.wallet.bill, {}, { token: shown.token });
  expect(bill.rechargeBalance).toBe(fromMinor(shown.deposit, 2));
  expect(bill.incomeBalance).toBe(fromMinor(shown.income, 2));
  expect(bill.uncollected).toBe(fromMinor(shown.uncollected, 2));
}

/** This file's share of the runs, on an app of its own. */
export function describeRandomUse() {
  beforeAll(async () => {
    t = await createTestApp();
    // Friday 27 November 2026, 10:00 in Lagos; every run continues from where the last one stopped.
    t.clock.set(new Date('2026-11-27T09:00:00Z'));
    admin = await signInOwner(t);
  });
  afterAll(() => t.close());

  describe('the money engine under random use', () => {
    it('after any sequence of purchases, adjustments, clock moves, accruals and collections every wallet holds what the model says and the ledger is consistent', async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.integer({ min: 0, max: 30_000 }), { minLength: USERS, maxLength: USERS }),
          fc.array(command, { minLength: 30, maxLength: 60 }),
          async (initial, commands) => {
            const model = await newRun(initial);
            const log: string[] = [];
            for (const cmd of commands) {
              try {
                log.push(`${JSON.stringify(cmd)} → ${await run(model, cmd)}`);
                // Moving the clock writes nothing: the state is the one checked after the last command.
                if (cmd.kind !== 'advance')
                  await expectMatchesModel(model, 'user' in cmd ? cmd.user : undefined, LEDGER_AFTER_EVERY_STEP);
              } catch (error) {
                throw new Error(
                  `after ${log.length + 1} commands at ${t.clock.now().toISOString()}:\n${[...log, JSON.stringify(cmd)].join('\n')}\n${String(error)}`,
                );
              }
            }
            // Let every machine run out, then everything the model promised must be there.
            t.clock.advance(15 * DAY);
            await run(model, { kind: 'accrue' });
            expect(model.holdings.every((holding) => holding.expired)).toBe(true);
            await expectMatchesModel(model, undefined, true);
          },
        ),
        { numRuns: Math.ceil(RUNS / FILES), endOnFailure: true },
      );
    }, 300_000);
  });
}
