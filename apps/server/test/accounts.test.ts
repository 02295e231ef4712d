import { api, type CodePurpose, ERRORS, SUCCESS_CODE } from '@app/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AppError } from '../src/domain/errors.ts';
import { Sessions } from '../src/modules/accounts/sessions.ts';
import { lastCode, nextAccount, signUp } from './factories.ts';
import { createTestApp, type TestApp } from './setup.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('sign-up', () => {
  it('a new user signs up with the emailed code and is signed in', async () => {
    const { token, user, account } = await signUp(t);
    expect(token).toMatch(/^[\w-]{40,}$/);
    expect(user.account).toBe(account);
    const info = await t.ok(api.user.info, {}, { token });
    expect(info).toMatchObject({ id: user.id, account, hasPayPassword: false, vip: 'normal' });
    expect(info.inviteCode).toMatch(/^[A-Z0-9]{7}$/);
  });

  it('a code cannot be requested again within 60 seconds, and can after', async () => {
    const account = nextAccount();
    await t.ok(api.user.sendCode, { account, purpose: 'register' });
    const again = await t.call(api.user.sendCode, { account, purpose: 'register' });
    expect(again.code).toBe(ERRORS.CODE_COOLDOWN.code);
    expect(again.msg).toMatch(/60 seconds/);
    t.clock.advance(61);
    expect((await t.call(api.user.sendCode, { account, purpose: 'register' })).code).toBe(SUCCESS_CODE);
  });

  it('a code is refused after 10 minutes', async () => {
    const account = nextAccount();
    await t.ok(api.user.sendCode, { account, purpose: 'register' });
    const code = await lastCode(t, account);
    t.clock.advance(10 * 60 + 1);
    const answer = await t.call(api.user.register, {
      account,
      code,
      password: 'secret123',
      repeatPassword: 'secret123',
      agree: true,
    });
    expect(answer.code).toBe(ERRORS.CODE_EXPIRED.code);
  });

  it('five wrong codes burn the code, even the right one after', async () => {
    const account = nextAccount();
    await t.ok(api.user.sendCode, { account, purpose: 'register' });
    const code = await lastCode(t, account);
    const wrong = code === '000000' ? '111111' : '000000';
    const form = { account, password: 'secret123', repeatPassword: 'secret123', agree: true as const };
    const codes = [];
    for (let i = 0; i < 5; i++) codes.push((await t.call(api.user.register, { ...form, code: wrong })).code);
    expect(codes).toEqual([
      ERRORS.CODE_INVALID.code,
      ERRORS.CODE_INVALID.code,
      ERRORS.CODE_INVALID.code,
      ERRORS.CODE_INVALID.code,
      ERRORS.CODE_TOO_MANY_TRIES.code,
    ]);
    expect((await t.call(api.user.register, { ...form, code })).code).toBe(ERRORS.CODE_TOO_MANY_TRIES.code);
  });

  it('a used code cannot sign up a second time: it answers as a spent code, not that the account exists', async () => {
    const { account } = await signUp(t);
    const code = await lastCode(t, account);
    const answer = await t.call(api.user.register, {
      account,
      code,
      password: 'secret123',
      repeatPassword: 'secret123',
      agree: true,
    });
    expect(answer.code).toBe(ERRORS.CODE_EXPIRED.code);
  });

  it('an unknown invite code is refused; a real one links the inviter', async () => {
    const inviter = await signUp(t);
    const account = nextAccount();
    await t.ok(api.user.sendCode, { account, purpose: 'register' });
    const code = await lastCode(t, account);
    const form = { account, code, password: 'secret123', repeatPassword: 'secret123', agree: true as const };
    expect((await t.call(api.user.register, { ...form, inviteCode: 'NOPE000' })).code).toBe(
      ERRORS.INVITE_CODE_INVALID.code,
    );
    const invited = await t.ok(api.user.register, { ...form, inviteCode: inviter.user.inviteCode.toLowerCase() });
    const [row] = await t.services.accounts.list({ limit: 1, q: account }).then((page) => page.items);
    expect(row?.inviterId).toBe(inviter.user.id);
    expect(invited.user.id).toBe(row?.id);
  });

  it('a phone number shorter than the configured digits is refused with the count', async () => {
    const answer = await t.call(api.user.sendCode, { account: '123456789', purpose: 'register' });
    expect(answer).toMatchObject({
      code: ERRORS.PHONE_INVALID.code,
      msg: 'Phone number must have at least 10 digits.',
    });
    expect((await t.call(api.user.sendCode, { account: '0803123456', purpose: 'register' })).code).toBe(SUCCESS_CODE);
  });
});

