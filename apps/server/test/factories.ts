import {
  type AdminRole,
  adminApi,
  api,
  type CashWallet,
  type DEPOSIT_STATUSES,
  type HOLDING_STATUSES,
  type ParsedInputOf,
  type WITHDRAWAL_STATUSES,
} from '@app/contracts';
import { type SQL, TransactionRollbackError } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';
import { checkLedger } from '../src/ledger/check.ts';
import type { RateLimiter } from '../src/limits/counters.ts';
import type { TestApp } from './setup.ts';

/**
 * No rate limit: for files that test something else and sign many users up from one address (the
 * races, the property runs), which the sign-up limit per address would refuse.
 */
export const unlimited: RateLimiter = {
  hit: async () => ({ allowed: true, retryAfterSeconds: 0 }),
  reset: async () => {},
};

let sequence = 0;

/** A unique email account for a test user. */
export function nextAccount(prefix = 'user'): string {
  sequence += 1;
  return `${prefix}${sequence}-${process.pid}@example.com`;
}

/** Reads the code the server "sent" to `account`, as a tester reads the outbox. */
export async function lastCode(t: TestApp, account: string): Promise<string> {
  const [message] = await t.ok(api.testing.outbox, { account });
  if (!message?.code) throw new Error(`no code was sent to ${account}`);
  return message.code;
}

/** Signs a user up through the real flow: send code, read it, register. */
export async function signUp(
  t: TestApp,
  options: { account?: string; password?: string; inviteCode?: string; lang?: string } = {},
) {
  const account = options.account ?? nextAccount();
  const password = options.password ?? 'secret123';
  await t.ok(api.user.sendCode, { account, purpose: 'register' });
  const code = await lastCode(t, account);
  const session = await t.ok(
    api.user.register,
    { account, code, password, repeatPassword: password, agree: true, inviteCode: options.inviteCode },
    { lang: options.lang },
  );
  return { ...session, account, password };
}

export const ADMIN = { email: 'owner@example.com', password: 'owner-secret-1' };

/** Creates the owner (as the first start does) and signs in to the back office. */
export async function signInOwner(t: TestApp) {
  await t.services.admins.ensureOwner(ADMIN.email, ADMIN.password);
  const { token } = await t.ok(adminApi.admin.login, ADMIN);
  return `Bearer ${token}`;
}

let staff = 0;

/** A back-office operator with `role`, created by the owner (signed in as `owner`), signed in. */
export async function signInAs(t: TestApp, owner: string, role: AdminRole): Promise<string> {
  staff += 1;
  const email = `${role}${staff}-${process.pid}@staff.example.com`;
  const password = 'staff-pass-1';
  await t.ok(adminApi.admin.createAdmin, { email, name: `${role} ${staff}`, role, password }, { token: owner });
  return `Bearer ${(await t.ok(adminApi.admin.login, { email, password })).token}`;
}

/** A product on sale, created as an operator would; money fields in major units. */
export async function createProduct(
  t: TestApp,
  fields: Partial<ParsedInputOf<typeof adminApi.products.createProduct>> = {},
) {
  return t.services.productAdmin.create(
    {
      name: { en: 'Hourly miner', fr: 'Mineur horaire' },
      description: { en: 'Pays every hour' },
      image: '',
      price: '100.00',
      cycle: 'hour',
      incomePerCycle: '1.00',
      cycles: 48,
      points: 10,
      purchaseLimit: 0,
      stock: null,
      saleStartsAt: null,
      saleEndsAt: null,
      principalReturned: false,
      status: 'on',
      sort: 0,
      ...fields,
    },
    { adminId: null, ip: '' },
  );
}

/** Tops up a wallet the way an operator does: a system increase with a reason. */
export async function fund(t: TestApp, userId: number, amount: string, wallet: CashWallet = 'deposit') {
  await t.services.adjustments.adjust(
    userId,
    { wallet, amount, reason: 'test top-up' },
    { adminId: await ownerId(t), ip: '' },
  );
}

