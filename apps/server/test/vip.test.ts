import { randomUUID } from 'node:crypto';
import { adminApi, api, ERRORS, SUCCESS_CODE, type VipLevelInput } from '@app/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { journalEntries } from '../src/db/schema.ts';
import { checkLedger } from '../src/ledger/check.ts';
import { createProduct, fund, PAY_PASSWORD, readyToWithdraw, signInOwner, signUp, unlimited } from './factories.ts';
import { createTestApp, type TestApp, usingPostgres } from './setup.ts';

// Friday 27 November 2026, 10:00 in Lagos: a collection day.
const FRIDAY_10AM = '2026-11-27T09:00:00Z';
const HOUR = 3600;

const NONE = { extraDraws: 0, withdrawFeeDiscount: '0', extraWithdrawals: 0, incomeBonusRate: '0' };

/** The ladder of these tests: three VIP levels, one by each total, and two SVIP levels. */
const LADDER: VipLevelInput[] = [
  {
    level: 1,
    name: { en: 'VIP 1', fr: 'VIP 1 fr' },
    kind: 'vip',
    requirement: { kind: 'recharge', amount: '500.00' },
    price: null,
    benefits: { extraDraws: 1, withdrawFeeDiscount: '0.1', extraWithdrawals: 0, incomeBonusRate: '0.01' },
  },
  {
    level: 2,
    name: { en: 'VIP 2' },
    kind: 'vip',
    requirement: { kind: 'teamSize', amount: '2' },
    price: null,
    benefits: { extraDraws: 2, withdrawFeeDiscount: '0.2', extraWithdrawals: 1, incomeBonusRate: '0.02' },
  },
  {
    level: 3,
    name: { en: 'VIP 3' },
    kind: 'vip',
    requirement: { kind: 'purchases', amount: '300.00' },
    price: null,
    benefits: { extraDraws: 3, withdrawFeeDiscount: '0.3', extraWithdrawals: 1, incomeBonusRate: '0.03' },
  },
  {
    level: 4,
    name: { en: 'SVIP 1' },
    kind: 'svip',
    requirement: null,
    price: '1000.00',
    benefits: { extraDraws: 5, withdrawFeeDiscount: '0.5', extraWithdrawals: 2, incomeBonusRate: '0.05' },
  },
  {
    level: 5,
    name: { en: 'SVIP 2' },
    kind: 'svip',
    requirement: null,
    price: '3000.00',
    benefits: { extraDraws: 10, withdrawFeeDiscount: '1', extraWithdrawals: 3, incomeBonusRate: '0.08' },
  },
];

let t: TestApp;
let owner: string;

beforeAll(async () => {
  // Levels are tested here, not sign-up limits: the file signs up more users than one address may.
  t = await createTestApp({}, { limiter: unlimited });
  t.clock.set(new Date(FRIDAY_10AM));
  owner = await signInOwner(t);
});
afterAll(() => t?.close());

beforeEach(async () => {
  t.clock.set(new Date(FRIDAY_10AM));
  await t.ok(adminApi.vip.saveLevels, { levels: LADDER }, { token: owner });
  await t.services.config.update({ vip_level_can_drop: false }, { adminId: null, ip: '' });
});

const key = () => ({ 'idempotency-key': randomUUID() });

async function levelOf(token: string) {
  const { level, vip } = await t.ok(api.user.info, {}, { token });
  return { level, vip };
}

/** A top-up paid through the sandbox gateway and credited by its signed webhook. */
async function recharge(token: string, amount: string) {
  const { transId } = await t.ok(api.cash.createDeposit, { amount, methodId: 'sandbox' }, { token });
  await t.services.sandbox.decide(transId, 'approved');
  await t.services.sandbox.deliverWebhooks();
}

/** Each call a new action (its own Idempotency-Key) unless `headers` name one. */
function activate(token: string, level: number, headers?: Record<string, string>) {
  return t.call(api.vip.activate, { level }, { token, headers });
}

async function activations(userId: number) {
  const [row] = await t.db
    .select({ n: sql<number>`count(*)::integer` })
    .from(journalEntries)
    .where(and(eq(journalEntries.userId, userId), eq(journalEntries.type, 'vip_activation')));
  return row?.n;
}