describe('sign-in and sessions', () => {
  it('signs in with the right password and refuses a wrong one', async () => {
    const { account, password } = await signUp(t);
    expect((await t.call(api.user.login, { account, password: 'wrong-pass' })).code).toBe(ERRORS.LOGIN_FAILED.code);
    const { token } = await t.ok(api.user.login, { account: account.toUpperCase(), password });
    expect((await t.call(api.user.info, {}, { token: `Bearer ${token}` })).code).toBe(SUCCESS_CODE);
  });

  it('no token answers SESSION_MISSING, an unknown one SESSION_UNKNOWN', async () => {
    expect((await t.call(api.user.info)).code).toBe(ERRORS.SESSION_MISSING.code);
    expect((await t.call(api.user.info, {}, { token: 'not-a-real-token' })).code).toBe(ERRORS.SESSION_UNKNOWN.code);
  });

  it('a logged-out session answers SESSION_REVOKED at once, though it was just used', async () => {
    const { token } = await signUp(t);
    expect((await t.call(api.user.info, {}, { token })).code).toBe(SUCCESS_CODE);
    await t.ok(api.user.logout, {}, { token });
    expect((await t.call(api.user.info, {}, { token })).code).toBe(ERRORS.SESSION_REVOKED.code);
  });

  it('a session idle longer than the configured days answers SESSION_EXPIRED', async () => {
    const { token } = await signUp(t);
    expect((await t.call(api.user.info, {}, { token })).code).toBe(SUCCESS_CODE);
    t.clock.advance(31 * 86_400);
    expect((await t.call(api.user.info, {}, { token })).code).toBe(ERRORS.SESSION_EXPIRED.code);
  });

  it('changing the password signs out every other session', async () => {
    const { account, password, token } = await signUp(t);
    const other = await t.ok(api.user.login, { account, password });
    expect((await t.call(api.user.info, {}, { token: other.token })).code).toBe(SUCCESS_CODE);
    const wrongOld = await t.call(
      api.user.changePassword,
      { oldPassword: 'nope-nope', password: 'newpass1', repeatPassword: 'newpass1' },
      { token },
    );
    expect(wrongOld.code).toBe(ERRORS.OLD_PASSWORD_WRONG.code);
    await t.ok(
      api.user.changePassword,
      { oldPassword: password, password: 'newpass1', repeatPassword: 'newpass1' },
      { token },
    );
    expect((await t.call(api.user.info, {}, { token: other.token })).code).toBe(ERRORS.SESSION_REVOKED.code);
    expect((await t.call(api.user.info, {}, { token })).code).toBe(SUCCESS_CODE);
    expect((await t.call(api.user.login, { account, password: 'newpass1' })).code).toBe(SUCCESS_CODE);
  });

  it('a forgotten password is reset with a code, ending every session', async () => {
    const { account, token } = await signUp(t);
    t.clock.advance(61);
    await t.ok(api.user.sendCode, { account, purpose: 'reset' });
    const code = await lastCode(t, account);
    await t.ok(api.user.resetPassword, { account, code, password: 'fresh-pass', repeatPassword: 'fresh-pass' });
    expect((await t.call(api.user.info, {}, { token })).code).toBe(ERRORS.SESSION_REVOKED.code);
    expect((await t.call(api.user.login, { account, password: 'fresh-pass' })).code).toBe(SUCCESS_CODE);
  });

  it('the payment password is set with a code and shows on the user info', async () => {
    const { account, token } = await signUp(t);
    t.clock.advance(61);
    await t.ok(api.user.sendCode, { account, purpose: 'payPassword' });
    const code = await lastCode(t, account);
    const bad = await t.call(api.user.setPayPassword, { code, payPassword: '12ab56' }, { token });
    expect(bad.code).toBe(ERRORS.PAY_PASSWORD_FORMAT.code);
    await t.ok(api.user.setPayPassword, { code, payPassword: '135790', repeatPayPassword: '135790' }, { token });
    expect((await t.ok(api.user.info, {}, { token })).hasPayPassword).toBe(true);
  });

  it('sign-in attempts at one account from one address are limited', async () => {
    const { account } = await signUp(t);
    const codes = [];
    for (let i = 0; i < 6; i++) codes.push((await t.call(api.user.login, { account, password: 'bad-guess' })).code);
    expect(codes.slice(0, 5).every((code) => code === ERRORS.LOGIN_FAILED.code)).toBe(true);
    expect(codes[5]).toBe(ERRORS.RATE_LIMITED.code);
  });
});

describe('remembered sessions (two instances on one database)', () => {
  const CACHE_MS = 200;
  const instance = () => new Sessions(t.db, t.clock, async () => 30, CACHE_MS);
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => 'accepted',
      (error: AppError) => error.key,
    );

  // The memory time is measured on the machine's clock (Date.now), not the product clock.
  afterEach(() => vi.useRealTimers());

  it('a session revoked on one instance is refused there at once, and on the other within the memory time', async () => {
    const { token } = await signUp(t);
    const [here, there] = [instance(), instance()];
    vi.useFakeTimers({ toFake: ['Date'] });
    const rememberedAt = Date.now();
    const { sessionId } = await here.authenticate(token);
    await there.authenticate(token);
    await here.revoke(t.db, sessionId, 'logout');
    expect(await refusal(here.authenticate(token))).toBe('SESSION_REVOKED');
    vi.setSystemTime(rememberedAt + CACHE_MS - 1);
    expect(await refusal(there.authenticate(token))).toBe('accepted');
    vi.setSystemTime(rememberedAt + CACHE_MS);
    expect(await refusal(there.authenticate(token))).toBe('SESSION_REVOKED');
  });

  it('a remembered session still expires on the clock', async () => {
    const { token } = await signUp(t);
    const here = instance();
    await here.authenticate(token);
    t.clock.advance(31 * 86_400);
    expect(await refusal(here.authenticate(token))).toBe('SESSION_EXPIRED');
  });
});

