import { adminApi, api, type ParsedInputOf } from '@app/contracts';
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
