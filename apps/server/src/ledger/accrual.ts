import type { EntryType } from '@app/contracts';
import { sql } from 'drizzle-orm';
import { type Db, queryRows, textRows } from '../db/client.ts';
import { isDataError, pgErrorOf } from '../db/errors.ts';
import { inTransaction } from '../db/transaction.ts';
import { houseAccountSql } from './accounts.ts';
import { cyclesMaturedSql, isExpiredSql, nextDueAtSql, principalReturnAtSql, profitOfSql } from './accrual-rules.ts';
import type { Ledger } from './ledger.ts';
import { postingOf } from './post.ts';

interface BatchResult {
  holdings: number;
  cycles: number;
  expired: number;
  principalReturned: number;
}

export interface AccrualResult extends BatchResult {
  /** Holdings taken out of accrual because their own figures made a batch fail. */
  setAside: number;
}

export interface AccrualOptions {
  batchSize?: number;
  /**
   * Batches in flight at once, each on its own connection and transaction: one PostgreSQL backend
   * does a batch's statements one after another, so a second batch uses another core.
   */
  workers?: number;
}

/**
 * Credits every matured cycle of every holding exactly once, in batches, set-based.
 *
 * Cycle k of a holding matures at start + k·cycle. A batch locks due holdings with SKIP LOCKED
 * (so several instances share the work), advances them to their last matured cycle, and inserts
 * one `accruals` row per (holding, cycle) — its primary key refuses any cycle paid twice, whatever
 * races happen. Each user gets one product-profit entry per batch crediting their uncollected
 * wallet; expired holdings that guarantee their deposit return the principal. The cycle arithmetic
 * is `accrual-rules.ts`'s, and the entries are posted through `postingOf`, like every other.
 *
 * The workers of one call claim their batches one at a time, each where the previous claim ended
 * (in user order), and do the rest of their batches side by side.
 *
 * A batch that fails on its data (one holding's income overflows, say) is done again in halves,
 * down to single holdings, and a holding that fails alone is set aside (see Suspects): the others
 * accrue, that one waits for an operator. Only a failure takes that path; the batches are the same.
 */
export async function accrueDue(
  db: Db,
  ledger: Ledger,
  now: Date,
  { batchSize = 20_000, workers = 1 }: AccrualOptions = {},
): Promise<AccrualResult> {
  const total: AccrualResult = { holdings: 0, cycles: 0, expired: 0, principalReturned: 0, setAside: 0 };
  // The job runs every minute and usually finds nothing: the due index answers that at once,
  // where the batches' walk in user order would visit every holding.
  const [due] = await queryRows<{ any: boolean }>(
    db,
    sql`select exists (select 1 from holdings where status = 'holding' and next_accrual_at <= ${now.toISOString()}::timestamptz) as any`,
  );
  if (!due?.any) return total;
  let cursor = 0;
  let finished = false;
  let claims: Promise<unknown> = Promise.resolve();
  const suspects = new Suspects(db, now, total);
  const worker = async () => {
    while (!finished) {
      // A batch that is retried (deadlock) claims again from where its first attempt did.
      let claimFrom: number | undefined;
      let claimedThrough: number | undefined;
      const claim: Claim = (take) => {
        const claimed = claims.then(async () => {
          claimFrom ??= cursor;
          claimedThrough = undefined;
          const result = await take(claimFrom);
          claimedThrough = result.lastUser;
          cursor = Math.max(cursor, result.lastUser);
          if (result.locked < batchSize) finished = true;
          return result;
        });
        claims = claimed.catch(() => undefined);
        return claimed;
      };
      try {
        add(total, await inTransaction(db, (tx) => accrueBatch(tx, ledger, now, { batchSize, claim })));
      } catch (error) {
        if (claimFrom === undefined || !isDataError(error)) throw error;
        const claimed = await dueHoldings(db, now, claimFrom, claimedThrough ?? { limit: batchSize });
        await accrueApart(db, ledger, now, claimed, suspects, total);
        await suspects.setAside();
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, workers) }, worker));
  return total;
}

