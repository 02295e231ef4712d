import { randomBytes, scryptSync } from 'node:crypto';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  adminApi,
  api,
  buildPath,
  type Endpoint,
  ERRORS,
  endpointBase,
  IDEMPOTENCY_KEY_MAX,
  type InputOf,
  MAINTENANCE_CODE,
  type OutputOf,
  SUCCESS_CODE,
} from '@app/contracts';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig as loadServerConfig } from '../src/config.ts';
import { adminUsers, auditLog, orders, users, withdrawals } from '../src/db/schema.ts';
import { LIMITS } from '../src/modules/accounts/service.ts';
import { ADMIN_SIGN_IN_LIMITS } from '../src/modules/admins/service.ts';
import { PAY_PASSWORD_TRIES } from '../src/modules/withdrawals/pay-password.ts';
import { ARGON2_COST, type HashCost, setHashCostForTests, verifySecret } from '../src/security.ts';
import { ADMIN, createProduct, fund, lastCode, nextAccount, signInOwner, signUp } from './factories.ts';
import { type Answer, createTestApp, TEST_HASH_COST, type TestApp, usingPostgres } from './setup.ts';

// Every password comparison is counted, so a test can tell how many guesses were evaluated.
/** The configuration as the server would read it, without writing a trial's secret into ./data. */
const loadConfig = (env: Record<string, string>) =>
  loadServerConfig({ PAYMENT_WEBHOOK_SECRET: randomBytes(32).toString('hex'), ...env });

vi.mock('../src/security.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../src/security.ts')>();
  return { ...original, verifySecret: vi.fn(original.verifySecret) };
});
const comparisons = vi.mocked(verifySecret);

const RATE_LIMITED = ERRORS.RATE_LIMITED.code;

// Tuesday 1 December 2026, 11:00 in Lagos: withdrawals open (Mon–Fri, 09:00–17:00).
const TUESDAY_11AM = '2026-12-01T10:00:00Z';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());
beforeEach(() => {
  t.clock.set(new Date(TUESDAY_11AM));
});

/** Calls `endpoint` as a client connected from `ip` (the socket's address, not a header). */
async function callFrom<E extends Endpoint>(
  app: TestApp,
  ip: string,
  endpoint: E,
  input: InputOf<E>,
  headers: Record<string, string> = {},
): Promise<Answer<OutputOf<E>>> {
  const response = await app.app.inject({
    method: endpoint.method,
    url: endpointBase(endpoint) + buildPath(endpoint.path),
    remoteAddress: ip,
    headers,
    payload: input as object,
  });
  return response.json() as Answer<OutputOf<E>>;
}

