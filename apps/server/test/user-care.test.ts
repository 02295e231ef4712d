import { type AdminRole, adminApi, api, ERRORS, SUCCESS_CODE } from '@app/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { lastCode, PAY_PASSWORD, readyToWithdraw, signInOwner, signUp } from './factories.ts';
import { createTestApp, type TestApp } from './setup.ts';

let t: TestApp;
let owner: string;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// Tuesday 1 December 2026, 11:00 in Lagos: withdrawals open.
beforeEach(async () => {
  t.clock.set(new Date('2026-12-01T10:00:00Z'));
  await t.services.config.update({ payout_account_approval: false }, { adminId: null, ip: '' });
  owner = await signInOwner(t);
});

let staff = 0;
async function signInAs(role: AdminRole): Promise<string> {
  staff += 1;
  const email = `care-${role}${staff}-${process.pid}@staff.example.com`;
  const password = 'staff-pass-1';
  await t.ok(adminApi.admin.createAdmin, { email, name: `${role} ${staff}`, role, password }, { token: owner });
  return `Bearer ${(await t.ok(adminApi.admin.login, { email, password })).token}`;
}

const lastAudit = async (action: string) =>
  (await t.ok(adminApi.admin.audit, { q: action }, { token: owner })).items.find((entry) => entry.action === action);

describe('the user page names the user', () => {
  it('account, nickname, inviter, status and whether a payment password is set', async () => {
    const inviter = await signUp(t);
    const user = await signUp(t, { inviteCode: inviter.user.inviteCode });
    expect(await t.ok(adminApi.admin.user, {}, { token: owner, params: { id: user.user.id } })).toMatchObject({
      id: user.user.id,
      account: user.account,
      nickname: user.user.nickname,
      inviterId: inviter.user.id,
      inviterAccount: inviter.account,
      status: 'active',
      hasPayPassword: false,
      payPasswordLockedUntil: null,
    });
  });

  it('an unknown user is answered as not found', async () => {
    const answer = await t.call(adminApi.admin.user, {}, { token: owner, params: { id: 999_999 } });
    expect(answer.code).toBe(ERRORS.USER_NOT_FOUND.code);
  });
});

describe('an operator unlocks a payment password', () => {
  it('after five wrong tries the lock is shown, support lifts it, the user withdraws, and the audit says who', async () => {
    const user = await readyToWithdraw(t);
    const withdraw = (payPassword: string) =>
      t.call(api.cash.withdraw, { accountId: user.accountId, amount: '100', payPassword }, { token: user.token });
    for (let i = 0; i < 5; i += 1) await withdraw('000000');
    expect((await withdraw(PAY_PASSWORD)).code).toBe(ERRORS.PAY_PASSWORD_LOCKED.code);
    const params = { id: user.user.id };
    const locked = await t.ok(adminApi.admin.user, {}, { token: owner, params });
    expect(locked.payPasswordLockedUntil).toBe(new Date(t.clock.now().getTime() + 3_600_000).toISOString());

    const support = await signInAs('support');
    const unlocked = await t.ok(adminApi.admin.unlockPayPassword, {}, { token: support, params });
    expect(unlocked).toMatchObject({ hasPayPassword: true, payPasswordLockedUntil: null });
    expect((await withdraw(PAY_PASSWORD)).code).toBe(SUCCESS_CODE);
    expect(await lastAudit('user.unlock_pay_password')).toMatchObject({
      target: `user:${user.user.id}`,
      after: { failures: 0, lockedUntil: null },
    });
  });

  it('the content role may not unlock one', async () => {
    const user = await signUp(t);
    const content = await signInAs('content');
    const answer = await t.call(adminApi.admin.unlockPayPassword, {}, { token: content, params: { id: user.user.id } });
    expect(answer.code).toBe(ERRORS.ADMIN_FORBIDDEN.code);
  });
});

describe('an operator sends a password-reset code without seeing it', () => {
  it('the code goes to the user, who resets their password with it; the answer and the audit hold no code', async () => {
    const user = await signUp(t);
    t.clock.advance(61);
    const support = await signInAs('support');
    const sent = await t.ok(adminApi.admin.sendPasswordReset, {}, { token: support, params: { id: user.user.id } });
    expect(sent).toEqual({ cooldownSeconds: 60 });
    const code = await lastCode(t, user.account);
    const audit = await lastAudit('user.send_password_reset');
    expect(audit).toMatchObject({ target: `user:${user.user.id}`, after: { channel: 'email' } });
    expect(JSON.stringify(audit)).not.toContain(code);
    await t.ok(api.user.resetPassword, {
      account: user.account,
      code,
      password: 'brand-new-1',
      repeatPassword: 'brand-new-1',
    });
    await t.ok(api.user.login, { account: user.account, password: 'brand-new-1' });
  });

  it('a second send within the cooldown is refused, as the user’s own request would be', async () => {
    const user = await signUp(t);
    t.clock.advance(61);
    const params = { id: user.user.id };
    await t.ok(adminApi.admin.sendPasswordReset, {}, { token: owner, params });
    const again = await t.call(adminApi.admin.sendPasswordReset, {}, { token: owner, params });
    expect(again.code).toBe(ERRORS.CODE_COOLDOWN.code);
  });
});
