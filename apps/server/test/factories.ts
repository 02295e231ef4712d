import { adminApi, api, type ParsedInputOf } from '@app/contracts';
import { TransactionRollbackError } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';
import { checkLedger } from '../src/ledger/check.ts';
import type { TestApp } from './setup.ts';

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
export async function fund(t: TestApp, userId: number, amount: string, wallet: 'deposit' | 'income' = 'deposit') {
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

/** The invariants checkLedger finds broken once `corrupt` has run, in a transaction then rolled back. */
export async function violationsWith(t: TestApp, corrupt: (tx: Db) => Promise<unknown>): Promise<string[]> {
  let invariants: string[] = [];
  await t.db
    .transaction(async (tx) => {
      await corrupt(tx);
      invariants = [...new Set((await checkLedger(tx)).violations.map((violation) => violation.invariant))];
      tx.rollback();
    })
    .catch((error) => {
      if (!(error instanceof TransactionRollbackError)) throw error;
    });
  return invariants;
}