/** A password hash as stored before argon2id. */
function scryptHash(secret: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(secret.normalize('NFKC'), salt, 32, { N: 16384, r: 8, p: 1 });
  return ['scrypt', 16384, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** The address the audit log recorded for the latest back-office sign-in. */
async function lastSignInAddress(app: TestApp): Promise<string | undefined> {
  const [row] = await app.db
    .select({ ip: auditLog.ip })
    .from(auditLog)
    .where(eq(auditLog.action, 'admin.login'))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row?.ip;
}

async function withPayPassword(payPassword = '246810') {
  const user = await signUp(t);
  t.clock.advance(61);
  await t.ok(api.user.sendCode, { account: user.account, purpose: 'payPassword' });
  await t.ok(api.user.setPayPassword, { code: await lastCode(t, user.account), payPassword }, { token: user.token });
  t.clock.set(new Date(TUESDAY_11AM));
  return user;
}

describe('payment password guessing', () => {
  it('50 wrong payment passwords at once: the others are refused while one is compared; 5 in all lock it; the right one waits out the hour', async () => {
    const user = await withPayPassword('246810');
    const change = (oldPayPassword: string) =>
      t.call(
        api.cash.changePayPassword,
        { oldPayPassword, payPassword: '135790', repeatPayPassword: '135790' },
        { token: user.token },
      );
    const compared = () => comparisons.mock.calls.filter(([secret]) => secret === '000000').length;
    comparisons.mockClear();
    const codes = (await Promise.all(Array.from({ length: 50 }, () => change('000000')))).map((answer) => answer.code);
    // A user's requests are judged one at a time: the others are refused at once, never compared.
    expect(codes.filter((code) => code === ERRORS.REQUEST_IN_PROGRESS.code)).toHaveLength(50 - compared());
    expect(compared()).toBeGreaterThanOrEqual(1);
    expect(compared()).toBeLessThanOrEqual(PAY_PASSWORD_TRIES);
    let wrong = codes.filter((code) => code === ERRORS.PAY_PASSWORD_WRONG.code).length;
    let locked = codes.includes(ERRORS.PAY_PASSWORD_LOCKED.code);
    while (!locked) {
      const code = (await change('000000')).code;
      if (code === ERRORS.PAY_PASSWORD_WRONG.code) wrong++;
      else locked = code === ERRORS.PAY_PASSWORD_LOCKED.code;
    }
    // Exactly 5 wrong guesses compared in all: 4 answered wrong, the 5th locks.
    expect(wrong).toBe(PAY_PASSWORD_TRIES - 1);
    expect(compared()).toBe(PAY_PASSWORD_TRIES);

    expect((await change('246810')).code).toBe(ERRORS.PAY_PASSWORD_LOCKED.code);
    t.clock.advance(3601);
    expect((await change('246810')).code).toBe(SUCCESS_CODE);
  });
});

describe('maintenance sees the path the router routes', () => {
  let server: string;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    server = `127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });

  /** A GET sent over a socket with `target` exactly as written (no client tidies it up). */
  function rawGet(target: string, token: string): Promise<{ code: number; data: unknown }> {
    const [host, port] = server.split(':');
    return new Promise((resolve, reject) => {
      const req = request({ host, port: Number(port), path: target, headers: { authorization: token } }, (res) => {
        let body = '';
        res.on('data', (chunk) => {
          body += chunk;
        });
        res.on('end', () => resolve(JSON.parse(body)));
      });
      req.on('error', reject);
      req.end();
    });
  }

  it('with maintenance on, /%61pi/v1/userInfo and other spellings of a user route answer MAINTENANCE_CODE, not data', async () => {
    const { token } = await signUp(t);
    const spellings = [
      '/%61pi/v1/userInfo',
      '/api/v1/%75serInfo',
      '/api/v1/userInf%6F',
      '/api/v1/userInf%6f',
      `http://${server}/api/v1/userInfo`,
      '/api/v1/userInfo#fragment',
    ];
    for (const target of spellings) expect((await rawGet(target, token)).code, target).toBe(SUCCESS_CODE);
    const owner = await signInOwner(t);
    await t.ok(adminApi.admin.putConfig, { maintenance: true, app_maintain_time: 'soon' }, { token: owner });
    try {
      for (const target of spellings) {
        expect(await rawGet(target, token), target).toEqual({
          code: MAINTENANCE_CODE,
          msg: ERRORS.MAINTENANCE.msg.en,
          data: { maintain_time: 'soon' },
        });
      }
    } finally {
      await t.ok(adminApi.admin.putConfig, { maintenance: false, app_maintain_time: '' }, { token: owner });
    }
  });
});

describe('the client address', () => {
  it('by default a forged X-Forwarded-For neither escapes the per-address sign-in limit nor reaches the audit log', async () => {
    const attempt = (n: number) =>
      callFrom(
        t,
        '192.0.2.10',
        api.user.login,
        { account: nextAccount('nobody'), password: 'wrong-password' },
        { 'x-forwarded-for': `198.51.100.${n % 250}` },
      );
    for (let n = 0; n < LIMITS.login.perIp.limit; n++) {
      expect((await attempt(n)).code).toBe(ERRORS.LOGIN_FAILED.code);
    }
    expect((await attempt(LIMITS.login.perIp.limit)).code).toBe(RATE_LIMITED);

    await callFrom(t, '192.0.2.11', adminApi.admin.login, ADMIN, { 'x-forwarded-for': '203.0.113.66' });
    expect(await lastSignInAddress(t)).toBe('192.0.2.11');
  });

  it('with TRUST_PROXY naming the proxy, the forwarded address is the client: its limits and audit rows', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: '127.0.0.1' });
    try {
      proxied.clock.set(new Date(TUESDAY_11AM));
      const sendCode = (client: string) =>
        callFrom(
          proxied,
          '127.0.0.1',
          api.user.sendCode,
          { account: nextAccount('proxied'), purpose: 'register' },
          { 'x-forwarded-for': client },
        );
      for (let n = 0; n < LIMITS.sendCode.perIp.limit; n++)
        expect((await sendCode('203.0.113.5')).code).toBe(SUCCESS_CODE);
      expect((await sendCode('203.0.113.5')).code).toBe(RATE_LIMITED);
      expect((await sendCode('203.0.113.6')).code).toBe(SUCCESS_CODE);

      await proxied.services.admins.ensureOwner(ADMIN.email, ADMIN.password);
      await callFrom(proxied, '127.0.0.1', adminApi.admin.login, ADMIN, { 'x-forwarded-for': '203.0.113.77' });
      expect(await lastSignInAddress(proxied)).toBe('203.0.113.77');
    } finally {
      await proxied.close();
    }
  });

  it('TRUST_PROXY takes addresses and CIDR ranges; a hop count or a word is refused at start', () => {
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,::1' }).TRUST_PROXY).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      '::1',
    ]);
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(() => loadConfig({ TRUST_PROXY: '1' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
  });
});