async function expectLedgerOk() {
  expect((await checkLedger(t.db)).violations).toEqual([]);
}

describe('the level page', () => {
  it('shows every level in the user’s language with its requirement, price, benefits and progress', async () => {
    const { token } = await signUp(t);
    await recharge(token, '200.00');
    const levels = await t.ok(api.vip.levels, {}, { token, lang: 'fr' });
    expect(levels.map((level) => [level.level, level.name, level.kind, level.reached])).toEqual([
      [1, 'VIP 1 fr', 'vip', false],
      [2, 'VIP 2', 'vip', false],
      [3, 'VIP 3', 'vip', false],
      [4, 'SVIP 1', 'svip', false],
      [5, 'SVIP 2', 'svip', false],
    ]);
    expect(levels[0]).toMatchObject({
      requirement: { kind: 'recharge', amount: '500.00', current: '200.00' },
      price: null,
      benefits: { extraDraws: 1, withdrawFeeDiscount: '0.1', extraWithdrawals: 0, incomeBonusRate: '0.01' },
    });
    expect(levels[1]?.requirement).toEqual({ kind: 'teamSize', amount: '2', current: '0' });
    expect(levels[3]).toMatchObject({ requirement: null, price: '1000.00' });
  });

  it('is empty while operators have defined no level, and the user has no benefits', async () => {
    await t.ok(adminApi.vip.saveLevels, { levels: [] }, { token: owner });
    const { token, user } = await signUp(t);
    expect(await t.ok(api.vip.levels, {}, { token })).toEqual([]);
    expect(await t.services.vip.benefitsOf(user.id)).toEqual(NONE);
  });

  it('says how each level is held: a bought SVIP level includes the levels below it, whose requirements stay unmet', async () => {
    const { token, user } = await signUp(t);
    await recharge(token, '500.00');
    await fund(t, user.id, '3000.00');
    expect((await activate(token, 5)).code).toBe(SUCCESS_CODE);
    const levels = await t.ok(api.vip.levels, {}, { token, lang: 'fr' });
    expect(levels.map((level) => [level.level, level.reached, level.holds, level.includedIn])).toEqual([
      [1, true, 'met', null],
      [2, true, 'included', { level: 5, name: 'SVIP 2' }],
      [3, true, 'included', { level: 5, name: 'SVIP 2' }],
      [4, true, 'included', { level: 5, name: 'SVIP 2' }],
      [5, true, 'bought', null],
    ]);
  });

  it('a level above the one held is not held, and a level under a VIP level reached by another total is included in it', async () => {
    const { token, user } = await signUp(t);
    const product = await createProduct(t, { price: '300.00' });
    await fund(t, user.id, '300.00');
    await t.ok(api.products.purchase, { productId: product.id }, { token });
    const levels = await t.ok(api.vip.levels, {}, { token });
    expect(levels.map((level) => [level.level, level.holds, level.includedIn?.name ?? null])).toEqual([
      [1, 'included', 'VIP 3'],
      [2, 'included', 'VIP 3'],
      [3, 'met', null],
      [4, null, null],
      [5, null, null],
    ]);
  });
});