function add(total: AccrualResult, batch: BatchResult) {
  total.holdings += batch.holdings;
  total.cycles += batch.cycles;
  total.expired += batch.expired;
  total.principalReturned += batch.principalReturned;
}

/**
 * The due holdings of the users a failed batch claimed, by id. By users, not by the batch's size:
 * while other workers' batches are in flight, a count from `fromUser` would take their locked
 * holdings in place of the last ones of this batch, and those would go without accrual this run.
 * Holdings of a boundary user that a neighbouring batch holds are skipped as locked. When the
 * claim itself failed, nothing was claimed past it: the batch's size from `fromUser` is all there is.
 */
async function dueHoldings(
  db: Db,
  now: Date,
  fromUser: number,
  through: number | { limit: number },
): Promise<number[]> {
  const range =
    typeof through === 'number'
      ? sql`and user_id between ${fromUser} and ${through} order by user_id, id`
      : sql`and user_id >= ${fromUser} order by user_id, id limit ${through.limit}`;
  const rows = await queryRows<{ id: string | number }>(
    db,
    sql`select id from holdings
      where status = 'holding' and next_accrual_at <= ${now.toISOString()}::timestamptz ${range}`,
  );
  return rows.map((row) => Number(row.id));
}

/**
 * Accrues the holdings of a batch that failed on its data: all of them again, and on a failure each
 * half, down to single holdings; a holding that fails alone is a suspect. Halving finds k bad
 * holdings among n in about k·log2(n) failed batches, and every other holding accrues.
 */
async function accrueApart(
  db: Db,
  ledger: Ledger,
  now: Date,
  ids: number[],
  suspects: Suspects,
  total: AccrualResult,
): Promise<void> {
  if (ids.length === 0) return;
  try {
    add(total, await inTransaction(db, (tx) => accrueBatch(tx, ledger, now, { ids })));
  } catch (error) {
    if (!isDataError(error)) throw error;
    const [only] = ids;
    if (ids.length === 1 && only !== undefined) return suspects.add(only, error);
    const half = Math.ceil(ids.length / 2);
    await accrueApart(db, ledger, now, ids.slice(0, half), suspects, total);
    await accrueApart(db, ledger, now, ids.slice(half), suspects, total);
  }
}

/** The most suspects held while nothing has accrued: past it, the failure is taken for the system's. */
const MOST_SUSPECTS = 100;

/**
 * Holdings whose accrual failed alone. They are set aside only once another holding has accrued in
 * the same run, which shows the failure is theirs: when every due holding fails (a setting the
 * statements read is wrong, say), the run fails as a whole, as it always did, and none is set aside.
 */
class Suspects {
  private readonly found = new Map<number, unknown>();

  constructor(
    private readonly db: Db,
    private readonly now: Date,
    private readonly total: AccrualResult,
  ) {}

  add(holdingId: number, error: unknown): void {
    if (this.total.holdings === 0 && this.found.size >= MOST_SUSPECTS) throw error;
    this.found.set(holdingId, error);
  }

  /** Takes the suspects out of the due set, so no later batch of the run meets them again. */
  async setAside(): Promise<void> {
    const [first] = this.found.values();
    if (first === undefined) return;
    if (this.total.holdings === 0) throw first;
    for (const [holdingId, error] of this.found) {
      const failure = pgErrorOf(error);
      const reason = (failure ? `${failure.code}: ${failure.message}` : String(error)).slice(0, 500);
      const aside = await queryRows<{ holding_id: string }>(
        this.db,
        sql`with aside as (
            update holdings set next_accrual_at = null
            where id = ${holdingId} and status = 'holding' and next_accrual_at is not null
            returning id)
          insert into set_aside_holdings (holding_id, error, set_aside_at)
          select id, ${reason}, ${this.now.toISOString()}::timestamptz from aside
          on conflict (holding_id) do update set error = excluded.error, set_aside_at = excluded.set_aside_at
          returning holding_id`,
      );
      this.total.setAside += aside.length;
    }
    this.found.clear();
  }
}

interface Claimed {
  locked: number;
  lastUser: number;
}
type Claim = (take: (fromUser: number) => Promise<Claimed>) => Promise<Claimed>;