describe('sign-in lockout', () => {
  it('an attacker failing 50 times from one address does not stop the owner signing in from another', async () => {
    const victim = await signUp(t);
    const codes = [];
    for (let n = 0; n < 50; n++) {
      codes.push(
        (await callFrom(t, '198.51.100.1', api.user.login, { account: victim.account, password: `guess-${n}` })).code,
      );
    }
    expect(codes.filter((code) => code === ERRORS.LOGIN_FAILED.code)).toHaveLength(5);
    expect(codes.slice(5).every((code) => code === RATE_LIMITED)).toBe(true);
    const signedIn = await callFrom(t, '198.51.100.2', api.user.login, {
      account: victim.account,
      password: victim.password,
    });
    expect(signedIn.code).toBe(SUCCESS_CODE);
  });

  it('a guesser from one address waits longer each time: 15 minutes after 5 tries, the rest of the hour after 10', async () => {
    const victim = await signUp(t);
    const guess = async () =>
      (await callFrom(t, '198.51.100.3', api.user.login, { account: victim.account, password: 'not-it' })).code;
    for (let n = 0; n < 5; n++) expect(await guess()).toBe(ERRORS.LOGIN_FAILED.code);
    expect(await guess()).toBe(RATE_LIMITED);
    t.clock.advance(15 * 60 + 1);
    for (let n = 0; n < 4; n++) expect(await guess()).toBe(ERRORS.LOGIN_FAILED.code);
    expect(await guess()).toBe(RATE_LIMITED);
    t.clock.advance(15 * 60);
    expect(await guess()).toBe(RATE_LIMITED);
    t.clock.set(new Date(Date.parse(TUESDAY_11AM) + 3601_000));
    expect(await guess()).toBe(ERRORS.LOGIN_FAILED.code);
  });

  it('110 wrong passwords from 22 addresses do not lock the owner out: past the ceiling a code sent to the account signs in', async () => {
    const victim = await signUp(t);
    const { limit } = LIMITS.login.perAccount;
    const codes = [];
    for (let n = 0; n < 110; n++) {
      const from = `10.50.${Math.floor(n / 5)}.1`;
      codes.push((await callFrom(t, from, api.user.login, { account: victim.account, password: 'nope' })).code);
    }
    expect(codes.slice(0, limit).every((code) => code === ERRORS.LOGIN_FAILED.code)).toBe(true);
    expect(codes.slice(limit).every((code) => code === ERRORS.LOGIN_CODE_REQUIRED.code)).toBe(true);
    const messages = async () => (await t.ok(api.testing.outbox, { account: victim.account })).length;
    const sent = await messages();

    // A guesser past the ceiling is asked for a code as the owner is, and sends no message.
    const wrong = { account: victim.account, password: 'still-not-it' };
    expect((await callFrom(t, '10.51.0.1', api.user.login, wrong)).code).toBe(ERRORS.LOGIN_CODE_REQUIRED.code);
    expect((await callFrom(t, '10.51.0.1', api.user.login, { ...wrong, code: '123456' })).code).toBe(
      ERRORS.CODE_INVALID.code,
    );
    expect(await messages()).toBe(sent);

    const right = { account: victim.account, password: victim.password };
    expect((await callFrom(t, '10.52.0.1', api.user.login, right)).code).toBe(ERRORS.LOGIN_CODE_REQUIRED.code);
    expect(await messages()).toBe(sent + 1);
    const code = await lastCode(t, victim.account);
    const wrongCode = code === '000000' ? '111111' : '000000';
    expect((await callFrom(t, '10.52.0.1', api.user.login, { ...right, code: wrongCode })).code).toBe(
      ERRORS.CODE_INVALID.code,
    );
    // The right password with the code from a guesser's address still fails: the code is the owner's.
    expect((await callFrom(t, '10.51.0.1', api.user.login, { ...wrong, code })).code).toBe(ERRORS.CODE_INVALID.code);
    expect((await callFrom(t, '10.52.0.1', api.user.login, { ...right, code })).code).toBe(SUCCESS_CODE);
    // Signed in, the account's failures are forgotten: the next sign-in needs no code.
    expect((await callFrom(t, '10.53.0.1', api.user.login, right)).code).toBe(SUCCESS_CODE);
  });

  it('IPv6 clients count by their /64: a new address in the same network is the same client', async () => {
    const victim = await signUp(t);
    const guess = async (ip: string) =>
      (await callFrom(t, ip, api.user.login, { account: victim.account, password: 'not-it' })).code;
    for (let n = 1; n <= 5; n++) expect(await guess(`2001:db8:1:2::${n.toString(16)}`)).toBe(ERRORS.LOGIN_FAILED.code);
    expect(await guess('2001:db8:1:2:ffff:ffff:ffff:fffe')).toBe(RATE_LIMITED);
    expect(await guess('2001:db8:1:3::1')).toBe(ERRORS.LOGIN_FAILED.code);
  });

  it('55 wrong passwords from 11 addresses do not lock an operator out: past the ceiling a code is emailed', async () => {
    await t.services.admins.ensureOwner(ADMIN.email, ADMIN.password);
    const { limit } = ADMIN_SIGN_IN_LIMITS.perAccount;
    const codes = [];
    for (let n = 0; n < 55; n++) {
      const from = `10.60.${Math.floor(n / 5)}.1`;
      codes.push(
        (await callFrom(t, from, adminApi.admin.login, { email: ADMIN.email, password: 'wrong-password' })).code,
      );
    }
    expect(codes.slice(0, limit).every((code) => code === ERRORS.ADMIN_LOGIN_FAILED.code)).toBe(true);
    expect(codes.slice(limit).every((code) => code === ERRORS.LOGIN_CODE_REQUIRED.code)).toBe(true);
    const messages = async () => (await t.ok(api.testing.outbox, { account: ADMIN.email })).length;
    const sent = await messages();

    const wrong = { email: ADMIN.email, password: 'still-wrong-password' };
    expect((await callFrom(t, '10.61.0.1', adminApi.admin.login, wrong)).code).toBe(ERRORS.LOGIN_CODE_REQUIRED.code);
    expect(await messages()).toBe(sent);

    expect((await callFrom(t, '10.62.0.1', adminApi.admin.login, ADMIN)).code).toBe(ERRORS.LOGIN_CODE_REQUIRED.code);
    expect(await messages()).toBe(sent + 1);
    const code = await lastCode(t, ADMIN.email);
    expect((await callFrom(t, '10.61.0.1', adminApi.admin.login, { ...wrong, code })).code).toBe(
      ERRORS.CODE_INVALID.code,
    );
    expect((await callFrom(t, '10.62.0.1', adminApi.admin.login, { ...ADMIN, code })).code).toBe(SUCCESS_CODE);
    expect((await callFrom(t, '10.63.0.1', adminApi.admin.login, ADMIN)).code).toBe(SUCCESS_CODE);
  });

  it('the back-office sign-in is limited per address', async () => {
    const { limit } = ADMIN_SIGN_IN_LIMITS.perIp;
    for (let n = 0; n < limit; n++) {
      const answer = await callFrom(t, '192.0.2.50', adminApi.admin.login, {
        email: `op${n}@staff.example.com`,
        password: 'wrong-password',
      });
      expect(answer.code).toBe(ERRORS.ADMIN_LOGIN_FAILED.code);
    }
    expect((await callFrom(t, '192.0.2.50', adminApi.admin.login, ADMIN)).code).toBe(RATE_LIMITED);
    expect((await callFrom(t, '192.0.2.51', adminApi.admin.login, ADMIN)).code).toBe(SUCCESS_CODE);
  });
});

