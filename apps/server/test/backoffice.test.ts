import { type AdminRole, adminApi, api, ERRORS, SUCCESS_CODE } from '@app/contracts';
import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../src/db/schema.ts';
import { maskAccount } from '../src/modules/team/rules.ts';
import { ADMIN, lastCode, nextAccount, signInOwner, signUp } from './factories.ts';
import { createTestApp, type TestApp } from './setup.ts';

let t: TestApp;
let owner: string;
beforeAll(async () => {
  t = await createTestApp();
  owner = await signInOwner(t);
});
afterAll(() => t.close());

let adminSequence = 0;
/** Creates a back-office operator with `role` through the API and signs them in. */
async function createAdmin(role: AdminRole) {
  adminSequence += 1;
  const email = `${role}${adminSequence}-${process.pid}@staff.example.com`;
  const password = 'staff-pass-1';
  const admin = await t.ok(
    adminApi.admin.createAdmin,
    { email, name: `${role} ${adminSequence}`, role, password },
    {
      token: owner,
    },
  );
  const { token } = await t.ok(adminApi.admin.login, { email, password });
  return { admin, email, password, token: `Bearer ${token}` };
}

/** The newest audit rows whose action, target or admin email contains `q`. */
async function audit(q: string, limit = 20) {
  return (await t.ok(adminApi.admin.audit, { q, limit }, { token: owner })).items;
}

describe('back-office sign-in', () => {
  it('the owner signs in; a wrong password answers ADMIN_LOGIN_FAILED', async () => {
    expect((await t.call(adminApi.admin.login, { ...ADMIN, password: 'not-the-one' })).code).toBe(
      ERRORS.ADMIN_LOGIN_FAILED.code,
    );
    expect((await t.call(adminApi.admin.login, { email: 'nobody@example.com', password: 'x' })).code).toBe(
      ERRORS.ADMIN_LOGIN_FAILED.code,
    );
    const me = await t.ok(adminApi.admin.me, {}, { token: owner });
    expect(me).toMatchObject({ email: ADMIN.email, role: 'owner', status: 'active' });
  });

  it('no token answers ADMIN_SESSION_INVALID, an unknown token too, and a user token is no admin token', async () => {
    expect((await t.call(adminApi.admin.dashboard)).code).toBe(ERRORS.ADMIN_SESSION_INVALID.code);
    expect((await t.call(adminApi.admin.dashboard, {}, { token: 'Bearer nope' })).code).toBe(
      ERRORS.ADMIN_SESSION_INVALID.code,
    );
    const { token } = await signUp(t);
    expect((await t.call(adminApi.admin.dashboard, {}, { token })).code).toBe(ERRORS.ADMIN_SESSION_INVALID.code);
    expect((await t.call(api.user.info, {}, { token: owner })).code).toBe(ERRORS.SESSION_UNKNOWN.code);
  });

  it('signing out ends the back-office session', async () => {
    const { token } = await t.ok(adminApi.admin.login, ADMIN);
    await t.ok(adminApi.admin.logout, {}, { token });
    expect((await t.call(adminApi.admin.me, {}, { token })).code).toBe(ERRORS.ADMIN_SESSION_INVALID.code);
  });

  it('every sign-in writes an audit row', async () => {
    const before = await audit('admin.login');
    await t.ok(adminApi.admin.login, ADMIN);
    const after = await audit('admin.login');
    expect(after.length).toBe(Math.min(before.length + 1, 20));
    expect(after[0]).toMatchObject({ action: 'admin.login', adminEmail: ADMIN.email, before: null, after: null });
  });
});