async function ownerId(t: TestApp): Promise<number> {
  await t.services.admins.ensureOwner(ADMIN.email, ADMIN.password);
  const [owner] = await t.services.admins.list();
  return owner?.id as number;
}

export const PAY_PASSWORD = '246810';

/**
 * A user ready to withdraw: income in the wallet, a payment password, and one payout account
 * (a GTBank account unless `account` says otherwise). The clock must be on a withdrawal day.
 */
export async function readyToWithdraw(
  t: TestApp,
  options: { income?: string; account?: Partial<ParsedInputOf<typeof api.cash.addPayoutAccount>> } = {},
) {
  const user = await signUp(t);
  await fund(t, user.user.id, options.income ?? '1000.00', 'income');
  // Past the resend interval of the sign-up code.
  t.clock.advance(61);
  await t.ok(api.user.sendCode, { account: user.account, purpose: 'payPassword' });
  await t.ok(
    api.user.setPayPassword,
    { code: await lastCode(t, user.account), payPassword: PAY_PASSWORD },
    { token: user.token },
  );
  const account = await t.ok(
    api.cash.addPayoutAccount,
    { type: 'bank', holderName: 'Ada Obi', accountNumber: '0123456789', bankName: 'GTBank', ...options.account },
    { token: user.token },
  );
  // Where accounts need approval (the default), the operator approves it, as in production.
  if (account.status === 'pending') {
    await t.ok(adminApi.cash.approvePayoutAccount, {}, { token: await signInOwner(t), params: { id: account.id } });
  }
  return { ...user, accountId: account.id };
}

/** A withdrawal asked for by `user` and approved by the operator: it waits for payment. */
export async function approvedWithdrawal(
  t: TestApp,
  user: { token: string; accountId: number },
  admin: string,
  amount = '100',
) {
  const withdrawal = await t.ok(
    api.cash.withdraw,
    { accountId: user.accountId, amount, payPassword: PAY_PASSWORD },
    { token: user.token },
  );
  await t.ok(adminApi.cash.approveWithdrawal, {}, { token: admin, params: { id: withdrawal.id } });
  return withdrawal;
}

/**
 * The invariants checkLedger finds broken once `corrupt` (a statement, or steps on the transaction)
 * has run, in a transaction then rolled back.
 */
export async function violationsWith(t: TestApp, corrupt: SQL | ((tx: Db) => Promise<unknown>)): Promise<string[]> {
  let invariants: string[] = [];
  await t.db
    .transaction(async (tx) => {
      await (typeof corrupt === 'function' ? corrupt(tx) : tx.execute(corrupt));
      invariants = [...new Set((await checkLedger(tx)).violations.map((violation) => violation.invariant))];
      tx.rollback();
    })
    .catch((error) => {
      if (!(error instanceof TransactionRollbackError)) throw error;
    });
  return invariants;
}

// Rows in a given state. Each is built through the same services and endpoints as production
// (purchase, accrual, deposit webhooks, the operator's review and payment), so its journal
// entries, running totals and tallies are what production would hold and checkLedger finds
// nothing to report. A test that needs a broken row corrupts one inside `violationsWith`.

/**
 * A machine bought by a new user and brought to `status`: 'holding' just bought, 'expired' with
 * every cycle accrued and left uncollected (the clock moves past its end and the accrual job runs).
 */
