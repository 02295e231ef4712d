import { adminApi, api, ERRORS, type InputOf, SUCCESS_CODE } from '@app/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, redeemCodes } from '../src/db/schema.ts';
import { checkLedger } from '../src/ledger/check.ts';
import { MemoryRateLimiter, type RateLimiter } from '../src/limits/counters.ts';
import { REDEEM_LIMITS } from '../src/modules/redeem/service.ts';
import { signInOwner, signUp } from './factories.ts';
import { createTestApp, type TestApp, usingPostgres } from './setup.ts';

const NOW = '2026-11-27T09:00:00Z';
const NEXT_WEEK = '2026-12-04T09:00:00Z';

let t: TestApp;
let owner: string;

beforeAll(async () => {
  // Behind a trusted proxy, so each test's attempts can come from addresses of their own; only
  // the redeem limits count, so the many sign-ups of these tests are not refused as abuse.
  const counted = new MemoryRateLimiter();
  const limiter: RateLimiter = {
    hit: (key, limit, windowSeconds) =>
      key.startsWith('redeem:')
        ? counted.hit(key, limit, windowSeconds)
        : Promise.resolve({ allowed: true, retryAfterSeconds: 0 }),
    reset: (key) => counted.reset(key),
  };
  t = await createTestApp({ TRUST_PROXY: '127.0.0.1' }, { limiter });
  t.clock.set(new Date(NOW));
  owner = await signInOwner(t);
});
afterAll(() => t?.close());

async function expectLedgerOk() {
  expect((await checkLedger(t.db)).violations).toEqual([]);
}

async function user() {
  const { token, user } = await signUp(t);
  return { token: `Bearer ${token}`, id: user.id };
}

type BatchInput = InputOf<typeof adminApi.redeem.generate>;

async function batch(terms: Partial<BatchInput> = {}) {
  return t.ok(
    adminApi.redeem.generate,
    { count: 1, reward: { kind: 'cash', amount: '5.00' }, usesPerCode: 1, expiresAt: NEXT_WEEK, ...terms },
    { token: owner },
  );
}

/** Each attempt from its own address, so only the per-user limit counts unless a test says otherwise. */
let addresses = 0;
const redeem = (token: string, code: string, ip = `10.0.${Math.floor(addresses / 250)}.${(addresses++ % 250) + 1}`) =>
  t.call(api.redeem.redeem, { code }, { token, headers: { 'x-forwarded-for': ip } });
const bill = (token: string) => t.ok(api.wallet.bill, {}, { token });