describe('roles', () => {
  it('a content admin is refused ADMIN_FORBIDDEN on config changes, freezing and admin users, but sees the dashboard', async () => {
    const content = await createAdmin('content');
    const { user } = await signUp(t);
    const { token } = content;
    expect((await t.call(adminApi.admin.putConfig, { app_name: 'Nope' }, { token })).code).toBe(
      ERRORS.ADMIN_FORBIDDEN.code,
    );
    expect((await t.call(adminApi.admin.freezeUser, {}, { token, params: { id: user.id } })).code).toBe(
      ERRORS.ADMIN_FORBIDDEN.code,
    );
    expect((await t.call(adminApi.admin.unfreezeUser, {}, { token, params: { id: user.id } })).code).toBe(
      ERRORS.ADMIN_FORBIDDEN.code,
    );
    expect((await t.call(adminApi.admin.admins, {}, { token })).code).toBe(ERRORS.ADMIN_FORBIDDEN.code);
    const create = { email: 'x@staff.example.com', name: 'X', role: 'owner' as const, password: 'secret123' };
    expect((await t.call(adminApi.admin.createAdmin, create, { token })).code).toBe(ERRORS.ADMIN_FORBIDDEN.code);
    expect((await t.call(adminApi.admin.outbox, {}, { token })).code).toBe(ERRORS.ADMIN_FORBIDDEN.code);
    const dashboard = await t.call(adminApi.admin.dashboard, {}, { token });
    expect(dashboard.code).toBe(SUCCESS_CODE);
    expect(dashboard.data.usersTotal).toBe(await t.db.$count(users));
    expect((await t.call(adminApi.admin.getConfig, {}, { token })).code).toBe(SUCCESS_CODE);
    expect(
      (
        await t.ok(
          api.user.info,
          {},
          { token: (await t.ok(api.user.login, { account: user.account, password: 'secret123' })).token },
        )
      ).id,
    ).toBe(user.id);
  });

  it('content reads no user’s email, phone or address: users, orders, audit, winners and sign-ups are refused, teams are masked', async () => {
    const { token } = await createAdmin('content');
    const { user, account, token: session } = await signUp(t);
    const refused = [
      await t.call(adminApi.admin.users, {}, { token }),
      await t.call(adminApi.admin.user, {}, { token, params: { id: user.id } }),
      await t.call(adminApi.admin.audit, {}, { token }),
      await t.call(adminApi.products.orders, {}, { token }),
      await t.call(adminApi.draws.records, {}, { token }),
      await t.call(adminApi.events.signups, {}, { token, params: { id: 1 } }),
      await t.call(adminApi.products.ledgerCheck, {}, { token }),
      await t.call(adminApi.draws.simulate, {}, { token, params: { id: 1 } }),
    ];
    expect(refused.map((answer) => answer.code)).toEqual(refused.map(() => ERRORS.ADMIN_FORBIDDEN.code));
    const name = `Masked ${user.id}`;
    await t.ok(api.rank.nameTeam, { name }, { token: session });
    const teams = await t.ok(adminApi.rank.teams, { q: name }, { token });
    expect(teams.items.map((team) => [team.ownerId, team.account])).toEqual([[user.id, maskAccount(account)]]);
    const finance = await createAdmin('finance');
    expect(
      (await t.call(adminApi.admin.user, {}, { token: finance.token, params: { id: user.id } })).data,
    ).toMatchObject({
      account,
    });
  });

  it('support may freeze users and read the outbox but not change the configuration', async () => {
    const support = await createAdmin('support');
    const { user } = await signUp(t);
    const { token } = support;
    expect((await t.call(adminApi.admin.freezeUser, {}, { token, params: { id: user.id } })).code).toBe(SUCCESS_CODE);
    expect((await t.call(adminApi.admin.unfreezeUser, {}, { token, params: { id: user.id } })).code).toBe(SUCCESS_CODE);
    expect((await t.call(adminApi.admin.outbox, {}, { token })).code).toBe(SUCCESS_CODE);
    expect((await t.call(adminApi.admin.putConfig, { app_name: 'Nope' }, { token })).code).toBe(
      ERRORS.ADMIN_FORBIDDEN.code,
    );
  });

  it('an owner cannot demote or disable themselves (ADMIN_SELF_LOCKOUT)', async () => {
    const me = await t.ok(adminApi.admin.me, {}, { token: owner });
    const params = { id: me.id };
    expect((await t.call(adminApi.admin.updateAdmin, { role: 'content' }, { token: owner, params })).code).toBe(
      ERRORS.ADMIN_SELF_LOCKOUT.code,
    );
    expect((await t.call(adminApi.admin.updateAdmin, { status: 'disabled' }, { token: owner, params })).code).toBe(
      ERRORS.ADMIN_SELF_LOCKOUT.code,
    );
    expect((await t.ok(adminApi.admin.me, {}, { token: owner })).role).toBe('owner');
  });

  it('a second admin with the same email is refused ADMIN_EXISTS', async () => {
    const { email } = await createAdmin('finance');
    const again = await t.call(
      adminApi.admin.createAdmin,
      { email: email.toUpperCase(), name: 'Twin', role: 'finance', password: 'secret123' },
      { token: owner },
    );
    expect(again.code).toBe(ERRORS.ADMIN_EXISTS.code);
  });

  it('a disabled admin is signed out and cannot sign in again', async () => {
    const finance = await createAdmin('finance');
    await t.ok(adminApi.admin.updateAdmin, { status: 'disabled' }, { token: owner, params: { id: finance.admin.id } });
    expect((await t.call(adminApi.admin.dashboard, {}, { token: finance.token })).code).toBe(
      ERRORS.ADMIN_SESSION_INVALID.code,
    );
    expect((await t.call(adminApi.admin.login, { email: finance.email, password: finance.password })).code).toBe(
      ERRORS.ADMIN_LOGIN_FAILED.code,
    );
  });
});