export async function buildHolding(
  t: TestApp,
  options: {
    status?: (typeof HOLDING_STATUSES)[number];
    product?: Partial<ParsedInputOf<typeof adminApi.products.createProduct>>;
  } = {},
) {
  const user = await signUp(t);
  const product = await createProduct(t, options.product);
  await fund(t, user.user.id, product.price);
  const { holding } = await t.ok(api.products.purchase, { productId: product.id }, { token: user.token });
  if (options.status !== 'expired') return { user, product, holding };
  t.clock.advance(holding.cyclesTotal * cycleSeconds[holding.cycle]);
  await t.ok(api.testing.runJob, {}, { params: { name: 'accrual' } });
  const { items } = await t.ok(api.products.holdings, { status: 'expired' }, { token: user.token });
  const expired = items.find((item) => item.id === holding.id);
  if (!expired) throw new Error(`holding ${holding.id} did not expire`);
  return { user, product, holding: expired };
}

const cycleSeconds = { hour: 3600, day: 86_400, week: 7 * 86_400 } as const;

/**
 * A deposit of `amount` started by a new user and brought to `status` by the sandbox gateway:
 * 'succeeded' or 'failed' by its signed webhook, 'expired' by the reconcile job once the payment
 * window has passed (the clock moves on 31 minutes, so other pending deposits expire too).
 */
export async function buildDeposit(
  t: TestApp,
  options: { status?: (typeof DEPOSIT_STATUSES)[number]; amount?: string } = {},
) {
  const user = await signUp(t);
  const { transId } = await t.ok(
    api.cash.createDeposit,
    { amount: options.amount ?? '100.00', methodId: 'sandbox' },
    { token: user.token },
  );
  const status = options.status ?? 'pending';
  if (status === 'succeeded' || status === 'failed') {
    await t.services.sandbox.decide(transId, status === 'succeeded' ? 'approved' : 'declined');
    await t.services.sandbox.deliverWebhooks();
  } else if (status === 'expired') {
    t.clock.advance(31 * 60);
    await t.ok(api.testing.runJob, {}, { params: { name: 'deposit-reconcile' } });
  }
  const deposit = await t.ok(api.cash.getDeposit, {}, { token: user.token, params: { transId } });
  if (deposit.status !== status) throw new Error(`deposit ${transId} is ${deposit.status}, not ${status}`);
  return { user, deposit };
}

/** The states `buildWithdrawal` reaches with the sandbox gateway, which always answers at once. */
export type BuiltWithdrawalStatus = Exclude<(typeof WITHDRAWAL_STATUSES)[number], 'paying' | 'reversed'>;

/**
 * A withdrawal of `amount` asked for by a new user ready to withdraw, and taken to `status` by the
 * operator `admin`: rejected, approved ('pending_payment'), paid through the gateway, or refused
 * by the receiving account ('payment_failed'). The clock must be on a withdrawal day.
 */
export async function buildWithdrawal(
  t: TestApp,
  admin: string,
  options: { status?: BuiltWithdrawalStatus; amount?: string; income?: string } = {},
) {
  const status = options.status ?? 'pending_review';
  // The sandbox gateway refuses a payout to an account number ending in 000.
  const accountNumber = status === 'payment_failed' ? '0123457000' : '0123456789';
  const user = await readyToWithdraw(t, { income: options.income, account: { accountNumber } });
  const { id } = await t.ok(
    api.cash.withdraw,
    { accountId: user.accountId, amount: options.amount ?? '100', payPassword: PAY_PASSWORD },
    { token: user.token },
  );
  const byOperator = { token: admin, params: { id } };
  if (status === 'rejected') await t.ok(adminApi.cash.rejectWithdrawal, { reason: 'test rejection' }, byOperator);
  if (status === 'pending_payment' || status === 'paid' || status === 'payment_failed') {
    await t.ok(adminApi.cash.approveWithdrawal, {}, byOperator);
  }
  if (status === 'paid' || status === 'payment_failed') await t.ok(adminApi.cash.payWithdrawal, {}, byOperator);
  const withdrawal = (await t.ok(api.cash.withdrawals, {}, { token: user.token })).items.find((item) => item.id === id);
  if (withdrawal?.status !== status) throw new Error(`withdrawal ${id} is ${withdrawal?.status}, not ${status}`);
  return { user, withdrawal };
}
