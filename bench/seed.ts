import type pg from 'pg';

const KINDS = ['deposit', 'income', 'uncollected', 'withdraw_hold', 'points'];
const HOUSE_SHARDS = 16; // apps/server/src/ledger/accounts.ts

/**
 * `count` users whose account starts with `prefix`, with their five ledger accounts, set-based.
 * Returns the first id (ids are contiguous: one INSERT, nothing else inserting users).
 */
export async function insertUsers(pool: pg.Pool, prefix: string, count: number): Promise<number> {
  const { rows } = await pool.query(
    `insert into users (account, account_kind, password_hash, nickname, invite_code, created_at)
     select $1 || g || '@bench.example', 'email', 'x', 'bench', $1 || g, now() from generate_series(1, $2::int) g
     returning id`,
    [prefix, count],
  );
  const ids = rows.map((row) => Number(row.id)).sort((a, b) => a - b);
  const first = ids[0] as number;
  if (ids[ids.length - 1] !== first + count - 1) throw new Error('user ids are not contiguous');
  await pool.query(
    `insert into ledger_accounts (user_id, kind, asset, shard)
     select u, k, case when k = 'points' then 'POINTS' else 'CASH' end, 0
     from generate_series($1::int, $2::int) u cross join unnest($3::text[]) k`,
    [first, first + count - 1, KINDS],
  );
  return first;
}

/**
 * `insert into journal_lines` of `lines` (columns entry_id, account_id, asset, amount), each with the
 * balance its account has right after it, for a seed that moves the balances by a statement of its
 * own afterwards: the balance before the seed plus the account's running sum, in the order of the
 * lines' ids, as the ledger keeps it (`ledger/post.ts`). A CTE of the caller's statement follows it.
 */
export function linesWithBalances(lines: string): string {
  return `, seeded_line as (${lines}), seeded_numbered as (
      select nextval('journal_lines_id_seq') as id, l.*
      from (select * from seeded_line order by entry_id, account_id) l)
    insert into journal_lines (id, entry_id, account_id, asset, amount, balance_after, created_at)
    select n.id, n.entry_id, n.account_id, n.asset, n.amount,
      a.balance + sum(n.amount) over (partition by n.account_id order by n.id), now()
    from seeded_numbered n join ledger_accounts a on a.id = n.account_id`;
}

/**
 * Funds every user's deposit wallet through real ledger entries, as a system increase does: one
 * 'system_increase' entry + 2 lines per user against the adjustments house shard, and the
 * matching balance updates, so checkLedger stays green.
 */
export async function fundUsers(pool: pg.Pool, first: number, count: number, amountMinor: bigint): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query(
      `with e as (
         insert into journal_entries (type, user_id, ref_type, memo, created_at)
         select 'system_increase', u, 'admin', 'bench top-up', now() from generate_series($1::int, $2::int) u
         returning id, user_id)
       ${linesWithBalances(`select e.id as entry_id, a.id as account_id, 'CASH' as asset, $3::bigint as amount
         from e join ledger_accounts a on a.user_id = e.user_id and a.kind = 'deposit'
         union all
         select e.id, h.id, 'CASH', -$3::bigint from e join ledger_accounts h
           on h.user_id is null and h.kind = 'adjustments' and h.shard = e.user_id % ${HOUSE_SHARDS}`)}`,
      [first, first + count - 1, amountMinor.toString()],
    );
    await client.query(
      `update ledger_accounts set balance = balance + $3::bigint
       where user_id between $1 and $2 and kind = 'deposit'`,
      [first, first + count - 1, amountMinor.toString()],
    );
    await client.query(
      `insert into ledger_tallies (user_id, account_kind, entry_type, amount)
       select u, 'deposit', 'system_increase', $3::bigint from generate_series($1::int, $2::int) u
       on conflict (user_id, account_kind, entry_type) do update set amount = ledger_tallies.amount + excluded.amount`,
      [first, first + count - 1, amountMinor.toString()],
    );
    await client.query(
      `update ledger_accounts h set balance = h.balance - s.total
       from (select u % ${HOUSE_SHARDS} as shard, count(*) * $3::bigint as total
             from generate_series($1::int, $2::int) u group by 1) s
       where h.user_id is null and h.kind = 'adjustments' and h.shard = s.shard`,
      [first, first + count - 1, amountMinor.toString()],
    );
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
}

/** One live session per user; returns the raw tokens (stored as sha256 hex, as the app does). */
export async function insertSessions(pool: pg.Pool, first: number, count: number): Promise<string[]> {
  const { rows } = await pool.query(
    `with t as materialized (
       select u as user_id, 'bench-' || u || '-' || md5(random()::text || clock_timestamp()::text) as token
       from generate_series($1::int, $2::int) u),
     s as (
       insert into sessions (user_id, token_hash, created_at, last_seen_at, expires_at)
       select user_id, encode(sha256(convert_to(token, 'UTF8')), 'hex'), now(), now(), now() + interval '30 days' from t)
     select token from t order by user_id`,
    [first, first + count - 1],
  );
  return rows.map((row) => row.token as string);
}

/** A product on sale: hourly, 100.00, 1.00 per cycle, 48 cycles, 10 points, unlimited, no limit. */
export async function insertProduct(
  pool: pg.Pool,
  fields: { cycles?: number; points?: number; name?: string } = {},
): Promise<number> {
  const { rows } = await pool.query(
    `insert into products (name, description, price, cycle, income_per_cycle, cycles, points, purchase_limit,
       stock, principal_returned, status, sort, created_at, updated_at)
     values ($1::jsonb, '{"en":"bench"}'::jsonb, 10000, 'hour', 100, $2, $3, 0, null, false, 'on', 0, now(), now())
     returning id`,
    [JSON.stringify({ en: fields.name ?? 'Hourly miner' }), fields.cycles ?? 48, fields.points ?? 10],
  );
  return Number(rows[0].id);
}
