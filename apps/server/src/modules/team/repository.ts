import { INTEGER_COLUMN_MAX, TEAM_LEVELS, type TeamLevel } from '@app/contracts';
import { sql } from 'drizzle-orm';
import { type Db, preparedRows, queryRows } from '../../db/client.ts';

/** node-postgres answers bigint columns as strings, PGlite as numbers or bigints. */
type Int8 = string | number | bigint;
type Timestamp = Date | string;

/**
 * Puts a new user in the teams above them, in the sign-up transaction: their inviter's at level 1,
 * and each of the inviter's own ancestors one level further down, to the third; each of those
 * teams counts one more member at that level. Team rows are taken in user order, as the postings
 * take them, so sign-ups and purchases under shared ancestors cannot deadlock.
 */
export async function joinTeams(tx: Db, userId: number, inviterId: number): Promise<void> {
  await tx.execute(sql`
    with joined as (
      insert into user_ancestors (user_id, ancestor_id, depth)
      select ${userId}::integer, ${inviterId}::integer, 1
      union all
      select ${userId}::integer, ancestor_id, depth + 1 from user_ancestors
      where user_id = ${inviterId} and depth < ${TEAM_LEVELS.length}
      returning ancestor_id, depth
    )
    insert into team_levels as t (user_id, depth, members, commission)
    select ancestor_id, depth, 1, 0 from joined order by ancestor_id, depth
    on conflict (user_id, depth) do update set members = t.members + 1`);
}

export interface TeamState {
  inviteCode: string;
  levels: { depth: number; members: number; commission: bigint }[];
  today: bigint;
}

const TEAM_STATE = `select u.invite_code,
    (select coalesce(json_agg(json_build_object('depth', t.depth, 'members', t.members,
        'commission', t.commission::text)), '[]'::json)
      from team_levels t where t.user_id = u.id) as levels,
    coalesce((select d.amount from team_commission_days d where d.user_id = u.id and d.day = $2::date), 0) as today
  from users u where u.id = $1`;

/**
 * A user's invite code, their team's running totals per level and today's commission; undefined
 * for no such user. Prepared (see preparedRows): the team page is asked by every user with a team,
 * and planning it cost more than running it.
 */
export async function teamState(db: Db, userId: number, today: string): Promise<TeamState | undefined> {
  const [row] = await preparedRows<{
    invite_code: string;
    levels: { depth: number; members: number; commission: string }[];
    today: Int8;
  }>(db, 'team_state', TEAM_STATE, [userId, today]);
  if (!row) return undefined;
  return {
    inviteCode: row.invite_code,
    levels: row.levels.map((level) => ({ ...level, commission: BigInt(level.commission) })),
    today: BigInt(row.today),
  };
}

export interface MemberRow {
  id: number;
  account: string;
  nickname: string;
  registeredAt: Date;
  contribution: bigint;
}

/*
 * The page is cut before the join: joined first, the planner may walk the users' key from the
 * newest user down to the page (every later sign-up of the platform) instead of looking 20 users
 * up. The first page reads from the top of the key (no member has a larger id).
 */
const TEAM_MEMBERS = `select u.id, u.account, u.nickname, u.created_at, coalesce(c.amount, 0) as contribution
  from (select ua.user_id from user_ancestors ua
    where ua.ancestor_id = $1 and ua.depth = $2 and ua.user_id < coalesce($3, ${INTEGER_COLUMN_MAX})
    order by ua.user_id desc
    limit $4) member
  join users u on u.id = member.user_id
  left join team_contributions c on c.user_id = $1 and c.member_id = member.user_id
  order by member.user_id desc`;

/**
 * One level of a user's team, newest member first, from the team index alone (no recursion, no
 * sort): `limit` rows after the member `before`, each with what they have earned the user.
 */
export async function teamMembers(
  db: Db,
  userId: number,
  level: TeamLevel,
  page: { before?: number; limit: number },
): Promise<MemberRow[]> {
  const rows = await preparedRows<{
    id: number;
    account: string;
    nickname: string;
    created_at: Timestamp;
    contribution: Int8;
  }>(db, 'team_members', TEAM_MEMBERS, [userId, level, page.before ?? null, page.limit]);
  return rows.map((row) => ({
    id: row.id,
    account: row.account,
    nickname: row.nickname,
    registeredAt: new Date(row.created_at),
    contribution: BigInt(row.contribution),
  }));
}

/** The users above `userId` in the invite tree, nearest first. */
export async function upline(db: Db, userId: number) {
  return queryRows<{ id: number; account: string; nickname: string; level: number }>(
    db,
    sql`select u.id, u.account, u.nickname, ua.depth as level
      from user_ancestors ua join users u on u.id = ua.ancestor_id
      where ua.user_id = ${userId}
      order by ua.depth`,
  );
}