describe('VIP levels are reached by the user’s totals', () => {
  it('a credited deposit reaches the level its recharge total meets', async () => {
    const { token } = await signUp(t);
    await recharge(token, '490.00');
    expect(await levelOf(token)).toEqual({ level: 0, vip: 'normal' });
    await recharge(token, '10.00');
    expect(await levelOf(token)).toEqual({ level: 1, vip: 'vip' });
  });

  it('an operator’s increase is not a recharge', async () => {
    const { token, user } = await signUp(t);
    await fund(t, user.id, '600.00');
    expect(await levelOf(token)).toEqual({ level: 0, vip: 'normal' });
  });

  it('a member joining the team reaches the inviter’s level by team size, three levels deep', async () => {
    const top = await signUp(t);
    const middle = await signUp(t, { inviteCode: top.user.inviteCode });
    expect(await levelOf(top.token)).toEqual({ level: 0, vip: 'normal' });
    // Two levels below the top: a member of the top's team as well.
    await signUp(t, { inviteCode: middle.user.inviteCode });
    expect(await levelOf(top.token)).toEqual({ level: 2, vip: 'vip' });
    expect(await levelOf(middle.token)).toEqual({ level: 0, vip: 'normal' });
  });

  it('a purchase reaches the level its purchase total meets', async () => {
    const { token, user } = await signUp(t);
    const product = await createProduct(t, { price: '100.00' });
    await fund(t, user.id, '300.00');
    await t.ok(api.products.purchase, { productId: product.id, quantity: 2 }, { token });
    expect(await levelOf(token)).toEqual({ level: 0, vip: 'normal' });
    await t.ok(api.products.purchase, { productId: product.id }, { token });
    expect(await levelOf(token)).toEqual({ level: 3, vip: 'vip' });
  });

  it('a requirement an operator lowers shows reached on the level page at once', async () => {
    const { token } = await signUp(t);
    await recharge(token, '100.00');
    const easier = LADDER.map((level) =>
      level.level === 1 ? { ...level, requirement: { kind: 'recharge' as const, amount: '100.00' } } : level,
    );
    await t.ok(adminApi.vip.saveLevels, { levels: easier }, { token: owner });
    const levels = await t.ok(api.vip.levels, {}, { token });
    expect(levels.filter((level) => level.reached).map((level) => level.level)).toEqual([1]);
    expect(await levelOf(token)).toEqual({ level: 1, vip: 'vip' });
  });

  it('a level never goes down when a requirement is raised, unless levels may drop', async () => {
    const { token } = await signUp(t);
    await recharge(token, '500.00');
    const harder = LADDER.map((level) =>
      level.level === 1 ? { ...level, requirement: { kind: 'recharge' as const, amount: '900.00' } } : level,
    );
    await t.ok(adminApi.vip.saveLevels, { levels: harder }, { token: owner });
    await t.ok(api.vip.levels, {}, { token });
    expect(await levelOf(token)).toEqual({ level: 1, vip: 'vip' });

    await t.services.config.update({ vip_level_can_drop: true }, { adminId: null, ip: '' });
    await t.ok(api.vip.levels, {}, { token });
    expect(await levelOf(token)).toEqual({ level: 0, vip: 'normal' });
  });

  it('a bought SVIP level is kept when levels may drop', async () => {
    const { token, user } = await signUp(t);
    await fund(t, user.id, '1000.00');
    expect((await activate(token, 4)).code).toBe(SUCCESS_CODE);
    await t.services.config.update({ vip_level_can_drop: true }, { adminId: null, ip: '' });
    await t.ok(api.vip.levels, {}, { token });
    expect(await levelOf(token)).toEqual({ level: 4, vip: 'svip' });
  });
});

describe('an SVIP level is bought from the deposit wallet', () => {
  it('takes the price in one ledger entry and gives the level', async () => {
    const { token, user } = await signUp(t);
    await fund(t, user.id, '1200.00');
    const answer = await activate(token, 4);
    expect(answer).toMatchObject({ code: SUCCESS_CODE, data: { level: 4 } });
    expect(await levelOf(token)).toEqual({ level: 4, vip: 'svip' });
    expect((await t.ok(api.wallet.bill, {}, { token })).rechargeBalance).toBe('200.00');
    expect(await activations(user.id)).toBe(1);
    const levels = await t.ok(api.vip.levels, {}, { token });
    expect(levels.filter((level) => level.reached).map((level) => level.level)).toEqual([1, 2, 3, 4]);
    await expectLedgerOk();
  });

  it('answers the same Idempotency-Key with the first activation and charges once', async () => {
    const { token, user } = await signUp(t);
    await fund(t, user.id, '2000.00');
    const headers = key();
    const first = await activate(token, 4, headers);
    const again = await activate(token, 4, headers);
    expect([first.code, again.code]).toEqual([SUCCESS_CODE, SUCCESS_CODE]);
    expect(again.data).toEqual(first.data);
    expect(await activations(user.id)).toBe(1);
    expect((await t.ok(api.wallet.bill, {}, { token })).rechargeBalance).toBe('1000.00');
  });

  it('refuses the key reused for another level (IDEMPOTENCY_MISMATCH)', async () => {
    const { token, user } = await signUp(t);
    await fund(t, user.id, '5000.00');
    const headers = key();
    await activate(token, 4, headers);
    expect((await activate(token, 5, headers)).code).toBe(ERRORS.IDEMPOTENCY_MISMATCH.code);
    expect(await activations(user.id)).toBe(1);
  });

  it('refuses a short deposit wallet (INSUFFICIENT_BALANCE), moving nothing', async () => {
    const { token, user } = await signUp(t);
    await fund(t, user.id, '999.99');
    await fund(t, user.id, '5000.00', 'income');
    expect((await activate(token, 4)).code).toBe(ERRORS.INSUFFICIENT_BALANCE.code);
    expect(await levelOf(token)).toEqual({ level: 0, vip: 'normal' });
    expect((await t.ok(api.wallet.bill, {}, { token })).rechargeBalance).toBe('999.99');
    expect(await activations(user.id)).toBe(0);
  });

  it('refuses a VIP level, an unknown level and any level at or below the one held', async () => {
    const { token, user } = await signUp(t);
    await fund(t, user.id, '5000.00');
    expect((await activate(token, 1)).code).toBe(ERRORS.VIP_LEVEL_NOT_FOR_SALE.code);
    expect((await activate(token, 9)).code).toBe(ERRORS.VIP_LEVEL_NOT_FOUND.code);
    expect((await activate(token, 5)).code).toBe(SUCCESS_CODE);
    expect((await activate(token, 5)).code).toBe(ERRORS.VIP_LEVEL_REACHED.code);
    expect((await activate(token, 4)).code).toBe(ERRORS.VIP_LEVEL_REACHED.code);
    expect((await t.ok(api.wallet.bill, {}, { token })).rechargeBalance).toBe('2000.00');
  });
});

