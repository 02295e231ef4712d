import { type AdminRole, adminApi, api, ERRORS, type InputOf, productInput, SUCCESS_CODE } from '@app/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { type AccrualResult, accrueDue } from '../src/ledger/accrual.ts';
import { checkLedger } from '../src/ledger/check.ts';
import { createProduct, fund, signInOwner, signInAs as signInStaff, signUp } from './factories.ts';
import { createTestApp, type TestApp, usingPostgres } from './setup.ts';

let t: TestApp;
let owner: string;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// Friday 27 November 2026, 10:00 in Lagos (the default platform time zone, UTC+1).
const FRIDAY_10AM = '2026-11-27T09:00:00Z';
const HOUR = 3600;

beforeEach(async () => {
  t.clock.set(new Date(FRIDAY_10AM));
  owner = await signInOwner(t);
});

const signInAs = (role: AdminRole) => signInStaff(t, owner, role);

const A_PRODUCT: InputOf<typeof adminApi.products.createProduct> = {
  name: { en: 'Hourly miner' },
  price: '100.00',
  cycle: 'hour',
  incomePerCycle: '1.00',
  cycles: 48,
};

const runAccrual = async () =>
  (await t.ok(api.testing.runJob, {}, { params: { name: 'accrual' } })) as unknown as AccrualResult;

describe("a product's figures stay within what the accrual can add up", () => {
  it('a product with an absurd income is refused by the contract with a clear error', async () => {
    const absurd = { ...A_PRODUCT, incomePerCycle: '999999999999999' };
    expect(productInput.safeParse(absurd).error?.issues[0]).toMatchObject({
      path: ['incomePerCycle'],
      message: 'PRODUCT_AMOUNT_TOO_LARGE',
    });
    expect(await t.call(adminApi.products.createProduct, absurd, { token: owner })).toEqual({
      code: ERRORS.PRODUCT_AMOUNT_TOO_LARGE.code,
      msg: 'Income per cycle may be at most 1000000000000.',
      data: null,
    });
    const french = await t.call(adminApi.products.createProduct, absurd, { token: owner, lang: 'fr' });
    expect(french.msg).toBe('Revenu par cycle ne peut pas dépasser 1000000000000.');
  });

  it('income per cycle × cycles past the ceiling is refused, even when each is within it', async () => {
    const lifelong = { ...A_PRODUCT, incomePerCycle: '100000000', cycles: SUCCESS_CODE };
    expect(await t.call(adminApi.products.createProduct, lifelong, { token: owner })).toMatchObject({
      code: ERRORS.PRODUCT_INCOME_TOO_LARGE.code,
    });
  });

  it('the server holds the ceiling in minor units, for creating and for editing alike', async () => {
    // Within the contract's whole units, past 10^12 cents.
    const price = await t.call(
      adminApi.products.createProduct,
      { ...A_PRODUCT, price: '20000000000' },
      { token: owner },
    );
    expect(price).toEqual({
      code: ERRORS.PRODUCT_AMOUNT_TOO_LARGE.code,
      msg: 'Price may be at most 10000000000.00.',
      data: null,
    });
    const total = { ...A_PRODUCT, incomePerCycle: '1000000', cycles: SUCCESS_CODE };
    expect(await t.call(adminApi.products.createProduct, total, { token: owner })).toEqual({
      code: ERRORS.PRODUCT_INCOME_TOO_LARGE.code,
      msg: 'The total income of one unit (income per cycle × cycles) may be at most 10000000000.00.',
      data: null,
    });
    const atCeiling = await t.ok(
      adminApi.products.createProduct,
      { ...A_PRODUCT, incomePerCycle: '100000000.00', cycles: 100 },
      { token: owner },
    );
    const params = { id: atCeiling.id };
    const longer = await t.call(adminApi.products.updateProduct, { cycles: 101 }, { token: owner, params });
    expect(longer.code).toBe(ERRORS.PRODUCT_INCOME_TOO_LARGE.code);
    expect((await t.ok(adminApi.products.updateProduct, { cycles: 50 }, { token: owner, params })).cycles).toBe(50);
  });

  it('a product at every ceiling, bought 100 at a time, accrues its whole life and returns its principal', async () => {
    const { token, user } = await signUp(t);
    await fund(t, user.id, '1000000000000.00');
    const product = await createProduct(t, {
      price: '10000000000.00',
      incomePerCycle: '100000000.00',
      cycles: 100,
      points: 0,
      principalReturned: true,
    });
    await t.ok(api.products.purchase, { productId: product.id, quantity: 100 }, { token });
    t.clock.advance(100 * HOUR);
    await runAccrual();
    const [holding] = (await t.ok(api.products.holdings, {}, { token })).items;
    expect(holding).toMatchObject({ status: 'expired', cyclesAccrued: 100, uncollected: '1000000000000.00' });
    expect(await t.ok(api.wallet.bill, {}, { token })).toMatchObject({
      uncollected: '1000000000000.00',
      incomeBalance: '1000000000000.00',
    });
    expect((await checkLedger(t.db)).violations).toEqual([]);
  });
});