describe('redeem codes', () => {
  it('an operator generates a batch of distinct, unambiguous codes, audited without them', async () => {
    const { batchId, codes } = await batch({ count: 50 });
    expect(codes).toHaveLength(50);
    expect(new Set(codes).size).toBe(50);
    for (const code of codes) expect(code).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ2-9]{14}$/);
    const listed = await t.ok(adminApi.redeem.codes, { batchId }, { token: owner });
    expect(listed).toHaveLength(50);
    expect(listed[0]).toMatchObject({ uses: 0, usesPerCode: 1, hint: `…${codes[0]?.slice(-4)}` });
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `redeem_batches:${batchId}`));
    expect(JSON.stringify(audit?.after)).not.toContain(codes[0]);
  });

  it('codes are stored only as hashes', async () => {
    const { batchId, codes } = await batch();
    const [stored] = await t.db.select().from(redeemCodes).where(eq(redeemCodes.batchId, batchId));
    expect(JSON.stringify(stored)).not.toContain(codes[0]);
  });

  it('a cash code pays the income wallet once, as other profit', async () => {
    const { codes } = await batch();
    const ann = await user();
    const answer = await redeem(ann.token, codes[0] as string);
    expect(answer.data).toEqual({ reward: { kind: 'cash', amount: '5.00' } });
    expect((await bill(ann.token)).incomeBalance).toBe('5.00');
    const { items } = await t.ok(api.records.profit, {}, { token: ann.token });
    expect(items).toEqual([expect.objectContaining({ type: 'other_profit', amount: '5.00' })]);
    await expectLedgerOk();
  });

  it('a points code credits points, typed in lower case with dashes', async () => {
    const { codes } = await batch({ reward: { kind: 'points', amount: '300' } });
    const ann = await user();
    const code = (codes[0] as string).toLowerCase().replace(/(.{4})/g, '$1-');
    const answer = await redeem(ann.token, code);
    expect(answer.data).toEqual({ reward: { kind: 'points', amount: '300' } });
    expect((await bill(ann.token)).points).toBe('300');
    await expectLedgerOk();
  });

  it('a coupon code gives an amount-off coupon with the batch name', async () => {
    const { codes } = await batch({
      reward: { kind: 'coupon', amount: '20.00', name: { en: 'Code coupon', es: 'Cupón de código' } },
    });
    const ann = await user();
    expect((await redeem(ann.token, codes[0] as string)).data).toEqual({ reward: { kind: 'coupon', amount: '20.00' } });
    const { items } = await t.ok(api.coupons.list, { status: 'unused' }, { token: ann.token });
    expect(items).toEqual([
      expect.objectContaining({ name: 'Code coupon', kind: 'amount_off', amount: '20.00', minSpend: '0.00' }),
    ]);
    const inSpanish = await t.ok(api.coupons.list, { status: 'unused' }, { token: ann.token, lang: 'es' });
    expect(inSpanish.items.map((coupon) => coupon.name)).toEqual(['Cupón de código']);
  });

  it('a batch whose expiry has already passed is refused, and no batch is made', async () => {
    const before = await t.ok(adminApi.redeem.batches, { limit: 1 }, { token: owner });
    const answer = await t.call(
      adminApi.redeem.generate,
      { count: 3, reward: { kind: 'cash', amount: '5.00' }, usesPerCode: 1, expiresAt: '2026-11-26T09:00:00Z' },
      { token: owner },
    );
    expect(answer.code).toBe(ERRORS.EXPIRY_PASSED.code);
    expect(await t.ok(adminApi.redeem.batches, { limit: 1 }, { token: owner })).toEqual(before);
  });

  it('a points reward must be whole, and a coupon reward named', async () => {
    const points = await t.call(
      adminApi.redeem.generate,
      { count: 1, reward: { kind: 'points', amount: '1.5' }, usesPerCode: 1, expiresAt: NEXT_WEEK },
      { token: owner },
    );
    expect(points.code).toBe(ERRORS.POINTS_WHOLE.code);
    const coupon = await t.call(
      adminApi.redeem.generate,
      { count: 1, reward: { kind: 'coupon', amount: '1.00' }, usesPerCode: 1, expiresAt: NEXT_WEEK },
      { token: owner },
    );
    expect(coupon.code).toBe(ERRORS.FIELD_REQUIRED.code);
  });

  it('a user redeems a code once, and is told so the second time', async () => {
    const { codes } = await batch({ usesPerCode: 5 });
    const ann = await user();
    expect((await redeem(ann.token, codes[0] as string)).code).toBe(SUCCESS_CODE);
    expect((await redeem(ann.token, codes[0] as string)).code).toBe(ERRORS.REDEEM_CODE_ALREADY_USED.code);
    expect((await bill(ann.token)).incomeBalance).toBe('5.00');
  });

  it('a code pays as many users as its uses, then is answered like an unknown one', async () => {
    const { batchId, codes } = await batch({ usesPerCode: 2 });
    const code = codes[0] as string;
    const [ann, bob, cat] = [await user(), await user(), await user()];
    expect((await redeem(ann.token, code)).code).toBe(SUCCESS_CODE);
    expect((await redeem(bob.token, code)).code).toBe(SUCCESS_CODE);
    const usedUp = await redeem(cat.token, code);
    const unknown = await redeem(cat.token, 'ABCDEFGHJKMNPQ');
    expect(usedUp.code).toBe(ERRORS.REDEEM_CODE_INVALID.code);
    expect(usedUp).toEqual(unknown);
    expect((await t.ok(adminApi.redeem.codes, { batchId }, { token: owner }))[0]?.uses).toBe(2);
    const { items } = await t.ok(adminApi.redeem.batches, {}, { token: owner });
    expect(items.find((item) => item.id === batchId)).toMatchObject({ used: 2, count: 1, usesPerCode: 2 });
  });

  it('an expired code is answered like an unknown one and pays nothing', async () => {
    const { codes } = await batch({ expiresAt: '2026-11-28T09:00:00Z' });
    const ann = await user();
    t.clock.set(new Date('2026-11-28T09:00:00Z'));
    try {
      const answer = await redeem(ann.token, codes[0] as string);
      expect(answer.code).toBe(ERRORS.REDEEM_CODE_INVALID.code);
      expect((await bill(ann.token)).incomeBalance).toBe('0.00');
    } finally {
      t.clock.set(new Date(NOW));
    }
  });

  it('attempts are limited per user', async () => {
    const ann = await user();
    const answers = [];
    for (let i = 0; i <= REDEEM_LIMITS.perUser.limit; i++) answers.push(await redeem(ann.token, `WRONG${i}`));
    expect(answers.slice(0, -1).every((answer) => answer.code === ERRORS.REDEEM_CODE_INVALID.code)).toBe(true);
    expect(answers.at(-1)?.code).toBe(ERRORS.RATE_LIMITED.code);
    const { codes } = await batch();
    expect((await redeem(ann.token, codes[0] as string)).code).toBe(ERRORS.RATE_LIMITED.code);
  });

  it('attempts are limited per address, whoever makes them', async () => {
    const ip = '192.0.2.77';
    let last = SUCCESS_CODE as number;
    for (let i = 0; i <= REDEEM_LIMITS.perIp.limit / REDEEM_LIMITS.perUser.limit; i++) {
      const ann = await user();
      for (let j = 0; j < REDEEM_LIMITS.perUser.limit; j++) last = (await redeem(ann.token, 'NOPE', ip)).code;
    }
    expect(last).toBe(ERRORS.RATE_LIMITED.code);
  });
});