describe('benefits', () => {
  it('a collection pays the level’s income bonus as an other-profit entry of its own', async () => {
    const { token, user } = await signUp(t);
    await fund(t, user.id, '1100.00');
    await activate(token, 4);
    const product = await createProduct(t, { price: '100.00', incomePerCycle: '20.00' });
    await t.ok(api.products.purchase, { productId: product.id }, { token });
    t.clock.advance(2 * HOUR);
    await t.ok(api.testing.runJob, {}, { params: { name: 'accrual' } });
    const { collected } = await t.ok(api.products.collect, {}, { token });
    expect(collected).toBe('40.00');
    expect((await t.ok(api.wallet.bill, {}, { token })).incomeBalance).toBe('42.00');
    const bonus = await t.ok(api.records.profit, { type: 'other_profit' }, { token });
    expect(bonus.items.map((item) => item.amount)).toEqual(['2.00']);
    await expectLedgerOk();
  });

  it('a user at no level collects without a bonus', async () => {
    const { token, user } = await signUp(t);
    await fund(t, user.id, '100.00');
    const product = await createProduct(t, { price: '100.00', incomePerCycle: '20.00' });
    await t.ok(api.products.purchase, { productId: product.id }, { token });
    t.clock.advance(HOUR);
    await t.ok(api.testing.runJob, {}, { params: { name: 'accrual' } });
    await t.ok(api.products.collect, {}, { token });
    expect((await t.ok(api.wallet.bill, {}, { token })).incomeBalance).toBe('20.00');
    expect((await t.ok(api.records.profit, { type: 'other_profit' }, { token })).items).toEqual([]);
  });

  it('a withdrawal’s fee is discounted by the level and the level adds withdrawals a day', async () => {
    const user = await readyToWithdraw(t, { income: '1000.00' });
    await fund(t, user.user.id, '1000.00');
    await activate(user.token, 4);
    expect(await t.ok(api.cash.withdrawQuote, { amount: '100' }, { token: user.token })).toEqual({
      amount: '100.00',
      fee: '2.50',
      net: '97.50',
    });
    const request = () =>
      t.call(
        api.cash.withdraw,
        { accountId: user.accountId, amount: '100', payPassword: PAY_PASSWORD },
        { token: user.token },
      );
    const first = await request();
    expect(first.data).toMatchObject({ amount: '100.00', fee: '2.50', net: '97.50' });
    expect([(await request()).code, (await request()).code]).toEqual([SUCCESS_CODE, SUCCESS_CODE]);
    const fourth = await request();
    expect(fourth.code).toBe(ERRORS.WITHDRAW_DAILY_COUNT.code);
    expect(fourth.msg).toBe('You can withdraw 3 times a day. Please try again tomorrow.');
    await expectLedgerOk();
  });

  it('a user at no level pays the whole fee and withdraws the configured times a day', async () => {
    const user = await readyToWithdraw(t, { income: '1000.00' });
    expect(await t.ok(api.cash.withdrawQuote, { amount: '100' }, { token: user.token })).toMatchObject({
      fee: '5.00',
    });
  });

  it('extra daily draws are kept with the level for the draws', async () => {
    const { token, user } = await signUp(t);
    await fund(t, user.id, '3000.00');
    await activate(token, 5);
    expect(await t.services.vip.benefitsOf(user.id)).toEqual(LADDER[4]?.benefits);
  });
});

