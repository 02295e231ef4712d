import { adminApi, api } from '@app/contracts';
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
