import { adminApi, api, ERRORS } from '@app/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { checkLedger } from '../src/ledger/check.ts';
import { buildHolding, createProduct, fund, signInOwner, signUp, violationsWith } from './factories.ts';
import { createTestApp, type TestApp } from './setup.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// Friday 27 November 2026, 10:00 in Lagos (the default platform time zone, UTC+1).
const FRIDAY_10AM = '2026-11-27T09:00:00Z';
const HOUR = 3600;

async function runAccrual() {
  return t.ok(api.testing.runJob, {}, { params: { name: 'accrual' } });
}

async function expectLedgerOk() {
  const check = await checkLedger(t.db);
  expect(check.violations).toEqual([]);
}

beforeEach(() => {
  t.clock.set(new Date(FRIDAY_10AM));
});

describe('buying a machine', () => {
  it('debits the deposit wallet, creates the holding and grants the points', async () => {
    const { token, user } = await signUp(t);
    await fund(t, user.id, '250.00');
    const product = await createProduct(t, { price: '100.00', points: 10 });
    const { order, holding } = await t.ok(api.products.purchase, { productId: product.id }, { token });
    expect(order).toMatchObject({ amount: '100.00', quantity: 1, productName: 'Hourly miner' });
    expect(holding).toMatchObject({ status: 'holding', cyclesTotal: 48, cyclesAccrued: 0, uncollected: '0.00' });
    expect(holding.nextIncomeAt).toBe('2026-11-27T10:00:00.000Z');
    // The order number ends with the order's id, so no two orders can share one.
    expect(order.orderNo).toMatch(new RegExp(`^P20261127\\d{4}${order.id}$`));
    const bill = await t.ok(api.wallet.bill, {}, { token });
    expect(bill).toMatchObject({ rechargeBalance: '150.00', points: '10' });
    await expectLedgerOk();
  });

  it('is refused when the balance is short, moving nothing', async () => {
    const { token, user } = await signUp(t);
    await fund(t, user.id, '99.99');
    const product = await createProduct(t);
    const answer = await t.call(api.products.purchase, { productId: product.id }, { token });
    expect(answer.code).toBe(ERRORS.INSUFFICIENT_BALANCE.code);
    expect((await t.ok(api.wallet.bill, {}, { token })).rechargeBalance).toBe('99.99');
    expect((await t.ok(api.products.holdings, {}, { token })).items).toHaveLength(0);
  });

  it('respects the purchase limit, stock, off-sale and the limited-time window', async () => {
    const { token, user } = await signUp(t);
    await fund(t, user.id, '1000.00');
    const limited = await createProduct(t, { purchaseLimit: 1 });
    await t.ok(api.products.purchase, { productId: limited.id }, { token });
    expect((await t.call(api.products.purchase, { productId: limited.id }, { token })).msg).toBe(
      'You can buy this product at most 1 times.',
    );
    const scarce = await createProduct(t, { stock: 1 });
    await t.ok(api.products.purchase, { productId: scarce.id }, { token });
    expect((await t.call(api.products.purchase, { productId: scarce.id }, { token })).code).toBe(
      ERRORS.OUT_OF_STOCK.code,
    );
    const off = await createProduct(t, { status: 'off' });
    expect((await t.call(api.products.purchase, { productId: off.id }, { token })).code).toBe(
      ERRORS.PRODUCT_OFF_SALE.code,
    );
    const ended = await createProduct(t, { saleEndsAt: '2026-11-27T08:00:00Z' });
    expect((await t.call(api.products.purchase, { productId: ended.id }, { token })).msg).toBe('Product expired.');
    expect((await t.call(api.products.purchase, { productId: 999999 }, { token })).code).toBe(
      ERRORS.PRODUCT_NOT_FOUND.code,
    );
    await expectLedgerOk();
  });

  it('the same Idempotency-Key buys once and answers the first order again', async () => {
    const { token, user } = await signUp(t);
    await fund(t, user.id, '500.00');
    const product = await createProduct(t);
    const headers = { 'idempotency-key': 'buy-once-1' };
    const first = await t.ok(api.products.purchase, { productId: product.id }, { token, headers });
    const second = await t.ok(api.products.purchase, { productId: product.id }, { token, headers });
    expect(second.order.id).toBe(first.order.id);
    expect((await t.ok(api.wallet.bill, {}, { token })).rechargeBalance).toBe('400.00');
    const other = await t.call(api.products.purchase, { productId: product.id, quantity: 2 }, { token, headers });
    expect(other.code).toBe(ERRORS.IDEMPOTENCY_MISMATCH.code);
  });

  it('pays commissions to three levels of inviters, the new-invite bonus once, and the repurchase bonus', async () => {
    const level3 = await signUp(t);
    const level2 = await signUp(t, { inviteCode: level3.user.inviteCode });
    const level1 = await signUp(t, { inviteCode: level2.user.inviteCode });
    const buyer = await signUp(t, { inviteCode: level1.user.inviteCode });
    await fund(t, buyer.user.id, '1000.00');
    const product = await createProduct(t, { price: '200.00' });
    await t.ok(api.products.purchase, { productId: product.id }, { token: buyer.token });
    await t.ok(api.products.purchase, { productId: product.id }, { token: buyer.token });
    const income = async (token: string) => (await t.ok(api.wallet.bill, {}, { token })).incomeBalance;
    // 10 % / 5 % / 2 % of 200 on each purchase; the inviter's 5.00 bonus only on the first.
    expect(await income(level1.token)).toBe('45.00');
    expect(await income(level2.token)).toBe('20.00');
    expect(await income(level3.token)).toBe('8.00');
    // 1 % repurchase bonus on the second purchase.
    expect(await income(buyer.token)).toBe('2.00');
    const records = await t.ok(api.records.profit, { type: 'new_invite_bonus' }, { token: level1.token });
    expect(records.items.map((item) => item.amount)).toEqual(['5.00']);
    await expectLedgerOk();
  });
});