describe('levels in the back office', () => {
  it('lists each level with how many users hold it', async () => {
    const { token, user } = await signUp(t);
    await fund(t, user.id, '3000.00');
    const before = await t.ok(adminApi.vip.levels, {}, { token: owner });
    await activate(token, 5);
    const after = await t.ok(adminApi.vip.levels, {}, { token: owner });
    const holders = (list: typeof after) => list.find((level) => level.level === 5)?.holders ?? 0;
    expect(holders(after)).toBe(holders(before) + 1);
    expect(after.find((level) => level.level === 5)).toMatchObject({
      name: 'SVIP 2',
      nameI18n: { en: 'SVIP 2' },
      kind: 'svip',
      requirement: null,
      price: '3000.00',
    });
  });

  it('shows a user’s level with the totals behind it', async () => {
    const { token, user } = await signUp(t);
    await recharge(token, '600.00');
    expect(await t.ok(adminApi.vip.userLevel, {}, { token: owner, params: { id: user.id } })).toEqual({
      level: 1,
      name: 'VIP 1',
      vip: 'vip',
      paidLevel: 0,
      paid: null,
      totals: { recharge: '600.00', purchases: '0.00', teamSize: 0 },
      benefits: LADDER[0]?.benefits,
    });
  });

  it('names the SVIP level a user bought and when, on their page and in their ledger', async () => {
    const { token, user } = await signUp(t);
    await fund(t, user.id, '5000.00');
    await activate(token, 4);
    t.clock.advance(HOUR);
    await activate(token, 5);
    const level = await t.ok(adminApi.vip.userLevel, {}, { token: owner, params: { id: user.id } });
    expect(level).toMatchObject({
      paidLevel: 5,
      paid: { level: 5, name: 'SVIP 2', at: new Date(Date.parse(FRIDAY_10AM) + HOUR * 1000).toISOString() },
    });
    const ledger = await t.ok(adminApi.products.userLedger, { limit: 10 }, { token: owner, params: { id: user.id } });
    const bought = ledger.items.filter((line) => line.type === 'vip_activation').map((line) => line.levelName);
    expect(bought).toEqual(['SVIP 2', 'SVIP 1']);
  });

  it('audits each change of the ladder with the levels before and after', async () => {
    const renamed = LADDER.map((level) => (level.level === 2 ? { ...level, name: { en: 'Team VIP' } } : level));
    await t.ok(adminApi.vip.saveLevels, { levels: renamed }, { token: owner });
    const { items } = await t.ok(adminApi.admin.audit, { q: 'vip.levels', limit: 1 }, { token: owner });
    expect(items[0]).toMatchObject({ action: 'vip.levels', target: 'vip_levels' });
    const names = (list: unknown) => (list as { level: number; name: string }[]).map((level) => level.name);
    expect(names(items[0]?.before)).toEqual(['VIP 1', 'VIP 2', 'VIP 3', 'SVIP 1', 'SVIP 2']);
    expect(names(items[0]?.after)).toEqual(['VIP 1', 'Team VIP', 'VIP 3', 'SVIP 1', 'SVIP 2']);
  });

  it('refuses to remove a level users hold (VIP_LEVEL_HELD)', async () => {
    const { token, user } = await signUp(t);
    await fund(t, user.id, '3000.00');
    await activate(token, 5);
    const answer = await t.call(adminApi.vip.saveLevels, { levels: LADDER.slice(0, 4) }, { token: owner });
    expect(answer.code).toBe(ERRORS.VIP_LEVEL_HELD.code);
    expect((await t.ok(adminApi.vip.levels, {}, { token: owner })).map((level) => level.level)).toEqual([
      1, 2, 3, 4, 5,
    ]);
  });

  it('refuses a level number twice, a VIP level with a price and an SVIP level without one', async () => {
    const twice = [LADDER[0], LADDER[0]] as VipLevelInput[];
    expect((await t.call(adminApi.vip.saveLevels, { levels: twice }, { token: owner })).code).toBe(
      ERRORS.VIP_LEVEL_DUPLICATE.code,
    );
    const priced = [{ ...(LADDER[0] as VipLevelInput), price: '10.00' }];
    expect((await t.call(adminApi.vip.saveLevels, { levels: priced }, { token: owner })).code).toBe(
      ERRORS.VIP_LEVEL_TERMS.code,
    );
    const free = [{ ...(LADDER[3] as VipLevelInput), price: '0.00' }];
    expect((await t.call(adminApi.vip.saveLevels, { levels: free }, { token: owner })).code).toBe(
      ERRORS.VIP_LEVEL_TERMS.code,
    );
  });

  it('lets owner and finance change the ladder, not support', async () => {
    await t.services.admins.create(
      { email: 'support-vip@example.com', name: 'Support', role: 'support', password: 'support-secret-1' },
      { adminId: null, ip: '' },
    );
    const { token } = await t.ok(adminApi.admin.login, {
      email: 'support-vip@example.com',
      password: 'support-secret-1',
    });
    const answer = await t.call(adminApi.vip.saveLevels, { levels: LADDER }, { token: `Bearer ${token}` });
    expect(answer.code).toBe(ERRORS.ADMIN_FORBIDDEN.code);
    expect((await t.call(adminApi.vip.levels, {}, { token: `Bearer ${token}` })).code).toBe(SUCCESS_CODE);
  });
});