describe('codes, sign-up and reset are limited per address and per account', () => {
  const forAccount = {
    sendCode: (account: string) => ({ endpoint: api.user.sendCode, input: { account, purpose: 'reset' as const } }),
    register: (account: string) => ({
      endpoint: api.user.register,
      input: { account, code: '123456', password: 'secret123', repeatPassword: 'secret123', agree: true as const },
    }),
    reset: (account: string) => ({
      endpoint: api.user.resetPassword,
      input: { account, code: '123456', password: 'secret123', repeatPassword: 'secret123' },
    }),
  };
  let network = 0;

  for (const action of ['sendCode', 'register', 'reset'] as const) {
    it(`${action}: one address asking about many accounts is refused past its limit`, async () => {
      network += 1;
      const from = `203.0.113.${network}`;
      const { limit } = LIMITS[action].perIp;
      for (let n = 0; n < limit; n++) {
        const { endpoint, input } = forAccount[action](nextAccount(action));
        expect((await callFrom(t, from, endpoint, input as never)).code).not.toBe(RATE_LIMITED);
      }
      const { endpoint, input } = forAccount[action](nextAccount(action));
      expect((await callFrom(t, from, endpoint, input as never)).code).toBe(RATE_LIMITED);
    });

    it(`${action}: one account asked about from many addresses is refused past its limit`, async () => {
      const account = nextAccount(action);
      const { limit } = LIMITS[action].perAccount;
      const { endpoint, input } = forAccount[action](account);
      for (let n = 0; n < limit; n++) {
        expect((await callFrom(t, `10.200.${n}.1`, endpoint, input as never)).code).not.toBe(RATE_LIMITED);
      }
      expect((await callFrom(t, '10.201.0.1', endpoint, input as never)).code).toBe(RATE_LIMITED);
    });
  }
});

