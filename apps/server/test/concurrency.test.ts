import { adminApi, api, ERRORS, SUCCESS_CODE } from '@app/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { holdings, orders } from '../src/db/schema.ts';
import { accrueDue } from '../src/ledger/accrual.ts';
import { userBalances } from '../src/ledger/balances.ts';
import { checkLedger } from '../src/ledger/check.ts';
import { Ledger } from '../src/ledger/ledger.ts';
import { createProduct, fund, signInOwner, signUp } from './factories.ts';
import { createTestApp, openSecondPool, type TestApp, usingPostgres } from './setup.ts';

/**
 * Races on real PostgreSQL: parallel requests on one wallet, and two server instances running the
 * accrual job together. PGlite has one connection, so nothing there can race: these are skipped.
 */

// Friday 27 November 2026, 10:00 in Lagos.
const FRIDAY_10AM = '2026-11-27T09:00:00Z';
const HOUR = 3600;

if (!usingPostgres) {
  console.info('concurrency.test.ts: skipped on PGlite; set TEST_DATABASE_URL to run the races on PostgreSQL.');
  it.skip('money races (PostgreSQL only: set TEST_DATABASE_URL)', () => {});
}

describe.skipIf(!usingPostgres)('money under concurrent requests (PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());
  beforeEach(() => {
    t.clock.set(new Date(FRIDAY_10AM));
  });

  async function expectLedgerOk() {
    const check = await checkLedger(t.db);
    expect(check.violations).toEqual([]);
  }

  const countOf = async (table: typeof orders | typeof holdings, userId: number) =>
    (await t.db.select({ n: sql<number>`count(*)::integer` }).from(table).where(eq(table.userId, userId)))[0]?.n;

  it('50 parallel purchases with money for exactly 10 buy exactly 10 machines and leave the wallet at zero', async () => {
    const { token, user } = await signUp(t);
    const product = await createProduct(t, { price: '25.00' });
    await fund(t, user.id, '250.00');
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => t.call(api.products.purchase, { productId: product.id }, { token })),
    );
    const codes = answers.map((answer) => answer.code);
    expect(codes.filter((code) => code === SUCCESS_CODE)).toHaveLength(10);
    expect(codes.filter((code) => code === ERRORS.INSUFFICIENT_BALANCE.code)).toHaveLength(40);
    expect(await countOf(orders, user.id)).toBe(10);
    expect(await countOf(holdings, user.id)).toBe(10);
    expect((await userBalances(t.db, user.id)).deposit).toBe(0n);
    expect((await t.ok(api.wallet.bill, {}, { token })).rechargeBalance).toBe('0.00');
    await expectLedgerOk();
  });

  it('20 parallel purchases with one Idempotency-Key buy once and all answer the same order', async () => {
    const { token, user } = await signUp(t);
    const product = await createProduct(t, { price: '40.00' });
    // Money for one machine only: the repeats must be answered from the first order, not refused.
    await fund(t, user.id, '40.00');
    const headers = { 'idempotency-key': 'parallel-buy-1' };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => t.call(api.products.purchase, { productId: product.id }, { token, headers })),
    );
    expect(answers.map((answer) => answer.code)).toEqual(Array(20).fill(SUCCESS_CODE));
    const ids = new Set(answers.map((answer) => answer.data.order.id));
    expect(ids.size).toBe(1);
    expect(await countOf(orders, user.id)).toBe(1);
    expect(await countOf(holdings, user.id)).toBe(1);
    expect((await userBalances(t.db, user.id)).deposit).toBe(0n);
    await expectLedgerOk();
  });

  it('30 parallel purchases of a machine limited to 3 per user buy exactly 3', async () => {
    const { token, user } = await signUp(t);
    const product = await createProduct(t, { price: '10.00', purchaseLimit: 3 });
    await fund(t, user.id, '1000.00');
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => t.call(api.products.purchase, { productId: product.id }, { token })),
    );
    const codes = answers.map((answer) => answer.code);
    expect(codes.filter((code) => code === SUCCESS_CODE)).toHaveLength(3);
    expect(codes.filter((code) => code !== SUCCESS_CODE)).toEqual(Array(27).fill(ERRORS.PURCHASE_LIMIT.code));
    expect(await countOf(orders, user.id)).toBe(3);
    expect((await userBalances(t.db, user.id)).deposit).toBe(97000n);
    await expectLedgerOk();
  });

  it('6 buyers at once of a machine with 3 in stock buy exactly 3; the others are told it is sold out', async () => {
    const product = await createProduct(t, { price: '10.00', stock: 3 });
    const buyers = await Promise.all(Array.from({ length: 6 }, () => signUp(t)));
    for (const buyer of buyers) await fund(t, buyer.user.id, '10.00');
    const answers = await Promise.all(
      buyers.map((buyer) => t.call(api.products.purchase, { productId: product.id }, { token: buyer.token })),
    );
    const codes = answers.map((answer) => answer.code);
    expect(codes.filter((code) => code === SUCCESS_CODE)).toHaveLength(3);
    expect(codes.filter((code) => code !== SUCCESS_CODE)).toEqual(Array(3).fill(ERRORS.OUT_OF_STOCK.code));
    expect((await t.ok(api.products.get, {}, { params: { id: product.id } })).stock).toBe(0);
    await expectLedgerOk();
  });

  it('8 buyers each buying twice at once with money for one (one of them short of it) get 7 machines in all', async () => {
    const product = await createProduct(t, { price: '20.00' });
    const buyers = await Promise.all(Array.from({ length: 8 }, () => signUp(t)));
    for (const [index, buyer] of buyers.entries()) await fund(t, buyer.user.id, index === 4 ? '19.99' : '20.00');
    // Sixteen purchases at once: they share read and write batches, and each buyer's second
    // purchase is judged again after the first, on the balance that is left.
    const answers = await Promise.all(
      buyers.flatMap((buyer) =>
        [1, 2].map(() => t.call(api.products.purchase, { productId: product.id }, { token: buyer.token })),
      ),
    );
    const codes = answers.map((answer) => answer.code);
    expect(codes.filter((code) => code === SUCCESS_CODE)).toHaveLength(7);
    expect(codes.filter((code) => code !== SUCCESS_CODE)).toEqual(Array(9).fill(ERRORS.INSUFFICIENT_BALANCE.code));
    for (const [index, buyer] of buyers.entries()) {
      expect(await countOf(orders, buyer.user.id)).toBe(index === 4 ? 0 : 1);
    }
    await expectLedgerOk();
  });

  it("a new invitee's 10 parallel first purchases pay the inviter's new-invite bonus once and 9 repurchase bonuses", async () => {
    const inviter = await signUp(t);
    const buyer = await signUp(t, { inviteCode: inviter.user.inviteCode });
    const product = await createProduct(t, { price: '100.00' });
    await fund(t, buyer.user.id, '1000.00');
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.call(api.products.purchase, { productId: product.id }, { token: buyer.token }),
      ),
    );
    expect(answers.map((answer) => answer.code)).toEqual(Array(10).fill(SUCCESS_CODE));
    const bonuses = await t.ok(api.records.profit, { type: 'new_invite_bonus' }, { token: inviter.token });
    expect(bonuses.items.map((item) => item.amount)).toEqual(['5.00']);
    const repurchases = await t.ok(api.records.profit, { type: 'repurchase_bonus' }, { token: buyer.token });
    expect(repurchases.items.map((item) => item.amount)).toEqual(Array(9).fill('1.00'));
    await expectLedgerOk();
  });

  it('two server instances accruing the same hour at once credit every cycle exactly once', async () => {
    const second = await openSecondPool(t.database);
    try {
      const ledger2 = new Ledger(second.db);
      await ledger2.init();
      const owners = await Promise.all(Array.from({ length: 8 }, () => signUp(t)));
      const product = await createProduct(t, { price: '10.00' });
      const start = new Date(FRIDAY_10AM);
      const userIds = owners.map((owner) => owner.user.id);
      // As after a real purchase, the owners' wallets are open.
      for (const id of userIds) await fund(t, id, '1.00');
      // 4,000 machines bought over the last hour: even ones pay 0.10 for 10 hours, odd ones pay
      // 0.25 for 3 hours and then return their 10.00 principal.
      await t.db.execute(sql`
        with buyers as (select u, row_number() over () - 1 as i from unnest(${sql.raw(`array[${userIds.join(',')}]`)}::integer[]) as u),
        n as (select g from generate_series(0, 3999) as g),
        o as (
          insert into orders (order_no, user_id, product_id, quantity, unit_price, amount, wallet, created_at)
          select 'RACE' || g, (select u from buyers where i = g % ${userIds.length}), ${product.id}, 1, 1000, 1000, 'deposit',
            ${start.toISOString()}::timestamptz - make_interval(secs => (g % 3600)::double precision)
          from n returning id, user_id, created_at, order_no
        ), counted as (
          insert into purchase_counts (user_id, orders) select user_id, count(*) from o group by user_id
          on conflict (user_id) do update set orders = purchase_counts.orders + excluded.orders
        )
        insert into holdings (order_id, user_id, product_id, cycle, cycle_seconds, income_per_cycle, cycles_total,
          principal, principal_returned, started_at, next_accrual_at, ends_at)
        select id, user_id, ${product.id}, 'hour', 3600,
          case when substr(order_no, 5)::integer % 2 = 0 then 10 else 25 end,
          case when substr(order_no, 5)::integer % 2 = 0 then 10 else 3 end,
          1000, substr(order_no, 5)::integer % 2 = 1, created_at, created_at + interval '1 hour', created_at + interval '10 hours'
        from o`);
      // Five hours later every machine has matured five cycles (odd ones only their three).
      const now = new Date(start.getTime() + 5 * HOUR * 1000);
      const accrualRows = async () =>
        (await queryRows<{ n: number }>(t.db, sql`select count(*)::integer as n from accruals`))[0]?.n ?? 0;
      const before = await accrualRows();
      const runs = await Promise.all([
        accrueDue(t.db, t.ledger, now, { batchSize: 300 }),
        accrueDue(second.db, ledger2, now, { batchSize: 300, workers: 2 }),
        accrueDue(t.db, t.ledger, now, { batchSize: 300 }),
        accrueDue(second.db, ledger2, now, { batchSize: 300, workers: 2 }),
      ]);
      const expectedCycles = 2000 * 5 + 2000 * 3;
      // Machines of the earlier tests accrue too: the runs together report exactly the rows written.
      expect(runs.reduce((sum, run) => sum + run.cycles, 0)).toBe((await accrualRows()) - before);
      expect(runs.reduce((sum, run) => sum + run.principalReturned, 0)).toBe(2000);
      const [counts] = await queryRows<{ rows: number; distinct: number; total: string }>(
        t.db,
        sql`select count(*)::integer as rows, count(distinct (holding_id, cycle_no))::integer as distinct,
          sum(amount)::text as total from accruals a join holdings h on h.id = a.holding_id where h.product_id = ${product.id}`,
      );
      expect(counts).toEqual({
        rows: expectedCycles,
        distinct: expectedCycles,
        total: String(2000 * 5 * 10 + 2000 * 3 * 25),
      });
      const [guarantees] = await queryRows<{ n: number; distinct: number }>(
        t.db,
        sql`select count(*)::integer as n, count(distinct ref_id)::integer as distinct from journal_entries
          where type = 'deposit_guarantee' and user_id in ${sql.raw(`(${userIds.join(',')})`)}`,
      );
      expect(guarantees).toEqual({ n: 2000, distinct: 2000 });
      let uncollected = 0n;
      let income = 0n;
      for (const id of userIds) {
        const balances = await userBalances(t.db, id);
        uncollected += balances.uncollected;
        income += balances.income;
      }
      expect(uncollected).toBe(BigInt(2000 * 5 * 10 + 2000 * 3 * 25));
      expect(income).toBe(2000n * 1000n);
      expect(runs.every((run) => run.holdings <= 4000)).toBe(true);
      // Running again, from either instance, finds nothing more to pay.
      const again = await Promise.all([accrueDue(t.db, t.ledger, now), accrueDue(second.db, ledger2, now)]);
      expect(again.map((run) => run.cycles)).toEqual([0, 0]);
      await expectLedgerOk();
    } finally {
      await second.close();
    }
  }, 120_000);

  it('parallel collections by one user move the uncollected income once', async () => {
    const { token, user } = await signUp(t);
    const product = await createProduct(t, { price: '100.00', incomePerCycle: '1.50', cycles: 48 });
    await fund(t, user.id, '300.00');
    for (let i = 0; i < 3; i++) await t.ok(api.products.purchase, { productId: product.id }, { token });
    t.clock.advance(4 * HOUR); // Friday 14:00 in Lagos: a collection day
    await t.ok(api.testing.runJob, {}, { params: { name: 'accrual' } });
    const answers = await Promise.all(Array.from({ length: 20 }, () => t.call(api.products.collect, {}, { token })));
    const collected = answers.filter((answer) => answer.code === SUCCESS_CODE);
    expect(collected.map((answer) => answer.data.collected)).toEqual(['18.00']);
    // The others found nothing left, or were refused at once while another collection was in flight.
    const refusals: number[] = [ERRORS.NOTHING_TO_COLLECT.code, ERRORS.REQUEST_IN_PROGRESS.code];
    expect(answers.filter((answer) => refusals.includes(answer.code))).toHaveLength(19);
    const balances = await userBalances(t.db, user.id);
    expect(balances.uncollected).toBe(0n);
    // 18.00 collected plus the 1 % repurchase bonus on the second and third purchase.
    expect(balances.income).toBe(1800n + 200n);
    await expectLedgerOk();
  });

  it('parallel operator decreases cannot take a wallet below zero', async () => {
    const admin = await signInOwner(t);
    const { user } = await signUp(t);
    await fund(t, user.id, '100.00');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.call(
          adminApi.products.adjust,
          { wallet: 'deposit', amount: '-30.00', reason: `race ${i}` },
          { token: admin, params: { id: user.id } },
        ),
      ),
    );
    expect(answers.filter((answer) => answer.code === SUCCESS_CODE)).toHaveLength(3);
    expect(answers.filter((answer) => answer.code === ERRORS.ADJUST_BELOW_ZERO.code)).toHaveLength(17);
    expect((await userBalances(t.db, user.id)).deposit).toBe(1000n);
    const decreases = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::integer as n from journal_entries where user_id = ${user.id} and type = 'system_decrease'`,
    );
    expect(decreases[0]?.n).toBe(3);
    await expectLedgerOk();
  });
});