/**
 * Which due holdings a batch locks: the next `batchSize` in user order from where `claim` says, so
 * a user's machines fall in the same batch and get one entry between them; or, setting a failure
 * apart, the given ones.
 */
type Pick = { batchSize: number; claim: Claim } | { ids: number[] };

const PROFIT: EntryType = 'product_profit';
const GUARANTEE: EntryType = 'deposit_guarantee';

/**
 * The accrual's statements, as plain SQL over the batch staged in `accrual_batch` (one row per
 * holding) and `accrual_users` (one per user); `$1` is the time of the run. The bench's bare
 * baseline (`bench/accrual.ts`) runs the same steps as one statement whose CTEs bear those names.
 */
export const ACCRUAL_SQL = {
  /** Due holdings with the cycle each has matured to by `$1`; the caller says which and how to lock them. */
  due: `select ctid, id, user_id, cycles_accrued as from_cycle, cycles_total, income_per_cycle, principal,
      principal_returned, ${cyclesMaturedSql('holdings', '$1::timestamptz')} as to_cycle
    from holdings
    where status = 'holding' and next_accrual_at <= $1::timestamptz`,
  /** The rows of `accrual_batch`: the due holdings with a cycle to credit, and what crediting it does. */
  batch: `select d.id as holding_id, d.ctid as holding_ctid, d.user_id, d.from_cycle, d.to_cycle,
      d.income_per_cycle as income, ${isExpiredSql('d', 'd.to_cycle')} as expired,
      ${principalReturnAtSql('d', 'd.to_cycle')} as principal_return
    from due d where d.to_cycle > d.from_cycle`,
  /** Advances the batch's holdings `h` (matched to their row `b` of the batch by `match`). */
  advance: (match: string) => `update holdings h set
      cycles_accrued = b.to_cycle,
      uncollected = h.uncollected + ${profitOfSql('b.to_cycle - b.from_cycle', 'b.income')},
      status = case when b.expired then 'expired' else 'holding' end,
      next_accrual_at = ${nextDueAtSql('h', 'b.to_cycle')}
    from accrual_batch b where ${match}`,
  /** The rows of `accrual_users`: each user's income of the batch and the id of the entry that credits it. */
  users: `select user_id, sum(${profitOfSql('to_cycle - from_cycle', 'income')})::bigint as total,
      nextval('journal_entries_id_seq') as entry_id
    from accrual_batch group by user_id`,
  /** One row per (holding, cycle) credited, whose primary key refuses a cycle paid twice. */
  accruals: `insert into accruals (holding_id, cycle_no, amount, entry_id)
    select b.holding_id, n, b.income, u.entry_id
    from accrual_batch b join accrual_users u on u.user_id = b.user_id
      cross join lateral generate_series(b.from_cycle + 1, b.to_cycle) as n`,
  /**
   * CTEs that post, through `postingOf`, one product-profit entry per user to the uncollected
   * wallet and one deposit-guarantee entry per principal returned (`returned`) to the income
   * wallet, both from the payouts account (`$2`: its shards, `Ledger.shards`).
   */
  posting: `returned as materialized (
      select nextval('journal_entries_id_seq') as entry_id, user_id, holding_id, principal_return
      from accrual_batch where principal_return <> 0
    ), ${postingOf(
      `select entry_id as id, '${PROFIT}' as type, user_id, 'accrual' as ref_type, null as ref_id,
        null as idempotency_key, '' as memo, null::bigint as admin_id, null::integer as member_id,
        $1::timestamptz as at
      from accrual_users
      union all
      select entry_id, '${GUARANTEE}', user_id, 'holding', holding_id::text, null, '', null, null, $1::timestamptz
      from returned`,
      `select u.entry_id, '${PROFIT}' as type, $1::timestamptz as at, a.id as account_id, 'CASH' as asset,
        u.total as amount
      from accrual_users u join ledger_accounts a on a.user_id = u.user_id and a.kind = 'uncollected'
      union all
      select u.entry_id, '${PROFIT}', $1::timestamptz, ${houseAccountSql('$2::bigint[]', 'u.user_id')}, 'CASH', -u.total
      from accrual_users u
      union all
      select r.entry_id, '${GUARANTEE}', $1::timestamptz, a.id, 'CASH', r.principal_return
      from returned r join ledger_accounts a on a.user_id = r.user_id and a.kind = 'income'
      union all
      select r.entry_id, '${GUARANTEE}', $1::timestamptz, ${houseAccountSql('$2::bigint[]', 'r.user_id')}, 'CASH',
        -r.principal_return
      from returned r`,
    )}`,
};