/** The algorithm and parameters at the head of a PHC string (`$argon2id$v=19$m=…,t=…,p=…$salt$hash`). */
const parametersOf = (hash: string | null | undefined) => hash?.split('$').slice(0, 4).join('$');
const argon2idAt = (cost: HashCost) => `$argon2id$v=19$m=${cost.memoryCost},t=${cost.timeCost},p=${cost.parallelism}`;

describe('password hashes', () => {
  it('production hashes with argon2id at 19 MiB, two passes and one lane, and rewrites a hash of a lower cost at the next sign-in', async () => {
    expect(ARGON2_COST).toEqual({ memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    const user = await signUp(t);
    const stored = async () =>
      (await t.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, user.user.id)))[0]?.hash;
    expect(parametersOf(await stored())).toBe(argon2idAt(TEST_HASH_COST));
    setHashCostForTests(undefined);
    try {
      await t.ok(api.user.login, { account: user.account, password: user.password });
    } finally {
      setHashCostForTests(TEST_HASH_COST);
    }
    expect(parametersOf(await stored())).toBe('$argon2id$v=19$m=19456,t=2,p=1');
  });

  it('a user with an old scrypt hash signs in, and the stored hash is now argon2id', async () => {
    const user = await signUp(t);
    await t.db
      .update(users)
      .set({ passwordHash: scryptHash(user.password) })
      .where(eq(users.id, user.user.id));
    await t.ok(api.user.login, { account: user.account, password: user.password });
    const [row] = await t.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, user.user.id));
    expect(parametersOf(row?.hash)).toBe(argon2idAt(TEST_HASH_COST));
    expect((await t.call(api.user.login, { account: user.account, password: user.password })).code).toBe(SUCCESS_CODE);
    expect((await t.call(api.user.login, { account: user.account, password: 'wrong-one' })).code).toBe(
      ERRORS.LOGIN_FAILED.code,
    );
  });

  it('an operator with an old scrypt hash signs in, and the stored hash is now argon2id', async () => {
    await t.db
      .update(adminUsers)
      .set({ passwordHash: scryptHash(ADMIN.password) })
      .where(eq(adminUsers.email, ADMIN.email));
    await t.ok(adminApi.admin.login, ADMIN);
    const [row] = await t.db
      .select({ hash: adminUsers.passwordHash })
      .from(adminUsers)
      .where(eq(adminUsers.email, ADMIN.email));
    expect(parametersOf(row?.hash)).toBe(argon2idAt(TEST_HASH_COST));
    expect((await t.call(adminApi.admin.login, ADMIN)).code).toBe(SUCCESS_CODE);
  });

  it('an old scrypt payment password still works and is stored as argon2id after its next correct use', async () => {
    const user = await withPayPassword('246810');
    await t.db
      .update(users)
      .set({ payPasswordHash: scryptHash('246810') })
      .where(eq(users.id, user.user.id));
    await t.services.payPasswords.verify(user.user.id, '246810');
    const [row] = await t.db.select({ hash: users.payPasswordHash }).from(users).where(eq(users.id, user.user.id));
    expect(parametersOf(row?.hash)).toBe(argon2idAt(TEST_HASH_COST));
    await t.services.payPasswords.verify(user.user.id, '246810');
  });

  it('an operator password of 7 characters is refused with a clear message, on creation and on change', async () => {
    const owner = await signInOwner(t);
    const create = { email: 'short@staff.example.com', name: 'Short', role: 'support' as const, password: 'abc1234' };
    const refused = await t.call(adminApi.admin.createAdmin, create, { token: owner });
    expect(refused.code).toBe(ERRORS.OPERATOR_PASSWORD_WEAK.code);
    expect(refused.msg).toContain('8 to 128 characters');
    const created = await t.ok(adminApi.admin.createAdmin, { ...create, password: 'abcd1234' }, { token: owner });
    const change = await t.call(
      adminApi.admin.updateAdmin,
      { password: 'abc1234' },
      { token: owner, params: { id: created.id } },
    );
    expect(change.code).toBe(ERRORS.OPERATOR_PASSWORD_WEAK.code);
    expect(() => loadConfig({ ADMIN_PASSWORD: 'abc1234' })).toThrow(/ADMIN_PASSWORD/);
  });
});