if (!usingPostgres) {
  it.skip('a code redeemed at once by many (PostgreSQL only: set TEST_DATABASE_URL)', () => {});
}

describe.skipIf(!usingPostgres)('a code redeemed at once (PostgreSQL)', () => {
  it('a single-use code redeemed by 50 parallel requests pays once', async () => {
    const { codes } = await batch({ reward: { kind: 'cash', amount: '7.00' } });
    const users = await Promise.all(Array.from({ length: 50 }, () => user()));
    const answers = await Promise.all(users.map((u) => redeem(u.token, codes[0] as string)));
    const succeeded = answers.filter((answer) => answer.code === SUCCESS_CODE);
    expect(succeeded).toHaveLength(1);
    expect(answers.filter((answer) => answer.code === ERRORS.REDEEM_CODE_INVALID.code)).toHaveLength(49);
    const incomes = await Promise.all(users.map(async (u) => (await bill(u.token)).incomeBalance));
    expect(incomes.filter((income) => income === '7.00')).toHaveLength(1);
    await expectLedgerOk();
  });

  it('one user redeeming a many-use code 10 times at once is paid once', async () => {
    const { codes } = await batch({ usesPerCode: 100 });
    const ann = await user();
    const answers = await Promise.all(Array.from({ length: 10 }, () => redeem(ann.token, codes[0] as string)));
    expect(answers.filter((answer) => answer.code === SUCCESS_CODE)).toHaveLength(1);
    expect((await bill(ann.token)).incomeBalance).toBe('5.00');
    await expectLedgerOk();
  });
});

describe('points adjustment', () => {
  const adjust = (userId: number, amount: string) =>
    t.call(
      adminApi.products.adjust,
      { wallet: 'points', amount, reason: 'goodwill' },
      { token: owner, params: { id: userId } },
    );

  it('an operator adds and takes whole points, each a ledger entry the user sees, audited', async () => {
    const ann = await user();
    expect((await adjust(ann.id, '250')).data).toMatchObject({ balance: '250' });
    expect((await adjust(ann.id, '-50')).data).toMatchObject({ balance: '200' });
    expect((await bill(ann.token)).points).toBe('200');
    const { items } = await t.ok(api.records.points, {}, { token: ann.token });
    expect(items.map((item) => [item.type, item.amount])).toEqual([
      ['system_decrease', '-50'],
      ['system_increase', '250'],
    ]);
    const audited = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `user:${ann.id}`));
    expect(audited.map((row) => row.action).sort()).toEqual(['wallet.decrease', 'wallet.increase']);
    await expectLedgerOk();
  });

  it('points are whole, and never taken below zero', async () => {
    const ann = await user();
    expect((await adjust(ann.id, '1.5')).code).toBe(ERRORS.POINTS_WHOLE.code);
    expect((await adjust(ann.id, '-1')).code).toBe(ERRORS.ADJUST_BELOW_ZERO.code);
    expect((await bill(ann.token)).points).toBe('0');
  });
});