describe('a known and an unknown account are answered alike', () => {
  const PASSWORD = 'fresh-pass';
  const sendCode = (account: string, purpose: CodePurpose) => t.call(api.user.sendCode, { account, purpose });
  const outboxOf = (account: string) => t.ok(api.testing.outbox, { account });
  const register = (account: string, code: string) =>
    t.call(api.user.register, { account, code, password: PASSWORD, repeatPassword: PASSWORD, agree: true });
  const reset = (account: string, code: string) =>
    t.call(api.user.resetPassword, { account, code, password: PASSWORD, repeatPassword: PASSWORD });
  const otherThan = (code: string) => (code === '000000' ? '111111' : '000000');

  it('a sign-up code asked for a registered account answers as for a new one; its owner gets a notice, not a code', async () => {
    const known = await signUp(t);
    t.clock.advance(61);
    const unknown = nextAccount();
    const first = [await sendCode(known.account, 'register'), await sendCode(unknown, 'register')];
    expect(first[0]).toEqual(first[1]);
    expect(first[0]?.code).toBe(SUCCESS_CODE);
    const again = [await sendCode(known.account, 'register'), await sendCode(unknown, 'register')];
    expect(again[0]).toEqual(again[1]);
    expect(again[0]?.code).toBe(ERRORS.CODE_COOLDOWN.code);

    const [notice, signUpCode] = await outboxOf(known.account);
    expect(notice?.code).toBeNull();
    expect(notice?.body).not.toMatch(/\d{6}/);
    expect(notice?.subject).not.toBe(signUpCode?.subject);
    expect(notice?.body).toMatch(/already has an account/);
    expect(notice?.body).toMatch(/Forgot password/);
    const toUnknown = await outboxOf(unknown);
    expect(toUnknown).toHaveLength(1);
    expect(toUnknown[0]?.code).toMatch(/^\d{6}$/);
  });

  it('sign-up of a registered account is refused as a wrong code is, and its owner keeps the account', async () => {
    const known = await signUp(t);
    t.clock.advance(61);
    const unknown = nextAccount();
    const before = [await register(known.account, '123456'), await register(unknown, '123456')];
    expect(before[0]).toEqual(before[1]);
    expect(before[0]?.code).toBe(ERRORS.CODE_EXPIRED.code);

    await t.ok(api.user.sendCode, { account: known.account, purpose: 'register' });
    await t.ok(api.user.sendCode, { account: unknown, purpose: 'register' });
    const wrong = otherThan(await lastCode(t, unknown));
    const refused = [await register(known.account, wrong), await register(unknown, wrong)];
    expect(refused[0]).toEqual(refused[1]);
    expect(refused[0]?.code).toBe(ERRORS.CODE_INVALID.code);
    expect((await t.call(api.user.login, { account: known.account, password: known.password })).code).toBe(
      SUCCESS_CODE,
    );
  });

  for (const purpose of ['reset', 'payPassword'] as const) {
    it(`a ${purpose} code asked for an unknown account answers as for a registered one, and nothing is sent`, async () => {
      const known = await signUp(t);
      const unknown = nextAccount();
      const first = [await sendCode(known.account, purpose), await sendCode(unknown, purpose)];
      expect(first[0]).toEqual(first[1]);
      expect(first[0]?.code).toBe(SUCCESS_CODE);
      const again = [await sendCode(known.account, purpose), await sendCode(unknown, purpose)];
      expect(again[0]).toEqual(again[1]);
      expect(again[0]?.code).toBe(ERRORS.CODE_COOLDOWN.code);

      expect(await outboxOf(unknown)).toEqual([]);
      expect((await outboxOf(known.account))[0]?.code).toMatch(/^\d{6}$/);
    });
  }

  it('a reset of an unknown account is refused as a wrong code is', async () => {
    const known = await signUp(t);
    const unknown = nextAccount();
    const before = [await reset(known.account, '123456'), await reset(unknown, '123456')];
    expect(before[0]).toEqual(before[1]);
    expect(before[0]?.code).toBe(ERRORS.CODE_EXPIRED.code);

    await t.call(api.user.sendCode, { account: known.account, purpose: 'reset' });
    await t.call(api.user.sendCode, { account: unknown, purpose: 'reset' });
    const wrong = otherThan(await lastCode(t, known.account));
    const refused = [await reset(known.account, wrong), await reset(unknown, wrong)];
    expect(refused[0]).toEqual(refused[1]);
    expect(refused[0]?.code).toBe(ERRORS.CODE_INVALID.code);
  });
});
