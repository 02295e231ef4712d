import { adminApi, api, ERRORS } from '@app/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { checkLedger } from '../src/ledger/check.ts';
import { createProduct, fund, signInOwner, signUp } from './factories.ts';
import { createTestApp, type TestApp } from './setup.ts';

// Friday 27 November 2026, 10:00 in Lagos (UTC+1), the platform's time zone.
const FRIDAY_10AM = '2026-11-27T09:00:00Z';
const HOUR = 3600;

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());
beforeEach(() => t.clock.set(new Date(FRIDAY_10AM)));

const runAccrual = () => t.ok(api.testing.runJob, {}, { params: { name: 'accrual' } });

/** A user who holds a machine paying 1.00 an hour from now. */
async function earner() {
  const { token, user } = await signUp(t);
  await fund(t, user.id, '100.00');
  const product = await createProduct(t, { incomePerCycle: '1.00', cycles: 100 });
  await t.ok(api.products.purchase, { productId: product.id }, { token });
  return { token, user };
}

describe('the statistics page', () => {
  it('shows the last 7 days by default, ending today, each at zero for a new user', async () => {
    const { token } = await signUp(t);
    const stats = await t.ok(api.statistics.get, {}, { token });
    expect(stats.days.map((day) => day.date)).toEqual([
      '2026-11-21',
      '2026-11-22',
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
    ]);
    expect(stats.days.every((day) => day.income === '0.00')).toBe(true);
    expect(stats.total).toBe('0.00');
    expect(stats.byType.every((type) => type.amount === '0.00')).toBe(true);
  });

  it('offers 30 and 90 days and refuses any other period', async () => {
    const { token } = await signUp(t);
    expect((await t.ok(api.statistics.get, { days: 30 }, { token })).days).toHaveLength(30);
    const ninety = await t.ok(api.statistics.get, { days: 90 }, { token });
    expect(ninety.days).toHaveLength(90);
    expect(ninety.days[0]?.date).toBe('2026-08-30');
    expect((await t.call(api.statistics.get, { days: 5 } as never, { token })).code).toBe(ERRORS.INVALID_INPUT.code);
  });

  it("puts each day's income on its day in Lagos, the platform's time zone, and totals the period", async () => {
    const { token } = await earner();
    t.clock.advance(13 * HOUR); // Friday 23:00 in Lagos
    await runAccrual();
    t.clock.advance(2 * HOUR); // Saturday 01:00
    await runAccrual();
    const stats = await t.ok(api.statistics.get, { days: 7 }, { token });
    expect(stats.days.slice(-3)).toEqual([
      { date: '2026-11-26', income: '0.00' },
      { date: '2026-11-27', income: '13.00' },
      { date: '2026-11-28', income: '2.00' },
    ]);
    expect(stats.total).toBe('15.00');
    expect(stats.total).toBe((await t.ok(api.wallet.bill, {}, { token })).cumulativeIncome);
  });

  it('leaves out income older than the period from its total', async () => {
    const { token } = await earner();
    t.clock.advance(5 * HOUR);
    await runAccrual();
    t.clock.advance(10 * 24 * HOUR); // ten days later, no accrual since
    const stats = await t.ok(api.statistics.get, { days: 7 }, { token });
    expect(stats.total).toBe('0.00');
    expect((await t.ok(api.statistics.get, { days: 30 }, { token })).total).toBe('5.00');
  });

  it('splits income by type: machine profit and an event reward (other profit)', async () => {
    const { token } = await earner();
    t.clock.advance(3 * HOUR);
    await runAccrual();
    const owner = await signInOwner(t);
    const { id } = await t.ok(
      adminApi.events.create,
      {
        kind: 'anniversary',
        title: { en: 'Anniversary' },
        startsAt: '2026-11-27T00:00:00Z',
        endsAt: '2026-12-27T00:00:00Z',
        capacity: 100,
        status: 'on',
        reward: { kind: 'cash', amount: '4.00' },
      },
      { token: owner },
    );
    await t.ok(api.events.signup, {}, { token, params: { id } });
    const { byType, total } = await t.ok(api.statistics.get, {}, { token });
    const amountOf = (type: string) => byType.find((entry) => entry.type === type)?.amount;
    expect(amountOf('product_profit')).toBe('3.00');
    expect(amountOf('other_profit')).toBe('4.00');
    expect(amountOf('distribution_profit')).toBe('0.00');
    expect(total).toBe('7.00');
    expect((await checkLedger(t.db)).violations).toEqual([]);
  });

  it("splits only the period's income by type: machine profit older than the period is left out", async () => {
    const { token } = await earner();
    t.clock.advance(4 * HOUR);
    await runAccrual();
    t.clock.advance(10 * 24 * HOUR); // ten days later: one accrual pays every matured cycle
    await runAccrual();
    const amountOf = (byType: { type: string; amount: string }[], type: string) =>
      byType.find((entry) => entry.type === type)?.amount;
    const week = await t.ok(api.statistics.get, { days: 7 }, { token });
    const month = await t.ok(api.statistics.get, { days: 30 }, { token });
    expect(amountOf(week.byType, 'product_profit')).toBe(week.total);
    expect(amountOf(month.byType, 'product_profit')).toBe(month.total);
    expect(Number(month.total) - Number(week.total)).toBe(4);
    expect((await checkLedger(t.db)).violations).toEqual([]);
  });
});