describe('audit log', () => {
  it('creating and changing an admin writes audit rows with before and after', async () => {
    const { admin } = await createAdmin('support');
    const rows = await audit(`admin:${admin.id}`);
    expect(rows.map((row) => row.action)).toEqual(['admin.login', 'admin.create']);
    const created = rows[1];
    expect(created).toMatchObject({ action: 'admin.create', target: `admin:${admin.id}`, before: null });
    expect(created?.after).toMatchObject({ email: admin.email, role: 'support' });

    await t.ok(
      adminApi.admin.updateAdmin,
      { role: 'finance', name: 'Renamed' },
      { token: owner, params: { id: admin.id } },
    );
    const [updated] = await audit(`admin:${admin.id}`);
    expect(updated).toMatchObject({ action: 'admin.update', adminEmail: ADMIN.email });
    expect(updated?.before).toMatchObject({ role: 'support' });
    expect(updated?.after).toMatchObject({ role: 'finance', name: 'Renamed' });

    await t.ok(adminApi.admin.updateAdmin, { password: 'another-pass-2' }, { token: owner, params: { id: admin.id } });
    const [password] = await audit(`admin:${admin.id}`);
    expect(password?.action).toBe('admin.update+password');
    expect(JSON.stringify(password)).not.toContain('another-pass-2');
  });

  it('freezing and unfreezing a user write audit rows', async () => {
    const { user } = await signUp(t);
    await t.ok(adminApi.admin.freezeUser, {}, { token: owner, params: { id: user.id } });
    await t.ok(adminApi.admin.unfreezeUser, {}, { token: owner, params: { id: user.id } });
    const rows = await audit(`user:${user.id}`);
    expect(rows.map((row) => row.action)).toEqual(['user.unfreeze', 'user.freeze']);
    expect(rows[1]).toMatchObject({
      before: { status: 'active' },
      after: { status: 'frozen' },
      adminEmail: ADMIN.email,
    });
    expect(rows[0]).toMatchObject({ before: { status: 'frozen' }, after: { status: 'active' } });
  });

  it('a configuration change writes one audit row with the values before and after', async () => {
    await t.ok(adminApi.admin.putConfig, { app_name: 'Audited', withdraw_daily_count: 3 }, { token: owner });
    const [row] = await audit('config.update');
    expect(row).toMatchObject({
      action: 'config.update',
      adminEmail: ADMIN.email,
      before: { app_name: 'Minerva', withdraw_daily_count: 1 },
      after: { app_name: 'Audited', withdraw_daily_count: 3 },
    });
    expect(row?.target.split(',').sort()).toEqual(['app_name', 'withdraw_daily_count']);
  });

  it('a refused change writes nothing', async () => {
    const [before] = await audit('');
    expect((await t.call(adminApi.admin.putConfig, { timezone: 'Mars/Olympus' }, { token: owner })).code).toBe(
      ERRORS.CONFIG_INVALID.code,
    );
    const me = await t.ok(adminApi.admin.me, {}, { token: owner });
    await t.call(adminApi.admin.updateAdmin, { role: 'content' }, { token: owner, params: { id: me.id } });
    const [after] = await audit('');
    expect(after?.id).toBe(before?.id);
  });

  it('the audit log pages backwards without duplicates', async () => {
    const seen: number[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 50; page++) {
      const { items, nextCursor } = await t.ok(adminApi.admin.audit, { limit: 3, cursor }, { token: owner });
      seen.push(...items.map((item) => item.id));
      if (!nextCursor) break;
      cursor = nextCursor;
    }
    // Every row once, newest first, over more than one page.
    const rows = await t.db.select({ id: auditLog.id }).from(auditLog).orderBy(desc(auditLog.id));
    expect(rows.length).toBeGreaterThan(3);
    expect(seen).toEqual(rows.map((row) => row.id));
  });
});