describe('who may change what a product costs and pays', () => {
  it('a content admin renames a product and puts it on sale, but is refused a new price', async () => {
    const product = await createProduct(t, { status: 'off' });
    const token = await signInAs('content');
    const params = { id: product.id };
    for (const change of [
      { price: '150.00' },
      { incomePerCycle: '5.00' },
      { cycles: 1 },
      { cycle: 'week' as const },
      { principalReturned: true },
      { points: 999 },
    ]) {
      expect(await t.call(adminApi.products.updateProduct, change, { token, params }), JSON.stringify(change)).toEqual({
        code: ERRORS.PRODUCT_TERMS_FORBIDDEN.code,
        msg: ERRORS.PRODUCT_TERMS_FORBIDDEN.msg.en,
        data: null,
      });
    }
    const renamed = await t.ok(
      adminApi.products.updateProduct,
      { name: { en: 'Renamed miner' }, status: 'on' },
      { token, params },
    );
    expect(renamed).toMatchObject({ name: 'Renamed miner', status: 'on', price: '100.00', incomePerCycle: '1.00' });
    // As the back office saves: the whole product, its terms as they were.
    const whole = { ...A_PRODUCT, name: { en: 'Renamed miner' }, points: 10, principalReturned: false, sort: 5 };
    expect((await t.ok(adminApi.products.updateProduct, whole, { token, params })).sort).toBe(5);
    expect((await t.call(adminApi.products.createProduct, A_PRODUCT, { token })).code).toBe(
      ERRORS.ADMIN_FORBIDDEN.code,
    );
  });

  it('finance changes the price; support edits no product', async () => {
    const product = await createProduct(t);
    const params = { id: product.id };
    const finance = await signInAs('finance');
    expect((await t.ok(adminApi.products.updateProduct, { price: '120.00' }, { token: finance, params })).price).toBe(
      '120.00',
    );
    expect((await t.ok(adminApi.products.createProduct, A_PRODUCT, { token: finance })).price).toBe('100.00');
    const support = await signInAs('support');
    const rename = await t.call(adminApi.products.updateProduct, { name: { en: 'Nope' } }, { token: support, params });
    expect(rename.code).toBe(ERRORS.ADMIN_FORBIDDEN.code);
  });
});

