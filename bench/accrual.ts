import type pg from 'pg';
import { insertProduct, insertUsers } from './seed.ts';

const HOUR = 3_600_000;

export interface AccrualSet {
  productId: number;
  /** `now` at which every holding of the set has exactly its first cycle due. */
  dueAt: Date;
}

/**
 * `holdings` holdings of an hourly product over `users` users (one order per user), set-based.
 * Users are interleaved (holding i belongs to user i % users), as holdings bought over time by many
 * users are: a batch of consecutive ids touches as many users as it has holdings, up to `users`.
 */
export async function insertHoldings(
  pool: pg.Pool,
  opts: { firstUser: number; users: number; holdings: number; startedAt: Date; tag: string },
): Promise<AccrualSet> {
  const productId = await insertProduct(pool, { cycles: 24, points: 0, name: `accrual ${opts.tag}` });
  const { firstUser, users, holdings, startedAt } = opts;
  const { rows } = await pool.query(
    `insert into orders (order_no, user_id, product_id, quantity, unit_price, amount, wallet, created_at)
     select $1 || u, u, $2, 1, 10000, 10000, 'deposit', $3 from generate_series($4::int, $5::int) u
     returning id`,
    [`B${opts.tag}-`, productId, startedAt, firstUser, firstUser + users - 1],
  );
  await pool.query(
    `insert into purchase_counts (user_id, orders) select u, 1 from generate_series($1::int, $2::int) u
     on conflict (user_id) do update set orders = purchase_counts.orders + 1`,
    [firstUser, firstUser + users - 1],
  );
  const orderIds = rows.map((row) => Number(row.id)).sort((a, b) => a - b);
  const firstOrder = orderIds[0] as number;
  if (orderIds[orderIds.length - 1] !== firstOrder + users - 1) throw new Error('order ids are not contiguous');
  await pool.query(
    `insert into holdings (order_id, user_id, product_id, cycle, cycle_seconds, income_per_cycle, cycles_total,
       principal, principal_returned, status, started_at, next_accrual_at, ends_at)
     select $1::bigint + g % $3, $2::int + g % $3, $4, 'hour', 3600, 100, 24, 10000, false, 'holding',
       $5::timestamptz, $5::timestamptz + interval '1 hour', $5::timestamptz + interval '24 hours'
     from generate_series(0, $6::int - 1) g`,
    [firstOrder, firstUser, users, productId, startedAt, holdings],
  );
  return { productId, dueAt: new Date(startedAt.getTime() + HOUR + 1000) };
}

export async function prepareAccrual(pool: pg.Pool, holdings: number, users: number, t0: Date) {
  const firstUser = await insertUsers(pool, `acc${holdings}-`, users);
  // Set A (the app) is due at t0; set B (the baseline) half an hour later, when A's next cycle is
  // not due yet — so each run sees only its own set.
  const appSet = await insertHoldings(pool, {
    firstUser,
    users,
    holdings,
    startedAt: new Date(t0.getTime() - HOUR),
    tag: `a${holdings}`,
  });
  const baseSet = await insertHoldings(pool, {
    firstUser,
    users,
    holdings,
    startedAt: new Date(t0.getTime() - HOUR / 2),
    tag: `b${holdings}`,
  });
  await pool.query('vacuum analyze');
  await pool.query('checkpoint');
  return { appSet, baseSet };
}

/**
 * The bare set-based accrual: one statement — lock the due holdings, advance them, one entry per
 * user, one accrual row per (holding, cycle), two lines per entry, balances, running totals —
 * without batching.
 */
export async function bareAccrual(pool: pg.Pool, now: Date): Promise<number> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const { rows } = await client.query(
      `with due as materialized (
         select id, user_id, cycles_accrued as from_cycle, cycles_total, income_per_cycle,
           least(cycles_total, floor(extract(epoch from ($1::timestamptz - started_at)) / cycle_seconds)::integer) as to_cycle
         from holdings where status = 'holding' and next_accrual_at <= $1::timestamptz
         for update
       ), work as materialized (
         select * from due where to_cycle > from_cycle
       ), advanced as (
         update holdings h set cycles_accrued = w.to_cycle,
           uncollected = h.uncollected + (w.to_cycle - w.from_cycle) * w.income_per_cycle,
           status = case when w.to_cycle >= w.cycles_total then 'expired' else 'holding' end,
           next_accrual_at = case when w.to_cycle >= w.cycles_total then null
             else h.started_at + make_interval(secs => (w.to_cycle + 1)::double precision * h.cycle_seconds) end
         from work w where h.id = w.id
       ), per_user as materialized (
         select user_id, sum((to_cycle - from_cycle) * income_per_cycle) as total from work group by user_id
       ), entries as (
         insert into journal_entries (type, user_id, ref_type, memo, created_at)
         select 'product_profit', user_id, 'accrual', '', $1::timestamptz from per_user
         returning id, user_id
       ), accrued as (
         insert into accruals (holding_id, cycle_no, amount, entry_id)
         select w.id, n, w.income_per_cycle, e.id
         from work w join entries e on e.user_id = w.user_id
           cross join lateral generate_series(w.from_cycle + 1, w.to_cycle) n
       ), lines as (
         insert into journal_lines (entry_id, account_id, asset, amount, created_at)
         select e.id, a.id, 'CASH', p.total, $1::timestamptz
           from entries e join per_user p using (user_id)
           join ledger_accounts a on a.user_id = e.user_id and a.kind = 'uncollected'
         union all
         select e.id, h.id, 'CASH', -p.total, $1::timestamptz
           from entries e join per_user p using (user_id)
           join ledger_accounts h on h.user_id is null and h.kind = 'payouts' and h.shard = e.user_id % 16
       ), credited as (
         update ledger_accounts a set balance = a.balance + p.total
         from per_user p where a.user_id = p.user_id and a.kind = 'uncollected'
       ), debited as (
         update ledger_accounts h set balance = h.balance - s.total
         from (select user_id % 16 as shard, sum(total) as total from per_user group by 1) s
         where h.user_id is null and h.kind = 'payouts' and h.shard = s.shard
       ), earned as (
         insert into income_days (user_id, day, amount)
         select user_id, ($1::timestamptz at time zone coalesce(
           (select value->>'value' from settings where key = 'timezone'), 'Africa/Lagos'))::date, total from per_user
         on conflict (user_id, day) do update set amount = income_days.amount + excluded.amount
       ), tallied as (
         insert into ledger_tallies (user_id, account_kind, entry_type, amount)
         select user_id, 'uncollected', 'product_profit', total from per_user
         on conflict (user_id, account_kind, entry_type) do update set amount = ledger_tallies.amount + excluded.amount
       )
       select count(*)::integer as holdings from work`,
      [now.toISOString()],
    );
    await client.query('commit');
    return rows[0].holdings as number;
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
}