describe('configuration', () => {
  it('each key is validated by its own rule and unknown keys are refused', async () => {
    const bad = await t.call(adminApi.admin.putConfig, { timezone: 'Mars/Olympus' }, { token: owner });
    expect(bad.code).toBe(ERRORS.CONFIG_INVALID.code);
    expect(bad.msg).toBe('The value of timezone is not valid.');
    const wrongType = await t.call(adminApi.admin.putConfig, { app_currency_decimals: 'two' } as never, {
      token: owner,
    });
    expect(wrongType.code).toBe(ERRORS.INVALID_INPUT.code);
    const outOfRange = await t.call(adminApi.admin.putConfig, { app_currency_decimals: 9 }, { token: owner });
    expect(outOfRange.code).toBe(ERRORS.INVALID_INPUT.code);
    const badRates = await t.call(adminApi.admin.putConfig, { referral_rates: ['0.1', '0.05'] }, { token: owner });
    expect(badRates.code).toBe(ERRORS.INVALID_INPUT.code);
    const badHours = await t.call(
      adminApi.admin.putConfig,
      { withdraw_hours: { from: '25:00', to: '17:00' } },
      { token: owner },
    );
    expect(badHours.code).toBe(ERRORS.INVALID_INPUT.code);
    const unknown = await t.call(adminApi.admin.putConfig, { not_a_key: true } as never, { token: owner });
    expect(unknown.code).toBe(ERRORS.INVALID_INPUT.code);
    expect(unknown.msg).toContain('not_a_key');
    const config = await t.ok(adminApi.admin.getConfig, {}, { token: owner });
    expect(config).toMatchObject({ timezone: 'Africa/Lagos', app_currency_decimals: 2 });
    expect(config).not.toHaveProperty('not_a_key');
  });

  it('GET /config lists every key, public and private', async () => {
    const config = await t.ok(adminApi.admin.getConfig, {}, { token: owner });
    for (const key of [
      'app_currency',
      'payout_account_approval',
      'withdraw_daily_count',
      'withdraw_days',
      'withdraw_hours',
      'referral_rates',
      'maintenance',
    ]) {
      expect(config).toHaveProperty(key);
    }
  });

  it('a change shows at once on GET /appConfig, and private keys never do', async () => {
    const saved = await t.ok(
      adminApi.admin.putConfig,
      { timezone: 'Asia/Ho_Chi_Minh', app_currency: '₫', invite_required: true, single_device: true },
      { token: owner },
    );
    expect(saved).toMatchObject({ timezone: 'Asia/Ho_Chi_Minh', app_currency: '₫', single_device: true });
    const publicConfig = await t.ok(api.system.appConfig);
    expect(publicConfig).toMatchObject({ timezone: 'Asia/Ho_Chi_Minh', app_currency: '₫', invite_required: true });
    expect(publicConfig).not.toHaveProperty('single_device');
    expect(publicConfig).not.toHaveProperty('maintenance');
    await t.ok(
      adminApi.admin.putConfig,
      { timezone: 'Africa/Lagos', app_currency: '$', invite_required: false, single_device: false },
      { token: owner },
    );
    expect((await t.ok(api.system.appConfig)).timezone).toBe('Africa/Lagos');
  });
});