describe('one bad holding never stops accrual for everyone', () => {
  const holdingsOf = (productId: number) =>
    queryRows<{ id: string; user_id: number; cycles_accrued: number; next_accrual_at: Date | string | null }>(
      t.db,
      sql`select id, user_id, cycles_accrued, next_accrual_at from holdings where product_id = ${productId} order by id`,
    );

  /** `buyers` users each buying `each` machines of a fresh product at 10:00. */
  async function machines(buyers: number, each: number) {
    const product = await createProduct(t, { price: '10.00', incomePerCycle: '0.50' });
    for (let n = 0; n < buyers; n++) {
      const { token, user } = await signUp(t);
      await fund(t, user.id, `${10 * each}.00`);
      for (let m = 0; m < each; m++) await t.ok(api.products.purchase, { productId: product.id }, { token });
    }
    return product;
  }

  it('a holding whose income overflows is set aside, the 99 others accrue, and both reports name it', async () => {
    const product = await machines(10, 10);
    const bought = await holdingsOf(product.id);
    expect(bought).toHaveLength(100);
    const bad = bought[37] as (typeof bought)[number];
    // Written straight into the database, past any ceiling: two cycles of it overflow bigint.
    await t.db.execute(sql`update holdings set income_per_cycle = ${(2n ** 62n).toString()} where id = ${bad.id}`);
    t.clock.advance(2 * HOUR + 60);

    expect(await runAccrual()).toMatchObject({ holdings: 99, cycles: 198, setAside: 1 });
    const after = await holdingsOf(product.id);
    expect(after.filter((h) => h.id !== bad.id).every((h) => h.cycles_accrued === 2)).toBe(true);
    expect(after.find((h) => h.id === bad.id)).toMatchObject({ cycles_accrued: 0, next_accrual_at: null });

    const dashboard = await t.ok(adminApi.admin.dashboard, {}, { token: owner });
    expect(dashboard.setAsideCount).toBe(1);
    expect(dashboard.setAside).toEqual([
      {
        holdingId: Number(bad.id),
        userId: bad.user_id,
        error: '22003: bigint out of range',
        setAsideAt: t.clock.now().toISOString(),
      },
    ]);
    const check = await t.ok(adminApi.products.ledgerCheck, {}, { token: owner });
    expect(check).toEqual({
      ok: false,
      violations: [
        {
          invariant: 'no holding is set aside from accrual',
          detail: `holding ${bad.id} of user ${bad.user_id} set aside at ${t.clock.now().toISOString().slice(0, 19)}Z: 22003: bigint out of range`,
        },
      ],
    });
    // The solvency figures multiply out every holding's promise, the bad one's too.
    expect((await t.call(adminApi.cash.cashSummary, {}, { token: owner })).code).toBe(SUCCESS_CODE);

    // An hour on, the others accrue their third cycle; the bad one is not tried again.
    t.clock.advance(HOUR);
    expect(await runAccrual()).toMatchObject({ holdings: 99, cycles: 99, setAside: 0 });
    expect((await holdingsOf(product.id)).find((h) => h.id === bad.id)).toMatchObject({ cycles_accrued: 0 });
  });

  it('bad holdings in several batches are each set aside, whatever the batch size and the workers', async () => {
    const product = await machines(6, 5);
    const bought = await holdingsOf(product.id);
    const [overflowing, negative] = [bought[3], bought[22]] as [(typeof bought)[number], (typeof bought)[number]];
    await t.db.execute(
      sql`update holdings set income_per_cycle = ${(2n ** 62n).toString()} where id = ${overflowing.id}`,
    );
    // A negative income breaks the holdings' own check (uncollected >= 0) rather than an overflow.
    await t.db.execute(sql`update holdings set income_per_cycle = -1 where id = ${negative.id}`);
    t.clock.advance(2 * HOUR + 60);
    const run = await accrueDue(t.db, t.ledger, t.clock.now(), { batchSize: 7, workers: usingPostgres ? 3 : 1 });
    expect(run.setAside).toBe(2);
    const after = await holdingsOf(product.id);
    const bad = new Set([overflowing.id, negative.id]);
    expect(after.filter((h) => !bad.has(h.id)).map((h) => h.cycles_accrued)).toEqual(Array(28).fill(2));
    const aside = await queryRows<{ holding_id: string; error: string }>(
      t.db,
      sql`select holding_id, error from set_aside_holdings where holding_id in (${overflowing.id}, ${negative.id})
        order by holding_id`,
    );
    expect(aside.map((row) => row.error.slice(0, 5))).toEqual(['22003', '23514']);
  });

  it('when every due holding fails alike, the run fails as it did and sets none aside', async () => {
    const product = await machines(1, 3);
    t.clock.advance(HOUR + 60);
    const [{ n: asideBefore } = { n: -1 }] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::integer as n from set_aside_holdings`,
    );
    // A time zone PostgreSQL does not know fails every batch: the fault is the platform's, not a holding's.
    await t.db.execute(sql`insert into settings (key, value, updated_at)
      values ('timezone', '{"value": "Nowhere/Atlantis"}', now())
      on conflict (key) do update set value = excluded.value`);
    try {
      await expect(t.services.holdings.accrue()).rejects.toThrow();
    } finally {
      await t.db.execute(sql`delete from settings where key = 'timezone'`);
    }
    const [{ n: asideAfter } = { n: -1 }] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::integer as n from set_aside_holdings`,
    );
    expect(asideAfter).toBe(asideBefore);
    expect((await holdingsOf(product.id)).every((h) => h.next_accrual_at !== null && h.cycles_accrued === 0)).toBe(
      true,
    );
    expect(await runAccrual()).toMatchObject({ holdings: 3, cycles: 3, setAside: 0 });
  });
});
