import type { RankCycleKind } from '@app/contracts';
import { and, asc, desc, eq, gt, ilike, inArray, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import { columnsOf, type Db, queryRows } from '../../db/client.ts';
import { adminUsers, rankCycles, rankStandings, teams, users } from '../../db/schema.ts';
import type { CycleSpan } from './rules.ts';

/**
 * The team rank's SQL. A ranking is the cycle's team points of named teams that are not hidden,
 * best first: more points, then the earlier to reach them, then the older account
 * (docs/product.md#team-rank). `team_points_ranking_idx` holds that order, so the top of a ranking
 * is read without sorting the cycle.
 */

export type CycleRow = typeof rankCycles.$inferSelect;
export type StandingRow = typeof rankStandings.$inferSelect & { account: string };

/** node-postgres answers bigint as text, PGlite as a number or a bigint; timestamps as Date or text. */
type Int8 = string | number | bigint;

/** The cycle that holds `at`, or the ends of its neighbours when none does. */
export async function cycleAround(db: Db, at: Date) {
  const [previous] = await db
    .select()
    .from(rankCycles)
    .where(lte(rankCycles.startsAt, at))
    .orderBy(desc(rankCycles.startsAt))
    .limit(1);
  if (previous && previous.endsAt > at) return { cycle: previous, previousEnd: null, nextStart: null };
  const [next] = await db
    .select({ startsAt: rankCycles.startsAt })
    .from(rankCycles)
    .where(gt(rankCycles.startsAt, at))
    .orderBy(asc(rankCycles.startsAt))
    .limit(1);
  return { cycle: undefined, previousEnd: previous?.endsAt ?? null, nextStart: next?.startsAt ?? null };
}

/** Opens a cycle; instances opening one at once agree on the first row written. */
export async function openCycle(db: Db, kind: RankCycleKind, span: CycleSpan): Promise<CycleRow> {
  await db
    .insert(rankCycles)
    .values({ kind, ...span })
    .onConflictDoNothing({ target: rankCycles.startsAt });
  const [row] = await db.select().from(rankCycles).where(eq(rankCycles.startsAt, span.startsAt));
  if (!row) throw new Error(`rank cycle starting ${span.startsAt.toISOString()} was neither written nor found`);
  return row;
}

export async function cycleById(
  db: Db,
  id: number,
): Promise<(CycleRow & { settledByEmail: string | null }) | undefined> {
  const [row] = await db
    .select({ cycle: rankCycles, email: adminUsers.email })
    .from(rankCycles)
    .leftJoin(adminUsers, eq(adminUsers.id, rankCycles.settledBy))
    .where(eq(rankCycles.id, id));
  return row && { ...row.cycle, settledByEmail: row.email };
}

/** Open cycles whose settlement may start at `cutoff` (their end plus the grace), oldest first. */
export async function dueCycles(db: Db, cutoff: Date): Promise<number[]> {
  const rows = await db
    .select({ id: rankCycles.id })
    .from(rankCycles)
    .where(and(eq(rankCycles.status, 'open'), lte(rankCycles.endsAt, cutoff)))
    .orderBy(asc(rankCycles.endsAt));
  return rows.map((row) => row.id);
}

export async function cyclesPage(db: Db, query: { cursor?: string; limit: number }, settledOnly = false) {
  return db
    .select({ cycle: rankCycles, email: adminUsers.email })
    .from(rankCycles)
    .leftJoin(adminUsers, eq(adminUsers.id, rankCycles.settledBy))
    .where(
      and(
        settledOnly ? eq(rankCycles.status, 'settled') : undefined,
        query.cursor ? lt(rankCycles.id, Number(query.cursor)) : undefined,
      ),
    )
    .orderBy(desc(rankCycles.id))
    .limit(query.limit + 1);
}

/**
 * The points of the purchases in a statement of the caller's (the purchase's own), as one common
 * table expression `team_scored`: each owner's total for the cycle goes up by its share, and its
 * `reached_at` moves to the purchase's time. Its parameters are `teamPointsParams(shares)`,
 * numbered from `from`; a share counts only if its buyer is among the keys of the caller's CTE
 * `gate`. Owners are taken in key order, like every other row of that statement.
 */
export function teamPointsSql(from: number, gate: string): string {
  const $ = (n: number) => `$${from + n}`;
  return `
    team_scored as (
      insert into team_points as t (cycle_id, owner_id, points, reached_at)
      select s.cycle_id, s.owner_id, sum(s.points)::bigint, max(s.at)
      from unnest(${$(0)}::integer[], ${$(1)}::integer[], ${$(2)}::bigint[], ${$(3)}::timestamptz[], ${$(4)}::integer[])
        as s(cycle_id, owner_id, points, at, buyer)
      where s.buyer in (select key from ${gate})
      group by 1, 2
      order by 1, 2
      on conflict (cycle_id, owner_id) do update
        set points = t.points + excluded.points, reached_at = greatest(t.reached_at, excluded.reached_at)
    )`;
}

/** One purchase's share of team points for one owner. */
export interface TeamPointsShare {
  cycleId: number;
  ownerId: number;
  points: bigint;
  at: Date;
  buyerId: number;
}

/** How many parameters `teamPointsSql` takes. */
export const TEAM_POINTS_PARAMS = 5;

export function teamPointsParams(shares: TeamPointsShare[]): unknown[] {
  return columnsOf(
    shares.map((share) => [
      share.cycleId,
      share.ownerId,
      share.points.toString(),
      share.at.toISOString(),
      share.buyerId,
    ]),
    TEAM_POINTS_PARAMS,
  );
}

/** The ranked teams of a cycle, as SQL: owner, name, points and rank, for an open cycle's live ranking. */
const ranked = (cycleId: number) => sql`
  select p.owner_id, t.name, p.points, p.reached_at,
    (row_number() over (order by p.points desc, p.reached_at, p.owner_id))::integer as rank
  from team_points p
  join teams t on t.owner_id = p.owner_id and not t.hidden
  where p.cycle_id = ${cycleId} and p.points > 0`;

export interface LiveStanding {
  rank: number;
  ownerId: number;
  account: string;
  teamName: string;
  points: bigint;
}

/** Ranks `afterRank + 1` to `afterRank + limit` of an open cycle, live. */
export async function liveStandings(db: Db, cycleId: number, afterRank: number, limit: number) {
  const rows = await queryRows<{ rank: number; owner_id: number; account: string; name: string; points: Int8 }>(
    db,
    sql`select r.rank, r.owner_id, u.account, r.name, r.points::text as points
      from (${ranked(cycleId)} order by p.points desc, p.reached_at, p.owner_id
        offset ${afterRank} limit ${limit}) r
      join users u on u.id = r.owner_id
      order by r.rank`,
  );
  return rows.map(
    (row): LiveStanding => ({
      rank: row.rank,
      ownerId: row.owner_id,
      account: row.account,
      teamName: row.name,
      points: BigInt(row.points),
    }),
  );
}

/**
 * The caller's team and its place in an open cycle: rank null while it has no points or is hidden.
 * A team `o` is ahead of `p` when (o.points, p.reached_at, p.owner_id) > (p.points, o.reached_at,
 * o.owner_id): more points, or as many reached earlier, or the older account: the ranking's order.
 */
export async function teamStanding(db: Db, cycleId: number, ownerId: number) {
  const [row] = await queryRows<{ name: string; hidden: boolean; points: Int8 | null; ahead: number | null }>(
    db,
    sql`select t.name, t.hidden, p.points::text as points,
        (select count(*)::integer from team_points o join teams ot on ot.owner_id = o.owner_id and not ot.hidden
          where o.cycle_id = p.cycle_id and o.points > 0
            and (o.points, p.reached_at, p.owner_id) > (p.points, o.reached_at, o.owner_id)) as ahead
      from teams t
      left join team_points p on p.cycle_id = ${cycleId} and p.owner_id = t.owner_id
      where t.owner_id = ${ownerId}`,
  );
  if (!row) return undefined;
  const points = BigInt(row.points ?? 0);
  const ranked = !row.hidden && points > 0n;
  return { teamName: row.name, points, rank: ranked ? (row.ahead ?? 0) + 1 : null };
}

/** Members of each owner's team, three levels deep. */
export async function teamSizes(db: Db, ownerIds: number[]): Promise<Map<number, number>> {
  if (ownerIds.length === 0) return new Map();
  const rows = await queryRows<{ owner_id: number; size: number }>(
    db,
    sql`select ancestor_id as owner_id, count(*)::integer as size from user_ancestors
      where ancestor_id = any(${sql.raw(`array[${ownerIds.map(Number).join(',')}]`)}::integer[]) group by 1`,
  );
  return new Map(rows.map((row) => [row.owner_id, row.size]));
}

/** Ranks after `afterRank` of a settled cycle, as frozen; `prizedOnly` keeps the prize winners. */
export async function settledStandings(
  db: Db,
  cycleIds: number[],
  options: { afterRank?: number; limit?: number; prizedOnly?: boolean; ownerId?: number } = {},
): Promise<StandingRow[]> {
  if (cycleIds.length === 0) return [];
  const query = db
    .select({ standing: rankStandings, account: users.account })
    .from(rankStandings)
    .innerJoin(users, eq(users.id, rankStandings.ownerId))
    .where(
      and(
        inArray(rankStandings.cycleId, cycleIds),
        options.afterRank ? gt(rankStandings.rank, options.afterRank) : undefined,
        options.prizedOnly ? gt(rankStandings.prize, 0n) : undefined,
        options.ownerId === undefined ? undefined : eq(rankStandings.ownerId, options.ownerId),
      ),
    )
    .orderBy(asc(rankStandings.cycleId), asc(rankStandings.rank));
  const rows = await (options.limit === undefined ? query : query.limit(options.limit));
  return rows.map((row) => ({ ...row.standing, account: row.account }));
}

/**
 * Takes the cycle for its settlement: `open` to `settled` if it has ended by `cutoff`. The row
 * stays locked to the end of the transaction, so a second settlement waits, then finds it settled.
 */
export async function claimCycle(
  tx: Db,
  cycleId: number,
  claim: { cutoff: Date; at: Date; adminId: number | null; key: string | null },
): Promise<boolean> {
  const rows = await tx
    .update(rankCycles)
    .set({ status: 'settled', settledAt: claim.at, settledBy: claim.adminId, settleKey: claim.key })
    .where(and(eq(rankCycles.id, cycleId), eq(rankCycles.status, 'open'), lte(rankCycles.endsAt, claim.cutoff)))
    .returning({ id: rankCycles.id });
  return rows.length === 1;
}

/**
 * Freezes a cycle's standings in one statement: every ranked team with its name, points, size and
 * the prize of its rank (`prizes`, minor units, first place first). Answers how many teams were
 * ranked and what the prizes come to.
 */
export async function freezeStandings(tx: Db, cycleId: number, prizes: bigint[]) {
  const prizeArray = sql.raw(`array[${prizes.map((prize) => prize.toString()).join(',')}]::bigint[]`);
  const [row] = await queryRows<{ teams: number; paid: Int8 }>(
    tx,
    sql`with standing as (
        insert into rank_standings (cycle_id, rank, owner_id, team_name, points, size, prize)
        select ${cycleId}, r.rank, r.owner_id, r.name, r.points,
          (select count(*)::integer from user_ancestors a where a.ancestor_id = r.owner_id),
          coalesce((${prizeArray})[r.rank], 0)
        from (${ranked(cycleId)}) r
        returning prize
      )
      select count(*)::integer as teams, coalesce(sum(prize), 0)::text as paid from standing`,
  );
  return { teams: row?.teams ?? 0, paid: BigInt(row?.paid ?? 0) };
}

/** Links each prize to its ledger entry. */
export async function recordPrizeEntries(tx: Db, cycleId: number, paid: { rank: number; entryId: number }[]) {
  if (paid.length === 0) return;
  const ranks = paid.map((prize) => prize.rank);
  const entries = paid.map((prize) => prize.entryId);
  await tx.execute(sql`update rank_standings s set entry_id = v.entry_id
    from unnest(${sql.raw(`array[${ranks.join(',')}]`)}::integer[], ${sql.raw(`array[${entries.join(',')}]`)}::bigint[])
      as v(rank, entry_id)
    where s.cycle_id = ${cycleId} and s.rank = v.rank`);
}

export async function finishCycle(tx: Db, cycleId: number, result: { teams: number; paid: bigint }) {
  await tx.update(rankCycles).set(result).where(eq(rankCycles.id, cycleId));
}

export async function cycleBySettleKey(db: Db, key: string) {
  const [row] = await db.select({ id: rankCycles.id }).from(rankCycles).where(eq(rankCycles.settleKey, key));
  return row?.id;
}

export type TeamRow = typeof teams.$inferSelect;

export async function teamOf(db: Db, ownerId: number, options: { lock?: boolean } = {}) {
  const query = db.select().from(teams).where(eq(teams.ownerId, ownerId));
  const [row] = await (options.lock ? query.for('update') : query);
  return row;
}

/**
 * Names the owner's team, or renames it if its name was chosen by `opensBefore` or earlier:
 * answers the team, or undefined when a rename is not open yet. A name taken by another team
 * fails on `teams_name_key`.
 */
export async function chooseTeamName(
  db: Db,
  ownerId: number,
  name: string,
  at: { now: Date; opensBefore: Date },
): Promise<TeamRow | undefined> {
  const [row] = await db
    .insert(teams)
    .values({ ownerId, name, namedAt: at.now, createdAt: at.now })
    .onConflictDoUpdate({
      target: teams.ownerId,
      set: { name, namedAt: at.now },
      setWhere: lte(teams.namedAt, at.opensBefore),
    })
    .returning();
  return row;
}

export async function teamsPage(db: Db, query: { cursor?: string; limit: number; q?: string }) {
  const search: SQL | undefined = query.q
    ? or(ilike(teams.name, `%${query.q}%`), ilike(users.account, `%${query.q}%`))
    : undefined;
  return db
    .select({ team: teams, account: users.account })
    .from(teams)
    .innerJoin(users, eq(users.id, teams.ownerId))
    .where(and(search, query.cursor ? lt(teams.ownerId, Number(query.cursor)) : undefined))
    .orderBy(desc(teams.ownerId))
    .limit(query.limit + 1);
}

export async function updateTeam(tx: Db, ownerId: number, change: { name?: string; hidden?: boolean }) {
  const [row] = await tx.update(teams).set(change).where(eq(teams.ownerId, ownerId)).returning();
  return row;
}

export async function accountOf(db: Db, userId: number): Promise<string> {
  const [row] = await db.select({ account: users.account }).from(users).where(eq(users.id, userId));
  return row?.account ?? '';
}