describe('the bill', () => {
  it("bills asked by many users at once each show that user's own wallets", async () => {
    const users = await Promise.all(Array.from({ length: 6 }, () => signUp(t)));
    for (const [index, user] of users.entries()) await fund(t, user.user.id, `${index + 1}0.00`);
    const bills = await Promise.all(users.map((user) => t.ok(api.wallet.bill, {}, { token: user.token })));
    expect(bills.map((bill) => bill.rechargeBalance)).toEqual(['10.00', '20.00', '30.00', '40.00', '50.00', '60.00']);
  });
});

describe('accrual and collection', () => {
  it('an hourly machine bought Friday 10:00 accrues 24 cycles by Saturday 10:00', async () => {
    const { token, user } = await signUp(t);
    await fund(t, user.id, '100.00');
    const product = await createProduct(t, { incomePerCycle: '1.25', cycles: 48 });
    const { holding } = await t.ok(api.products.purchase, { productId: product.id }, { token });
    t.clock.advance(24 * HOUR);
    await runAccrual();
    const [machine] = (await t.ok(api.products.holdings, {}, { token })).items;
    expect(machine).toMatchObject({ id: holding.id, cyclesAccrued: 24, uncollected: '30.00', status: 'holding' });
    expect((await t.ok(api.wallet.bill, {}, { token })).uncollected).toBe('30.00');
    await runAccrual();
    expect((await t.ok(api.products.holdings, {}, { token })).items[0]?.cyclesAccrued).toBe(24);
    await expectLedgerOk();
  });

  it('collecting on Saturday is refused with the weekend message; on Monday it succeeds', async () => {
    const { token, user } = await signUp(t);
    await fund(t, user.id, '100.00');
    const product = await createProduct(t, { incomePerCycle: '1.00', cycles: 100 });
    await t.ok(api.products.purchase, { productId: product.id }, { token });
    t.clock.advance(24 * HOUR);
    await runAccrual();
    const saturday = await t.call(api.products.collect, {}, { token });
    expect(saturday.code).toBe(ERRORS.COLLECT_CLOSED.code);
    expect(saturday.msg).toBe(
      'Weekend cannot collect. Machines are maintained then; collect on Monday, Tuesday, Wednesday, Thursday, Friday.',
    );
    const french = await t.call(api.products.collect, {}, { token, lang: 'fr' });
    expect(french.msg).toContain('lundi');
    t.clock.advance(48 * HOUR);
    await runAccrual();
    const monday = await t.ok(api.products.collect, {}, { token });
    expect(monday.collected).toBe('72.00');
    const bill = await t.ok(api.wallet.bill, {}, { token });
    expect(bill).toMatchObject({ uncollected: '0.00', incomeBalance: '72.00', totalIncome: '72.00' });
    expect((await t.call(api.products.collect, {}, { token })).code).toBe(ERRORS.NOTHING_TO_COLLECT.code);
    await expectLedgerOk();
  });

  it("today's and yesterday's income are those posted on each day of Lagos, the platform's time zone", async () => {
    const { token, user } = await signUp(t);
    await fund(t, user.id, '100.00');
    const product = await createProduct(t, { incomePerCycle: '1.00', cycles: 100 });
    await t.ok(api.products.purchase, { productId: product.id }, { token });
    t.clock.advance(13 * HOUR); // Friday 23:00 in Lagos
    await runAccrual();
    expect(await t.ok(api.wallet.bill, {}, { token })).toMatchObject({ todayIncome: '13.00', yesterdayIncome: '0.00' });
    t.clock.advance(2 * HOUR); // Saturday 01:00
    await runAccrual();
    expect(await t.ok(api.wallet.bill, {}, { token })).toMatchObject({
      todayIncome: '2.00',
      yesterdayIncome: '13.00',
      cumulativeIncome: '15.00',
    });
    t.clock.advance(48 * HOUR); // Monday 01:00: Sunday had no accrual run
    await runAccrual();
    await t.ok(api.products.collect, {}, { token });
    expect(await t.ok(api.wallet.bill, {}, { token })).toMatchObject({
      todayIncome: '48.00',
      yesterdayIncome: '0.00',
      cumulativeIncome: '63.00',
      totalIncome: '63.00',
      uncollected: '0.00',
    });
    await expectLedgerOk();
  });

  it('after its last cycle a machine is expired and pays nothing more', async () => {
    const { token, user } = await signUp(t);
    await fund(t, user.id, '100.00');
    const product = await createProduct(t, { incomePerCycle: '2.00', cycles: 5 });
    const { holding } = await t.ok(api.products.purchase, { productId: product.id }, { token });
    t.clock.advance(3 * 24 * HOUR);
    await runAccrual();
    t.clock.advance(7 * 24 * HOUR);
    await runAccrual();
    const [machine] = (await t.ok(api.products.holdings, { status: 'expired' }, { token })).items;
    expect(machine).toMatchObject({ id: holding.id, cyclesAccrued: 5, uncollected: '10.00', nextIncomeAt: null });
    await t.ok(api.products.collect, { holdingId: holding.id }, { token });
    expect((await t.call(api.products.collect, { holdingId: holding.id }, { token })).msg).toBe('Machine expired.');
    expect((await t.ok(api.wallet.bill, {}, { token })).cumulativeIncome).toBe('10.00');
    await expectLedgerOk();
  });

  it('a principal-returning product returns the price once, at the end', async () => {
    const { token, user } = await signUp(t);
    await fund(t, user.id, '300.00');
    const product = await createProduct(t, {
      price: '300.00',
      incomePerCycle: '10.00',
      cycles: 3,
      cycle: 'day',
      principalReturned: true,
    });
    await t.ok(api.products.purchase, { productId: product.id }, { token });
    t.clock.advance(2 * 24 * HOUR);
    await runAccrual();
    expect((await t.ok(api.wallet.bill, {}, { token })).incomeBalance).toBe('0.00');
    t.clock.advance(10 * 24 * HOUR);
    await runAccrual();
    await runAccrual();
    const guarantee = await t.ok(api.records.profit, { type: 'deposit_guarantee' }, { token });
    expect(guarantee.items.map((item) => item.amount)).toEqual(['300.00']);
    expect((await t.ok(api.wallet.bill, {}, { token })).incomeBalance).toBe('300.00');
    await expectLedgerOk();
  });

  it('one run ending 2,500 principal-returning machines returns each principal once', async () => {
    const { token, user } = await signUp(t);
    await fund(t, user.id, '1.00');
    const product = await createProduct(t, { price: '1.00', incomePerCycle: '0.01', cycles: 1 });
    await t.db.execute(sql`
      with o as (
        insert into orders (order_no, user_id, product_id, quantity, unit_price, amount, wallet, created_at)
        select 'END' || g, ${user.id}, ${product.id}, 1, 100, 100, 'deposit', ${FRIDAY_10AM}::timestamptz
        from generate_series(1, 2500) as g returning id, created_at
      ), counted as (
        insert into purchase_counts (user_id, orders) values (${user.id}, 2500)
      )
      insert into holdings (order_id, user_id, product_id, cycle, cycle_seconds, income_per_cycle, cycles_total,
        principal, principal_returned, started_at, next_accrual_at, ends_at)
      select id, ${user.id}, ${product.id}, 'hour', 3600, 1, 1, 100, true, created_at,
        created_at + interval '1 hour', created_at + interval '1 hour' from o`);
    t.clock.advance(HOUR);
    await runAccrual();
    expect(await t.ok(api.wallet.bill, {}, { token })).toMatchObject({
      incomeBalance: '2500.00',
      uncollected: '25.00',
    });
    await runAccrual();
    expect((await t.ok(api.wallet.bill, {}, { token })).incomeBalance).toBe('2500.00');
    await expectLedgerOk();
  });

  it('catches up every missed cycle after downtime, each exactly once', async () => {
    const { token, user } = await signUp(t);
    await fund(t, user.id, '100.00');
    const product = await createProduct(t, { incomePerCycle: '0.50', cycles: 1000 });
    await t.ok(api.products.purchase, { productId: product.id }, { token });
    t.clock.advance(100 * HOUR + 59 * 60);
    await runAccrual();
    await runAccrual();
    const [machine] = (await t.ok(api.products.holdings, {}, { token })).items;
    expect(machine?.cyclesAccrued).toBe(100);
    expect(machine?.nextIncomeAt).toBe(new Date(Date.parse(FRIDAY_10AM) + 101 * HOUR * 1000).toISOString());
    await expectLedgerOk();
  });
});