describe('Idempotency-Key', () => {
  it('is compared whole: a key longer than the limit is refused, never cut to a shared prefix', async () => {
    const { token, user } = await signUp(t);
    const product = await createProduct(t, { price: '10.00' });
    await fund(t, user.id, '100.00');
    const prefix = 'k'.repeat(IDEMPOTENCY_KEY_MAX);
    const first = await t.call(
      api.products.purchase,
      { productId: product.id },
      { token, headers: { 'idempotency-key': prefix } },
    );
    expect(first.code).toBe(SUCCESS_CODE);
    const longer = await t.call(
      api.products.purchase,
      { productId: product.id },
      { token, headers: { 'idempotency-key': `${prefix}-2` } },
    );
    expect(longer.code).toBe(ERRORS.IDEMPOTENCY_KEY_REQUIRED.code);
    expect(longer.msg).toContain(String(IDEMPOTENCY_KEY_MAX));
    expect(await t.db.$count(orders, eq(orders.userId, user.id))).toBe(1);
  });

  it('a deposit key reused for another amount or method is refused; the same request answers the same top-up', async () => {
    const { token } = await signUp(t);
    const headers = { 'idempotency-key': 'top-up-1' };
    const first = await t.ok(api.cash.createDeposit, { amount: '100.00', methodId: 'sandbox' }, { token, headers });
    const again = await t.ok(api.cash.createDeposit, { amount: '100', methodId: 'sandbox' }, { token, headers });
    expect(again).toEqual(first);
    const other = await t.call(api.cash.createDeposit, { amount: '200.00', methodId: 'sandbox' }, { token, headers });
    expect(other.code).toBe(ERRORS.IDEMPOTENCY_MISMATCH.code);
  });

  it('a purchase key reused for another quantity is refused', async () => {
    const { token, user } = await signUp(t);
    const product = await createProduct(t, { price: '10.00' });
    await fund(t, user.id, '100.00');
    const headers = { 'idempotency-key': 'buy-1' };
    await t.ok(api.products.purchase, { productId: product.id }, { token, headers });
    const other = await t.call(api.products.purchase, { productId: product.id, quantity: 2 }, { token, headers });
    expect(other.code).toBe(ERRORS.IDEMPOTENCY_MISMATCH.code);
  });

  it('a collection key reused for another machine is refused; the same collection answers the same amount', async () => {
    const { token, user } = await signUp(t);
    await fund(t, user.id, '100.00');
    const [first, second] = [await createProduct(t, { price: '10.00' }), await createProduct(t, { price: '10.00' })];
    const bought = await t.ok(api.products.purchase, { productId: first.id }, { token });
    const other = await t.ok(api.products.purchase, { productId: second.id }, { token });
    t.clock.advance(2 * 3600);
    await t.ok(api.testing.runJob, {}, { params: { name: 'accrual' } });
    const headers = { 'idempotency-key': 'collect-1' };
    const collected = await t.ok(api.products.collect, { holdingId: bought.holding.id }, { token, headers });
    expect(collected.collected).toBe('2.00');
    expect(await t.ok(api.products.collect, { holdingId: bought.holding.id }, { token, headers })).toEqual(collected);
    const reused = await t.call(api.products.collect, { holdingId: other.holding.id }, { token, headers });
    expect(reused.code).toBe(ERRORS.IDEMPOTENCY_MISMATCH.code);
    expect((await t.ok(api.products.holdings, {}, { token })).items.map((holding) => holding.uncollected)).toContain(
      '2.00',
    );
  });

  it("an operator's adjustment key reused for another amount is refused", async () => {
    const { token, user } = await signUp(t);
    const owner = await signInOwner(t);
    const headers = { 'idempotency-key': 'adjust-1' };
    const params = { id: user.id };
    const input = { wallet: 'deposit' as const, amount: '5.00', reason: 'goodwill' };
    const first = await t.ok(adminApi.products.adjust, input, { token: owner, params, headers });
    expect(await t.ok(adminApi.products.adjust, input, { token: owner, params, headers })).toEqual(first);
    const reused = await t.call(
      adminApi.products.adjust,
      { ...input, amount: '50.00' },
      { token: owner, params, headers },
    );
    expect(reused.code).toBe(ERRORS.IDEMPOTENCY_MISMATCH.code);
    expect((await t.ok(api.wallet.bill, {}, { token })).rechargeBalance).toBe('5.00');
  });
});