describe('users', () => {
  it('freezing a user answers ACCOUNT_FROZEN on their next call and on sign-in; unfreezing restores sign-in', async () => {
    const { token, user, account, password } = await signUp(t);
    const frozen = await t.ok(adminApi.admin.freezeUser, {}, { token: owner, params: { id: user.id } });
    expect(frozen).toMatchObject({ id: user.id, status: 'frozen' });
    expect((await t.call(api.user.info, {}, { token })).code).toBe(ERRORS.ACCOUNT_FROZEN.code);
    expect((await t.call(api.wallet.bill, {}, { token })).code).toBe(ERRORS.ACCOUNT_FROZEN.code);
    const signIn = await t.call(api.user.login, { account, password });
    expect(signIn).toMatchObject({ code: ERRORS.ACCOUNT_FROZEN.code, data: null });
    expect((await t.call(api.user.login, { account, password: 'wrong-pass' })).code).toBe(ERRORS.LOGIN_FAILED.code);

    await t.ok(adminApi.admin.unfreezeUser, {}, { token: owner, params: { id: user.id } });
    // The session the freeze ended stays ended, but no longer claims the account is frozen.
    expect((await t.call(api.user.info, {}, { token })).code).toBe(ERRORS.SESSION_REVOKED.code);
    const again = await t.ok(api.user.login, { account, password });
    expect((await t.ok(api.user.info, {}, { token: again.token })).id).toBe(user.id);
  });

  it('freezing an unknown user answers USER_NOT_FOUND', async () => {
    const answer = await t.call(adminApi.admin.freezeUser, {}, { token: owner, params: { id: 999_999 } });
    expect(answer.code).toBe(ERRORS.USER_NOT_FOUND.code);
  });

  it('users are found by account or invite code', async () => {
    const { user, account } = await signUp(t);
    const byAccount = await t.ok(adminApi.admin.users, { q: account.toUpperCase() }, { token: owner });
    expect(byAccount.items.map((row) => row.id)).toEqual([user.id]);
    expect(byAccount.items[0]).toMatchObject({ account, status: 'active', inviteCode: user.inviteCode });
    const byInvite = await t.ok(adminApi.admin.users, { q: user.inviteCode.toLowerCase() }, { token: owner });
    expect(byInvite.items.map((row) => row.id)).toContain(user.id);
    const none = await t.ok(adminApi.admin.users, { q: 'no-such-user-anywhere' }, { token: owner });
    expect(none).toEqual({ items: [], nextCursor: null });
  });

  it('the user list pages by keyset: every user once, newest first', async () => {
    const prefix = `pager${process.pid}x`;
    const created: number[] = [];
    for (let i = 0; i < 7; i++) created.push((await signUp(t, { account: nextAccount(prefix) })).user.id);
    const seen: number[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await t.ok(adminApi.admin.users, { q: prefix, limit: 3, cursor }, { token: owner });
      expect(page.items.length).toBeLessThanOrEqual(3);
      seen.push(...page.items.map((row) => row.id));
      cursor = page.nextCursor ?? undefined;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toEqual([...created].reverse());
    expect((await t.call(adminApi.admin.users, { cursor: 'abc' }, { token: owner })).code).toBe(
      ERRORS.INVALID_INPUT.code,
    );
  });
});

describe('outbox', () => {
  it('lists the codes sent, newest first, searchable by recipient', async () => {
    const account = nextAccount('outbox');
    await t.ok(api.user.sendCode, { account, purpose: 'register' });
    const code = await lastCode(t, account);
    const { items } = await t.ok(adminApi.admin.outbox, { q: account }, { token: owner });
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ channel: 'email', recipient: account, code });
    expect(items[0]?.body).toContain(code);
    const phone = `0803${String(process.pid).padStart(6, '0').slice(-6)}`;
    await t.ok(api.user.sendCode, { account: phone, purpose: 'register' });
    const sms = await t.ok(adminApi.admin.outbox, { q: phone }, { token: owner });
    expect(sms.items[0]).toMatchObject({ channel: 'sms', recipient: `+234${phone}`, status: 'queued', attempts: 0 });
    expect(sms.items[0]?.code).toMatch(/^\d{6}$/);
  });
});