describe('the invariant check', () => {
  it('reports running totals, income days, accruals and purchase counts that disagree with the journal', async () => {
    const { user } = (await buildHolding(t, { status: 'expired', product: { incomePerCycle: '1.00', cycles: 10 } }))
      .user;
    await expectLedgerOk();
    expect(
      await violationsWith(
        t,
        sql`update ledger_tallies set amount = amount + 1 where user_id = ${user.id} and account_kind = 'deposit'`,
      ),
    ).toEqual(["each user's running totals equal their lines by wallet and entry type"]);
    expect(
      await violationsWith(t, sql`update income_days set amount = amount - 100 where user_id = ${user.id}`),
    ).toEqual(["each user's income by day of each type adds up to their income lines of that type"]);
    expect(
      await violationsWith(
        t,
        sql`update accruals set entry_id = 0
        where holding_id in (select id from holdings where user_id = ${user.id}) and cycle_no = 1`,
      ),
    ).toContain("every accrual belongs to a holding and to a profit entry of the holding's user");
    expect(await violationsWith(t, sql`update purchase_counts set orders = 0 where user_id = ${user.id}`)).toEqual([
      "each user's purchase count equals their orders",
    ]);
  });
});

describe('operators edit products', () => {
  it('an edit changes only the fields it sends', async () => {
    const admin = await signInOwner(t);
    const product = await createProduct(t, {
      points: 7,
      purchaseLimit: 3,
      stock: 50,
      principalReturned: true,
      sort: 4,
    });
    const edited = await t.ok(
      adminApi.products.updateProduct,
      { status: 'off' },
      { token: admin, params: { id: product.id } },
    );
    expect(edited).toMatchObject({
      status: 'off',
      points: 7,
      purchaseLimit: 3,
      stock: 50,
      principalReturned: true,
      sort: 4,
    });
  });
});
