import type pg from 'pg';
import { ACCRUAL_SQL } from '../apps/server/src/ledger/accrual.ts';
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
 * The bare set-based accrual: the app's own steps (`ACCRUAL_SQL`: lock the due holdings, advance
 * them, one entry per user, one accrual row per (holding, cycle), principal returns, the posting
 * with its lines, account locks, balances and running totals) as one statement over every due
 * holding, without batches, temporary tables or workers. Its CTEs bear the names of the app's
 * temporary tables.
 */
export const BARE_ACCRUAL = `with due as materialized (${ACCRUAL_SQL.due} for update),
  accrual_batch as materialized (${ACCRUAL_SQL.batch}),
  advanced as (${ACCRUAL_SQL.advance('h.id = b.holding_id')}),
  accrual_users as materialized (${ACCRUAL_SQL.users}),
  accrued as (${ACCRUAL_SQL.accruals}),
  ${ACCRUAL_SQL.posting}
  select count(*)::integer as holdings from accrual_batch`;

export async function bareAccrual(pool: pg.Pool, now: Date): Promise<number> {
  const client = await pool.connect();
  try {
    const { rows: payouts } = await client.query(
      `select array_agg(id order by shard) as shards from ledger_accounts where user_id is null and kind = 'payouts'`,
    );
    await client.query('begin');
    const { rows } = await client.query(BARE_ACCRUAL, [now.toISOString(), payouts[0].shards]);
    await client.query('commit');
    return rows[0].holdings as number;
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
}