if (!usingPostgres) {
  it.skip('parallel requests with one Idempotency-Key (PostgreSQL only: set TEST_DATABASE_URL)', () => {});
}

describe.skipIf(!usingPostgres)('parallel requests with one Idempotency-Key (PostgreSQL)', () => {
  const ten = <T>(make: () => Promise<T>) => Promise.all(Array.from({ length: 10 }, make));

  it('10 parallel purchases: one order, ten equal answers', async () => {
    const { token, user } = await signUp(t);
    const product = await createProduct(t, { price: '10.00' });
    await fund(t, user.id, '10.00');
    const headers = { 'idempotency-key': 'parallel-purchase' };
    const answers = await ten(() => t.call(api.products.purchase, { productId: product.id }, { token, headers }));
    expect(answers[0]?.code).toBe(SUCCESS_CODE);
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    expect(await t.db.$count(orders, eq(orders.userId, user.id))).toBe(1);
  });

  it('10 parallel deposits: one top-up, ten equal answers', async () => {
    const { token } = await signUp(t);
    const headers = { 'idempotency-key': 'parallel-deposit' };
    const answers = await ten(() =>
      t.call(api.cash.createDeposit, { amount: '50.00', methodId: 'sandbox' }, { token, headers }),
    );
    expect(answers[0]?.code).toBe(SUCCESS_CODE);
    for (const answer of answers) expect(answer).toEqual(answers[0]);
  });

  it('10 parallel withdrawals: one withdrawal, ten equal answers, though one a day is allowed', async () => {
    await t.services.config.update(
      { withdraw_daily_count: 1, payout_account_approval: false },
      { adminId: null, ip: '' },
    );
    const user = await withPayPassword('246810');
    await fund(t, user.user.id, '150.00', 'income');
    const account = await t.ok(
      api.cash.addPayoutAccount,
      { type: 'bank', holderName: 'Ada Obi', accountNumber: '0123456789', bankName: 'GTBank' },
      { token: user.token },
    );
    const headers = { 'idempotency-key': 'parallel-withdrawal' };
    const answers = await ten(() =>
      t.call(
        api.cash.withdraw,
        { accountId: account.id, amount: '100', payPassword: '246810' },
        { token: user.token, headers },
      ),
    );
    expect(answers[0]?.code).toBe(SUCCESS_CODE);
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    expect(
      await t.db.$count(
        withdrawals,
        and(eq(withdrawals.userId, user.user.id), eq(withdrawals.idempotencyKey, headers['idempotency-key'])),
      ),
    ).toBe(1);
  });
});