/** One batch of due holdings. */
async function accrueBatch(tx: Db, ledger: Ledger, now: Date, pick: Pick): Promise<BatchResult> {
  const at = now.toISOString();
  await tx.execute(sql`
    create temp table if not exists accrual_batch (
      holding_id bigint primary key, holding_ctid tid not null, user_id integer not null, from_cycle integer not null,
      to_cycle integer not null, income bigint not null, expired boolean not null, principal_return bigint not null
    ) on commit delete rows`);
  // One row per user of the batch: their total and their entry, worked out once.
  await tx.execute(sql`
    create temp table if not exists accrual_users (
      user_id integer primary key, total bigint not null, entry_id bigint not null
    ) on commit delete rows`);
  const lockDue = (which: string, params: unknown[]) =>
    textRows<{ locked: number; last_user: number | null }>(
      tx,
      `with due as (${ACCRUAL_SQL.due} ${which} for update skip locked),
      staged as (
        insert into accrual_batch (holding_id, holding_ctid, user_id, from_cycle, to_cycle, income, expired,
          principal_return)
        ${ACCRUAL_SQL.batch}
      )
      select count(*)::integer as locked, max(user_id)::integer as last_user from due`,
      [at, ...params],
    );
  if ('ids' in pick) {
    await lockDue('and id = any ($2::bigint[])', [pick.ids]);
  } else {
    await pick.claim(async (fromUser) => {
      const [row] = await lockDue('and user_id >= $2 order by user_id, id limit $3', [fromUser, pick.batchSize]);
      return { locked: row?.locked ?? 0, lastUser: row?.last_user ?? fromUser };
    });
  }
  // The planner knows nothing of a temporary table until it is analyzed.
  await tx.execute(sql`analyze accrual_batch`);
  // Outside the claim, so that batches advance their holdings side by side. The rows are found by
  // their address (ctid, which stays while this transaction holds their lock): a batch's machines
  // lie all over the table, and joined by id the planner walked the primary key from its start or
  // scanned the whole table, for every batch.
  await tx.execute(
    sql.raw(
      ACCRUAL_SQL.advance('h.ctid = any (array(select holding_ctid from accrual_batch)) and h.ctid = b.holding_ctid'),
    ),
  );
  const [staged] = await queryRows<{ holdings: number; cycles: number; expired: number }>(
    tx,
    sql`select count(*)::integer as holdings, coalesce(sum(to_cycle - from_cycle), 0)::integer as cycles,
      count(*) filter (where expired)::integer as expired from accrual_batch`,
  );
  if (!staged || staged.holdings === 0) {
    return { holdings: 0, cycles: 0, expired: 0, principalReturned: 0 };
  }

  // Accounts normally open at purchase; a holding written another way must not make an
  // entry with only its house side.
  await tx.execute(sql`
    insert into ledger_accounts (user_id, kind, asset, shard)
    select distinct user_id, 'uncollected', 'CASH', 0 from accrual_batch
    union
    select distinct user_id, 'income', 'CASH', 0 from accrual_batch where principal_return <> 0
    on conflict do nothing`);
  await tx.execute(sql.raw(`insert into accrual_users (user_id, total, entry_id) ${ACCRUAL_SQL.users}`));
  await tx.execute(sql`analyze accrual_users`);
  await tx.execute(sql.raw(ACCRUAL_SQL.accruals));
  // Every account of the batch is locked in one step, in id order like every posting, and the
  // running totals come after all of them.
  const [posted] = await textRows<{ returned: number }>(
    tx,
    `with ${ACCRUAL_SQL.posting} select count(*)::integer as returned from returned`,
    [at, ledger.shards('payouts')],
  );
  return { ...staged, principalReturned: posted?.returned ?? 0 };
}
