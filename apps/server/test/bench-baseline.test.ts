import { api } from '@app/contracts';
import { sql, TransactionRollbackError } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BARE_ACCRUAL } from '../../../bench/accrual.ts';
import { type Db, queryRows, textRows } from '../src/db/client.ts';
import { accrueDue } from '../src/ledger/accrual.ts';
import { checkLedger } from '../src/ledger/check.ts';
import { createProduct, fund, signUp } from './factories.ts';
import { createTestApp, type TestApp } from './setup.ts';

/**
 * `npm run bench` measures the accrual against a bare baseline (`bench/accrual.ts`): the app's
 * accrual SQL as one statement, without batches or workers. The comparison says something only
 * while both do the same: here they run over the same due machines (the baseline in a
 * transaction rolled back once its effects are read) and must write the same rows.
 */

// Friday 27 November 2026, 10:00 in Lagos.
const FRIDAY_10AM = '2026-11-27T09:00:00Z';
const HOUR = 3600;

/** Everything an accrual writes, entries without their ids (the sequence moves on after a rollback). */
async function effects(db: Db, afterEntry: number) {
  const rows = (query: ReturnType<typeof sql>) => queryRows<Record<string, unknown>>(db, query);
  return {
    holdings: await rows(sql`select id, cycles_accrued, uncollected::text, status, next_accrual_at
      from holdings order by id`),
    entries: await rows(sql`select e.type, e.user_id, e.ref_type, e.ref_id, e.memo, e.created_at,
        (select json_agg(json_build_object('account', l.account_id, 'asset', l.asset, 'amount', l.amount::text)
          order by l.account_id) from journal_lines l where l.entry_id = e.id) as lines
      from journal_entries e where e.id > ${afterEntry} order by e.type, e.user_id, e.ref_id`),
    accruals: await rows(sql`select a.holding_id, a.cycle_no, a.amount::text, e.type, e.user_id
      from accruals a join journal_entries e on e.id = a.entry_id where e.id > ${afterEntry}
      order by a.holding_id, a.cycle_no`),
    balances: await rows(sql`select id, balance::text from ledger_accounts order by id`),
    tallies: await rows(sql`select user_id, account_kind, entry_type, amount::text from ledger_tallies
      order by user_id, account_kind, entry_type`),
    incomeDays: await rows(sql`select user_id, day::text, entry_type, amount::text from income_days
      order by user_id, day, entry_type`),
  };
}

describe("the bench's bare accrual baseline", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set(new Date(FRIDAY_10AM));
  });
  afterAll(() => t?.close());

  it('writes exactly what the accrual job writes, principal returns included', async () => {
    const ending = await createProduct(t, {
      price: '10.00',
      incomePerCycle: '0.50',
      cycles: 3,
      principalReturned: true,
    });
    const long = await createProduct(t, { price: '20.00', incomePerCycle: '0.25', cycles: 48 });
    const daily = await createProduct(t, { price: '5.00', cycle: 'day', incomePerCycle: '1.00', cycles: 7 });
    for (const [products, quantity] of [
      [[ending, long], 2],
      [[long, daily], 1],
      [[ending], 1],
    ] as const) {
      const { token, user } = await signUp(t);
      await fund(t, user.id, '100.00');
      for (const product of products) {
        await t.ok(api.products.purchase, { productId: product.id, quantity }, { token });
      }
    }
    t.clock.advance(HOUR);
    await accrueDue(t.db, t.ledger, t.clock.now());
    // The first cycle is paid; by 13:30 two more have matured, the 3-cycle machines' last among them.
    t.clock.advance(2.5 * HOUR);
    const now = t.clock.now();
    const [mark] = await queryRows<{ id: string }>(
      t.db,
      sql`select coalesce(max(id), 0)::text as id from journal_entries`,
    );
    const afterEntry = Number(mark?.id);

    let bare: Awaited<ReturnType<typeof effects>> | undefined;
    await t.db
      .transaction(async (tx) => {
        await textRows(tx, BARE_ACCRUAL, [now.toISOString(), t.ledger.shards('payouts')]);
        bare = await effects(tx, afterEntry);
        tx.rollback();
      })
      .catch((error) => {
        if (!(error instanceof TransactionRollbackError)) throw error;
      });
    const run = await accrueDue(t.db, t.ledger, now);

    expect(run).toMatchObject({ holdings: 4, cycles: 8, expired: 2, principalReturned: 2 });
    expect(bare).toEqual(await effects(t.db, afterEntry));
    expect((await checkLedger(t.db)).violations).toEqual([]);
  });
});
