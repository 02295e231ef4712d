import type pg from 'pg';
import { postingParams, postingSql } from '../apps/server/src/ledger/post.ts';
import { insertUsers } from './seed.ts';

/**
 * The settlement of a team-rank cycle with `teams` ranked teams: two ended cycles with the same
 * team points, one for the app, one for the bare baseline, over `teams` named teams whose owners
 * have one to three members each (their size is counted at the settlement).
 */
export async function prepareRank(pool: pg.Pool, teams: number, t0: Date) {
  const firstOwner = await insertUsers(pool, `rank${teams}-`, teams);
  const lastOwner = firstOwner + teams - 1;
  await pool.query(
    `with member as (
       insert into users (account, account_kind, password_hash, nickname, invite_code, inviter_id, created_at)
       select 'rank-member-' || o || '-' || m || '@bench.example', 'email', 'x', 'bench', 'rm' || o || '-' || m, o, now()
       from generate_series($1::int, $2::int) o, generate_series(1, 1 + o % 3) m
       returning id, inviter_id)
     insert into user_ancestors (user_id, ancestor_id, depth) select id, inviter_id, 1 from member`,
    [firstOwner, lastOwner],
  );
  // The team's running totals, as sign-up keeps them.
  await pool.query(
    `insert into team_levels (user_id, depth, members, commission)
     select ancestor_id, 1, count(*), 0 from user_ancestors where ancestor_id between $1 and $2 group by 1`,
    [firstOwner, lastOwner],
  );
  await pool.query(
    `insert into teams (owner_id, name, named_at, created_at)
     select o, 'Bench team ' || o, $3, $3 from generate_series($1::int, $2::int) o`,
    [firstOwner, lastOwner, t0],
  );
  const week = 7 * 86_400_000;
  const { rows } = await pool.query<{ id: number }>(
    `insert into rank_cycles (kind, starts_at, ends_at)
     values ('week', $1, $2), ('week', $2, $3) returning id`,
    [t0, new Date(t0.getTime() + week), new Date(t0.getTime() + 2 * week)],
  );
  const [appCycle, bareCycle] = rows.map((row) => row.id) as [number, number];
  // Points with ties (every 97th team shares a total with another), reached over the cycle's first hour.
  await pool.query(
    `insert into team_points (cycle_id, owner_id, points, reached_at)
     select c, o, ((o::bigint * 7919) % 99991 + 1) * 100, $3::timestamptz + make_interval(secs => (o % 3600)::double precision)
     from generate_series($1::int, $2::int) o, unnest($4::int[]) c`,
    [firstOwner, lastOwner, t0, [appCycle, bareCycle]],
  );
  await pool.query('vacuum analyze');
  return { appCycle, bareCycle };
}

/**
 * The same settlement as the app's, hand-written: one transaction on one connection with the claim
 * and the frozen standings in one statement, the winners' income accounts, the prizes posted
 * through the ledger's own posting statement, and the totals. Nothing of the service, its
 * repository or the query builder.
 */