if (!usingPostgres) {
  console.info('vip.test.ts: the activation race is skipped on PGlite; set TEST_DATABASE_URL to run it on PostgreSQL.');
  it.skip('parallel SVIP activations (PostgreSQL only: set TEST_DATABASE_URL)', () => {});
}

describe.skipIf(!usingPostgres)('SVIP activations at once (PostgreSQL)', () => {
  it('50 parallel SVIP activations with money for one make one', async () => {
    const { token, user } = await signUp(t);
    await fund(t, user.id, '1000.00');
    const answers = await Promise.all(Array.from({ length: 50 }, () => activate(token, 4)));
    const codes = answers.map((answer) => answer.code);
    expect(codes.filter((code) => code === SUCCESS_CODE)).toHaveLength(1);
    // The others found the level reached, or were refused at once while another was in flight.
    const refusals: number[] = [ERRORS.VIP_LEVEL_REACHED.code, ERRORS.REQUEST_IN_PROGRESS.code];
    expect(codes.filter((code) => refusals.includes(code))).toHaveLength(49);
    expect(await activations(user.id)).toBe(1);
    expect((await t.ok(api.wallet.bill, {}, { token })).rechargeBalance).toBe('0.00');
    expect(await levelOf(token)).toEqual({ level: 4, vip: 'svip' });
    await expectLedgerOk();
  });

  it('50 parallel activations of two levels with money for one make one', async () => {
    const { token, user } = await signUp(t);
    await fund(t, user.id, '3000.00');
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => activate(token, i % 2 === 0 ? 5 : 4)));
    expect(answers.filter((answer) => answer.code === SUCCESS_CODE)).toHaveLength(1);
    expect(await activations(user.id)).toBe(1);
    await expectLedgerOk();
  });

  it('50 parallel activations with one Idempotency-Key all answer the one activation', async () => {
    const { token, user } = await signUp(t);
    await fund(t, user.id, '1000.00');
    const headers = key();
    const answers = await Promise.all(Array.from({ length: 50 }, () => activate(token, 4, headers)));
    expect(answers.map((answer) => answer.code)).toEqual(Array(50).fill(SUCCESS_CODE));
    expect(await activations(user.id)).toBe(1);
    expect((await t.ok(api.wallet.bill, {}, { token })).rechargeBalance).toBe('0.00');
  });
});