export async function bareRankSettlement(pool: pg.Pool, cycleId: number, prizes: bigint[], now: Date) {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const { rows: frozen } = await client.query<{ teams: number; paid: string }>(
      `with claimed as (
         update rank_cycles set status = 'settled', settled_at = $3 where id = $1 and status = 'open' returning id
       ), standing as (
         insert into rank_standings (cycle_id, rank, owner_id, team_name, points, size, prize)
         select $1, r.rank, r.owner_id, r.name, r.points,
           (select count(*)::integer from user_ancestors a where a.ancestor_id = r.owner_id),
           coalesce(($2::bigint[])[r.rank], 0)
         from (select p.owner_id, t.name, p.points,
             (row_number() over (order by p.points desc, p.reached_at, p.owner_id))::integer as rank
           from team_points p join teams t on t.owner_id = p.owner_id and not t.hidden, claimed
           where p.cycle_id = $1 and p.points > 0) r
         returning prize
       )
       select count(*)::integer as teams, coalesce(sum(prize), 0)::text as paid from standing`,
      [cycleId, prizes.map(String), now],
    );
    const { rows: winners } = await client.query<{ rank: number; owner_id: number; income: string; payouts: string }>(
      `select s.rank, s.owner_id, a.id as income,
         (select id from ledger_accounts h where h.user_id is null and h.kind = 'payouts' and h.shard = s.owner_id % 16) as payouts
       from rank_standings s join ledger_accounts a on a.user_id = s.owner_id and a.kind = 'income'
       where s.cycle_id = $1 and s.prize > 0 order by s.rank`,
      [cycleId],
    );
    const drafts = winners.map((winner) => {
      const prize = prizes[winner.rank - 1] as bigint;
      return {
        type: 'team_rank_prize' as const,
        userId: winner.owner_id,
        refType: 'rank_cycle',
        refId: String(cycleId),
        idempotencyKey: `bare-rank:${cycleId}:${winner.rank}`,
        at: now,
        lines: [
          { accountId: Number(winner.income), asset: 'CASH' as const, amount: prize },
          { accountId: Number(winner.payouts), asset: 'CASH' as const, amount: -prize },
        ],
      };
    });
    const { rows: entries } = await client.query<{ id: string }>(
      `with ${postingSql(1)} select id from post_entry order by ord`,
      postingParams(drafts),
    );
    await client.query(
      `update rank_standings s set entry_id = v.entry_id from unnest($2::int[], $3::bigint[]) v(rank, entry_id)
       where s.cycle_id = $1 and s.rank = v.rank`,
      [cycleId, winners.map((winner) => winner.rank), entries.map((entry) => entry.id)],
    );
    const { teams, paid } = frozen[0] as { teams: number; paid: string };
    await client.query('update rank_cycles set teams = $2, paid = $3 where id = $1', [cycleId, teams, paid]);
    await client.query('commit');
    return { teams, paid: BigInt(paid) };
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
}

export interface RankMeasure {
  teams: number;
  setupSeconds: number;
  appSeconds: number;
  repeatSeconds: number;
  bareSeconds: number;
  /** Teams ranked and prize entries posted by each side; the repeat must post none. */
  app: { teams: number; entries: number };
  repeatEntries: number;
  bare: { teams: number; entries: number };
}

/** Settles the app's cycle (then again, which must pay nothing more) and the baseline's, timing each. */
export async function measureRank(
  pool: pg.Pool,
  teams: number,
  t0: Date,
  settle: (cycleId: number) => Promise<{ cycle: { teams: number | null } }>,
  prizes: bigint[],
): Promise<RankMeasure> {
  const setupStart = performance.now();
  const { appCycle, bareCycle } = await prepareRank(pool, teams, t0);
  const setupSeconds = (performance.now() - setupStart) / 1000;
  const entries = async (cycleId: number) =>
    Number(
      (
        await pool.query(`select count(*) from journal_entries where type = 'team_rank_prize' and ref_id = $1`, [
          String(cycleId),
        ])
      ).rows[0].count,
    );
  let start = performance.now();
  const first = await settle(appCycle);
  const appSeconds = (performance.now() - start) / 1000;
  const appEntries = await entries(appCycle);
  start = performance.now();
  await settle(appCycle);
  const repeatSeconds = (performance.now() - start) / 1000;
  const repeatEntries = (await entries(appCycle)) - appEntries;
  start = performance.now();
  const bare = await bareRankSettlement(pool, bareCycle, prizes, new Date());
  const bareSeconds = (performance.now() - start) / 1000;
  return {
    teams,
    setupSeconds,
    appSeconds,
    repeatSeconds,
    bareSeconds,
    app: { teams: first.cycle.teams ?? 0, entries: appEntries },
    repeatEntries,
    bare: { teams: bare.teams, entries: await entries(bareCycle) },
  };
}
